// A/B of sidecar bundles on one request, by CPU time per request (robust when other work shares the
// machine) and requests per second: `rounds` alternating runs of `seconds` each, medians printed.
//
//   node scripts/bench/ab.mjs --bundle a.mjs --bundle b.mjs [--path /wp-json/…] [--rounds 4] [--seconds 3]
//                             [--method POST --body '{…}' --header 'Name: value'] [--env KEY=VALUE]
//                             [--flags '--max-semi-space-size=4' (node flags of the bundle at the same position; '' for none)]
//                             [--bundle-env 'MANUFACTURER_AGENT_SPEED_OFF=fast-door' (environment of the bundle at the same
//                              position, KEY=VALUE separated by spaces; '' for none): one bundle twice, a setting A/B]
//                             [--creates (POST /handoffs with a new Idempotency-Key on every request, scripts/bench/lua/handoffs.lua)]
//                             [--gc (adds --trace-gc and prints the full collections of each round: count and pauses)]
//                             [--idle 2 (seconds every server sits without requests after start, as a site before
//                              its first visitors: V8's start-up collections then find no request in flight)]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wrk } from './lib/load.mjs';
import { freePort, logLines, logSize, measured, rssMb, sampleRss, startProcess, stopAll, waitExit, waitFor200 } from './lib/proc.mjs';

const argv = process.argv.slice(2);
const all = (name) => argv.flatMap((a, i) => (a === `--${name}` ? [argv[i + 1]] : []));
const one = (name, fallback) => all(name)[0] ?? fallback;
const bundles = all('bundle').map((b) => path.resolve(b));
const flags = all('flags').map((f) => f.split(' ').filter(Boolean));
const keyValues = (list) => Object.fromEntries(list.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)]));
const bundleEnvs = all('bundle-env').map((e) => keyValues(e.split(' ').filter(Boolean)));
const rounds = Number(one('rounds', 4));
const seconds = Number(one('seconds', 3));
const request = {
  method: one('method', 'GET'),
  path: one('path', '/wp-json/manufacturer-agent/v1/company'),
  body: one('body'),
  contentType: one('body') ? 'application/json' : undefined,
  headers: Object.fromEntries(all('header').map((h) => [h.slice(0, h.indexOf(':')).trim(), h.slice(h.indexOf(':') + 1).trim()])),
};
const work = mkdtempSync(path.join(tmpdir(), 'ma-ab-'));
const creates = argv.includes('--creates');
const traceGc = argv.includes('--gc');
/** The pauses (ms) of the full collections in a --trace-gc log, from the given byte on. */
async function fullCollections(file, start) {
  const pauses = [];
  for await (const line of logLines(file, start)) {
    const pause = /Mark-Compact[^,]*, ([\d.]+) \/ [\d.]+ ms/.exec(line);
    if (pause) pauses.push(Number(pause[1]));
  }
  return pauses;
}
if (creates) Object.assign(request, { method: 'POST', path: '/wp-json/manufacturer-agent/v1/handoffs' });
let loads = 0;
/** wrk's script and its environment: handoff creation needs a key prefix of its own per run and a folder for its record. */
const script = () => (creates ? { script: 'handoffs', env: { BENCH_OUT_DIR: work, BENCH_KEY_PREFIX: `ab${++loads}` } } : {});
const extraEnv = keyValues(all('env'));
const servers = [];
try {
  for (const [i, bundle] of bundles.entries()) {
    const port = await freePort();
    const child = startProcess({
      command: process.execPath,
      args: [...(flags[i] ?? []), ...(traceGc ? ['--trace-gc'] : []), bundle],
      cwd: path.dirname(bundle),
      env: { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', MANUFACTURER_AGENT_RATE_LIMIT: '1000000000', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '1000000000', MANUFACTURER_AGENT_DATA_DIR: path.join(work, `d${i}`), ...extraEnv, ...bundleEnvs[i] },
      logFile: path.join(work, `log${i}`),
      cpu: 0,
    });
    await waitFor200(`http://127.0.0.1:${port}/wp-json/manufacturer-agent/v1/materials`, { child });
    servers.push({ bundle: [...Object.entries(bundleEnvs[i] ?? {}).map(([k, v]) => `${k}=${v}`), ...(flags[i] ?? []), bundle].join(' '), child, url: `http://127.0.0.1:${port}`, runs: [], rss: 0, log: path.join(work, `log${i}`) });
  }
  await new Promise((resolve) => setTimeout(resolve, Number(one('idle', 0)) * 1000));
  for (const s of servers) await wrk({ baseUrl: s.url, request, connections: 50, seconds: 1, cpu: 1, countStatus: true, ...script() });
  for (let r = 0; r < rounds; r++) {
    for (const s of servers) {
      const logFrom = traceGc ? logSize(s.log) : 0;
      const sampler = sampleRss(s.child.pid);
      const result = await measured(s.child.pid, () => wrk({ baseUrl: s.url, request, connections: 50, seconds, cpu: 1, countStatus: true, ...script() }));
      s.rss = Math.max(s.rss, sampler.stop());
      s.runs.push({
        rps: result.rps,
        cpu: result.cpuUsPerRequest ?? NaN,
        p99: result.latency.p99,
        steal: result.stealPercent,
        statuses: result.statuses,
        gc: traceGc ? await fullCollections(s.log, logFrom) : [],
      });
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  for (const s of servers) {
    console.log(
      `${s.bundle}: CPU ${median(s.runs.map((r) => r.cpu)).toFixed(1)} µs/req (${s.runs.map((r) => r.cpu.toFixed(1)).join(' ')}), ` +
        `${Math.round(median(s.runs.map((r) => r.rps)))} req/s, p99 ${median(s.runs.map((r) => r.p99)).toFixed(1)} ms (${s.runs.map((r) => r.p99.toFixed(1)).join(' ')}), RSS peak ${s.rss.toFixed(0)} MB, statuses ${JSON.stringify(s.runs[0].statuses)}`,
    );
    if (s.runs.some((r) => typeof r.steal === 'number')) console.log(`  steal per round (%): ${s.runs.map((r) => r.steal?.toFixed(1) ?? '–').join(' ')}`);
    if (traceGc) {
      const pauses = s.runs.flatMap((r) => r.gc);
      console.log(
        `  full collections per round: ${s.runs.map((r) => r.gc.length).join(' ')}; pauses ${pauses.length ? `median ${median(pauses).toFixed(1)} ms, longest ${Math.max(...pauses).toFixed(1)} ms` : 'none'}`,
      );
    }
  }
} finally {
  for (const s of servers) s.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => waitExit(s.child).catch(() => {})));
  await stopAll();
  rmSync(work, { recursive: true, force: true });
}
