// npm run bench:wordpress: how long the stack takes to start, and the latency of one request through
// WordPress (PHP bridge → sidecar) against the sidecar alone: N sequential GET materials each, p50/p95.
//
//   node scripts/bench-wordpress.mjs [--requests 50] [--php 8.2]
// Starts its own stack instance (`bench`, free ports, fresh site) and stops it afterwards.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { PLAYGROUND_COOKIE, startStack, stopStack } from './stack.mjs';

const PATH = '/wp-json/manufacturer-agent/v1/materials';

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function timeRequests(url, headers, n) {
  const times = [];
  for (let i = 0; i < n + 3; i++) {
    const t0 = performance.now();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    if (i >= 3) times.push(performance.now() - t0); // the first three warm up
  }
  times.sort((a, b) => a - b);
  return { n, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
}

/** Sequential GET materials through WordPress and on the sidecar alone. */
export async function measureLatency({ wordpressUrl, sidecarUrl, requests = 50 }) {
  const wordpress = await timeRequests(`${wordpressUrl}${PATH}`, { cookie: PLAYGROUND_COOKIE }, requests);
  const sidecar = await timeRequests(`${sidecarUrl}${PATH}`, {}, requests);
  return { wordpress, sidecar };
}

export function formatLatency({ wordpress, sidecar }) {
  const f = (ms) => `${ms.toFixed(1)} ms`;
  return [
    `GET materials through WordPress (${wordpress.n} sequential): p50 ${f(wordpress.p50)}, p95 ${f(wordpress.p95)}, max ${f(wordpress.max)}`,
    `GET materials on the sidecar alone (${sidecar.n} sequential): p50 ${f(sidecar.p50)}, p95 ${f(sidecar.p95)}, max ${f(sidecar.max)}`,
  ];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
  const instance = 'bench';
  try {
    const t0 = performance.now();
    const state = await startStack({ instance, wpPort: 0, sidecarPort: 0, fresh: true, php: option('php'), sidecarEnv: { MANUFACTURER_AGENT_RATE_LIMIT: '0', LOG_LEVEL: 'warn' }, log: () => {} });
    console.log(`stack start (fresh site, ${state.runtime}, PHP ${state.wordpress.php}): ${((performance.now() - t0) / 1000).toFixed(1)} s (build included), WordPress ${state.timings.wordpressStartSeconds} s`);
    for (const line of formatLatency(await measureLatency({ wordpressUrl: state.wordpress.url, sidecarUrl: state.sidecar.url, requests: Number(option('requests', 50)) }))) console.log(line);
  } finally {
    await stopStack({ instance, remove: true, log: () => {} });
  }
}
