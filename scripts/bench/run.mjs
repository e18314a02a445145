// npm run bench: every figure of issue 7 from one run on this machine.
//
//   npm run bench [-- --seconds 5 --rounds 2 --connections 50 --skip-wordpress --only materials,company
//                     --bundle path/to/main.mjs --label before --update-doc]
//
// 1. Builds the sidecar as it ships (the plugin zip's bundle, scripts/plugin-zip.mjs) and as `npm start`
//    runs it, and times the start-up of each (spawn → first 200 on GET materials).
// 2. Starts the shipped bundle with the rate limits raised (see SIDECAR_ENV) and a bare node:http
//    server answering the bytes the sidecar answered (scripts/bench/bare-server.mjs), each pinned to
//    CPU 0, and loads each endpoint and its ceiling with wrk on CPU 1 (the streamed answer with
//    scripts/bench/sse-client.mjs), in rounds, alternating; the best round of each counts.
// 3. Handoff creation: new keys on every request; then kill -9, restart on the same data folder and
//    replay every key that was answered 201.
// 4. WordPress on Debian's PHP-FPM (OPcache) + nginx + MariaDB: the bridged materials route against a
//    plain REST route answering the same bytes (scripts/bench/lib/wordpress.mjs).
// 5. Prints the table and the targets, writes scripts/bench/last-run/ (results.json, table.md,
//    ratios.svg), and with --update-doc the results section of BENCHMARKS.md.
import { SIDECAR_NODE_FLAGS } from '../sidecar-node-flags.mjs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { buildProductionSidecar } from '../plugin-zip.mjs';
import { capture, sseLoad, wrk } from './lib/load.mjs';
import { freePort, logLines, measured, run, rssMb, sampleRss, startProcess, stopAll, stopAllSync, waitExit, waitFor200, waitForStatus } from './lib/proc.mjs';
import { best, comparisonTable, medianChange, evaluateTargets, fmtInt, fmtMs, markdownTable, ratio, ratioChart, replaceSection, resultsTable, stealSummary, summarize, TARGETS, CACHED_READS } from './lib/stats.mjs';
import { APT_PACKAGES, BRIDGED_PATH, PLAIN_PATH, ensurePackages, startWordPress } from './lib/wordpress.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'scripts/bench/last-run');
const AGENT = '/wp-json/manufacturer-agent/v1';
const ASK = '/wp-json/nlweb/v1/ask';
const QUESTION = 'Welches Material eignet sich für ein Badezimmer?';
const SERVER_CPU = 0;
const LOAD_CPU = 1;

// ---- options
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(`--${name}`);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const SECONDS = Number(option('seconds', 5));
const ROUNDS = Number(option('rounds', 3));
const CONNECTIONS = Number(option('connections', 50));
const STARTS = Number(option('starts', 5));
const ONLY = option('only', '') ? option('only').split(',') : undefined;
const LABEL = option('label', '');
const log = (message) => console.log(`[bench] ${message}`);

/** The sidecar as the benchmark runs it: limits raised so the load is answered, not refused with 429. */
const LIMIT = '1000000000';
const SIDECAR_ENV = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  MANUFACTURER_AGENT_RATE_LIMIT: LIMIT,
  MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: LIMIT,
};

const handoffBody = (key) => `{"next_step":"sample_request","requirements":{"motif_description":"${key}","locale":"de"}}`;
const MCP_BODY = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_materials', arguments: {} } });
const MCP_MODERN_BODY = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: { name: 'list_materials', arguments: {}, _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} } },
});

