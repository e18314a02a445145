import type { FastifyInstance } from 'fastify';
import { ProblemError } from './errors.js';

/** Seconds a client is asked to wait when the bridge cannot reach the sidecar (contract.ts hands it to PHP). */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 30;
/** Overload passes in seconds: a shed request is worth retrying soon, not after a 429's minute. */
export const OVERLOAD_RETRY_AFTER_SECONDS = 5;
/** The event-loop delay is judged over windows this long. */
const DELAY_WINDOW_MS = 500;
/** How often the event loop's delay is sampled; coarse enough to cost nothing, fine enough for stalls of 100 ms and more. */
const DELAY_RESOLUTION_MS = 20;
/**
 * Windows in a row whose delay must be over the threshold before public requests are shed: one stall (a long
 * collection, a large configuration push, in tests the test's own work in the same process) sheds nothing;
 * an event loop that stays behind does.
 */
const DELAYED_WINDOWS_TO_SHED = 2;
/**
 * The plugin's internal calls (/_bridge/*: the configuration push, handoff reads for review and wp-admin) are
 * shed last: only when the event loop has stayed behind this many windows (3 s), so staff can still save
 * and review while a public flood is being shed.
 */
const DELAYED_WINDOWS_TO_SHED_INTERNAL = 6;

/** The 503 of every door, as openapi.json describes it (each door in its own error shape). */
export const UNAVAILABLE_DESCRIPTION =
  `The service is overloaded (code "overloaded", Retry-After ${OVERLOAD_RETRY_AFTER_SECONDS}): it sheds requests while it cannot keep up, ` +
  `instead of letting them wait; or, through WordPress, the service could not be reached or did not answer in time (code "service_unavailable", ` +
  `Retry-After ${UNAVAILABLE_RETRY_AFTER_SECONDS}). Retry after the seconds Retry-After names.`;

/** Retry-After of a 503: the seconds of either cause. */
export const UNAVAILABLE_RETRY_AFTER_HEADER = {
  description: `Seconds to wait before retrying (${OVERLOAD_RETRY_AFTER_SECONDS} when overloaded, ${UNAVAILABLE_RETRY_AFTER_SECONDS} when the service could not be reached).`,
  schema: { type: 'integer', enum: [OVERLOAD_RETRY_AFTER_SECONDS, UNAVAILABLE_RETRY_AFTER_SECONDS] },
};

export function overloaded(): ProblemError {
  return new ProblemError({
    status: 503,
    code: 'overloaded',
    detail: `The service is busy. Retry after ${OVERLOAD_RETRY_AFTER_SECONDS} seconds.`,
    data: { retry_after: OVERLOAD_RETRY_AFTER_SECONDS },
    headers: { 'retry-after': String(OVERLOAD_RETRY_AFTER_SECONDS) },
  });
}

/**
 * Load shedding for every route (issue 27): the sidecar is one thread behind every PHP worker of the site,
 * so while its event loop cannot keep up, a request is answered 503 with Retry-After at once instead of
 * waiting in the queue (and holding a PHP worker) until the loop reaches it. Each door answers in its own
 * error shape (problem+json, the NLWeb failure envelope, JSON-RPC): the refusal goes through the route's
 * error handler. The verdict is kept by the sampler, so a request only reads it.
 */
export class EventLoopWatch {
  readonly #maxDelayMs: number;
  #sampler?: NodeJS.Timeout;
  #nextTick = 0;
  /** The largest delay of a timer tick in the current window, in ms. */
  #windowDelay = 0;
  #windowStart = 0;
  #delayedWindows = 0;

  /** `maxDelayMs` 0 turns the watch off. */
  constructor(maxDelayMs: number) {
    this.#maxDelayMs = maxDelayMs;
  }

  attach(app: FastifyInstance): void {
    if (this.#maxDelayMs <= 0) return;
    // A timer of our own rather than perf_hooks.monitorEventLoopDelay: its reset() drops the first sample
    // after it, so a stall that began just after a window was judged went unseen (700 ms measured as 17 ms).
    // The timers run before the poll phase reads new requests, so the tick after a stall has judged it
    // before the first request that waited through it is admitted.
    app.addHook('onReady', (done) => {
      this.#windowStart = this.#nextTick = performance.now();
      this.#nextTick += DELAY_RESOLUTION_MS;
      this.#sampler = setInterval(() => this.#tick(), DELAY_RESOLUTION_MS).unref();
      done();
    });
    app.addHook('onClose', (_instance, done) => {
      clearInterval(this.#sampler);
      done();
    });
  }

  #tick(): void {
    const now = performance.now();
    this.#windowDelay = Math.max(this.#windowDelay, now - this.#nextTick);
    this.#nextTick = now + DELAY_RESOLUTION_MS;
    if (now - this.#windowStart >= DELAY_WINDOW_MS) {
      this.#delayedWindows = this.#windowDelay > this.#maxDelayMs ? this.#delayedWindows + 1 : 0;
      this.#windowDelay = 0;
      this.#windowStart = now;
    }
  }

  /** Whether a request is shed now: public ones after DELAYED_WINDOWS_TO_SHED, internal ones later. */
  sheds(internal: boolean): boolean {
    return this.#delayedWindows >= (internal ? DELAYED_WINDOWS_TO_SHED_INTERNAL : DELAYED_WINDOWS_TO_SHED);
  }
}
