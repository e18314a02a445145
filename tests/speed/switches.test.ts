import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../plugin/sidecar/core/config.js';
import { SPEED_TRICKS } from '../../plugin/sidecar/speed/switches.js';

describe('MANUFACTURER_AGENT_SPEED_OFF', () => {
  it('leaves every trick on when unset or empty', () => {
    expect(loadConfig({}).speedOff.size).toBe(0);
    expect(loadConfig({ MANUFACTURER_AGENT_SPEED_OFF: '' }).speedOff.size).toBe(0);
  });

  it('switches off the tricks it names, with spaces and empty items tolerated', () => {
    const off = loadConfig({ MANUFACTURER_AGENT_SPEED_OFF: ' fast-door,, answer-json ' }).speedOff;
    expect([...off].sort()).toEqual(['answer-json', 'fast-door']);
    expect(loadConfig({ MANUFACTURER_AGENT_SPEED_OFF: SPEED_TRICKS.join(',') }).speedOff.size).toBe(SPEED_TRICKS.length);
  });

  it('refuses a name that is no trick, naming it and the known ones, rather than running with the trick on', () => {
    expect(() => loadConfig({ MANUFACTURER_AGENT_SPEED_OFF: 'fast-door,fastdoor' })).toThrow(
      `MANUFACTURER_AGENT_SPEED_OFF names no speed trick: fastdoor (known: ${SPEED_TRICKS.join(', ')})`,
    );
  });
});
