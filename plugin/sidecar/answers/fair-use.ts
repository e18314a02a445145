import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClientLimit } from '../core/client-limit.js';
import type { ServiceConfig } from '../core/config.js';
import { ProblemError, tooManyRequests } from '../core/errors.js';

/** Overload passes in seconds: a shed question is worth retrying soon, not after the 429's minute. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** The event-loop delay is judged over at least this long a stretch, taken when a question comes in. */
const DELAY_WINDOW_MS = 500;
/** How often the event loop's delay is sampled; coarse enough to cost nothing, fine enough for stalls of 100 ms and more. */
const DELAY_RESOLUTION_MS = 20;
/**
 * Windows in a row whose delay must be over the threshold before questions are shed: one stall (a long
 * collection, a large configuration push, in tests the test's own work in the same process) sheds nothing;
 * an event loop that stays behind does.
 */
const DELAYED_WINDOWS_TO_SHED = 2;

export function overloaded(): ProblemError {
  return new ProblemError({
    status: 503,
    code: 'overloaded',
    detail: `The service is busy answering other questions. Retry after ${OVERLOAD_RETRY_AFTER_SECONDS} seconds.`,
    data: { retry_after: OVERLOAD_RETRY_AFTER_SECONDS },
    headers: { 'retry-after': String(OVERLOAD_RETRY_AFTER_SECONDS) },
  });
}

/**
 * The specification's "no hard rate limit; a fair-use policy applies" for /ask: no fixed per-client count,
 * but load shedding while the service is really overloaded (too many questions in flight, or an event loop
 * that could not keep up), and an explicit per-client ceiling only where an operator sets one.
 */
export class FairUse {
  readonly #maxInFlight: number;
  readonly #maxDelayMs: number;
  readonly #ceiling?: ClientLimit;
  #inFlight = 0;
  #sampler?: NodeJS.Timeout;
  #nextTick = 0;
  /** The largest delay of a timer tick in the current window, in ms. */
  #windowDelay = 0;
  #windowStart = 0;
  #delayedWindows = 0;
  readonly #release = () => {
    this.#inFlight--;
  };

  constructor(config: Pick<ServiceConfig, 'askMaxInFlight' | 'askMaxEventLoopDelayMs' | 'askRateLimitPerMinute' | 'rateLimitWindowMs'>) {
    this.#maxInFlight = config.askMaxInFlight;
    this.#maxDelayMs = config.askMaxEventLoopDelayMs;
    if (config.askRateLimitPerMinute > 0) this.#ceiling = new ClientLimit(config.askRateLimitPerMinute, config.rateLimitWindowMs);
  }

  /** Runs on every question of the scope (a callback hook: no promise per question). */
  attach(scope: FastifyInstance): void {
    if (this.#maxDelayMs > 0) {
      // A timer of our own rather than perf_hooks.monitorEventLoopDelay: its reset() drops the first sample
      // after it, so a stall that began just after a window was judged went unseen (700 ms measured as 17 ms).
      scope.addHook('onReady', (done) => {
        this.#windowStart = Date.now();
        this.#nextTick = performance.now() + DELAY_RESOLUTION_MS;
        this.#sampler = setInterval(() => {
          const now = performance.now();
          this.#windowDelay = Math.max(this.#windowDelay, now - this.#nextTick);
          this.#nextTick = now + DELAY_RESOLUTION_MS;
        }, DELAY_RESOLUTION_MS).unref();
        done();
      });
      scope.addHook('onClose', (_instance, done) => {
        clearInterval(this.#sampler);
        done();
      });
    }
    scope.addHook('onRequest', (request, reply, done) => done(this.#admit(request, reply)));
  }

  #admit(request: FastifyRequest, reply: FastifyReply): ProblemError | undefined {
    if (this.#ceiling) {
      const { exceeded, headers } = this.#ceiling.count(request.origin.clientAddress);
      for (let i = 0; i < headers.length; i += 2) reply.header(headers[i], headers[i + 1]);
      if (exceeded) return tooManyRequests();
    }
    if (this.#maxInFlight > 0 && this.#inFlight >= this.#maxInFlight) return overloaded();
    if (this.#isDelayed()) return overloaded();
    this.#inFlight++;
    // 'close' comes after the answer is sent and also when the client goes away (streams end past Fastify's hooks).
    reply.raw.once('close', this.#release);
    return undefined;
  }

  /**
   * Judged at a question, not on a timer: by then every overdue timer, the sampler too, has run, so a stall
   * that just ended is in the figures. The largest delay of each window; the verdict holds until the next one.
   */
  #isDelayed(): boolean {
    if (!this.#sampler) return false;
    const now = Date.now();
    if (now - this.#windowStart >= DELAY_WINDOW_MS) {
      this.#delayedWindows = this.#windowDelay > this.#maxDelayMs ? this.#delayedWindows + 1 : 0;
      this.#windowDelay = 0;
      this.#windowStart = now;
    }
    return this.#delayedWindows >= DELAYED_WINDOWS_TO_SHED;
  }
}
