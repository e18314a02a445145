/** Where collected lines go: pino's destination (sonic-boom, synchronous, in contentMode 'buffer'). */
export interface ByteDestination {
  write(bytes: Buffer): boolean;
}

/** nginx's default access_log buffer size. */
export const ACCESS_LOG_BUFFER_BYTES = 65536;
export const ACCESS_LOG_FLUSH_MS = 1000;

/** Buffers not yet handed to their destination, written at exit by one handler for all of the process. */
const open = new Set<LineBuffer>();
let exitHandler = false;

/**
 * Trick "access-log-buffer" (README.md): access lines collected as nginx's `access_log … buffer= flush=`
 * collects them, up to ACCESS_LOG_BUFFER_BYTES and written together, at the latest after
 * ACCESS_LOG_FLUSH_MS, and on close and exit. What a crash can lose is at most that buffer (about 340
 * lines). Each line is encoded into one reused buffer at once: sonic-boom's own buffering measures the
 * whole buffer's byte length on every write, and lines kept as strings until then outlived the young
 * generation under load.
 */
export class LineBuffer {
  readonly #destination: ByteDestination;
  readonly #buffer = Buffer.allocUnsafeSlow(ACCESS_LOG_BUFFER_BYTES);
  /** Bytes of #buffer holding lines not yet handed over. */
  #used = 0;
  readonly #timer: NodeJS.Timeout;

  constructor(destination: ByteDestination) {
    this.#destination = destination;
    this.#timer = setInterval(() => this.#handOver(), ACCESS_LOG_FLUSH_MS);
    this.#timer.unref();
    open.add(this);
    if (!exitHandler) {
      exitHandler = true;
      process.on('exit', () => {
        for (const buffer of open) buffer.#handOver();
      });
    }
  }

  /** One synchronous write of everything collected: up to 64 KB, once every few hundred requests under load. */
  #handOver(): void {
    if (!this.#used) return;
    // A copy: sonic-boom keeps what it could not write yet (EAGAIN on a pipe) while #buffer is reused.
    const lines = Buffer.from(this.#buffer.subarray(0, this.#used));
    this.#used = 0;
    this.#destination.write(lines);
  }

  write(line: string): void {
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

  /** Writes what is collected and stops the timer. */
  close(): void {
    this.#handOver();
    clearInterval(this.#timer);
    open.delete(this);
  }
}
