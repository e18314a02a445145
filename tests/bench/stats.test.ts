// The benchmark's pure pieces (scripts/bench/lib/stats.mjs): what npm run bench computes and prints.
import { describe, expect, it } from 'vitest';
import {
  best,
  comparisonTable,
  medianChange,
  evaluateTargets,
  parseWrkReport,
  percentile,
  ratio,
  ratioChart,
  parseProcStat,
  replaceSection,
  resultsTable,
  stealPercent,
  stealSummary,
  summarize,
  type CaseResult,
  type LoadResult,
} from '../../scripts/bench/lib/stats.mjs';

const load = (rps: number, p99 = 5, extra: Partial<LoadResult> = {}): LoadResult => ({
  requests: rps * 5,
  seconds: 5,
  rps,
  errors: {},
  statuses: {},
  latency: { p50: 1, p99, max: p99 * 2, mean: 1.5 },
  ...extra,
});

const caseOf = (id: string, sidecar: LoadResult, bare: LoadResult): CaseResult => ({
  id,
  label: id,
  sidecar,
  bare,
  ratio: ratio(sidecar.rps, bare.rps),
  cpu: { sidecar: 20, bare: 16 },
  cpuRatio: 0.8,
  rssMb: 100,
});

describe('percentiles', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile(sorted, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeUndefined();
  });

  it('summarizes unsorted samples', () => {
    expect(summarize([3, 1, 2])).toEqual({ count: 3, p50: 2, p99: 3, max: 3, mean: 2 });
  });
});

describe('wrk report', () => {
  it('reads the BENCH_JSON line: microseconds to milliseconds, requests per second from the duration', () => {
    const out = [
      'Running 5s test @ http://127.0.0.1:1/',
      'BENCH_JSON {"requests":1000,"duration_us":2000000,"bytes":5000,"errors":{"connect":0,"read":0,"write":0,"status":2,"timeout":0},' +
        '"latency_us":{"p50":1500,"p90":2500,"p99":9000,"max":12000,"mean":1700.5},"statuses":{"201":998,"400":2}}',
    ].join('\n');
    const report = parseWrkReport(out);
    expect(report.rps).toBe(500);
    expect(report.latency).toEqual({ p50: 1.5, p90: 2.5, p99: 9, max: 12, mean: 1.7005 });
    expect(report.statuses).toEqual({ 201: 998, 400: 2 });
    expect(report.errors.status).toBe(2);
  });

  it('fails loudly when wrk printed no figures', () => {
    expect(() => parseWrkReport('unable to connect')).toThrow(/BENCH_JSON/);
  });
});

describe('rounds and ratios', () => {
  it('keeps the least disturbed round', () => {
    expect(best([load(10), load(30), load(20)]).rps).toBe(30);
  });

  it('has no ratio without both figures', () => {
    expect(ratio(1, 0)).toBeUndefined();
    expect(ratio(undefined, 2)).toBeUndefined();
    expect(ratio(3, 4)).toBe(0.75);
  });
});

describe('targets of issue 7', () => {
  const results = {
    connections: 50,
    cases: [
      caseOf('materials', load(850), load(1000)),
      caseOf('company', load(700), load(1000)),
      caseOf('handoff-create', load(1500, 25, { createdPerSecond: 1500 }), load(9000)),
    ],
    durability: { created: 10, replayed: 10, mismatched: 0, lost: 0 },
    rssPeakMb: 130,
    startup: { median: 320 },
    wordpress: { slowdown: 0.5, plain: load(100), bridged: load(200), plainPath: '/wp-json/bench/v1/materials' },
  };
  const targets = evaluateTargets(results);
  const find = (text: string) => targets.find((t) => t.target.includes(text))!;

  it('judges each cached read against 80 % of its ceiling, and says by how much it falls short', () => {
    expect(find('materials').met).toBe(true);
    expect(find('company').met).toBe(false);
    expect(find('company').shortBy).toBe('10.0 points');
  });

  it('needs both the rate and every 201 replayed for the handoff target', () => {
    expect(find('handoff creation').met).toBe(true);
    const lost = evaluateTargets({ ...results, durability: { created: 10, replayed: 9, mismatched: 0, lost: 1 } });
    expect(lost.find((t) => t.target.includes('handoff creation'))!.met).toBe(false);
  });

  it('names every endpoint over the p99 bound, by the median of its rounds where kept', () => {
    expect(find('p99').met).toBe(false);
    expect(find('p99').value).toContain('handoff-create 25.0 ms');
    const tail = { ...caseOf('ask', load(100, 5), load(1000)), p99Median: 30 };
    const judged = evaluateTargets({ ...results, cases: [tail] }).find((t) => t.target.includes('p99'))!;
    expect(judged.value).toBe('ask 30.0 ms');
  });

  it('checks the bridge, memory and start-up', () => {
    expect(find('bridged').met).toBe(true);
    expect(find('RSS').met).toBe(false);
    expect(find('start-up').met).toBe(true);
  });

  it('prints one table row per case and the WordPress pair', () => {
    const table = resultsTable(results);
    expect(table.split('\n')).toHaveLength(2 + 3 + 2);
    expect(table).toContain('| materials | 850 |');
    expect(table).toContain('200 % of plain');
    // Each p99 has the ceiling's beside it (the median of its rounds where kept), and every row as many cells as the header.
    expect(table.split('\n')[0]).toContain('| p99 (median of rounds) | bare req/s | bare p50 | bare p99 (median of rounds) |');
    expect(resultsTable({ ...results, cases: [{ ...caseOf('company', load(900, 7), load(1000, 3)), bareP99Median: 4.5 }] })).toContain(
      '| company | 900 | 1.00 ms | 7.00 ms | 1,000 | 1.00 ms | 4.50 ms | 90 % |',
    );
    for (const line of table.split('\n')) expect(line.split('|')).toHaveLength(table.split('\n')[0].split('|').length);
  });
});

