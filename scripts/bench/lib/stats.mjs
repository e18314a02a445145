// Pure pieces of the benchmark (no I/O): percentiles, wrk's report line, best-of-rounds, ratios,
// the targets of issue 7, the markdown table and the SVG chart. Tested in tests/bench/.

/**
 * The machine's CPU time from /proc/stat's first line, in clock ticks: in all, and stolen (a virtual
 * machine's CPUs waiting while the host ran something else). Undefined without a steal column.
 */
export function parseProcStat(text) {
  const line = text.split('\n', 1)[0].trim();
  if (!line.startsWith('cpu ')) return undefined;
  const fields = line.split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal [guest guest_nice: already counted in user and nice]
  if (fields.length < 8 || fields.some(Number.isNaN)) return undefined;
  return { total: fields.slice(0, 8).reduce((a, b) => a + b, 0), steal: fields[7] };
}

/** The share of the CPU time between two parseProcStat readings that was stolen, in per cent. */
export function stealPercent(before, after) {
  if (!before || !after || after.total <= before.total) return undefined;
  return (100 * (after.steal - before.steal)) / (after.total - before.total);
}

/** One line on the steal of a run's rounds (either server), or '' when the machine reports none. */
export function stealSummary(cases, labelOf = (c) => c.label) {
  const of = (c) => [...(c.rounds?.steal ?? []), ...(c.rounds?.bareSteal ?? [])].filter((v) => typeof v === 'number');
  const all = cases.flatMap(of).sort((a, b) => a - b);
  if (!all.length) return '';
  const worst = cases.find((c) => of(c).includes(all.at(-1)));
  return `- Steal (CPU time the host gave to others, /proc/stat, both CPUs, per round of either server): median ${percentile(all, 50).toFixed(1)} %, highest ${all.at(-1).toFixed(1)} % (${labelOf(worst)}).`;
}

/** Nearest-rank percentile of an ascending array (p in 0–100); undefined for no samples. */
export function percentile(sorted, p) {
  if (!sorted.length) return undefined;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** p50, p99, max and mean of unsorted samples (milliseconds in, milliseconds out). */
export function summarize(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.length ? sorted.reduce((s, v) => s + v, 0) / sorted.length : undefined;
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1), mean };
}

/**
 * The JSON line scripts/bench/lua/report.lua prints in done(); latencies arrive in microseconds and
 * leave in milliseconds, with requests per second computed from wrk's own duration.
 */
export function parseWrkReport(stdout) {
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`wrk printed no BENCH_JSON line:\n${stdout}`);
  const raw = JSON.parse(line.slice('BENCH_JSON '.length));
  const seconds = raw.duration_us / 1e6;
  const ms = (us) => us / 1000;
  return {
    requests: raw.requests,
    seconds,
    rps: seconds > 0 ? raw.requests / seconds : 0,
    bytes: raw.bytes,
    errors: raw.errors,
    latency: { p50: ms(raw.latency_us.p50), p90: ms(raw.latency_us.p90), p99: ms(raw.latency_us.p99), max: ms(raw.latency_us.max), mean: ms(raw.latency_us.mean) },
    statuses: raw.statuses ?? {},
  };
}

/** Of several rounds of one case, the one with the most requests per second (the least disturbed). */
export function best(rounds) {
  if (!rounds.length) throw new Error('no rounds');
  return rounds.reduce((a, b) => (b.rps > a.rps ? b : a));
}

/** a / b, undefined when either is missing or b is 0. */
export function ratio(a, b) {
  return typeof a === 'number' && typeof b === 'number' && b !== 0 ? a / b : undefined;
}

export const TARGETS = {
  cachedReadRatio: 0.8,
  handoffsPerSecond: 1000,
  p99Ms: 20,
  bridgeSlowdown: 1.1,
  rssMb: 120,
  startupMs: 500,
};

/** Cases that are cached reading endpoints (the ≥ 80 % of the ceiling target). */
export const CACHED_READS = ['materials', 'recommendation', 'company'];

