// npm run bench:first-seen: what a question costs the first time it is asked (issue 28: under 2 ms
// in-process, also with a 200-material catalog), side by side with another revision in one run.
//
//   node scripts/bench/first-seen.mjs [--baseline REV] [--runs 3]
//
// Every question of the development set (tests/answers/eval-questions.json and dev-*.json) is asked
// once against a configuration revision whose memos are empty (a new revision per run), in this
// process, after the index is built: the time of prepareAnswer alone, no HTTP. With the default
// catalog and with the default catalog repeated to 200 materials (the schema's most). Runs of the
// baseline and of this tree alternate, so drifting load on the machine falls on both.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const RUNS = Number(option('runs', 3));
const BASELINE = option('baseline');

const work = mkdtempSync(path.join(tmpdir(), 'ma-bench-first-seen-'));
// The bundles keep their packages external and find them here.
symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
const ENTRY = `
import { prepareAnswer } from './plugin/sidecar/answers/answer.js';
import { SiteState } from './plugin/sidecar/core/site-config.js';
import defaults from './plugin/data/default-site-config.json' with { type: 'json' };
export { prepareAnswer, SiteState, defaults };
`;

/** The answer engine of a source tree, bundled into one module. */
async function engineOf(tree, name) {
  writeFileSync(path.join(tree, '.first-seen-entry.ts'), ENTRY);
  const outfile = path.join(work, `${name}.mjs`);
  try {
    await build({
      entryPoints: [path.join(tree, '.first-seen-entry.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      outfile,
      logLevel: 'error',
      packages: 'external',
    });
  } finally {
    rmSync(path.join(tree, '.first-seen-entry.ts'), { force: true });
  }
  return import(outfile);
}

/** A revision's sources, read with git archive (nothing written to the repository). */
function treeOf(rev) {
  const dir = path.join(work, 'baseline');
  mkdirSync(dir);
  const tar = path.join(work, 'baseline.tar');
  execFileSync('git', ['-C', ROOT, 'archive', '--format=tar', '-o', tar, rev, 'plugin/sidecar', 'plugin/data', 'schemas', 'package.json']);
  execFileSync('tar', ['-xf', tar, '-C', dir]);
  return dir;
}

const folder = path.join(ROOT, 'tests/answers');
const files = [
  'eval-questions.json',
  ...readdirSync(folder)
    .filter((n) => /^dev-[a-z0-9-]+\.json$/.test(n))
    .sort(),
];
const questions = files.flatMap((f) => JSON.parse(readFileSync(path.join(folder, f), 'utf8')).questions.map((q) => q.question));

/** The default catalog repeated to 200 materials, each copy under its own id and name. */
function twoHundred(config) {
  const big = structuredClone(config);
  const originals = big.materials;
  big.materials = Array.from({ length: 200 }, (_, i) => {
    const m = structuredClone(originals[i % originals.length]);
    if (i < originals.length) return m;
    return { ...m, id: `${m.id}-${i}`, name: { de: `Serie ${i} ${m.name.de}`, en: `Series ${i} ${m.name.en}` } };
  });
  return big;
}

/** Milliseconds of each question asked once against a fresh revision (run: which one, so its memos are empty). */
function timings(engine, catalog, run) {
  const config = structuredClone(catalog === 'default' ? engine.defaults : twoHundred(engine.defaults));
  config.company.name = `${config.company.name}${' '.repeat(run + 1)}`;
  const site = new engine.SiteState(config);
  const context = { publicBase: 'https://example.test' };
  engine.prepareAnswer(site, 'index', context);
  return questions.map((q) => {
    const start = process.hrtime.bigint();
    engine.prepareAnswer(site, q, context);
    return Number(process.hrtime.bigint() - start) / 1e6;
  });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
const engines = [['this tree', await engineOf(ROOT, 'current')]];
if (BASELINE) engines.unshift([`baseline ${BASELINE}`, await engineOf(treeOf(BASELINE), 'baseline')]);

const rows = [];
for (const catalog of ['default', '200 materials']) {
  const all = new Map(engines.map(([name]) => [name, []]));
  for (let run = 0; run < RUNS; run++) for (const [name, engine] of engines) all.get(name).push(...timings(engine, catalog, run));
  for (const [name, times] of all) {
    times.sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    rows.push(`| ${catalog} | ${name} | ${times.length} | ${mean.toFixed(2)} | ${quantile(times, 0.5).toFixed(2)} | ${quantile(times, 0.99).toFixed(2)} |`);
  }
}
console.log(`first-seen questions in-process, ${questions.length} questions × ${RUNS} runs, a fresh revision each run\n`);
console.log('| Catalog | Engine | Questions | mean ms | p50 ms | p99 ms |\n|---|---|---|---|---|---|');
console.log(rows.join('\n'));
rmSync(work, { recursive: true, force: true });
