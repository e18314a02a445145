// Issue 27: one request must not hold the sidecar's only thread. Every regular expression of the service is
// found by scanning its sources (tests/support/regex-sources.ts), proven free of super-linear backtracking by
// the ReDoS analyser recheck, and then timed over long runs of every whitespace class and of its own parts.
import { checkSync } from 'recheck';
import { describe, expect, it } from 'vitest';
import { buildContract } from '../../plugin/sidecar/contract.js';
import { ASKERS_COMPANY, ASKERS_PRINCIPAL, synonymPattern, vocabularyOf } from '../../plugin/sidecar/answers/understand.js';
import { CHECKOUT_WORDS, PAYING_WORDS } from '../../plugin/sidecar/answers/vocabulary.js';
import { DURATION_IN_WORDS, DURATION_SPAN } from '../../plugin/sidecar/answers/facts/index.js';
import { SHORTHAND_WORD, both } from '../../plugin/sidecar/answers/lexicon.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { SCHEMAS } from '../../plugin/sidecar/core/schemas.js';
import { SPELLED_EMAIL } from '../../plugin/sidecar/handoffs/personal-data.js';
import { linearity, nonLinear, runOf, WHITESPACE_CLASSES, type LinearityFigure } from '../support/linear-time.js';
import { phpPatterns, schemaPatterns, sidecarPatterns, type FoundPattern } from '../support/regex-sources.js';

interface Pattern {
  where: string;
  source: string;
  flags: string;
}

const contract = buildContract();
const synonymWords = (lang: 'de' | 'en') => vocabularyOf(defaultConfig()).synonyms.flatMap((s) => s.words[lang].split(',').filter((w) => w.trim()));
const schemaPatternOf = (source: string): Pattern[] => {
  if (!schemaPatterns().some((p) => p.source === source) && !sidecarPatterns().some((p) => p.source === source)) {
    throw new Error(`${source} is no pattern of schemas/`);
  }
  return [{ where: 'schema pattern', source, flags: 'u' }];
};

/**
 * Patterns built at run time: where they are built (file and a piece of the call) and their real values.
 * A construction the scan finds that no entry names fails the test, so a new one cannot go unchecked.
 */
const BUILT: { file: string; call: string; patterns: () => Pattern[] }[] = [
  {
    file: 'plugin/sidecar/answers/understand.ts',
    call: 'new RegExp(`(?<!',
    patterns: () =>
      [
        synonymWords('de'),
        synonymWords('en'),
        ['wet room', 'nass-zelle', 'a b c d', 'Vlies - Tapete'],
        ...[CHECKOUT_WORDS, PAYING_WORDS].map((w) =>
          both(w)
            .split(',')
            .map((x) => x.trim()),
        ),
      ].map((words) => {
        const re = synonymPattern(words);
        return { where: 'synonymPattern', source: re.source, flags: re.flags };
      }),
  },
  {
    file: 'plugin/sidecar/answers/understand.ts',
    call: 'wordsOf(OWNERS)',
    patterns: () => [
      { where: 'ASKERS_COMPANY', source: ASKERS_COMPANY.source, flags: ASKERS_COMPANY.flags },
      { where: 'ASKERS_PRINCIPAL', source: ASKERS_PRINCIPAL.source, flags: ASKERS_PRINCIPAL.flags },
    ],
  },
  {
    file: 'plugin/sidecar/answers/facts/index.ts',
    call: 'DURATION_COUNTS',
    patterns: () => [DURATION_IN_WORDS, DURATION_SPAN].map((re) => ({ where: 'DURATION_IN_WORDS, DURATION_SPAN', source: re.source, flags: re.flags })),
  },
  {
    file: 'plugin/sidecar/answers/lexicon.ts',
    call: 'new RegExp(`(?<![',
    patterns: () => [{ where: 'SHORTHAND_WORD', source: SHORTHAND_WORD.source, flags: SHORTHAND_WORD.flags }],
  },
  {
    file: 'plugin/sidecar/handoffs/personal-data.ts',
    call: 'new RegExp(',
    patterns: () => [{ where: 'SPELLED_EMAIL', source: SPELLED_EMAIL.source, flags: SPELLED_EMAIL.flags }],
  },
  {
    file: 'plugin/sidecar/handoffs/idempotency.ts',
    call: 'new RegExp(keySchema.pattern)',
    patterns: () => schemaPatternOf(SCHEMAS.common.$defs.IdempotencyKey.pattern),
  },
  { file: 'plugin/sidecar/bridge/routes.ts', call: 'new RegExp(CONFIG_PUSH_BODY', patterns: () => schemaPatternOf('^[A-Za-z0-9._-]{1,64}$') },
  {
    file: 'plugin/includes/Settings/Contract.php',
    call: "'/' . str_replace( '/'",
    patterns: () => [{ where: 'handoff_id_pattern', source: contract.handoff_id_pattern, flags: '' }],
  },
  {
    file: 'plugin/includes/Core/Handoff_Tables.php',
    call: "$tables['prefix_pattern']",
    patterns: () => [{ where: 'prefix_pattern', source: contract.handoff_tables.prefix_pattern, flags: '' }],
  },
  {
    file: 'plugin/includes/Bridge/Sidecar_Client.php',
    call: "Contract::get( 'ambiguous_path_pattern' )",
    patterns: () => [{ where: 'ambiguous_path_pattern', source: contract.ambiguous_path_pattern, flags: 'i' }],
  },
  {
    file: 'plugin/includes/Bridge/Public_Routes.php',
    call: 'preg_quote( $namespace',
    // '#^/' . preg_quote( $namespace, '#' ) . '(?:$|[/\\\\%.;])#i' for each REST namespace.
    patterns: () =>
      contract.rest_namespaces.map((ns) => ({
        where: `namespace ${ns}`,
        source: `^\\/${ns.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')}(?:$|[/\\\\%.;])`,
        flags: 'i',
      })),
  },
];

