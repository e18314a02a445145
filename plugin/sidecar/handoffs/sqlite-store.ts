import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { CreateOnceInput, CreateOutcome, HandoffPage, HandoffState, HandoffStore, ListOptions, StoredHandoff } from './store.js';
import type { NextStep } from '../core/site-config.js';
import { WalSync } from './wal-sync.js';
import { SQLITE_INSIGHTS_MIGRATION, SqliteInsightsStore } from '../insights/sqlite-insights.js';
import type { InsightsStore } from '../insights/store.js';

export const SQLITE_FILE_NAME = 'manufacturer-agent.sqlite';

const MIGRATIONS: string[] = [
  `CREATE TABLE handoffs (
     id TEXT PRIMARY KEY,
     next_step TEXT NOT NULL,
     requirements TEXT NOT NULL,
     link TEXT NOT NULL,
     created_at TEXT NOT NULL,
     body TEXT NOT NULL
   );
   CREATE INDEX handoffs_created ON handoffs (created_at DESC, id);
   CREATE TABLE idempotency_keys (
     key TEXT PRIMARY KEY,
     fingerprint TEXT NOT NULL,
     handoff_id TEXT NOT NULL REFERENCES handoffs (id),
     expires_at INTEGER NOT NULL
   );
   CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);`,
  // The per-client handoff limit (store.ts: CreationLimit): one row per client and window.
  `CREATE TABLE handoff_creations (
     client TEXT PRIMARY KEY,
     window_ends INTEGER NOT NULL,
     count INTEGER NOT NULL
   );
   CREATE INDEX handoff_creations_window ON handoff_creations (window_ends);`,
  // The handoff's lifecycle (store.ts: HandoffState); rows of before are 'created'. The times are
  // ISO 8601 texts as created_at is, so they compare as text.
  `ALTER TABLE handoffs ADD COLUMN state TEXT NOT NULL DEFAULT 'created';
   ALTER TABLE handoffs ADD COLUMN opened_at TEXT;
   ALTER TABLE handoffs ADD COLUMN submitted_at TEXT;
   ALTER TABLE handoffs ADD COLUMN expired_at TEXT;
   CREATE INDEX handoffs_state_created ON handoffs (state, created_at DESC, id);
   CREATE INDEX handoffs_expired ON handoffs (expired_at) WHERE expired_at IS NOT NULL;`,
  // Insights (insights/): request counters, questions without personal data, marks, settings.
  SQLITE_INSIGHTS_MIGRATION,
];

/** The schema version this store migrates to (PRAGMA user_version). */
export const SQLITE_SCHEMA_VERSION = MIGRATIONS.length;

/** The database as a given earlier version of this store left it: for tests of the migration from it. */
export function createSqliteSchema(db: Database.Database, version: number): void {
  for (let v = 0; v < version; v++) db.exec(MIGRATIONS[v]);
  db.pragma(`user_version = ${version}`);
}

interface HandoffRow {
  id: string;
  next_step: NextStep;
  requirements: string;
  link: string;
  created_at: string;
  body: string;
  state: HandoffState;
  opened_at: string | null;
  submitted_at: string | null;
  expired_at: string | null;
}

interface PendingCreate {
  input: CreateOnceInput;
  /** No row held the key when the request came in. */
  keyWasAbsent: boolean;
  resolve: (outcome: CreateOutcome) => void;
  reject: (error: unknown) => void;
  outcome?: CreateOutcome;
  error?: unknown;
}

/** A key's statement failed inside the fast batch: the batch runs again key by key. */
class KeyFailed extends Error {
  constructor(readonly cause: unknown) {
    super('a key of the batch failed');
  }
}

function fromRow(row: HandoffRow): StoredHandoff {
  return { ...row, requirements: JSON.parse(row.requirements) };
}

