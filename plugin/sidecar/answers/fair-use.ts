import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClientLimit } from '../core/client-limit.js';
import type { ServiceConfig } from '../core/config.js';
import { ProblemError, tooManyRequests } from '../core/errors.js';
import { overloaded } from '../core/overload.js';

/**
 * The specification's "no hard rate limit; a fair-use policy applies" for /ask: no fixed per-client count,
 * but load shedding while the service is really overloaded, and an explicit per-client ceiling only where an
 * operator sets one. The event loop's delay sheds every route (core/overload.ts); what is /ask's own is the
 * ceiling and the bound on questions in flight (a streamed answer holds its slot while it is paced out).
 */
export class FairUse {
  readonly #maxInFlight: number;
  readonly #ceiling?: ClientLimit;
  #inFlight = 0;
  readonly #release = () => {
    this.#inFlight--;
  };

  constructor(config: Pick<ServiceConfig, 'askMaxInFlight' | 'askRateLimitPerMinute' | 'rateLimitWindowMs'>) {
    this.#maxInFlight = config.askMaxInFlight;
    if (config.askRateLimitPerMinute > 0) this.#ceiling = new ClientLimit(config.askRateLimitPerMinute, config.rateLimitWindowMs);
  }

  /** Runs on every question of the scope (a callback hook: no promise per question). */
  attach(scope: FastifyInstance): void {
    scope.addHook('onRequest', (request, reply, done) => done(this.#admit(request, reply)));
  }

  #admit(request: FastifyRequest, reply: FastifyReply): ProblemError | undefined {
    if (this.#ceiling) {
      const { exceeded, headers } = this.#ceiling.count(request.origin.clientAddress);
      for (let i = 0; i < headers.length; i += 2) reply.header(headers[i], headers[i + 1]);
      if (exceeded) return tooManyRequests();
    }
    if (this.#maxInFlight > 0 && this.#inFlight >= this.#maxInFlight) return overloaded();
    this.#inFlight++;
    // 'close' comes after the answer is sent and also when the client goes away (streams end past Fastify's hooks).
    reply.raw.once('close', this.#release);
    return undefined;
  }
}
