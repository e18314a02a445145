import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findPersonalData, isValidIban } from '../../plugin/sidecar/handoffs/personal-data.js';
import { CONTACT_DATA, WALL_DESCRIPTIONS } from '../support/personal-data-samples.js';

describe('contact data in free text', () => {
  it.each(CONTACT_DATA)('finds the %s in "%s"', (kind, text) => {
    expect(findPersonalData(text)).toBe(kind);
  });

  it.each(WALL_DESCRIPTIONS.map((t) => [t]))('leaves "%s" alone', (text) => {
    expect(findPersonalData(text)).toBeUndefined();
  });

  it('leaves ids alone: 20,000 random UUIDs and dash-joined counters with a timestamp', () => {
    const flagged: string[] = [];
    for (let i = 0; i < 20_000; i++) {
      const text = i % 2 ? `Vorgang ${randomUUID()}` : `load-${i % 7}-${i % 3}-${i}-${Date.now() + i}`;
      if (findPersonalData(text)) flagged.push(text);
    }
    expect(flagged).toEqual([]);
  });

  it('checks the IBAN checksum (mod 97), so numbers of that shape are not refused', () => {
    expect(isValidIban('DE89370400440532013000')).toBe(true);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
    expect(isValidIban('GB82WEST12345698765432')).toBe(true);
    expect(findPersonalData('Referenz DE88 3704 0044 0532 0130 00')).toBeUndefined();
  });
});
