// The hourly retention run (expired idempotency keys, handoffs past their retention) and what the
// bridge's status reports of it: when it last ran and whether every step succeeded. Site Health and
// `wp manufacturer-agent status` warn when no run succeeded in the last day, and read the store's
// writability from the same place: each run writes to the store.
import { constants as fsConstants } from 'node:fs';
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ServiceConfig } from '../core/config.js';
import { SqliteHandoffStore } from './sqlite-store.js';
import type { HandoffStore } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  /** When the run ended (ms since the epoch). */
  at: number;
  /** Every step succeeded. */
  ok: boolean;
  /** The first failure's message, when one failed. */
  error?: string;
}

/** Whether the handoff store accepts writes, and how that was judged. */
export interface StorageCheck {
  kind: string;
  writable: boolean;
  detail: string;
}

export class Retention {
  #last: RetentionRun | undefined;
  #lastOk: number | undefined;

  constructor(
    private readonly handoffs: HandoffStore,
    private readonly config: Pick<ServiceConfig, 'handoffRetentionDays'>,
  ) {}

  /** The last run, if any ran in this process. */
  get last(): RetentionRun | undefined {
    return this.#last;
  }

  /** When a run last succeeded in this process. */
  get lastSucceededAt(): number | undefined {
    return this.#lastOk;
  }

  /**
   * One run: forget expired keys; expire handoffs past the retention (their link stops working, the
   * admin screen still shows them); delete their records one retention period later. A failing step
   * is logged and the next still runs.
   */
  async run(log: Pick<FastifyBaseLogger, 'info' | 'error'>, now = Date.now()): Promise<RetentionRun> {
    const days = this.config.handoffRetentionDays;
    const retentionMs = days * DAY_MS;
    let error: string | undefined;
    const step = async (what: string, work: () => Promise<number>, done: (n: number) => string) => {
      try {
        const n = await work();
        if (n) log.info(done(n));
      } catch (err) {
        log.error({ err }, `${what} failed`);
        error ??= `${what}: ${err instanceof Error ? err.message : String(err)}`;
      }
    };
    await step(
      'purging expired idempotency keys',
      () => this.handoffs.purgeExpiredKeys(now),
      (n) => `purged ${n} expired idempotency keys`,
    );
    await step(
      'expiring old handoffs',
      () => this.handoffs.expireHandoffs(now - retentionMs, now),
      (n) => `expired ${n} handoffs older than ${days} days`,
    );
    await step(
      'deleting expired handoffs',
      () => this.handoffs.purgeHandoffs(now - retentionMs),
      (n) => `deleted ${n} handoffs expired more than ${days} days ago`,
    );
    const at = Date.now();
    this.#last = error === undefined ? { at, ok: true } : { at, ok: false, error };
    if (!error) this.#lastOk = at;
    return this.#last;
  }

  /**
   * Whether the store accepts writes. SQLite: the data folder and its database file may be written by
   * this process (a read-only mount or a wrong owner shows here before the first handoff fails).
   * MariaDB/MySQL: the last retention run, whose statements write to the same tables.
   */
  async storage(): Promise<StorageCheck> {
    const kind = this.handoffs.kind;
    if (this.handoffs instanceof SqliteHandoffStore) {
      const sqliteFile = this.handoffs.file;
      const paths = [path.dirname(sqliteFile), sqliteFile];
      for (const p of paths) {
        try {
          await access(p, fsConstants.W_OK);
        } catch (err) {
          return { kind, writable: false, detail: `${p} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'})` };
        }
      }
      return { kind, writable: true, detail: `${sqliteFile} is writable` };
    }
    const last = this.#last;
    if (!last) return { kind, writable: true, detail: 'no retention run yet; the database accepted the tables at start' };
    return last.ok
      ? { kind, writable: true, detail: 'the last retention run wrote to the database' }
      : { kind, writable: false, detail: `the last retention run failed: ${last.error}` };
  }
}
