import { describe, expect, it } from 'vitest';
import { tickAnchor } from '../../plugin/sidecar/core/tick-anchor.js';

describe('the nextTick entry kept alive (tick-anchor.ts)', () => {
  it('holds one of the queue entries process.nextTick builds, and no other', async () => {
    const held = tickAnchor();
    expect(held).toBeTypeOf('object');
    // An entry is { [async_id_symbol], [trigger_async_id_symbol], callback, args }.
    expect(Object.keys(held!)).toEqual(['callback', 'args']);
    expect(Object.getOwnPropertySymbols(held!).map(String)).toEqual(['Symbol(async_id_symbol)', 'Symbol(trigger_async_id_symbol)']);
    expect((held as { callback: unknown }).callback).toBeTypeOf('function');
    // Its hook is gone: later entries are not taken.
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(tickAnchor()).toBe(held);
  });
});
