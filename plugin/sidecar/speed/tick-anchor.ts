import { AsyncResource } from 'node:async_hooks';
import { parseSpeedOff } from './switches.js';

/** The AsyncResource type the keys are read from, and the Symbol.for key the object is held under. */
export const TICK_ANCHOR_NAME = 'manufacturer-agent.tick-anchor';

/**
 * Trick "tick-anchor" (README.md). Keeps one object of the shape of Node's process.nextTick queue entries alive for the life of the
 * process, so that V8 never collects the hidden classes ("maps") those entries are built with. Imported
 * first by main.ts, before any other module runs.
 *
 * Why: nextTick builds each entry as an object literal with computed (symbol) keys, so each entry goes
 * through three transitions from an empty object, and the type feedback of those three property stores
 * holds the maps weakly. No entry outlives the request that queued it, so once a few full collections
 * pass with none alive (at start-up, after the index build, in a quiet moment) V8 collects the maps and
 * clears that feedback. nextTick's optimized code is then built without it and defines the three
 * properties through the runtime, several times slower a call (scripts/bench/tick-probe.mjs measures
 * it), and a cached read makes about ten such calls in Node's own HTTP and stream code. One live object
 * of the same shape keeps the maps, and the feedback, valid.
 *
 * The object is built here rather than taken from the queue: the only way to get a real entry is an
 * async hook, and enabling one, even for a moment, installs V8's promise hooks, after which every
 * promise and await of the process is slower (an await 63 → 82 ns).
 */
function nextTickEntryShape(): object {
  // Make sure Node has built an entry, so that this literal follows the maps Node's own entries have.
  process.nextTick(() => {});
  // The two keys are Node's internal symbols; AsyncResource instances carry them as well.
  const resource = new AsyncResource(TICK_ANCHOR_NAME);
  const key = (description: string) => {
    const symbol = Object.getOwnPropertySymbols(resource).find((s) => s.description === description);
    if (!symbol) throw new Error(`node:async_hooks has no ${description} on its resources`);
    return symbol;
  };
  // The same keys in the same order as lib/internal/process/task_queues.js builds them.
  return { [key('async_id_symbol')]: resource.asyncId(), [key('trigger_async_id_symbol')]: resource.triggerAsyncId(), callback: () => {}, args: undefined };
}

/**
 * Held by `process`: a module variable is not enough, as V8 keeps a top-level variable that no function
 * uses (the bundle drops the unused tickAnchor below) on the stack of the module's evaluation, which ends.
 */
const HOLDER = Symbol.for(TICK_ANCHOR_NAME);

/**
 * The switch is read here, not from the loaded configuration: this runs before any other module. A list
 * that does not parse leaves the anchor on; loadConfig refuses it with its message moments later.
 */
function switchedOff(): boolean {
  try {
    return parseSpeedOff(process.env.MANUFACTURER_AGENT_SPEED_OFF ?? '').has('tick-anchor');
  } catch {
    return false;
  }
}

if (!switchedOff()) {
  try {
    Object.defineProperty(process, HOLDER, { value: nextTickEntryShape() });
  } catch {
    // Another Node version builds its entries differently: nothing to keep, and nothing breaks.
  }
}

/** The object held (tests check its shape against a real queue entry). */
export function tickAnchor(): object | undefined {
  return (process as unknown as Record<symbol, object | undefined>)[HOLDER];
}