/** The statements createOnce runs, prepared once. */
function prepareStatements(db: Database.Database) {
  return {
    // The key and its handoff in one statement: one read transaction (and its WAL read lock) instead of two.
    findKey: db.prepare<[string], { fingerprint: string; expires_at: number } & Partial<HandoffRow>>(
      `SELECT k.fingerprint, k.expires_at, h.id, h.next_step, h.requirements, h.link, h.created_at, h.body,
              h.state, h.opened_at, h.submitted_at, h.expired_at
         FROM idempotency_keys k LEFT JOIN handoffs h ON h.id = k.handoff_id WHERE k.key = ?`,
    ),
    insertHandoff: db.prepare('INSERT INTO handoffs (id, next_step, requirements, link, created_at, body) VALUES (?, ?, ?, ?, ?, ?)'),
    // REPLACE: an expired key (or one pointing at no handoff) starts over with the new handoff.
    insertKey: db.prepare('INSERT OR REPLACE INTO idempotency_keys (key, fingerprint, handoff_id, expires_at) VALUES (?, ?, ?, ?)'),
    // Only for a key no row held a moment ago: a row there now (written since, by another process or
    // by a request earlier in the same batch) fails the statement instead of being replaced.
    insertAbsentKey: db.prepare('INSERT INTO idempotency_keys (key, fingerprint, handoff_id, expires_at) VALUES (?, ?, ?, ?)'),
    findCreations: db.prepare<[string], { window_ends: number; count: number }>('SELECT window_ends, count FROM handoff_creations WHERE client = ?'),
    startWindow: db.prepare('INSERT OR REPLACE INTO handoff_creations (client, window_ends, count) VALUES (?, ?, 1)'),
    countCreation: db.prepare('UPDATE handoff_creations SET count = count + 1 WHERE client = ?'),
  };
}

/**
 * The embedded default: one SQLite file, written in WAL mode so a killed process loses no committed handoff.
 *
 * Group commit: the new keys that arrived in one turn of the event loop are written in one transaction
 * (#flush), so the WAL gets each changed page once per batch instead of once per handoff and checkpoints
 * come that much less often. IMMEDIATE takes the write lock first, so two processes on one file cannot
 * both see a key as new. Every promise resolves only after the COMMIT returned: each 201 is as durable as
 * a transaction of its own. A batch first runs without a savepoint per key, and a key that was absent
 * when its request came in is inserted without being looked up again (#writeBatch); when a key fails (a
 * key taken since, among them), the batch rolls back whole and runs again with each key apart and looked
 * up (#writeBatchApart; CreateOnceInput.handoff gives the same handoff on every call).
 */
export class SqliteHandoffStore implements HandoffStore {
  readonly kind = 'sqlite';
  readonly file: string;
  /** The insights' tables in the same file (insights/sqlite-insights.ts). */
  readonly insights: InsightsStore;
  #db: Database.Database;
  #sql: ReturnType<typeof prepareStatements>;
  #queue: PendingCreate[] = [];
  #walSync: WalSync;
  #writeBatchTx: (batch: PendingCreate[]) => void;
  #writeBatchApartTx: (batch: PendingCreate[]) => void;
  /** One key as a savepoint of its own, so that its failure leaves the others of its batch untouched. */
  #createOneTx: (input: CreateOnceInput) => CreateOutcome;

