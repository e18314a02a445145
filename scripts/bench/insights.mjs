// npm run bench:insights: what recording the insights costs a cached GET (issue 31: at most 3 % CPU per
// request), side by side: the same bundle with recording on and with MANUFACTURER_AGENT_INSIGHTS=off,
// each pinned to CPU 0 and loaded by wrk on CPU 1 in alternating rounds; the figure is the sidecar's CPU
// time per answered request (/proc, user + system), which other load on the machine changes far less
// than requests per second. Needs `npm run build` first (plugin/build/sidecar/main.mjs).
//
//   node scripts/bench/insights.mjs [--seconds 5 --rounds 4 --connections 50 --path /wp-json/manufacturer-agent/v1/materials]
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
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
const ROUNDS = Number(option('rounds', 4));
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
        `[bench:insights] round ${round + 1} recording ${mode}: ${Math.round(r.rps)} req/s, ${r.cpuUsPerRequest.toFixed(1)} µs CPU/request, steal ${r.stealPercent ?? '?'} %`,
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

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const best = (values) => Math.min(...values);
const cpu = (mode) => results[mode].map((r) => r.cpuUsPerRequest);
const rps = (mode) => results[mode].map((r) => r.rps);
const line = (label, on, off) => `| ${label} | ${on.toFixed(1)} | ${off.toFixed(1)} | ${(((on - off) / off) * 100).toFixed(1)} % |`;
console.log(`\nGET ${PATH}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, alternating\n`);
console.log('| CPU per request (µs) | recording on | recording off | change |');
console.log('|---|---|---|---|');
console.log(line('best round', best(cpu('on')), best(cpu('off'))));
console.log(line('median round', median(cpu('on')), median(cpu('off'))));
console.log(`\nrequests per second, median: on ${Math.round(median(rps('on')))}, off ${Math.round(median(rps('off')))}`);
