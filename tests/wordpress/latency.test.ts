// Figures of the run (test-results/wordpress-figures.txt, printed by npm test): the latency of one
// request through WordPress against the sidecar alone; scripts/bench-wordpress.mjs measures the same
// on a stack of its own.
import { describe, expect, it } from 'vitest';
import { wordpressStack } from '../support/stack.js';
import { formatLatency, measureLatency } from '../../scripts/bench-wordpress.mjs';
import { recordFigure } from './global-setup.js';

describe('latency', () => {
  it('of GET materials through WordPress and on the sidecar alone (50 sequential each)', { timeout: 180_000 }, async () => {
    const stack = wordpressStack()!;
    const figures = await measureLatency({ wordpressUrl: stack.url, sidecarUrl: stack.sidecarUrl, requests: 50 });
    for (const line of formatLatency(figures)) recordFigure(line);
    // Sanity, not a budget: the bridge adds a WordPress boot per request, the sidecar alone is fast.
    expect(figures.sidecar.p50).toBeLessThan(figures.wordpress.p50);
    expect(figures.wordpress.p95).toBeLessThan(10_000);
  });
});
