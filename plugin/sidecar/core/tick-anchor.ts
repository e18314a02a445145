import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's process.nextTick queue entries alive for the life of the process, so that V8 never
 * collects the hidden classes ("maps") those entries are built with. Imported first by main.ts, before
 * any other module runs.
 *
 * Why: nextTick builds each entry as an object literal with computed (symbol) keys, so each entry goes
 * through three transitions from an empty object, and the type feedback of those three property stores
 * holds the maps weakly. No entry outlives the request that queued it, so whenever a few full
 * collections pass with none alive (at start-up, after the index build, in a quiet moment), V8 collects
 * the maps and clears that feedback. nextTick's optimized code is then built without it and defines the
 * three properties through the runtime: about 300 instead of 45 ns a call on the benchmark machine. A
 * cached read makes about ten such calls in Node's own HTTP and stream code, so that was 2-3 µs of its
 * CPU time (BENCHMARKS.md, issue 7). One live entry keeps the maps, and the feedback, valid.
 *
 * The entry is taken from an init hook that exists only while one nextTick is queued here; with no
 * hook left enabled, async_hooks costs the rest of the process nothing.
 */
let anchor: object | undefined;

const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject') anchor = resource;
  },
}).enable();
try {
  process.nextTick(() => {});
} finally {
  hook.disable();
}

/** The entry held (tests check that there is one). */
export function tickAnchor(): object | undefined {
  return anchor;
}