describe('before and after', () => {
  it("gives each case's CPU medians and the median of the rounds' own change beside them", () => {
    const measured = {
      ...caseOf('ask-stream', load(900), load(1000)),
      baseline: load(950),
      cpu: { sidecar: 110, bare: 30, baseline: 100, pairedChange: 0.042 },
    };
    const faster = { ...measured, id: 'ask', label: 'ask', cpu: { ...measured.cpu, pairedChange: -0.125 } };
    const table = comparisonTable({ cases: [measured, faster, caseOf('company', load(900), load(1000))] });
    expect(table).toContain('| ask-stream | 950 → 900 | – → 90 % | 5.00 ms → 5.00 ms | 100.0 → 110.0 (paired: +4.2 %) |');
    expect(table).toContain('100.0 → 110.0 (paired: −12.5 %)');
    // Only cases with a baseline.
    expect(table).not.toContain('company');
  });

  it('pairs each round of the sidecar with the round of the baseline of the same number', () => {
    const rounds = (...cpu: number[]) => cpu.map((cpuUsPerRequest) => ({ cpuUsPerRequest }));
    // Round by round +1 %, +3 %, +5 %: the middle one. Paired by number, not by rank: the same rounds in another order pair differently.
    expect(medianChange(rounds(202, 412, 315), rounds(200, 400, 300), 'cpuUsPerRequest')).toBeCloseTo(0.03, 5);
    expect(medianChange(rounds(202, 412, 315), rounds(400, 300, 200), 'cpuUsPerRequest')).toBeCloseTo(0.373, 3);
    expect(medianChange(rounds(90, 180), rounds(100, 200), 'cpuUsPerRequest')).toBeCloseTo(-0.1, 5);
    expect(medianChange(rounds(100), [], 'cpuUsPerRequest')).toBeUndefined();
  });
});

describe('chart and document', () => {
  it('draws one bar per ratio with its target mark, as standalone SVG', () => {
    const svg = ratioChart([
      { label: 'GET <materials>', value: 0.85, target: 0.8 },
      { label: 'bridged', value: 2 },
    ]);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('GET &lt;materials&gt;');
    expect(svg.match(/<rect /g)).toHaveLength(3); // background + 2 bars
    expect(svg).toContain('stroke="#c00"'); // the target mark
    expect(svg).toContain('85 %');
  });

  it('replaces only the marked section of BENCHMARKS.md', () => {
    const doc = 'intro\n<!-- bench:results:start -->\nold\n<!-- bench:results:end -->\noutro\n';
    expect(replaceSection(doc, 'bench:results', 'new table')).toBe('intro\n<!-- bench:results:start -->\nnew table\n<!-- bench:results:end -->\noutro\n');
    expect(() => replaceSection('no markers', 'bench:results', 'x')).toThrow(/markers/);
  });
});

describe('steal time', () => {
  const stat = (steal: number, idle: number) => `cpu  100 0 50 ${idle} 5 0 10 ${steal} 7 0\ncpu0 50 0 25 ${idle / 2} 2 0 5 ${steal / 2} 0 0\n`;

  it('reads the first line of /proc/stat, guest time not counted twice', () => {
    expect(parseProcStat(stat(20, 800))).toEqual({ total: 100 + 50 + 800 + 5 + 10 + 20, steal: 20 });
    expect(parseProcStat('cpu  1 2 3 4\n')).toBeUndefined();
    expect(parseProcStat('intr 1 2 3\n')).toBeUndefined();
  });

  it('gives the stolen share of the time between two readings', () => {
    expect(stealPercent(parseProcStat(stat(20, 800)), parseProcStat(stat(70, 1250)))).toBeCloseTo((100 * 50) / 500);
    expect(stealPercent(undefined, parseProcStat(stat(70, 1250)))).toBeUndefined();
    expect(stealPercent(parseProcStat(stat(20, 800)), parseProcStat(stat(20, 800)))).toBeUndefined();
  });

  it('sums a run up: the median round of either server and the case with the highest', () => {
    const withSteal = (id: string, steal: number[], bareSteal: number[]) => ({ ...caseOf(id, load(100), load(100)), rounds: { steal, bareSteal } });
    const line = stealSummary([withSteal('a', [1, 2, 3], [4, 5, 6]), withSteal('b', [0.5, 30, 1], [1, 1, 1])]);
    expect(line).toBe('- Steal (CPU time the host gave to others, /proc/stat, both CPUs, per round of either server): median 1.0 %, highest 30.0 % (b).');
    expect(stealSummary([caseOf('x', load(1), load(1))])).toBe('');
  });
});