/**
 * Each target of issue 7 with the figure reached and whether it is met.
 * results: { cases: [{ id, label, sidecar, bare, ratio }], durability, rssPeakMb, startup, wordpress }
 */
export function evaluateTargets(results) {
  const out = [];
  const byId = new Map(results.cases.map((c) => [c.id, c]));
  for (const id of CACHED_READS) {
    const c = byId.get(id);
    if (!c) continue;
    out.push({
      target: `${c.label}: ≥ ${pct(TARGETS.cachedReadRatio)} of the bare node:http ceiling`,
      value: `${pct(c.ratio)} (${fmtInt(c.sidecar.rps)} vs ${fmtInt(c.bare.rps)} req/s); by CPU time per request ${pct(c.cpuRatio)}`,
      met: c.ratio >= TARGETS.cachedReadRatio,
      shortBy: c.ratio >= TARGETS.cachedReadRatio ? undefined : `${((TARGETS.cachedReadRatio - c.ratio) * 100).toFixed(1)} points`,
    });
  }
  const create = byId.get('handoff-create');
  if (create) {
    const durable = results.durability;
    const allDurable = Boolean(durable && durable.created > 0 && durable.replayed === durable.created && durable.mismatched === 0);
    out.push({
      target: `handoff creation ≥ ${fmtInt(TARGETS.handoffsPerSecond)}/s on SQLite, every 201 durable across kill -9`,
      value: `${fmtInt(create.sidecar.createdPerSecond ?? create.sidecar.rps)} created/s; ${durable ? `${fmtInt(durable.replayed)} of ${fmtInt(durable.created)} 201s replayed after kill -9` : 'durability not checked'}`,
      met: (create.sidecar.createdPerSecond ?? create.sidecar.rps) >= TARGETS.handoffsPerSecond && allDurable,
    });
  }
  const slow = results.cases.filter((c) => p99Of(c) >= TARGETS.p99Ms);
  const worst = results.cases.reduce((a, c) => (p99Of(c) > (a ? p99Of(a) : -1) ? c : a), undefined);
  if (worst) {
    out.push({
      target: `p99 < ${TARGETS.p99Ms} ms for every sidecar endpoint at ${results.connections} connections`,
      value: slow.length ? slow.map((c) => `${c.label} ${fmtMs(p99Of(c))}`).join(', ') : `highest: ${worst.label} ${fmtMs(p99Of(worst))}`,
      met: slow.length === 0,
    });
  }
  if (results.wordpress) {
    const { slowdown } = results.wordpress;
    out.push({
      target: `bridged WordPress route ≤ ${TARGETS.bridgeSlowdown}× the plain PHP REST route`,
      value: `${slowdown.toFixed(2)}× (plain ${fmtInt(results.wordpress.plain.rps)} req/s, bridged ${fmtInt(results.wordpress.bridged.rps)} req/s)`,
      met: slowdown <= TARGETS.bridgeSlowdown,
    });
  }
  if (typeof results.rssPeakMb === 'number') {
    out.push({ target: `sidecar RSS < ${TARGETS.rssMb} MB under load`, value: `peak ${results.rssPeakMb.toFixed(0)} MB`, met: results.rssPeakMb < TARGETS.rssMb });
  }
  if (results.startup) {
    out.push({ target: `start-up < ${TARGETS.startupMs} ms`, value: `median ${fmtMs(results.startup.median)} (first 200 on GET materials after spawn)`, met: results.startup.median < TARGETS.startupMs });
  }
  return out;
}

/** A case's p99: the median of its rounds' p99 where the run kept them, else the best round's. */
export function p99Of(c) {
  return c.p99Median ?? c.sidecar.latency.p99;
}

export function pct(value) {
  return typeof value === 'number' ? `${(value * 100).toFixed(0)} %` : '–';
}

