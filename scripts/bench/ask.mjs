// npm run bench:ask — the question endpoint on the standalone service (issue 19):
//
//   node scripts/bench/ask.mjs [--seconds 10] [--connections 50] [--bundle plugin/build/sidecar/main.mjs]
//
// 1. Starts the built sidecar (npm run build first) with the rate limits raised, pinned to CPU 0 when
//    taskset exists, and asks every question of the evaluation set once: accuracy per class.
// 2. 50 concurrent clients (keep-alive) ask the set's questions round-robin for --seconds: p50/p99/max
//    latency per question, the worst question's p99, and requests per second.
// 3. Memory: RSS after the set, and after as many distinct questions again (typo variants), which the
//    bounded memos must not keep; prints both and the growth.
// Exits 1 when accuracy is below 90 % or the p99 over all questions is 20 ms or more.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { SIDECAR_NODE_FLAGS } from '../sidecar-node-flags.mjs';
import { freePort, rssMb, startProcess, stopAll, waitFor200 } from './lib/proc.mjs';
import { summarize } from './lib/stats.mjs';
import { accuracyByClass, askRequest, gradeAnswer, loadEvalSet } from './lib/ask-eval.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ASK = '/wp-json/nlweb/v1/ask';
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback);
const SECONDS = Number(option('seconds', 10));
const CONNECTIONS = Number(option('connections', 50));
const BUNDLE = path.resolve(ROOT, option('bundle', 'plugin/build/sidecar/main.mjs'));
const P99_TARGET_MS = 20;
const ACCURACY_TARGET = 90;

const questions = loadEvalSet();
const { default: defaults } = await import(path.join(ROOT, 'plugin/data/default-site-config.json'), { with: { type: 'json' } });

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });

function get(base, question) {
  const { method, path: query, headers, body } = askRequest(question);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${base}${ASK}${query}`, { agent, method, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const port = await freePort();
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-ask-'));
const server = startProcess({
  command: process.execPath,
  args: [...SIDECAR_NODE_FLAGS, BUNDLE],
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    MANUFACTURER_AGENT_DATA_DIR: dataDir,
    MANUFACTURER_AGENT_RATE_LIMIT: '0',
    MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0',
  },
  cpu: 0,
  name: 'sidecar',
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitFor200(`${base}/wp-json/manufacturer-agent/v1/materials`, { child: server });

  // 1. Accuracy per class.
  const outcomes = [];
  for (const question of questions) {
    const res = await get(base, question);
    outcomes.push({ question, misses: res.status === 200 ? gradeAnswer(question, JSON.parse(res.body), defaults.materials) : [`status ${res.status}`] });
  }
  const table = accuracyByClass(outcomes);
  console.log(`accuracy (${questions.length} questions):`);
  for (const row of table)
    console.log(`  ${row.name.padEnd(13)} ${String(row.correct).padStart(3)}/${String(row.total).padEnd(3)} ${row.percent.toFixed(1)} %`);
  for (const o of outcomes.filter((x) => x.misses.length)) console.log(`  miss ${o.question.id}: ${o.misses.join('; ')}`);
  const rssAfterSet = rssMb(server.pid);

  // 2. Latency at CONNECTIONS concurrent clients.
  const samples = questions.map(() => []);
  let next = 0;
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const i = next++ % questions.length;
        const res = await get(base, questions[i]);
        if (res.status !== 200) failures += 1;
        samples[i].push(res.ms);
      }
    }),
  );
  const all = summarize(samples.flat());
  const perQuestion = questions.map((q, i) => ({ id: q.id, ...summarize(samples[i]) })).sort((a, b) => b.p99 - a.p99);
  console.log(`latency at ${CONNECTIONS} concurrent clients, ${SECONDS} s, ${all.count} answers (${(all.count / SECONDS).toFixed(0)}/s), ${failures} not 200:`);
  console.log(`  all questions: p50 ${all.p50.toFixed(2)} ms, p99 ${all.p99.toFixed(2)} ms, max ${all.max.toFixed(2)} ms`);
  const p50s = summarize(perQuestion.map((q) => q.p50));
  console.log(`  per question: median p50 ${p50s.p50.toFixed(2)} ms; worst p99 ${perQuestion[0].p99.toFixed(2)} ms (${perQuestion[0].id})`);
  for (const q of perQuestion.slice(0, 5)) console.log(`    ${q.id.padEnd(18)} p50 ${q.p50.toFixed(2)} ms, p99 ${q.p99.toFixed(2)} ms (${q.count} answers)`);

  // 3. Memory: as many distinct questions again (a letter doubled), which no memo may keep for good.
  for (let round = 0; round < 3; round++) {
    for (const [i, question] of questions.entries()) await get(base, { ...question, question: `${question.question} ${'x'.repeat(round + 1)}${i}` });
  }
  const rssAfterDistinct = rssMb(server.pid);
  console.log(
    `memory: RSS ${rssAfterSet?.toFixed(1)} MB after the set, ${rssAfterDistinct?.toFixed(1)} MB after ${3 * questions.length} distinct questions more (+${(rssAfterDistinct - rssAfterSet).toFixed(1)} MB)`,
  );

  const accuracy = table.find((r) => r.name === 'all').percent;
  const ok = accuracy >= ACCURACY_TARGET && all.p99 < P99_TARGET_MS;
  console.log(
    `targets: accuracy ${accuracy.toFixed(1)} % (>= ${ACCURACY_TARGET} %), p99 ${all.p99.toFixed(2)} ms (< ${P99_TARGET_MS} ms): ${ok ? 'met' : 'NOT met'}`,
  );
  process.exitCode = ok ? 0 : 1;
} finally {
  agent.destroy();
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
}
