// npm run bench:insights: what recording the insights costs a cached GET (issue 31: at most 3 % CPU per
// request), side by side: the same bundle with recording on and with MANUFACTURER_AGENT_INSIGHTS=off,
// each pinned to CPU 0 and loaded by wrk on CPU 1 in alternating rounds; the figure is the sidecar's CPU
// time per answered request (/proc, user + system), which other load on the machine changes far less
// than requests per second. Needs `npm run build` first (plugin/build/sidecar/main.mjs).
//
//   node scripts/bench/insights.mjs [--seconds 5 --rounds 8 --connections 50 --path /wp-json/manufacturer-agent/v1/materials]
import { mkdtempSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SIDECAR_NODE_FLAGS } from '../sidecar-node-flags.mjs';
import { wrk } from './lib/load.mjs';
import { freePort, measured, startProcess, stopAll, waitExit, waitFor200 } from './lib/proc.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUNDLE = path.join(ROOT, 'plugin/build/sidecar/main.mjs');
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const SECONDS = Number(option('seconds', 5));
const ROUNDS = Number(option('rounds', 8));
const CONNECTIONS = Number(option('connections', 50));
const PATH = option('path', '/wp-json/manufacturer-agent/v1/materials');
/** A listed assistant's User-Agent: the classification's memo is what a real crawl hits. */
const USER_AGENT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)';
const LIMIT = '1000000000';

if (!existsSync(BUNDLE)) throw new Error('run `npm run build` first: plugin/build/sidecar/main.mjs is missing');

async function start(recording) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ma-bench-insights-'));
  const child = startProcess({
    command: process.execPath,
    args: [...SIDECAR_NODE_FLAGS, BUNDLE],
    cwd: path.dirname(BUNDLE),
    env: {
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      MANUFACTURER_AGENT_DATA_DIR: dataDir,
      MANUFACTURER_AGENT_RATE_LIMIT: LIMIT,
      MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: LIMIT,
      ...(recording ? {} : { MANUFACTURER_AGENT_INSIGHTS: 'off' }),
    },
    cpu: 0,
    name: recording ? 'sidecar-recording' : 'sidecar-off',
  });
  await waitFor200(`${url}${PATH}`, { child });
  return { url, child, dataDir };
}

const results = { on: [], off: [] };
const sidecars = { on: await start(true), off: await start(false) };
try {
  for (const s of Object.values(sidecars))
    await wrk({ baseUrl: s.url, request: { path: PATH, headers: { 'user-agent': USER_AGENT } }, connections: CONNECTIONS, seconds: 1, cpu: 1 });
  for (let round = 0; round < ROUNDS; round++) {
    for (const mode of round % 2 ? ['off', 'on'] : ['on', 'off']) {
      const s = sidecars[mode];
      const r = await measured(s.child.pid, () =>
        wrk({ baseUrl: s.url, request: { path: PATH, headers: { 'user-agent': USER_AGENT } }, connections: CONNECTIONS, seconds: SECONDS, cpu: 1 }),
      );
      results[mode].push(r);
      console.log(
        `[bench:insights] round ${round + 1} recording ${mode}: ${Math.round(r.rps)} req/s, ${r.cpuUsPerRequest.toFixed(1)} µs CPU/request, steal ${r.stealPercent === undefined ? '?' : r.stealPercent.toFixed(1)} %`,
      );
    }
  }
} finally {
  for (const s of Object.values(sidecars)) {
    s.child.kill('SIGTERM');
    await waitExit(s.child, 15_000);
    rmSync(s.dataDir, { recursive: true, force: true });
  }
  await stopAll();
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  return Number.isInteger(mid) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[Math.floor(mid)];
};
const best = (values) => Math.min(...values);
const cpu = (mode) => results[mode].map((r) => r.cpuUsPerRequest);
const rps = (mode) => results[mode].map((r) => r.rps);
const line = (label, on, off) => `| ${label} | ${on.toFixed(1)} | ${off.toFixed(1)} | ${(((on - off) / off) * 100).toFixed(1)} % |`;
console.log(`\nGET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating\n`);
console.log('| CPU per request (µs) | recording on | recording off | change |');
console.log('|---|---|---|---|');
console.log(line('best round', best(cpu('on')), best(cpu('off'))));
console.log(line('median round', median(cpu('on')), median(cpu('off'))));
const paired = results.on.map((r, i) => ((r.cpuUsPerRequest - results.off[i].cpuUsPerRequest) / results.off[i].cpuUsPerRequest) * 100);
console.log(`| median of the rounds' pairs | | | ${median(paired).toFixed(1)} % |`);
console.log(`\nrequests per second, median: on ${Math.round(median(rps('on')))}, off ${Math.round(median(rps('off')))}`);

// What the recording itself costs, in the process and free of the machine's noise: the hook's work per
// request (the family from the User-Agent, memoized, and the counter's Map update), timed over a million calls.
// Inside the project, so that the bundle's imports of packages resolve from its node_modules.
const work = mkdtempSync(path.join(ROOT, 'node_modules/.cache/ma-bench-insights-'));
const entry = path.join(work, 'entry.ts');
writeFileSync(
  entry,
  `export { InsightsRecorder } from ${JSON.stringify(path.join(ROOT, 'plugin/sidecar/insights/recorder.ts'))};
   export { FamilyClassifier } from ${JSON.stringify(path.join(ROOT, 'plugin/sidecar/insights/families.ts'))};`,
);
await build({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: path.join(work, 'unit.mjs'),
  logLevel: 'error',
  packages: 'external',
});
const { InsightsRecorder, FamilyClassifier } = await import(path.join(work, 'unit.mjs'));
const store = { settings: async () => undefined };
const recorder = new InsightsRecorder(store, { off: false, flushMs: 60_000 });
const families = new FamilyClassifier();
const N = 1_000_000;
const time = () => {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < N; i++) recorder.count('rest:GET /materials', families.fromUserAgent(USER_AGENT), 200);
  return Number(process.hrtime.bigint() - t0) / N;
};
time();
const ns = Math.min(time(), time(), time());
rmSync(work, { recursive: true, force: true });
const offMedian = median(cpu('off'));
console.log(
  `\nthe hook's own work: ${ns.toFixed(0)} ns a request, ${((ns / 1000 / offMedian) * 100).toFixed(2)} % of the ${offMedian.toFixed(1)} µs a cached GET costs with recording off`,
);