export function fmtInt(value) {
  return typeof value === 'number' ? Math.round(value).toLocaleString('en-US') : '–';
}

export function fmtMs(value) {
  if (typeof value !== 'number') return '–';
  return value < 10 ? `${value.toFixed(2)} ms` : `${value.toFixed(1)} ms`;
}

/** Markdown table: header row, then rows (arrays of cells). */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The median of after/before − 1 over rounds of the same number: the host's load drifts between rounds
 * more than between two servers measured in one round. Undefined without a pair.
 */
export function medianChange(after, before, field) {
  const changes = after.flatMap((a, i) => (typeof a[field] === 'number' && typeof before[i]?.[field] === 'number' ? [a[field] / before[i][field] - 1] : []));
  changes.sort((x, y) => x - y);
  return changes.length ? changes[Math.floor((changes.length - 1) / 2)] : undefined;
}

/** The median of the rounds' own after/before ratios, as a change: " (paired: +3.2 %)". */
const pairedChange = (change) => (change === undefined ? '' : ` (paired: ${change >= 0 ? '+' : '−'}${Math.abs(change * 100).toFixed(1)} %)`);

/** Sidecar of this tree against the baseline revision, case by case (req/s, p99, CPU, RSS). */
export function comparisonTable(results) {
  const rows = results.cases
    .filter((c) => c.baseline)
    .map((c) => [
      c.label,
      c.stream ? `${fmtMs(c.baseline.latency.p50)} → ${fmtMs(c.sidecar.latency.p50)} (p50 to first event)` : `${fmtInt(c.baseline.rps)} → ${fmtInt(c.sidecar.rps)}`,
      c.stream ? '' : `${pct(c.baselineRatio)} → ${pct(c.ratio)}`,
      `${fmtMs(c.baseline.latency.p99)} → ${fmtMs(c.sidecar.latency.p99)}`,
      c.cpu?.baseline !== undefined ? `${c.cpu.baseline.toFixed(1)} → ${c.cpu.sidecar.toFixed(1)}${pairedChange(c.cpu.pairedChange)}` : '–',
      `${c.baselineRssMb?.toFixed(0) ?? '–'} → ${c.rssMb?.toFixed(0) ?? '–'}`,
    ]);
  const s = results.startupAll;
  if (s?.baseline && s?.production) rows.push(['start-up (median)', `${fmtMs(s.baseline.median)} → ${fmtMs(s.production.median)}`, '', '', '', '']);
  return markdownTable(['Case', 'req/s before → after', 'of ceiling', 'p99', 'CPU µs/req (medians; paired: median of the rounds\' own change)', 'RSS MB'], rows);
}

/** The main table of a run: one row per sidecar case, then the WordPress pair. */
export function resultsTable(results) {
  const rows = results.cases.map((c) => [
    c.label,
    fmtInt(c.sidecar.rps),
    fmtMs(c.sidecar.latency.p50),
    fmtMs(p99Of(c)),
    fmtInt(c.bare.rps),
    fmtMs(c.bare.latency.p50),
    fmtMs(c.bareP99Median ?? c.bare.latency.p99),
    c.stream ? `n/a (paced); ${fmtInt(c.sidecar.rps)} vs ${fmtInt(c.bare.rps)} streams/s` : pct(c.ratio),
    c.cpu?.sidecar !== undefined ? `${c.cpu.sidecar.toFixed(1)} vs ${c.cpu.bare.toFixed(1)} (${pct(c.cpuRatio)})` : '–',
    typeof c.rssMb === 'number' ? `${c.rssMb.toFixed(0)}` : '–',
  ]);
  if (results.wordpress) {
    const { plain, bridged } = results.wordpress;
    rows.push([`WordPress: plain PHP REST route (${results.wordpress.plainPath})`, fmtInt(plain.rps), fmtMs(plain.latency.p50), fmtMs(plain.latency.p99), '', '', '', '', '', '']);
    rows.push([
      `WordPress: bridged materials route`,
      fmtInt(bridged.rps),
      fmtMs(bridged.latency.p50),
      fmtMs(bridged.latency.p99),
      '',
      '',
      '',
      `${pct(ratio(bridged.rps, plain.rps))} of plain`,
      '',
      '',
    ]);
  }
  return markdownTable(['Case', 'req/s', 'p50', 'p99 (median of rounds)', 'bare req/s', 'bare p50', 'bare p99 (median of rounds)', 'ratio (req/s)', 'CPU µs/req: sidecar vs bare (ratio)', 'RSS MB'], rows);
}

