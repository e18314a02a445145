import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { tickAnchor } from '../../plugin/sidecar/speed/tick-anchor.js';
import { realTickEntry } from '../support/tick-entry.cjs';

/** V8's own comparison of two objects' hidden classes (natives syntax, allowed for the functions compiled after the flag). */
function haveSameMap(a: object, b: object): boolean {
  setFlagsFromString('--allow-natives-syntax');
  return new Function('a', 'b', 'return %HaveSameMap(a, b)')(a, b) as boolean;
}

describe('the object kept alive in the shape of a nextTick queue entry (tick-anchor.ts)', () => {
  it('has the hidden class of the entries process.nextTick builds, so it keeps their maps alive', () => {
    const anchor = tickAnchor();
    expect(anchor).toBeTypeOf('object');
    const entry = realTickEntry();
    expect(Object.getOwnPropertySymbols(anchor!).map(String)).toEqual(Object.getOwnPropertySymbols(entry).map(String));
    expect(Object.keys(anchor!)).toEqual(Object.keys(entry));
    expect(haveSameMap(anchor!, entry)).toBe(true);
    // The comparison tells shapes apart: an entry's keys in another order are another map.
    const [asyncId, triggerId] = Object.getOwnPropertySymbols(entry);
    expect(haveSameMap({ [triggerId]: 1, [asyncId]: 2, callback: () => {}, args: undefined }, entry)).toBe(false);
  });
});