  constructor(dataDir: string) {
    fs.mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, SQLITE_FILE_NAME);
    const db = new Database(this.file);
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode: a commit is in the WAL before it returns, so it survives a process crash;
    // only an operating-system crash could lose the newest commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // SQLite's own default page cache (2 MB). better-sqlite3 builds SQLite with 16 MB, which under a
    // creation load was 17 MB of the sidecar's RSS for no measurable gain: keys and handoffs are read
    // by primary key, the interior pages stay cached and the operating system caches the file.
    db.pragma('cache_size = -2000');
    db.pragma('foreign_keys = ON');
    this.#db = db;
    this.#walSync = new WalSync(this.file);
    this.#migrate();
    this.#sql = prepareStatements(db);
    this.insights = new SqliteInsightsStore(db);
    this.#createOneTx = db.transaction((input: CreateOnceInput) => this.#createOne(input));
    this.#writeBatchTx = db.transaction((batch: PendingCreate[]) => this.#writeBatch(batch)).immediate;
    this.#writeBatchApartTx = db.transaction((batch: PendingCreate[]) => this.#writeBatchApart(batch)).immediate;
  }

  /** A live key's outcome (none when the key is new, expired or points at no handoff), and whether any row holds the key. */
  #lookUp(input: CreateOnceInput): { outcome?: CreateOutcome; absent: boolean } {
    const existing = this.#sql.findKey.get(input.key);
    if (!existing) return { absent: true };
    if (existing.expires_at <= input.now) return { absent: false };
    if (existing.fingerprint !== input.fingerprint) return { outcome: { kind: 'conflict' }, absent: false };
    const { fingerprint: _f, expires_at: _e, ...row } = existing;
    return { outcome: row.id ? { kind: 'replayed', handoff: fromRow(row as HandoffRow) } : undefined, absent: false };
  }

  /** Counts one creation of the client, or refuses it; inside the write transaction, so processes on one file count in turn. */
  #admitCreation({ limit, now }: CreateOnceInput): boolean {
    if (!limit) return true;
    const current = this.#sql.findCreations.get(limit.client);
    if (current && current.window_ends > now) {
      if (current.count >= limit.max) return false;
      this.#sql.countCreation.run(limit.client);
    } else {
      this.#sql.startWindow.run(limit.client, now + limit.windowMs);
    }
    return true;
  }

  #insert(input: CreateOnceInput, keyStatement: Database.Statement): CreateOutcome {
    if (!this.#admitCreation(input)) return { kind: 'limited' };
    const h = input.handoff();
    this.#sql.insertHandoff.run(h.id, h.next_step, JSON.stringify(h.requirements), h.link, h.created_at, h.body);
    keyStatement.run(input.key, input.fingerprint, h.id, input.keyExpiresAt);
    return { kind: 'created', handoff: h };
  }

  /** One key: the known outcome, or the new handoff. */
  #createOne(input: CreateOnceInput): CreateOutcome {
    return this.#lookUp(input).outcome ?? this.#insert(input, this.#sql.insertKey);
  }

  /** The fast path: no savepoint per key, absent keys not looked up again. Throws KeyFailed when a key's statement fails. */
  #writeBatch(batch: PendingCreate[]): void {
    for (const pending of batch) {
      try {
        pending.outcome = pending.keyWasAbsent ? this.#insert(pending.input, this.#sql.insertAbsentKey) : this.#createOne(pending.input);
      } catch (error) {
        throw new KeyFailed(error);
      }
    }
  }

  /** After a key failed: each key in a savepoint of its own, its error kept for its own request. */
  #writeBatchApart(batch: PendingCreate[]): void {
    for (const pending of batch) {
      pending.outcome = undefined;
      try {
        pending.outcome = this.#createOneTx(pending.input);
      } catch (error) {
        pending.error = error;
      }
    }
  }

  /** Writes the queued keys in one transaction, then answers each request. */
  #flush = (): void => {
    const batch = this.#queue;
    this.#queue = [];
    // Already written by close().
    if (!batch.length) return;
    try {
      this.#writeBatchTx(batch);
    } catch (error) {
      try {
        if (!(error instanceof KeyFailed)) throw error;
        this.#writeBatchApartTx(batch);
      } catch (failure) {
        for (const pending of batch) pending.reject(failure);
        return;
      }
    }
    this.#walSync.wrote();
    for (const pending of batch) {
      if (pending.outcome) pending.resolve(pending.outcome);
      else pending.reject(pending.error);
    }
  };

  #migrate(): void {
    // Read again inside each write transaction: another process may have migrated meanwhile.
    const version = () => this.#db.pragma('user_version', { simple: true }) as number;
    for (let v = version(); v < MIGRATIONS.length; v++) {
      this.#db
        .transaction(() => {
          if (version() > v) return;
          this.#db.exec(MIGRATIONS[v]);
          this.#db.pragma(`user_version = ${v + 1}`);
        })
        .immediate();
    }
  }

  async createOnce(input: CreateOnceInput): Promise<CreateOutcome> {
    // A live key never changes until it expires (a purged handoff takes its keys with it), so a replay or
    // conflict is answered from a plain read without the write lock, before the creation limit is counted;
    // only a new key waits for the next batch.
    const { outcome, absent } = this.#lookUp(input);
    if (outcome) return outcome;
    return new Promise((resolve, reject) => {
      this.#queue.push({ input, keyWasAbsent: absent, resolve, reject });
      if (this.#queue.length === 1) setImmediate(this.#flush);
    });
  }

  async get(id: string): Promise<StoredHandoff | undefined> {
    return this.#row(id);
  }

  async list({ limit, offset, nextStep, state }: ListOptions): Promise<HandoffPage> {
    const conditions = [nextStep && 'next_step = @nextStep', state && 'state = @state'].filter(Boolean);
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const params = { nextStep, state, limit, offset };
    const rows = this.#db
      .prepare<typeof params, HandoffRow>(`SELECT * FROM handoffs ${where} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`)
      .all(params);
    const { total } = this.#db.prepare<typeof params, { total: number }>(`SELECT COUNT(*) AS total FROM handoffs ${where}`).get(params)!;
    return { items: rows.map(fromRow), total };
  }

  async purgeExpiredKeys(now: number): Promise<number> {
    this.#db.prepare('DELETE FROM handoff_creations WHERE window_ends <= ?').run(now);
    return this.#db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?').run(now).changes;
  }

  /** Runs one write transaction, taking the write lock first so processes on one file change a row in turn. */
  #write<T>(work: () => T): T {
    const result = this.#db.transaction(work).immediate();
    this.#walSync.wrote();
    return result;
  }

  #row(id: string): StoredHandoff | undefined {
    const row = this.#db.prepare<[string], HandoffRow>('SELECT * FROM handoffs WHERE id = ?').get(id);
    return row ? fromRow(row) : undefined;
  }

  async markOpened(id: string, now: number): Promise<StoredHandoff | undefined> {
    return this.#write(() => {
      this.#db.prepare("UPDATE handoffs SET state = 'opened', opened_at = ? WHERE id = ? AND state = 'created'").run(new Date(now).toISOString(), id);
      return this.#row(id);
    });
  }

  async markSubmitted(id: string, now: number): Promise<{ handoff: StoredHandoff; changed: boolean } | undefined> {
    return this.#write(() => {
      const { changes } = this.#db
        .prepare("UPDATE handoffs SET state = 'submitted', submitted_at = ? WHERE id = ? AND state IN ('created', 'opened')")
        .run(new Date(now).toISOString(), id);
      const handoff = this.#row(id);
      return handoff && { handoff, changed: changes === 1 };
    });
  }

  async expireHandoffs(createdBefore: number, now: number): Promise<number> {
    const before = new Date(createdBefore).toISOString();
    return this.#write(() => {
      // Its keys go: a retry after the expiry creates a new handoff instead of replaying a dead link.
      this.#db.prepare('DELETE FROM idempotency_keys WHERE handoff_id IN (SELECT id FROM handoffs WHERE created_at < ?)').run(before);
      return this.#db
        .prepare("UPDATE handoffs SET state = 'expired', expired_at = ? WHERE created_at < ? AND state <> 'expired'")
        .run(new Date(now).toISOString(), before).changes;
    });
  }

  async purgeHandoffs(expiredBefore: number): Promise<number> {
    const before = new Date(expiredBefore).toISOString();
    return this.#write(() => {
      // Keys first: they reference the handoffs.
      this.#db.prepare('DELETE FROM idempotency_keys WHERE handoff_id IN (SELECT id FROM handoffs WHERE expired_at < ?)').run(before);
      return this.#db.prepare('DELETE FROM handoffs WHERE expired_at < ?').run(before).changes;
    });
  }

  async close(): Promise<void> {
    if (this.#queue.length && this.#db.open) this.#flush();
    await this.#walSync.close();
    if (this.#db.open) this.#db.close();
  }
}
