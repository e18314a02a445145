import fs from 'node:fs';

/**
 * Writes SQLite's WAL to disk in the background (fdatasync in libuv's thread pool) while handoffs are
 * being committed, one sync at a time, each taking what was written before it started.
 *
 * Why: SQLite checkpoints inside a COMMIT, on the event loop, once the WAL holds 1,000 pages, and with
 * synchronous = NORMAL a checkpoint first syncs the WAL. Unsynced, that was up to 4 MB and 3–5 ms of the
 * 10–15 ms every request waits while a checkpoint runs. Synced in the background, the checkpoint finds
 * little left, so the slowest commits under creation load wait much less (figures in speed/README.md).
 * It is only an extra sync of a file SQLite
 * writes, so it cannot weaken what SQLite guarantees; it makes commits durable against an operating
 * system crash sooner than SQLite alone would.
 */
export class WalSync {
  readonly #walFile: string;
  #fd: number | undefined;
  #syncing: Promise<void> | undefined;
  #dirty = false;
  #closed = false;

  constructor(databaseFile: string) {
    this.#walFile = `${databaseFile}-wal`;
  }

  /** A transaction was committed: its pages are in the WAL, maybe not yet on disk. */
  wrote(): void {
    if (this.#closed) return;
    this.#dirty = true;
    if (!this.#syncing) this.#syncing = this.#syncWhileDirty();
  }

  async #syncWhileDirty(): Promise<void> {
    try {
      // SQLite keeps the WAL file while any connection is open (after a checkpoint it writes it again
      // from the start), so one descriptor serves until close.
      this.#fd ??= fs.openSync(this.#walFile, 'r');
      while (this.#dirty && !this.#closed) {
        this.#dirty = false;
        await new Promise<void>((resolve, reject) => fs.fdatasync(this.#fd!, (error) => (error ? reject(error) : resolve())));
      }
    } catch {
      // An optimisation only: SQLite still syncs the WAL itself before every checkpoint.
      this.#closed = true;
    } finally {
      this.#syncing = undefined;
    }
  }

  /** Waits for a sync under way, then lets go of the file. */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#syncing;
    if (this.#fd !== undefined) fs.closeSync(this.#fd);
    this.#fd = undefined;
  }
}
