// Load for a streamed answer: `connections` clients, each asking again as soon as its stream ended,
// for `seconds`. Measured per request: the time from sending it to the first event's bytes, and to
// the end of the stream. Prints one line: BENCH_JSON {...} (milliseconds).
//
//   node scripts/bench/sse-client.mjs <url> <connections> <seconds> [warmupSeconds]
import http from 'node:http';
import { summarize } from './lib/stats.mjs';

const [url, connectionsArg, secondsArg, warmupArg] = process.argv.slice(2);
const connections = Number(connectionsArg ?? 50);
const seconds = Number(secondsArg ?? 5);
const warmup = Number(warmupArg ?? 1);
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);

const firstEvent = [];
const whole = [];
const statuses = {};
let errors = 0;
let measuring = false;
let stopAt = 0;

function once() {
  return new Promise((resolve) => {
    const t0 = performance.now();
    let first;
    const req = http.get({ host: target.hostname, port: target.port, path: target.pathname + target.search, agent, headers: { accept: 'text/event-stream' } }, (res) => {
      res.on('data', (chunk) => {
        if (first === undefined && chunk.includes('event:')) first = performance.now() - t0;
      });
      res.on('end', () => {
        if (measuring) {
          statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
          if (first !== undefined) firstEvent.push(first);
          whole.push(performance.now() - t0);
        }
        resolve();
      });
    });
    req.on('error', () => {
      if (measuring) errors += 1;
      resolve();
    });
  });
}

async function client() {
  while (performance.now() < stopAt) await once();
}

stopAt = performance.now() + warmup * 1000;
await Promise.all(Array.from({ length: connections }, client));
measuring = true;
const t0 = performance.now();
stopAt = t0 + seconds * 1000;
await Promise.all(Array.from({ length: connections }, client));
const elapsed = (performance.now() - t0) / 1000;
agent.destroy();
console.log(
  `BENCH_JSON ${JSON.stringify({ requests: whole.length, seconds: elapsed, rps: whole.length / elapsed, errors, statuses, firstEvent: summarize(firstEvent), stream: summarize(whole) })}`,
);
