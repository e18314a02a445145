import { hostname } from 'node:os';
import pino from 'pino';
import { LineBuffer, type ByteDestination } from '../speed/access-log-buffer.js';

/** The request-target is the only part of a line a client chooses; JSON-escaped only when it needs it. */
export function escapeTarget(url: string): string {
  return /["\\\u0000-\u001f\u007f-\uffff]/.test(url) ? JSON.stringify(url).slice(1, -1) : url;
}

/** pino's level number of access lines (info). */
const INFO = 30;

/**
 * One line per answered request, in exactly the shape of the service logger's lines ({"level":30,
 * "time":…,"pid":…,"hostname":…,"reqId":…,"msg":…}; tests/unit/access-log.test.ts compares them with
 * pino's), built by concatenation: every answer writes one, and pino's general serialiser is several
 * times the cost of the line. Each line is written at once, or collected in a LineBuffer when the
 * "access-log-buffer" trick is on (speed/README.md); warnings and errors go through the service's own
 * logger (pino), which writes each line at once.
 */
export class AccessLog {
  readonly enabled: boolean;
  readonly #destination?: ByteDestination;
  readonly #buffer?: LineBuffer;
  readonly #middle = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;

  constructor(level: string, destination: number | string = 1, buffered = true) {
    const threshold = pino.levels.values[level];
    this.enabled = level !== 'silent' && (threshold === undefined || threshold <= INFO);
    if (!this.enabled) return;
    // In contentMode 'buffer' sonic-boom takes bytes; its types name only strings.
    this.#destination = pino.destination({ dest: destination, sync: true, contentMode: 'buffer' }) as unknown as ByteDestination;
    if (buffered) this.#buffer = new LineBuffer(this.#destination);
  }

  /** `GET /path 200 1.2ms` under the request's id. */
  request(reqId: string, method: string, url: string, status: number, elapsedMs: number): void {
    if (this.#destination) this.requestEscaped(reqId, method, escapeTarget(url), status, elapsedMs);
  }

  /** The same for a request-target already escaped with escapeTarget (the fast door's own, known ones). */
  requestEscaped(reqId: string, method: string, target: string, status: number, elapsedMs: number): void {
    if (!this.#destination) return;
    const line = `{"level":${INFO},"time":${Date.now()}${this.#middle}${reqId}","msg":"${method} ${target} ${status} ${elapsedMs.toFixed(1)}ms"}\n`;
    if (this.#buffer) this.#buffer.write(line);
    else this.#destination.write(Buffer.from(line));
  }

  /** Writes what is collected (the service closes). */
  close(): void {
    this.#buffer?.close();
  }
}