function resolve(found: FoundPattern[]): { patterns: Pattern[]; unknown: string[] } {
  const patterns: Pattern[] = [];
  const unknown: string[] = [];
  for (const f of found) {
    if (f.source !== undefined) {
      patterns.push({ where: f.where, source: f.source, flags: f.flags });
      continue;
    }
    const entry = BUILT.find((b) => f.where.startsWith(`${b.file}:`) && f.built!.includes(b.call));
    if (entry) patterns.push(...entry.patterns());
    else unknown.push(`${f.where}: ${f.built}`);
  }
  return { patterns, unknown };
}

const { patterns: SIDECAR, unknown: unknownSidecar } = resolve([...sidecarPatterns(), ...schemaPatterns()]);
const { patterns: PHP, unknown: unknownPhp } = resolve(phpPatterns());
/** Whether recheck's attack (`'a'.repeat(54773) + '\\x00'`), at a quarter and a half of its repeats, costs V8 more than thrice as much at double the length. */
function attackGrows(p: Pattern, attack: string): boolean {
  const at = (share: number) =>
    new Function(`return ${attack.replace(/\.repeat\((\d+)\)/g, (_, n: string) => `.repeat(${Math.ceil(Number(n) * share)})`)}`)() as string;
  const [half, quarter] = [at(0.5), at(0.25)];
  const figure = linearity(p.where, (bytes) => (bytes > quarter.length ? half : quarter), run(p), quarter.length / 1024, 3);
  return nonLinear([figure], FLOOR).length > 0;
}

/** recheck reads the flags that change matching; g, y and d do not. */
const matchingFlags = (flags: string) => flags.replace(/[gyd]/g, '');

describe('every regular expression is linear (recheck)', () => {
  it('finds the patterns in the sources, and knows each built one', () => {
    expect(unknownSidecar, 'a RegExp built at run time: add it to BUILT with its real values').toEqual([]);
    expect(unknownPhp, 'a preg_* pattern built at run time: add it to BUILT with its real values').toEqual([]);
    // The scan reaches all three kinds of source (a broken scan would find nothing and pass).
    expect(SIDECAR.filter((p) => p.where.startsWith('plugin/sidecar/')).length).toBeGreaterThan(80);
    expect(SIDECAR.filter((p) => p.where.startsWith('schemas/')).length).toBeGreaterThan(5);
    expect(PHP.length).toBeGreaterThan(15);
    expect(SIDECAR.some((p) => p.where === 'SPELLED_EMAIL')).toBe(true);
  });

  it.each([
    ['the sidecar and schemas/', SIDECAR],
    ['the PHP plugin', PHP],
  ] as const)('recheck finds no super-linear pattern in %s', { timeout: 900_000 }, (_, patterns) => {
    const unsafe = patterns.flatMap((p) => {
      const result = checkSync(p.source, matchingFlags(p.flags), { timeout: 120_000 });
      if (result.status === 'safe') return [];
      const verdict = `${p.where} /${p.source}/${p.flags}: ${result.status}`;
      if (result.status !== 'vulnerable') return [`${verdict} ${JSON.stringify((result as { error?: unknown }).error)}`];
      // The automaton checker proves its verdict; the fuzzing one (patterns with look-arounds) reports a string
      // that cost its backtracking VM many steps, which on a busy host is sometimes one V8 runs in linear time:
      // its verdict counts when the attack, scaled, grows super-linearly in V8 too.
      const shown = `${verdict} ${result.complexity.summary}, attack ${result.attack.pattern}`;
      return result.checker === 'automaton' || attackGrows(p, result.attack.pattern) ? [shown] : [];
    });
    expect(unsafe).toEqual([]);
  });

  it('recheck does tell a super-linear pattern (the one of issue 27)', () => {
    const result = checkSync(String.raw`\b(?:tel(?:efon)?|phone)\b\.?\s*:?\s*\+?[\d\s/()-]{6,}\d`, 'iu', { timeout: 20_000 });
    expect(result.status).toBe('vulnerable');
  });
});

