import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugin/sidecar/core/config.js';

describe('handoff retention and fair-use settings', () => {
  it('keeps handoffs as long as their keys by default, and refuses a shorter retention naming the variable', () => {
    expect(loadConfig({}).handoffRetentionDays).toBe(30);
    expect(loadConfig({ MANUFACTURER_AGENT_IDEMPOTENCY_RETENTION_DAYS: '45' }).handoffRetentionDays).toBe(45);
    expect(loadConfig({ MANUFACTURER_AGENT_HANDOFF_RETENTION_DAYS: '90' }).handoffRetentionDays).toBe(90);
    expect(() => loadConfig({ MANUFACTURER_AGENT_HANDOFF_RETENTION_DAYS: '7' })).toThrow(
      /MANUFACTURER_AGENT_HANDOFF_RETENTION_DAYS must be a whole number from 30/,
    );
  });

  it('sets no per-client ceiling on /ask by default, and shedding thresholds an idle service never reaches', () => {
    const config = loadConfig({});
    expect(config.askRateLimitPerMinute).toBe(0);
    expect(config.askMaxInFlight).toBe(256);
    expect(config.maxEventLoopDelayMs).toBe(500);
    expect(() => loadConfig({ MANUFACTURER_AGENT_ASK_MAX_IN_FLIGHT: '-1' })).toThrow(/MANUFACTURER_AGENT_ASK_MAX_IN_FLIGHT/);
  });
});
