import LocalStore from '@fastify/rate-limit/store/LocalStore.js';

/**
 * The per-client limit on every endpoint (MANUFACTURER_AGENT_RATE_LIMIT per window). Counted in
 * @fastify/rate-limit's own in-memory store, synchronously, by both doors: Fastify's onRequest hook
 * (server.ts) and the fast door of the reading routes (reading.ts). The plugin's global hook is async
 * (three awaits per request); the plugin still serves the routes with a limit of their own (handoffs).
 */
export class ClientLimit {
  readonly store = new LocalStore(false, false);
  readonly #max: number;
  readonly #maxText: string;

  constructor(
    max: number,
    readonly windowMs: number,
  ) {
    this.#max = max;
    this.#maxText = String(max);
  }

  /**
   * Counts one request of the client and gives the RateLimit-* headers of its answer (draft 6 names, as
   * the plugin sends them with enableDraftSpec) as a flat [name, value, …] list. Over the limit, the
   * answer is a 429 (tooManyRequests in errors.ts adds Retry-After).
   */
  count(client: string): { exceeded: boolean; headers: string[] } {
    let current = 0;
    let ttl = 0;
    // LocalStore calls back synchronously.
    this.store.incr(
      client,
      (_error, state) => {
        current = state.current;
        ttl = state.ttl;
      },
      this.windowMs,
      this.#max,
    );
    const exceeded = current > this.#max;
    const remaining = exceeded ? '0' : String(this.#max - current);
    return { exceeded, headers: ['ratelimit-limit', this.#maxText, 'ratelimit-remaining', remaining, 'ratelimit-reset', String(Math.ceil(ttl / 1000))] };
  }
}