/** The pieces of a pattern an attack repeats: its words and its punctuation. */
function partsOf(source: string): string[] {
  const words = [...new Set(source.replace(/\\[pP]\{[^}]*\}|\\[a-zA-Z]/g, ' ').match(/[\p{L}]{2,}/gu) ?? [])].slice(0, 12);
  const punctuation = [...new Set(source.replace(/\\[pPuxc]\{?[^}\s]*\}?|\\[a-zA-Z]/g, '').match(/[^\p{L}\p{N}\s\\^$|?*+()[\]{}]/gu) ?? [])];
  return [...words, ...punctuation, '0', '1', 'a', 'A'];
}

/** Inputs for one pattern: each whitespace class alone and after each part, each part repeated alone, with spaces and with digits. */
function attacksOn(source: string): [string, (bytes: number) => string][] {
  const parts = partsOf(source);
  const attacks: [string, (bytes: number) => string][] = [];
  for (const [name, ws] of Object.entries(WHITESPACE_CLASSES)) {
    attacks.push([`${name}s`, (n) => runOf(ws, n)]);
    for (const part of parts.slice(0, 6)) attacks.push([`${part} then ${name}s then !`, (n) => `${part}${runOf(ws, n - part.length - 1)}!`]);
  }
  for (const part of parts) {
    attacks.push([`${part} repeated`, (n) => `${runOf(part, n)}\u0000`]);
    attacks.push([`"${part} " repeated`, (n) => `${runOf(`${part} `, n)}\u0000`]);
    attacks.push([`"${part}0" repeated`, (n) => `${runOf(`${part}0`, n)}!`]);
    attacks.push([`"${part}a." repeated`, (n) => `${runOf(`${part}a.`, n)}!`]);
  }
  return attacks;
}

const FLOOR = { floorMs: 60, maxRatio: 3, budgetMsPerKb: 5 };

function run(p: Pattern): (text: string) => unknown {
  const re = new RegExp(p.source, p.flags);
  if (!re.global) return (text) => re.test(text);
  return (text) => {
    re.lastIndex = 0;
    let count = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      count++;
      if (m[0] === '') re.lastIndex++;
    }
    return count;
  };
}

describe('every pattern of the sidecar runs in linear time over long runs', () => {
  // Quadratic work at 40 KB is about 800 million steps (seconds), linear work a fraction of a millisecond: a
  // 60 ms floor keeps a busy host's garbage collection and pauses from counting, and finds both.
  it(
    '20 and 40 KB of every whitespace class and of each pattern’s own parts: doubling the input at most triples the time, under 5 ms per KB',
    { timeout: 600_000 },
    () => {
      const figures: LinearityFigure[] = [];
      for (const p of SIDECAR) {
        const work = run(p);
        for (const [name, input] of attacksOn(p.source)) figures.push(linearity(`${p.where} /${p.source.slice(0, 60)}/ on ${name}`, input, work, 20, 1));
      }
      const slowest = [...figures].sort((a, b) => b.largeMs - a.largeMs).slice(0, 3);
      console.log(
        `${figures.length} timings of ${SIDECAR.length} patterns; slowest at 40 KB: ${slowest.map((f) => `${f.largeMs.toFixed(2)} ms (${f.label})`).join('; ')}`,
      );
      // A failure is timed again before it counts: a pause of the busy host is not the pattern's growth.
      const failing = figures.filter((f) => nonLinear([f], FLOOR).length > 0);
      const confirmed = failing.flatMap((f) => {
        const p = SIDECAR.find((x) => f.label.startsWith(`${x.where} /${x.source.slice(0, 60)}/ on `))!;
        const attack = attacksOn(p.source).find(([name]) => f.label.endsWith(` on ${name}`))!;
        return nonLinear([linearity(f.label, attack[1], run(p), 20, 5)], FLOOR);
      });
      expect(confirmed).toEqual([]);
    },
  );

  it('the timing tells a cubic pattern: issue 27’s LABELLED_PHONE over "tel", 0.5 and 1 KB of spaces and a letter', () => {
    const cubic = /\b(?:tel(?:efon)?|phone)\b\.?\s*:?\s*\+?[\d\s/()-]{6,}\d/iu;
    const figure = linearity(
      'old LABELLED_PHONE',
      (n) => `tel${runOf(' ', n - 4)}x`,
      (text) => cubic.test(text),
      0.5,
      1,
    );
    expect(nonLinear([figure], { floorMs: 5, maxRatio: 3, budgetMsPerKb: 2 }).length).toBeGreaterThan(0);
  });
});
