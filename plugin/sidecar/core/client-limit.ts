import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

import type { ServiceConfig } from './config.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which per-client limit a route counts in: none (the bridge's routes; /ask, with its fair-use policy), or by default the general one. */
    limit?: 'none';
  }
}

/** The headers of a counted request, in the order count() gives them (draft 6 names, as the plugin sends them with enableDraftSpec). */
export const LIMIT_HEADER_NAMES = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] as const;
const [LIMIT, REMAINING, RESET] = LIMIT_HEADER_NAMES;

/**
 * A per-client request limit per window, counted in @fastify/rate-limit's in-memory store (an LRU of
 * clients), synchronously: by Fastify's onRequest hook (server.ts), the fast door of the reading
 * routes (reading.ts) and the handoff tool (tools/routes.ts). The plugin's own hooks are async, three
 * awaits per request, and kept one counter per door.
 */
export class ClientLimit {
  readonly #store = new LocalStore(false, false);
  readonly #max: number;
  readonly #maxText: string;

  constructor(
    max: number,
    readonly windowMs: number,
  ) {
    this.#max = max;
    this.#maxText = String(max);
  }

  /** Counts one request of the client; the client's count and the time left in its window. */
  #incr(client: string): { current: number; ttl: number } {
    const counted = { current: 0, ttl: 0 };
    // LocalStore calls back synchronously.
    this.#store.incr(
      client,
      (_error, state) => {
        counted.current = state.current;
        counted.ttl = state.ttl;
      },
      this.windowMs,
      this.#max,
    );
    return counted;
  }

  /** Counts one request of the client whose answer carries no RateLimit-* headers; true when it is over the limit. */
  exceeds(client: string): boolean {
    return this.#incr(client).current > this.#max;
  }

  /**
   * Counts one request of the client and gives the RateLimit-* headers of its answer as a flat
   * [name, value, …] list in the order of LIMIT_HEADER_NAMES. Over the limit, the
   * answer is a 429 (tooManyRequests in errors.ts adds Retry-After).
   */
  count(client: string): { exceeded: boolean; headers: string[] } {
    const { current, ttl } = this.#incr(client);
    const exceeded = current > this.#max;
    // toFixed, not String: V8 keeps every String(number) in its number-string cache, which lives in the
    // old generation, so a count that differs on every request (a high limit, one busy client such as a
    // CDN edge) moved a string a request into the old generation, and the full collections that followed
    // every second or two held the event loop for milliseconds.
    const remaining = exceeded ? '0' : (this.#max - current).toFixed(0);
    return { exceeded, headers: [LIMIT, this.#maxText, REMAINING, remaining, RESET, String(Math.ceil(ttl / 1000))] };
  }
}

export interface ClientLimits {
  /** Every endpoint (MANUFACTURER_AGENT_RATE_LIMIT); absent when set to 0. */
  all?: ClientLimit;
}

export function clientLimits(config: ServiceConfig): ClientLimits {
  const limit = (max: number) => (max > 0 ? new ClientLimit(max, config.rateLimitWindowMs) : undefined);
  return { all: limit(config.rateLimitPerMinute) };
}
