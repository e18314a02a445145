import { appendFileSync, mkdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { PREFIX, ROOT, spawnService, tempDataDir, type ServiceProcess, type SpawnOptions } from '../support/service.js';

export { PREFIX };

const FIGURES_FILE = path.join(ROOT, 'test-results/reliability-figures.txt');

/** Prints one figure of the run and keeps it in test-results/reliability-figures.txt for RELIABILITY.md. */
export function figure(line: string): void {
  const text = `[reliability] ${line}`;
  console.log(text);
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${new Date().toISOString()} ${text}\n`);
}

/** Sidecar processes of one suite; every one is killed at the end, none is left running. */
export class Sidecars {
  #all: ServiceProcess[] = [];
  #dirs: string[] = [];

  /** A data folder for a sidecar of this suite, removed by killAll. */
  dataDir(): string {
    const dir = tempDataDir();
    this.#dirs.push(dir);
    return dir;
  }

  async start(env: Record<string, string>, options: SpawnOptions = {}): Promise<ServiceProcess> {
    // HOST '' means the default (loopback) even when the CI environment sets HOST.
    // No event-loop shedding on /ask either: these suites load a shared 2-core machine on purpose.
    const p = await spawnService(
      { HOST: '', MANUFACTURER_AGENT_RATE_LIMIT: '0', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0', MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '0', ...env },
      { timeoutMs: 20_000, ...options },
    );
    this.#all.push(p);
    return p;
  }

  async killAll(): Promise<void> {
    for (const p of this.#all.splice(0)) {
      if (p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGKILL');
        await p.exited;
      }
    }
    for (const dir of this.#dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  }
}

export function isAlive(p: ServiceProcess): boolean {
  return p.child.exitCode === null && p.child.signalCode === null;
}

export function postHandoff(base: string, key: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key, ...headers },
    body: JSON.stringify(body),
  });
}

/** Runs tasks with at most `width` at a time. */
export async function pool<T>(items: T[], width: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await task(items[i], i);
      }
    }),
  );
}

export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface RawOutcome {
  /** Undefined when the server closed the connection without an answer. */
  response?: RawResponse;
  /** The client gave up waiting. */
  timedOut: boolean;
  error?: string;
  ms: number;
}

function parseResponse(data: Buffer): RawResponse | undefined {
  const end = data.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const head = data.subarray(0, end).toString('latin1').split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(head[0]);
  if (!match) return undefined;
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = data.subarray(end + 4);
  if (/chunked/i.test(headers['transfer-encoding'] ?? '')) {
    const parts: Buffer[] = [];
    let rest = body;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n');
      if (lineEnd < 0) break;
      const size = parseInt(rest.subarray(0, lineEnd).toString('latin1'), 16);
      if (!size) break;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      rest = rest.subarray(lineEnd + 2 + size + 2);
    }
    body = Buffer.concat(parts);
  } else if (headers['content-length'] !== undefined) {
    body = body.subarray(0, Number(headers['content-length']));
  }
  return { status: Number(match[1]), headers, body };
}

/**
 * Sends bytes as they are on a new connection and reads until the server closes it.
 * `halfClose` ends the sending side after the bytes (for input that is not a complete request).
 */
export function rawRequest(port: number, bytes: Buffer, options: { timeoutMs?: number; halfClose?: boolean; localAddress?: string } = {}): Promise<RawOutcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // localAddress: another loopback address (127.0.0.2) is a client other than a proxy on 127.0.0.1.
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: options.localAddress });
    let settled = false;
    const finish = (timedOut: boolean, error?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const data = Buffer.concat(chunks);
      resolve({ response: parseResponse(data), timedOut, error, ms: performance.now() - started });
    };
    const timer = setTimeout(() => finish(true), options.timeoutMs ?? 10_000);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => finish(false));
    socket.on('close', () => finish(false));
    socket.on('error', (e) => finish(false, (e as NodeJS.ErrnoException).code ?? e.message));
    socket.on('connect', () => {
      socket.write(bytes);
      if (options.halfClose) socket.end();
    });
  });
}

/** An HTTP/1.1 request as bytes; header values may hold any bytes. */
export function requestBytes(method: string, target: string, headers: [string, Buffer | string][], body?: Buffer, host: string | null = '127.0.0.1'): Buffer {
  const lines: Buffer[] = [Buffer.from(`${method} ${target} HTTP/1.1\r\n${host === null ? '' : `Host: ${host}\r\n`}Connection: close\r\n`, 'latin1')];
  for (const [name, value] of headers)
    lines.push(Buffer.from(`${name}: `, 'latin1'), Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8'), Buffer.from('\r\n'));
  if (body) lines.push(Buffer.from(`Content-Length: ${body.length}\r\n`));
  lines.push(Buffer.from('\r\n'));
  if (body) lines.push(body);
  return Buffer.concat(lines);
}

export function portOf(baseUrl: string): number {
  return Number(new URL(baseUrl).port);
}