/** The access lines in a sidecar's log. */
async function countRequestLines(file) {
  let count = 0;
  for await (const line of logLines(file)) {
    if (line.includes('"reqId"') && /"msg":"(GET|POST|OPTIONS|HEAD|PUT|DELETE) /.test(line)) count++;
  }
  return count;
}

/** The cases: what one request of each is. */
const CASES = [
  { id: 'materials', label: 'GET materials', request: { path: `${AGENT}/materials` } },
  { id: 'recommendation', label: 'GET recommendation', request: { path: `${AGENT}/materials/recommendation?priority=brandschutz` } },
  { id: 'company', label: 'GET company', request: { path: `${AGENT}/company` } },
  {
    id: 'handoff-replay',
    label: 'POST handoffs, replayed key',
    request: { method: 'POST', path: `${AGENT}/handoffs`, body: handoffBody('bench-replayed-key'), contentType: 'application/json', headers: { 'Idempotency-Key': 'bench-replayed-key-0001' } },
  },
  {
    id: 'tools-call',
    label: 'POST /mcp/ tools/call list_materials (2025-06-18, SDK)',
    request: { method: 'POST', path: '/mcp/', body: MCP_BODY, contentType: 'application/json', headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2025-06-18' } },
  },
  {
    id: 'tools-call-modern',
    label: 'POST /mcp/ tools/call list_materials (2026-07-28)',
    request: {
      method: 'POST',
      path: '/mcp/',
      body: MCP_MODERN_BODY,
      contentType: 'application/json',
      headers: { Accept: 'application/json, text/event-stream', 'MCP-Protocol-Version': '2026-07-28', 'Mcp-Method': 'tools/call', 'Mcp-Name': 'list_materials' },
    },
  },
  { id: 'ask-json', label: 'GET ask (JSON answer)', request: { path: `${ASK}?query=${encodeURIComponent(QUESTION)}` } },
  { id: 'ask-stream', label: 'GET ask, streamed: time to first event', stream: true, request: { path: `${ASK}?query=${encodeURIComponent(QUESTION)}`, headers: { Accept: 'text/event-stream' } } },
  { id: 'handoff-create', label: 'POST handoffs, new key each', create: true, request: { method: 'POST', path: `${AGENT}/handoffs` } },
].filter((c) => !ONLY || ONLY.includes(c.id));

// ---- building

async function buildBundles(work) {
  log('building the sidecar (npm start bundle and the plugin zip bundle)');
  run(process.execPath, ['scripts/build-sidecar.mjs'], { cwd: ROOT, timeoutMs: 300_000 });
  const dev = path.join(ROOT, 'plugin/build/sidecar/main.mjs');
  const prodDir = path.join(work, 'production-sidecar');
  mkdirSync(prodDir, { recursive: true });
  const { code, manifest } = await buildProductionSidecar();
  writeFileSync(path.join(prodDir, 'main.mjs'), code);
  writeFileSync(path.join(prodDir, 'package.json'), JSON.stringify(manifest, null, 2));
  // npm install --omit=dev beside it in production; here the project's own node_modules serves.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(prodDir, 'node_modules'));
  return { dev, production: path.join(prodDir, 'main.mjs') };
}

/**
 * The sidecar of another git revision (read with git archive, nothing written to the repository),
 * bundled as the plugin zip bundles it: the "before" of an optimisation, measured in the same run.
 */
async function buildBaseline(rev, work) {
  const dir = path.join(work, 'baseline');
  const src = path.join(dir, 'src');
  mkdirSync(src, { recursive: true });
  const tar = path.join(dir, 'src.tar');
  // package.json too: the sidecar reads its version from it (bridge/routes.ts).
  run('git', ['-C', ROOT, 'archive', '--format=tar', '-o', tar, rev, 'plugin/sidecar', 'plugin/data', 'schemas', 'package.json']);
  run('tar', ['-xf', tar, '-C', src]);
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(src, 'node_modules'));
  const out = path.join(dir, 'sidecar');
  mkdirSync(out);
  await build({
    entryPoints: [path.join(src, 'plugin/sidecar/main.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20.19',
    format: 'esm',
    external: ['better-sqlite3', 'mysql2'],
    minifyWhitespace: true,
    legalComments: 'eof',
    outfile: path.join(out, 'main.mjs'),
    logLevel: 'warning',
    banner: { js: "import { createRequire as __maCreateRequire } from 'node:module'; const require = __maCreateRequire(import.meta.url);" },
  });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'));
  log(`baseline: the sidecar of ${rev} (${run('git', ['-C', ROOT, 'rev-parse', '--short', rev]).trim()}) built`);
  return path.join(out, 'main.mjs');
}

// ---- the sidecar

let portCounter = 0;
async function startSidecar({ bundle, dataDir, logFile, cpu, env = {}, nodeFlags = SIDECAR_NODE_FLAGS }) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const child = startProcess({
    command: process.execPath,
    // As it runs in production (npm start, the systemd unit).
    args: [...nodeFlags, bundle],
    cwd: path.dirname(bundle),
    env: { ...SIDECAR_ENV, PORT: String(port), MANUFACTURER_AGENT_DATA_DIR: dataDir, MANUFACTURER_AGENT_PUBLIC_URL: url, ...env },
    logFile,
    cpu,
    name: `sidecar-${++portCounter}`,
  });
  const startupMs = await waitFor200(`${url}${AGENT}/materials`, { since: t0, child });
  return { url, child, startupMs, dataDir, logFile };
}

async function stopSidecar(sidecar) {
  sidecar.child.kill('SIGTERM');
  await waitExit(sidecar.child, 15_000);
}

async function measureStartups(bundles, work) {
  const out = {};
  for (const [name, bundle] of Object.entries(bundles)) {
    const times = [];
    for (let i = 0; i < STARTS; i++) {
      const dataDir = path.join(work, `startup-${name}-${i}`);
      const sidecar = await startSidecar({ bundle, dataDir, logFile: path.join(work, `startup-${name}.log`) });
      times.push(sidecar.startupMs);
      await stopSidecar(sidecar);
      rmSync(dataDir, { recursive: true, force: true });
    }
    out[name] = { ...summarize(times), median: summarize(times).p50, runs: times.map((t) => Math.round(t)) };
    log(`start-up (${name}): median ${fmtMs(out[name].median)} of ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  }
  return out;
}

// ---- durability of 201s

function postReplay(baseUrl, key, agent) {
  return new Promise((resolve, reject) => {
    const body = handoffBody(key);
    const target = new URL(`${baseUrl}${AGENT}/handoffs`);
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', agent, headers: { 'content-type': 'application/json', 'idempotency-key': key, 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, replayed: res.headers['idempotent-replayed'] === 'true', id: /"id":"(ho_[^"]+)"/.exec(text)?.[1] }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function checkDurability(baseUrl, keysDir) {
  const entries = [];
  for (const file of readdirSync(keysDir).filter((f) => f.startsWith('created-'))) {
    for (const line of readFileSync(path.join(keysDir, file), 'utf8').split('\n')) {
      const [key, id] = line.trim().split(' ');
      if (key && id) entries.push({ key, id });
    }
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  let replayed = 0;
  let mismatched = 0;
  let lost = 0;
  let next = 0;
  const worker = async () => {
    while (next < entries.length) {
      const { key, id } = entries[next++];
      const answer = await postReplay(baseUrl, key, agent);
      if (answer.status === 200 && answer.replayed && answer.id === id) replayed += 1;
      else if (answer.status === 201) lost += 1;
      else mismatched += 1;
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  agent.destroy();
  return { created: entries.length, replayed, mismatched, lost };
}

async function countRows(dataDir) {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path.join(dataDir, 'manufacturer-agent.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('SELECT COUNT(*) AS n FROM handoffs').get().n;
  } finally {
    db.close();
  }
}

// ---- one case

async function loadCase(c, baseUrl, { cpu = LOAD_CPU, seconds = SECONDS, keysDir, keyPrefix } = {}) {
  if (c.stream) return sseLoad({ url: baseUrl + c.request.path, connections: CONNECTIONS, seconds, warmupSeconds: 0, cpu });
  if (c.create) {
    const result = await wrk({ baseUrl, request: c.request, connections: CONNECTIONS, seconds, cpu, script: 'handoffs', env: { BENCH_OUT_DIR: keysDir, BENCH_KEY_PREFIX: keyPrefix } });
    return { ...result, createdPerSecond: (result.statuses['201'] ?? 0) / result.seconds };
  }
  return wrk({ baseUrl, request: c.request, connections: CONNECTIONS, seconds, cpu, countStatus: c.request.method === 'POST' });
}

function checkAnswers(c, result, where) {
  const bad = Object.entries(result.statuses ?? {}).filter(([code]) => !['200', '201'].includes(code));
  const errors = Object.values(result.errors ?? {}).reduce((s, n) => s + n, 0);
  if (bad.length || errors) log(`WARNING ${c.id} on ${where}: statuses ${JSON.stringify(result.statuses)}, errors ${JSON.stringify(result.errors)}`);
}

const SHORT_LABELS = {
  materials: 'GET materials',
  recommendation: 'GET recommendation',
  company: 'GET company',
  'handoff-replay': 'POST handoffs (replayed key)',
  'tools-call': 'tools/call (SDK, 2025-06-18)',
  'tools-call-modern': 'tools/call (2026-07-28)',
  'ask-json': 'GET ask (JSON)',
  'handoff-create': 'POST handoffs (new key)',
};
const STARTUP_NAMES = { dev: '`npm start` bundle', production: 'shipped bundle (plugin zip)', baseline: 'baseline bundle' };
const fmtUs = (us) => (typeof us === 'number' ? `${us.toFixed(1)} µs CPU/req` : '');
const fmtSteal = (pct) => (typeof pct === 'number' ? `, steal ${pct.toFixed(1)} %` : '');
function medianOf(rounds, field) {
  const values = rounds.map((r) => r[field]).filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return values.length ? values[Math.floor((values.length - 1) / 2)] : undefined;
}

// ---- main

async function main() {
  const started = performance.now();
  const work = mkdtempSync(path.join(tmpdir(), 'ma-bench-'));
  workDir = work;
  mkdirSync(OUT, { recursive: true });
  const installed = ensurePackages(log);
  const bundles = await buildBundles(work);
  if (option('bundle')) bundles.production = path.resolve(option('bundle'));
  const baselineRev = option('baseline');
  if (baselineRev) bundles.baseline = await buildBaseline(baselineRev, work);

  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    wrk: 'wrk',
    loadAverageAtStart: loadavg().map((l) => l.toFixed(2)).join(' '),
  };
  try {
    machine.wrk = run('sh', ['-c', 'wrk -v 2>&1 || true']).split('\n')[0].replace(/ Copyright.*/, '').trim();
  } catch {
    // keep the default
  }

  const startup = flag('skip-startup') ? undefined : await measureStartups(bundles, work);

  // The sidecar under test (the shipped bundle) and its ceiling.
  const dataDir = path.join(work, 'data');
  const sidecarLog = path.join(work, 'sidecar.log');
  let sidecar = await startSidecar({ bundle: bundles.production, dataDir, logFile: sidecarLog, cpu: SERVER_CPU });
  log(`sidecar ${sidecar.url} (pid ${sidecar.child.pid}, CPU ${SERVER_CPU}); RSS after start ${rssMb(sidecar.child.pid)?.toFixed(0)} MB`);
  const rssIdle = rssMb(sidecar.child.pid);

  const captured = [];
  for (const c of CASES.filter((x) => !x.create)) captured.push(await capture(sidecar.url, c.request));
  // Handoff creation's ceiling answers the bytes of one creation (a 201).
  const createCase = CASES.find((c) => c.create);
  if (createCase) {
    const one = await capture(sidecar.url, { method: 'POST', path: `${AGENT}/handoffs`, body: handoffBody('bench-capture-key-1'), contentType: 'application/json', headers: { 'Idempotency-Key': 'bench-capture-key-1' } });
    captured.push(one);
  }
  for (const [i, c] of CASES.filter((x) => !x.create).entries()) {
    const answer = captured[i];
    if (answer.status >= 300 && !(c.id === 'handoff-replay' && answer.status === 201)) throw new Error(`${c.id}: the sidecar answered ${answer.status}: ${answer.body.toString().slice(0, 300)}`);
  }
  writeFileSync(path.join(work, 'captured.json'), JSON.stringify(captured.map((a) => ({ ...a, body: a.body.toString('base64') }))));
  const barePort = await freePort();
  const bare = startProcess({ command: process.execPath, args: [path.join(ROOT, 'scripts/bench/bare-server.mjs'), path.join(work, 'captured.json'), String(barePort)], logFile: path.join(work, 'bare.log'), cpu: SERVER_CPU, name: 'bare' });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  // Ready when it answers: a request it holds no answer for gets its 404 (with --only, no GET may be among them).
  await waitForStatus(`${bareUrl}/bench-readiness`, 404, { child: bare });
  let baseline;
  if (bundles.baseline) {
    // With the node flags that revision shipped with (--baseline-node-flags, none by default).
    const nodeFlags = option('baseline-node-flags', '').split(' ').filter(Boolean);
    baseline = await startSidecar({ bundle: bundles.baseline, dataDir: path.join(work, 'baseline-data'), logFile: path.join(work, 'baseline.log'), cpu: SERVER_CPU, nodeFlags });
    log(`baseline sidecar ${baseline.url} (pid ${baseline.child.pid}, CPU ${SERVER_CPU})`);
  }

  let answeredCounted = captured.length;
  const keysDir = path.join(work, 'keys');
  mkdirSync(keysDir);
  const results = { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS, cases: [] };
  let rssPeak = rssIdle ?? 0;
  let durability;
  let restartMs;
  let rows;
  for (const c of CASES) {
    log(`${c.label}: ${ROUNDS} rounds of ${SECONDS} s, sidecar and ceiling alternating, ${CONNECTIONS} connections`);
    const sidecarRounds = [];
    const bareRounds = [];
    const baselineRounds = [];
    let caseRss = 0;
    let baselineRss = 0;
    // Warm-up (JIT, caches, connections), not counted.
    answeredCounted += (await loadCase(c, sidecar.url, { seconds: 1, keysDir, keyPrefix: `${c.id}-warm` })).requests;
    await loadCase(c, bareUrl, { seconds: 1, keysDir: work, keyPrefix: 'bare-warm' });
    if (baseline) await loadCase(c, baseline.url, { seconds: 1, keysDir: work, keyPrefix: 'baseline-warm' });
    for (let r = 1; r <= ROUNDS; r++) {
      let s, b, x, peak;
      const steps = [
        async () => {
          const sampler = sampleRss(sidecar.child.pid);
          s = await measured(sidecar.child.pid, () => loadCase(c, sidecar.url, { keysDir, keyPrefix: `${c.id}-r${r}` }));
          peak = sampler.stop();
          checkAnswers(c, s, 'sidecar');
        },
        async () => {
          b = await measured(bare.pid, () => loadCase(c, bareUrl, { keysDir: work, keyPrefix: `bare-r${r}` }));
          checkAnswers(c, b, 'bare');
        },
      ];
      if (baseline) {
        steps.push(async () => {
          const sampler2 = sampleRss(baseline.child.pid);
          x = await measured(baseline.child.pid, () => loadCase(c, baseline.url, { keysDir: work, keyPrefix: `baseline-r${r}` }));
          baselineRss = Math.max(baselineRss, sampler2.stop());
          checkAnswers(c, x, 'baseline');
        });
      }
      // Every other round in the reverse order, so neither server always runs first after the other's load.
      for (const step of r % 2 ? steps : steps.reverse()) await step();
      caseRss = Math.max(caseRss, peak);
      sidecarRounds.push(s);
      answeredCounted += s.requests;
      bareRounds.push(b);
      let line = `  round ${r}: sidecar ${fmtInt(s.rps)} req/s p50 ${fmtMs(s.latency.p50)} p99 ${fmtMs(s.latency.p99)} ${fmtUs(s.cpuUsPerRequest)}${fmtSteal(s.stealPercent)} | bare ${fmtInt(b.rps)} req/s p50 ${fmtMs(b.latency.p50)} p99 ${fmtMs(b.latency.p99)} ${fmtUs(b.cpuUsPerRequest)}${fmtSteal(b.stealPercent)} | RSS ${peak.toFixed(0)} MB`;
      if (x) {
        baselineRounds.push(x);
        line += ` | baseline ${fmtInt(x.rps)} req/s p50 ${fmtMs(x.latency.p50)} p99 ${fmtMs(x.latency.p99)} ${fmtUs(x.cpuUsPerRequest)}`;
      }
      log(line);
    }
    rssPeak = Math.max(rssPeak, caseRss);
    const s = best(sidecarRounds);
    const b = best(bareRounds);
    const entry = { id: c.id, label: c.label, stream: Boolean(c.stream), sidecar: s, bare: b, ratio: ratio(s.rps, b.rps), cpu: { sidecar: medianOf(sidecarRounds, 'cpuUsPerRequest'), bare: medianOf(bareRounds, 'cpuUsPerRequest') }, rssMb: caseRss, rounds: { sidecar: sidecarRounds.map((x) => Math.round(x.rps)), bare: bareRounds.map((x) => Math.round(x.rps)) } };
    entry.cpuRatio = ratio(entry.cpu.bare, entry.cpu.sidecar);
    // Throughput and p50 come from the best round; p99 is the median of the rounds' p99, so one quiet round cannot hide a tail.
    entry.rounds.p99 = sidecarRounds.map((x) => Number(x.latency.p99.toFixed(2)));
    entry.p99Median = medianOf(sidecarRounds.map((x) => x.latency), 'p99');
    // The ceiling's tail the same way: what the machine and the load generator alone add to a p99.
    entry.rounds.bareP99 = bareRounds.map((x) => Number(x.latency.p99.toFixed(2)));
    entry.bareP99Median = medianOf(bareRounds.map((x) => x.latency), 'p99');
    entry.rounds.steal = sidecarRounds.map((x) => x.stealPercent);
    entry.rounds.bareSteal = bareRounds.map((x) => x.stealPercent);
    if (c.stream) entry.ratio = undefined; // see resultsTable: the stream is paced on purpose; its figure is the time to the first event
    if (baseline) {
      entry.baseline = best(baselineRounds);
      entry.baselineRatio = c.stream ? undefined : ratio(entry.baseline.rps, b.rps);
      entry.baselineRssMb = baselineRss;
      entry.cpu.baseline = medianOf(baselineRounds, 'cpuUsPerRequest');
      entry.cpu.pairedChange = medianChange(sidecarRounds, baselineRounds, 'cpuUsPerRequest');
      entry.rounds.baseline = baselineRounds.map((x) => Math.round(x.rps));
    }
    results.cases.push(entry);

    if (c.create) {
      log('kill -9 of the sidecar right after the handoff load; restart on the same data folder');
      sidecar.child.kill('SIGKILL');
      await waitExit(sidecar.child);
      sidecar = await startSidecar({ bundle: bundles.production, dataDir, logFile: sidecarLog, cpu: SERVER_CPU });
      restartMs = sidecar.startupMs;
      durability = await checkDurability(sidecar.url, keysDir);
      answeredCounted += durability.created;
      rows = await countRows(dataDir);
      log(`  ${durability.replayed} of ${durability.created} keys answered 201 replayed with the same handoff after the restart (${durability.lost} lost, ${durability.mismatched} other); ${rows} handoffs in the database`);
    }
  }
  results.durability = durability ? { ...durability, rowsAfterRestart: rows, restartMs } : undefined;
  results.rssIdleMb = rssIdle;
  results.rssPeakMb = rssPeak;
  results.startup = startup?.production;
  results.startupAll = startup;

  await stopSidecar(sidecar);
  if (baseline) await stopSidecar(baseline);
  bare.kill('SIGTERM');
  await waitExit(bare).catch(() => bare.kill('SIGKILL'));
  results.logLines = await countRequestLines(sidecarLog);
  results.answeredCounted = answeredCounted;

  // WordPress
  if (!flag('skip-wordpress')) {
    const wpWork = path.join(work, 'wp');
    mkdirSync(wpWork);
    const token = randomBytes(24).toString('base64url');
    const wpSidecar = await startSidecar({ bundle: bundles.production, dataDir: path.join(wpWork, 'sidecar-data'), logFile: path.join(wpWork, 'sidecar.log'), env: { MANUFACTURER_AGENT_BRIDGE_TOKEN: token } });
    const body = Buffer.from(await (await fetch(`${wpSidecar.url}${BRIDGED_PATH}`)).arrayBuffer()).toString('utf8');
    const site = await startWordPress({ workDir: path.join(wpWork, 'site'), pluginDir: path.join(ROOT, 'plugin'), sidecarUrl: wpSidecar.url, token, body, fpmChildren: Number(option('fpm-children', 8)), log });
    try {
      log(`WordPress ${site.wordpress} on PHP ${site.php} (${site.fpm}, ${site.fpmChildren} static workers) + nginx at ${site.url}; same bytes: ${site.sameBytes} (${site.bodyBytes} bytes)`);
      const plainCase = { id: 'wp-plain', request: { path: PLAIN_PATH } };
      const bridgedCase = { id: 'wp-bridged', request: { path: BRIDGED_PATH } };
      await loadCase(plainCase, site.url, { seconds: 1, cpu: null });
      await loadCase(bridgedCase, site.url, { seconds: 1, cpu: null });
      const plainRounds = [];
      const bridgedRounds = [];
      for (let r = 1; r <= ROUNDS; r++) {
        const p = await loadCase(plainCase, site.url, { cpu: null });
        const b = await loadCase(bridgedCase, site.url, { cpu: null });
        checkAnswers(plainCase, p, 'WordPress');
        checkAnswers(bridgedCase, b, 'WordPress');
        plainRounds.push(p);
        bridgedRounds.push(b);
        log(`  round ${r}: plain ${fmtInt(p.rps)} req/s p50 ${fmtMs(p.latency.p50)} p99 ${fmtMs(p.latency.p99)} | bridged ${fmtInt(b.rps)} req/s p50 ${fmtMs(b.latency.p50)} p99 ${fmtMs(b.latency.p99)}`);
      }
      const plain = best(plainRounds);
      const bridged = best(bridgedRounds);
      results.wordpress = {
        php: site.php,
        wordpress: site.wordpress,
        fpm: site.fpm,
        fpmChildren: site.fpmChildren,
        opcache: site.opcache,
        sameBytes: site.sameBytes,
        bodyBytes: site.bodyBytes,
        plainPath: PLAIN_PATH,
        bridgedPath: BRIDGED_PATH,
        plain,
        bridged,
        slowdown: plain.rps / bridged.rps,
        latencyRatio: bridged.latency.p50 / plain.latency.p50,
        rounds: { plain: plainRounds.map((x) => Math.round(x.rps)), bridged: bridgedRounds.map((x) => Math.round(x.rps)) },
      };
      machine.php = site.php;
    } finally {
      await site.stop();
      await stopSidecar(wpSidecar);
    }
  }

  machine.loadAverageAtEnd = loadavg().map((l) => l.toFixed(2)).join(' ');
  results.machine = machine;
  results.installed = installed;
  results.aptPackages = APT_PACKAGES;
  results.sidecarEnv = SIDECAR_ENV;
  results.label = LABEL;
  results.baselineRev = option('baseline');
  results.finishedAt = new Date().toISOString();
  results.totalSeconds = Math.round((performance.now() - started) / 1000);
  results.targets = evaluateTargets(results);
  report(results);
}

function report(results) {
  const table = resultsTable(results);
  const comparison = results.cases.some((c) => c.baseline) ? `\n\nBefore/after (baseline: the sidecar of \`${results.baselineRev}\`, same run, same rounds):\n\n${comparisonTable(results)}` : '';
  const targets = markdownTable(
    ['Target', 'Reached', 'Met'],
    results.targets.map((t) => [t.target, t.value, t.met ? 'yes' : `**no**${t.shortBy ? ` (short by ${t.shortBy})` : ''}`]),
  );
  const d = results.durability;
  const extra = [
    d ? `- Durability: ${fmtInt(d.created)} handoffs answered 201 (warm-up and rounds), sidecar killed with SIGKILL right after the load and restarted on the same data folder (first 200 after ${fmtMs(d.restartMs)}): ${fmtInt(d.replayed)} replayed the same handoff (200, Idempotent-Replayed), ${d.lost} lost, ${d.mismatched} other; ${fmtInt(d.rowsAfterRestart)} handoffs in the database.` : '',
    `- Sidecar RSS: ${results.rssIdleMb?.toFixed(0)} MB after start, peak ${results.rssPeakMb.toFixed(0)} MB under load.`,
    results.startupAll ? `- Start-up (spawn → first 200 on GET materials, ${STARTS} starts each, fresh data folder): ${Object.entries(results.startupAll).map(([k, v]) => `${STARTUP_NAMES[k] ?? k} median ${fmtMs(v.median)} (${v.runs.join(', ')} ms)`).join('; ')}.` : '',
    `- Log (LOG_LEVEL=info, as shipped): ${fmtInt(results.logLines)} request lines from the sidecar under test for ${fmtInt(results.answeredCounted)} answers counted by the load generators${results.logLines >= results.answeredCounted ? ' (the difference: requests in flight when wrk stopped, answered and logged but not counted)' : ` (${fmtInt(results.answeredCounted - results.logLines)} fewer: the access log writes its lines every 64 KB or 1 s, and the sidecar killed with SIGKILL after the handoff load lost what it held)`}.`,
    results.wordpress ? `- WordPress: ${results.wordpress.wordpress} on PHP ${results.wordpress.php} (${results.wordpress.fpm}, pm static ${results.wordpress.fpmChildren} workers, ${results.wordpress.opcache.join(', ')}), nginx, MariaDB; bodies byte-identical: ${results.wordpress.sameBytes} (${results.wordpress.bodyBytes} bytes); plain/bridged throughput ${results.wordpress.slowdown.toFixed(2)}×, bridged/plain p50 ${results.wordpress.latencyRatio.toFixed(2)}×.` : '',
    `- Machine: ${results.machine.cpus} × ${results.machine.cpuModel}, ${results.machine.memoryGb} GB, Node ${results.machine.node}${results.machine.php ? `, PHP ${results.machine.php}` : ''}, ${results.machine.wrk}; load average ${results.machine.loadAverageAtStart} at start, ${results.machine.loadAverageAtEnd} at the end; ${results.totalSeconds} s in all.`,
    stealSummary(results.cases, (c) => SHORT_LABELS[c.id] ?? c.label),
  ]
    .filter(Boolean)
    .join('\n');
  const markdown = `${table}\n\n${extra}\n\n${targets}${comparison}\n`;
  console.log(`\n${markdown}`);

  const bars = results.cases
    .filter((c) => c.ratio !== undefined)
    .flatMap((c) => {
      const label = SHORT_LABELS[c.id] ?? c.label;
      const target = CACHED_READS.includes(c.id) ? TARGETS.cachedReadRatio : undefined;
      return [
        { label: `${label}: req/s`, value: c.ratio, target },
        { label: `${label}: CPU per request`, value: c.cpuRatio, target },
      ];
    });
  if (results.wordpress) bars.push({ label: 'WordPress bridged / plain REST route', value: 1 / results.wordpress.slowdown, target: 1 / TARGETS.bridgeSlowdown });
  if (results.wordpress) bars.at(-1).label = 'WordPress: bridged ÷ plain REST route';
  const svg = ratioChart(bars, {
    title: `Sidecar ÷ bare node:http ceiling at ${results.connections} connections`,
    subtitle: 'by req/s and by CPU time per request; last bar: WordPress bridged ÷ plain REST route (req/s); red mark = target',
  });
  const suffix = LABEL ? `-${LABEL}` : '';
  writeFileSync(path.join(OUT, `results${suffix}.json`), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(path.join(OUT, `table${suffix}.md`), markdown);
  writeFileSync(path.join(OUT, `ratios${suffix}.svg`), svg);
  log(`wrote ${path.relative(ROOT, OUT)}/results${suffix}.json, table${suffix}.md, ratios${suffix}.svg`);
  if (flag('update-doc')) {
    const doc = path.join(ROOT, 'BENCHMARKS.md');
    writeFileSync(doc, replaceSection(readFileSync(doc, 'utf8'), 'bench:results', markdown));
    log('updated the results section of BENCHMARKS.md');
  }
}

let cleaning = false;
let workDir;
async function cleanup(code) {
  if (cleaning) return;
  cleaning = true;
  await stopAll().catch(() => stopAllSync());
  if (workDir && !flag('keep')) rmSync(workDir, { recursive: true, force: true });
  process.exit(code);
}
process.on('SIGINT', () => cleanup(130));
process.on('SIGTERM', () => cleanup(143));
process.on('exit', () => stopAllSync());

/** --report-only: the table, chart and document again from the saved results of the last run (same --label). */
async function reportOnly() {
  report(JSON.parse(readFileSync(path.join(OUT, `results${LABEL ? `-${LABEL}` : ''}.json`), 'utf8')));
}

(flag('report-only') ? reportOnly() : main()).then(
  () => cleanup(0),
  (error) => {
    console.error(error instanceof Error ? error.stack : error);
    cleanup(1);
  },
);
