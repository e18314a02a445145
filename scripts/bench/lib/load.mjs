// The load generators: wrk (C, Debian's package) for every request/response case, and a small Node
// client for the time to the first event of a stream (wrk cannot see inside a response).
import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseWrkReport } from './stats.mjs';
import { pinned, track } from './proc.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const LUA = { report: path.join(HERE, '../lua/report.lua'), handoffs: path.join(HERE, '../lua/handoffs.lua') };

function collect(command, args, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }), command);
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}${err}`));
    });
  });
}

/**
 * wrk against one URL. request: { method, path, headers, body, contentType } or script 'handoffs'
 * with env. Returns parseWrkReport()'s figures plus the exact command line.
 */
export async function wrk({ baseUrl, request = {}, connections, seconds, threads = 1, cpu, script = 'report', env = {}, countStatus = false }) {
  const url = baseUrl + (request.path ?? '/');
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${seconds}s`, '--timeout', '5s', '-s', LUA[script]];
  for (const [name, value] of Object.entries(request.headers ?? {})) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const scriptEnv = {
    BENCH_METHOD: request.method ?? 'GET',
    BENCH_BODY: request.body ?? '',
    BENCH_CONTENT_TYPE: request.contentType ?? '',
    BENCH_COUNT_STATUS: countStatus ? '1' : '0',
    ...env,
  };
  const [cmd, argv] = pinned(cpu, 'wrk', args);
  const out = await collect(cmd, argv, scriptEnv, (seconds + 30) * 1000);
  return { ...parseWrkReport(out), command: commandLine(scriptEnv, 'wrk', args) };
}

/** The streamed-answer client in its own process (pinned like wrk). */
export async function sseLoad({ url, connections, seconds, warmupSeconds = 1, cpu }) {
  const args = [path.join(HERE, '../sse-client.mjs'), url, String(connections), String(seconds), String(warmupSeconds)];
  const [cmd, argv] = pinned(cpu, process.execPath, args);
  const out = await collect(cmd, argv, {}, (seconds + warmupSeconds + 30) * 1000);
  const line = out.split('\n').find((l) => l.startsWith('BENCH_JSON '));
  if (!line) throw new Error(`sse-client printed no figures:\n${out}`);
  const raw = JSON.parse(line.slice('BENCH_JSON '.length));
  return {
    requests: raw.requests,
    seconds: raw.seconds,
    rps: raw.rps,
    errors: { other: raw.errors },
    statuses: raw.statuses,
    latency: { p50: raw.firstEvent.p50, p99: raw.firstEvent.p99, max: raw.firstEvent.max, mean: raw.firstEvent.mean },
    stream: raw.stream,
    command: `node scripts/bench/sse-client.mjs ${url} ${connections} ${seconds} ${warmupSeconds}`,
  };
}

function commandLine(env, command, args) {
  const quote = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);
  const vars = Object.entries(env)
    .filter(([, v]) => v !== '' && v !== '0')
    .map(([k, v]) => `${k}=${quote(v)}`);
  return [...vars, command, ...args.map((a) => quote(a.replace(path.resolve(HERE, '../../..') + '/', '')))].join(' ');
}

/**
 * One request with node:http, keeping the raw header names and the body's bytes; for an event stream
 * also where the first event ends (so the ceiling server can send it first).
 */
export function capture(baseUrl, { method = 'GET', path: p = '/', headers = {}, body, contentType }) {
  return new Promise((resolve, reject) => {
    const target = new URL(baseUrl + p);
    const allHeaders = { ...headers, ...(contentType ? { 'content-type': contentType } : {}) };
    if (body !== undefined) allHeaders['content-length'] = Buffer.byteLength(body);
    const req = http.request({ host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: allHeaders, agent: false }, (res) => {
      const chunks = [];
      let firstEventBytes;
      let seen = 0;
      res.on('data', (chunk) => {
        chunks.push(chunk);
        seen += chunk.length;
        if (firstEventBytes === undefined && /text\/event-stream/.test(res.headers['content-type'] ?? '')) {
          const all = Buffer.concat(chunks).toString('utf8');
          const end = all.indexOf('\n\n');
          if (end >= 0) firstEventBytes = Buffer.byteLength(all.slice(0, end + 2));
        }
      });
      res.on('end', () => {
        const headerPairs = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) headerPairs.push([res.rawHeaders[i], res.rawHeaders[i + 1]]);
        resolve({ method, url: p, status: res.statusCode, headers: headerPairs, body: Buffer.concat(chunks), firstEventBytes, bytes: seen });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}
