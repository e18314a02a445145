import { hostname } from 'node:os';
import pino from 'pino';

/**
 * One line per answered request, written as nginx's `access_log … buffer= flush=` writes them: collected
 * up to ACCESS_LOG_BUFFER_BYTES (nginx's default buffer size, 64 KB) and written together, at the latest
 * after ACCESS_LOG_FLUSH_MS, and on close and exit. What a crash can lose is at most that buffer of
 * access lines (about 340); warnings and errors go through the service's own logger (pino), which
 * writes each line at once. 64 KB instead of 4 KB took 1.3 µs of CPU off each cached read on the
 * benchmark machine (BENCHMARKS.md), 6 % of its cost.
 */
export const ACCESS_LOG_BUFFER_BYTES = 65536;
export const ACCESS_LOG_FLUSH_MS = 1000;

/** The request-target is the only part of a line a client chooses; JSON-escaped only when it needs it. */
export function escapeTarget(url: string): string {
  return /["\\\u0000-\u001f\u007f-\uffff]/.test(url) ? JSON.stringify(url).slice(1, -1) : url;
}

/** pino's level number of access lines (info). */
const INFO = 30;

/** pino's destination as it is created here. */
interface ByteDestination {
  write(bytes: Buffer): boolean;
}

/** Lines not yet handed to their destination, written at exit by one handler for all logs of the process. */
const open = new Set<AccessLog>();
let exitHandler = false;

/**
 * Access lines in exactly the shape of the service logger's lines ({"level":30,"time":…,"pid":…,
 * "hostname":…,"reqId":…,"msg":…}; tests/unit/access-log.test.ts compares them with pino's), built by
 * concatenation: pino's general serialiser cost 3.7 µs per line, a quarter of a cached answer's CPU
 * time on the benchmark machine; this costs 0.6 µs. Each line is encoded into one reused buffer at once
 * and the buffer is handed to pino's destination (sonic-boom, synchronous) when full: sonic-boom's own
 * buffering measures the whole buffer's byte length on every write (3 µs per line at 4 KB), and lines
 * kept as strings until then outlived the young generation under load (a quarter of what reached the
 * old generation per tool call; BENCHMARKS.md, issue 7).
 */
export class AccessLog {
  readonly enabled: boolean;
  readonly #destination?: ByteDestination;
  readonly #middle = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
  readonly #buffer: Buffer;
  /** Bytes of #buffer holding lines not yet handed over. */
  #used = 0;
  #timer?: NodeJS.Timeout;

  constructor(level: string, destination: number | string = 1) {
    const threshold = pino.levels.values[level];
    this.enabled = level !== 'silent' && (threshold === undefined || threshold <= INFO);
    this.#buffer = Buffer.allocUnsafeSlow(this.enabled ? ACCESS_LOG_BUFFER_BYTES : 0);
    if (!this.enabled) return;
    // In contentMode 'buffer' sonic-boom takes bytes; its types name only strings.
    this.#destination = pino.destination({ dest: destination, sync: true, contentMode: 'buffer' }) as unknown as ByteDestination;
    this.#timer = setInterval(() => this.#handOver(), ACCESS_LOG_FLUSH_MS);
    this.#timer.unref();
    open.add(this);
    if (!exitHandler) {
      exitHandler = true;
      process.on('exit', () => {
        for (const log of open) log.#handOver();
      });
    }
  }

  /** One synchronous write of everything collected: up to 64 KB, once every few hundred requests under load. */
  #handOver(): void {
    if (!this.#used || !this.#destination) return;
    // A copy: sonic-boom keeps what it could not write yet (EAGAIN on a pipe) while #buffer is reused.
    const lines = Buffer.from(this.#buffer.subarray(0, this.#used));
    this.#used = 0;
    this.#destination.write(lines);
  }

  /** `GET /path 200 1.2ms` under the request's id. */
  request(reqId: string, method: string, url: string, status: number, elapsedMs: number): void {
    if (this.#destination) this.requestEscaped(reqId, method, escapeTarget(url), status, elapsedMs);
  }

  /** The same for a request-target already escaped with escapeTarget (the fast door's own, known ones). */
  requestEscaped(reqId: string, method: string, target: string, status: number, elapsedMs: number): void {
    if (!this.#destination) return;
    const line = `{"level":${INFO},"time":${Date.now()}${this.#middle}${reqId}","msg":"${method} ${target} ${status} ${elapsedMs.toFixed(1)}ms"}\n`;
    // At most three UTF-8 bytes per UTF-16 unit.
    if (this.#used + line.length * 3 > this.#buffer.length) {
      this.#handOver();
      if (line.length * 3 > this.#buffer.length) {
        this.#destination.write(Buffer.from(line));
        return;
      }
    }
    this.#used += this.#buffer.write(line, this.#used);
  }

  /** Writes what is collected and stops the timer (the service closes). */
  close(): void {
    this.#handOver();
    clearInterval(this.#timer);
    open.delete(this);
  }
}
