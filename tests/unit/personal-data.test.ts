import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { findPersonalData, isValidIban } from '../../plugin/sidecar/handoffs/personal-data.js';
import { CONTACT_DATA, WALL_DESCRIPTIONS } from '../support/personal-data-samples.js';
import { linearity, nonLinear, runOf, WHITESPACE_CLASSES } from '../support/linear-time.js';

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

describe('contact data check in linear time (issue 27)', () => {
  const LABELS = ['tel', 'Telefon', 'phone', 'mobil', 'handy', 'fax', 'whatsapp'];
  const attacks: [string, (bytes: number) => string][] = [
    ...Object.entries(WHITESPACE_CLASSES).flatMap(([name, ws]): [string, (bytes: number) => string][] => [
      [`"tel", ${name}s, a letter`, (n) => `tel${runOf(ws, n - 4)}x`],
      [`"Tel.:", ${name}s, "+", ${name}s, a letter`, (n) => `Tel.:${runOf(ws, n / 2)}+${runOf(ws, n / 2)}x`],
      [`"x", ${name}s, "@", ${name}s`, (n) => `x${runOf(ws, n / 2)}@${runOf(ws, n / 2)}`],
      [`"x", ${name}s, "(at)", ${name}s, "example", ${name}s, "(dot)"`, (n) => `x${runOf(ws, n / 3)}(at)${runOf(ws, n / 3)}example${runOf(ws, n / 3)}(dot)`],
      [`"+", ${name}s, a letter`, (n) => `+${runOf(ws, n - 2)}x`],
      [`"Musterstraße", ${name}s`, (n) => `Musterstraße${runOf(ws, n)}`],
      [`"12", ${name}s, "Baker"`, (n) => `12${runOf(ws, n)}Baker`],
    ]),
    ...LABELS.map((label): [string, (bytes: number) => string] => [`"${label} " repeated`, (n) => runOf(`${label} `, n)]),
    ...LABELS.map((label): [string, (bytes: number) => string] => [`"${label}: 1 " repeated`, (n) => runOf(`${label}: 1 `, n)]),
    ['"0 " repeated, a letter', (n) => `${runOf('0 ', n)}x`],
    ['"+ (" repeated', (n) => runOf('+ (', n)],
    ['"(0" repeated', (n) => runOf('(0', n)],
    ['"a.a@" repeated', (n) => runOf('a.a@', n)],
    ['".@-.-.A.A.-" repeated (recheck’s attack on the old EMAIL)', (n) => `${runOf('.@-.-.-.-.-.A.A.A.-', n)}\u0000`],
    ['"a at b dot " repeated', (n) => runOf('a at b dot ', n)],
    ['"(at)" repeated', (n) => runOf('(at)', n)],
    ['"DE89 " repeated', (n) => runOf('DE89 ', n)],
    ['"01-03-" repeated', (n) => runOf('01-03-', n)],
    ['"1 Aa " repeated', (n) => runOf('1 Aa ', n)],
    ['digits', (n) => runOf('1', n)],
  ];

  it(
    '25 and 50 KB of every whitespace class and of the patterns’ parts: doubling the input at most triples the time, under 2 ms per KB',
    { timeout: 300_000 },
    () => {
      // Quadratic work at 50 KB is over a billion steps (seconds), linear work a few milliseconds: below 100 ms a
      // time is a busy host's pause or garbage collection, not growth.
      const floor = { floorMs: 100, maxRatio: 3, budgetMsPerKb: 2 };
      const figures = attacks.map(([name, input]) => linearity(name, input, findPersonalData, 25, 1));
      const slowest = [...figures].sort((a, b) => b.largeMs - a.largeMs)[0]!;
      console.log(`findPersonalData: ${figures.length} attacks, slowest at 50 KB ${slowest.largeMs.toFixed(1)} ms (${slowest.label})`);
      // A failure is timed again (best of three) before it counts: a pause of a busy host is not growth.
      const confirmed = figures
        .filter((f) => nonLinear([f], floor).length)
        .flatMap((f) => nonLinear([linearity(f.label, attacks.find(([name]) => name === f.label)![1], findPersonalData, 25, 3)], floor));
      expect(confirmed).toEqual([]);
    },
  );

  it('still finds a labelled number after any whitespace class, a colon and a plus', () => {
    for (const ws of Object.values(WHITESPACE_CLASSES)) {
      expect(findPersonalData(`Tel.${ws}:${ws}+${ws}49 30 1234567`)).toBe('telephone number');
      expect(findPersonalData(`Mobil${ws}1234567`)).toBe('telephone number');
    }
    expect(findPersonalData('Fax: +  1234567')).toBe('telephone number');
    expect(findPersonalData('Tel. 12345')).toBeUndefined();
    expect(findPersonalData(`tel${' '.repeat(2000)}x`)).toBeUndefined();
  });
});