function escapeXml(text) {
  return String(text).replace(/[<>&"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[ch]);
}

/**
 * A horizontal bar chart as SVG: one bar per { label, value, target?, group? } (value a ratio, 1 = 100 %),
 * with each bar's target drawn as a red mark. No fonts or scripts beyond SVG's own.
 */
export function ratioChart(bars, { title = 'Throughput ratios', subtitle = 'bar = measured ratio; red mark = target', width = 800 } = {}) {
  const labelWidth = 310;
  const barHeight = 22;
  const gap = 8;
  const top = 48;
  const plotWidth = width - labelWidth - 70;
  // Up to 200 %: a longer bar is cut there (its label still gives the figure).
  const max = Math.min(2, Math.max(1.2, ...bars.map((b) => b.value ?? 0), ...bars.map((b) => b.target ?? 0)));
  const x = (v) => labelWidth + (v / max) * plotWidth;
  const height = top + bars.length * (barHeight + gap) + 40;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="22" font-size="15" font-weight="bold">${escapeXml(title)}</text>`,
    `<text x="10" y="38" fill="#555">${escapeXml(subtitle)}</text>`,
  ];
  for (const tick of [0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3].filter((t) => t <= max)) {
    parts.push(`<line x1="${x(tick).toFixed(1)}" y1="${top - 4}" x2="${x(tick).toFixed(1)}" y2="${height - 30}" stroke="#ddd"/>`);
    parts.push(`<text x="${x(tick).toFixed(1)}" y="${height - 16}" text-anchor="middle" fill="#555">${Math.round(tick * 100)} %</text>`);
  }
  bars.forEach((bar, i) => {
    const y = top + i * (barHeight + gap);
    const value = bar.value ?? 0;
    const shown = Math.min(value, max);
    const met = bar.target === undefined || (bar.higherIsBetter === false ? value <= bar.target : value >= bar.target);
    parts.push(`<text x="${labelWidth - 8}" y="${y + barHeight * 0.7}" text-anchor="end">${escapeXml(bar.label)}</text>`);
    parts.push(`<rect x="${labelWidth}" y="${y}" width="${Math.max(0, x(shown) - labelWidth).toFixed(1)}" height="${barHeight}" fill="${met ? '#3b7dd8' : '#d89a3b'}"/>`);
    const textX = bar.target !== undefined && Math.abs(x(shown) - x(bar.target)) < 40 ? Math.max(x(shown), x(bar.target)) + 6 : x(shown) + 4;
    parts.push(`<text x="${textX.toFixed(1)}" y="${y + barHeight * 0.7}">${(value * 100).toFixed(0)} %${value > max ? ' ▸' : ''}</text>`);
    if (bar.target !== undefined) {
      parts.push(`<line x1="${x(bar.target).toFixed(1)}" y1="${y - 2}" x2="${x(bar.target).toFixed(1)}" y2="${y + barHeight + 2}" stroke="#c00" stroke-width="2"/>`);
    }
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** Replaces the text between <!-- name:start --> and <!-- name:end --> in a document. */
export function replaceSection(document, name, content) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = document.indexOf(start);
  const j = document.indexOf(end);
  if (i < 0 || j < i) throw new Error(`markers ${start} … ${end} not found`);
  return `${document.slice(0, i + start.length)}\n${content.trim()}\n${document.slice(j)}`;
}
