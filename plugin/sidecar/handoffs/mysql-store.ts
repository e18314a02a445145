import { createHash } from 'node:crypto';
import type { Pool, PoolConnection, RowDataPacket, ResultSetHeader } from 'mysql2/promise';
import type { CreateOnceInput, CreateOutcome, HandoffPage, HandoffState, HandoffStore, ListOptions, StoredHandoff } from './store.js';
import type { NextStep } from '../core/site-config.js';
import { MysqlInsightsStore, mysqlInsightsMigration, mysqlInsightsTableNames } from '../insights/mysql-insights.js';
import type { InsightsStore } from '../insights/store.js';

/** Table names follow WordPress: the site's prefix, then ours. */
export function mysqlTableNames(prefix: string) {
  return {
    handoffs: `${prefix}manufacturer_agent_handoffs`,
    keys: `${prefix}manufacturer_agent_idempotency_keys`,
    schema: `${prefix}manufacturer_agent_schema_version`,
    creations: `${prefix}manufacturer_agent_handoff_creations`,
    ...mysqlInsightsTableNames(prefix),
  };
}
type Tables = ReturnType<typeof mysqlTableNames>;

/** Letters, digits and underscores only: the prefix is written into SQL as part of a table name. */
export const TABLE_PREFIX_PATTERN = /^[A-Za-z0-9_]{0,20}$/;

/**
 * Versioned migrations; each entry is one version, applied in order and recorded in the schema table.
 * DDL commits implicitly in MySQL, so every statement can be re-run (IF NOT EXISTS) after an interrupted start.
 * An ALTER TABLE cannot say IF NOT EXISTS in MySQL: each is one atomic statement, and a column or index it
 * finds already there (ER_DUP_FIELDNAME, ER_DUP_KEYNAME) means an interrupted start applied it.
 * Migrations are additive: a sidecar of an older version keeps working on a newer schema.
 *
 * Keys and ids are VARBINARY: compared byte for byte (keys are case-sensitive, and no PAD SPACE collation
 * can make "abc" equal "abc "). Texts are utf8mb4 with a binary collation, so every byte round-trips.
 */
const MIGRATIONS: ((t: Tables) => string[])[] = [
  (t) => [
    `CREATE TABLE IF NOT EXISTS \`${t.handoffs}\` (
       id VARBINARY(64) NOT NULL,
       next_step VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       requirements MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       link TEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       created_at VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       body MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
       PRIMARY KEY (id),
       KEY handoffs_created (created_at, id),
       KEY handoffs_step_created (next_step, created_at, id)
     ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
    `CREATE TABLE IF NOT EXISTS \`${t.keys}\` (
       idem_key VARBINARY(255) NOT NULL,
       fingerprint CHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
       handoff_id VARBINARY(64) NOT NULL,
       expires_at BIGINT NOT NULL,
       PRIMARY KEY (idem_key),
       KEY idempotency_keys_expiry (expires_at),
       KEY idempotency_keys_handoff (handoff_id)
     ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  ],
  // The per-client handoff limit (store.ts: CreationLimit): one row per client and window.
  (t) => [
    `CREATE TABLE IF NOT EXISTS \`${t.creations}\` (
       client VARBINARY(64) NOT NULL,
       window_ends BIGINT NOT NULL,
       count INT UNSIGNED NOT NULL,
       PRIMARY KEY (client),
       KEY handoff_creations_window (window_ends)
     ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin`,
  ],
  // The handoff's lifecycle (store.ts: HandoffState); rows of before are 'created'.
  (t) => [
    `ALTER TABLE \`${t.handoffs}\`
       ADD COLUMN state VARCHAR(16) CHARACTER SET ascii COLLATE ascii_bin NOT NULL DEFAULT 'created',
       ADD COLUMN opened_at VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NULL,
       ADD COLUMN submitted_at VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NULL,
       ADD COLUMN expired_at VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NULL`,
    `ALTER TABLE \`${t.handoffs}\` ADD KEY handoffs_state_created (state, created_at, id)`,
    `ALTER TABLE \`${t.handoffs}\` ADD KEY handoffs_state_expired (state, expired_at)`,
  ],
  // Insights (insights/): request counters, questions without personal data, marks, settings.
  (t) => mysqlInsightsMigration(t),
];

/** The tables as a given earlier version of this store left them: for tests of the migration from it. */
export function mysqlSchemaStatements(prefix: string, version: number): string[] {
  const tables = mysqlTableNames(prefix);
  return MIGRATIONS.slice(0, version).flatMap((migration) => migration(tables));
}

export const MYSQL_SCHEMA_VERSION = MIGRATIONS.length;

const ER_DUP_ENTRY = 1062;
const ER_DUP_FIELDNAME = 1060;
const ER_DUP_KEYNAME = 1061;
const ER_LOCK_WAIT_TIMEOUT = 1205;
const ER_LOCK_DEADLOCK = 1213;
const MAX_ATTEMPTS = 8;
const PURGE_BATCH = 1000;

interface HandoffRow extends RowDataPacket {
  id: Buffer | string;
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

interface KeyRow extends RowDataPacket {
  fingerprint: string;
  handoff_id: Buffer | string;
  expires_at: number | string;
}

function fromRow(row: HandoffRow): StoredHandoff {
  return {
    id: String(row.id),
    next_step: row.next_step,
    requirements: JSON.parse(row.requirements),
    link: row.link,
    created_at: row.created_at,
    body: row.body,
    state: row.state,
    opened_at: row.opened_at,
    submitted_at: row.submitted_at,
    expired_at: row.expired_at,
  };
}

type SqlError = Error & { errno?: number; code?: string; fatal?: boolean };

/** The key row vanished between the failed insert and the read (a purge in between): start again. */
class RetryError extends Error {}

function retryable(error: unknown): boolean {
  const e = error as SqlError;
  return error instanceof RetryError || e.errno === ER_LOCK_DEADLOCK || e.errno === ER_LOCK_WAIT_TIMEOUT || e.fatal === true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The URL with its password hidden, for logs and error messages. */
export function redactDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/** mysql:// or mariadb://user:password@host:port/database?option=value (options are mysql2 pool options). */
export function parseDatabaseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('MANUFACTURER_AGENT_DATABASE_URL must be a URL such as mysql://user:password@127.0.0.1:3306/database');
  }
  if (url.protocol !== 'mysql:' && url.protocol !== 'mariadb:') {
    throw new Error(`MANUFACTURER_AGENT_DATABASE_URL must start with mysql:// or mariadb://, got "${url.protocol}//"`);
  }
  if (url.pathname.replace(/^\//, '') === '') {
    throw new Error('MANUFACTURER_AGENT_DATABASE_URL must name the database, e.g. mysql://user:password@127.0.0.1:3306/wordpress');
  }
  return url;
}

export interface MysqlStoreOptions {
  url: string;
  tablePrefix: string;
}

/**
 * Handoffs and keys in MariaDB/MySQL (InnoDB), shared by any number of sidecar processes.
 *
 * Exactly one handoff per key: in one transaction the key row is INSERTed first. Its PRIMARY KEY makes the
 * database the arbiter: of concurrent transactions with one key, one inserts, the others block on its row lock
 * until it commits and then fail with a duplicate entry, keep a shared lock on the winner's row and read it
 * (replay or conflict). The handoff row is written in the same transaction, and COMMIT returns only after
 * InnoDB has made it durable (innodb_flush_log_at_trx_commit=1), so the 201 follows a durable write.
 * Deadlocks and lock-wait timeouts (possible when an expired key is taken over concurrently) are retried.
 */
export class MysqlHandoffStore implements HandoffStore {
  readonly kind = 'mysql';
  readonly tables: Tables;
  readonly location: string;
  /** The insights' tables in the same database (insights/mysql-insights.ts). */
  readonly insights: InsightsStore;
  #pool: Pool;
  #closed = false;

  private constructor(pool: Pool, tables: Tables, location: string) {
    this.#pool = pool;
    this.tables = tables;
    this.location = location;
    this.insights = new MysqlInsightsStore(pool, tables);
  }

  /** Connects, creates or migrates the tables, and resolves once the store can be used. */
  static async open({ url: rawUrl, tablePrefix }: MysqlStoreOptions): Promise<MysqlHandoffStore> {
    if (!TABLE_PREFIX_PATTERN.test(tablePrefix)) {
      throw new Error(`MANUFACTURER_AGENT_TABLE_PREFIX may hold up to 20 letters, digits and underscores, got "${tablePrefix}"`);
    }
    const url = parseDatabaseUrl(rawUrl);
    url.protocol = 'mysql:';
    // Loaded only when MariaDB/MySQL is configured: a SQLite sidecar starts without it.
    const { default: mysql } = await import('mysql2/promise');
    const pool = mysql.createPool({
      uri: url.toString(),
      charset: 'utf8mb4_unicode_ci',
      supportBigNumbers: true,
      waitForConnections: true,
    });
    // Every connection: strict (no silent truncation), no engine fallback, and bounded waits for row locks.
    pool.on('connection', (connection) => {
      // The core (callback) connection: this runs before any query of ours on it.
      (connection as unknown as { query: (sql: string, cb: (err: unknown) => void) => void }).query(
        "SET SESSION sql_mode = 'STRICT_ALL_TABLES,NO_ENGINE_SUBSTITUTION', innodb_lock_wait_timeout = 10",
        () => {},
      );
    });
    const store = new MysqlHandoffStore(pool, mysqlTableNames(tablePrefix), redactDatabaseUrl(rawUrl));
    try {
      await store.#migrate();
    } catch (error) {
      await pool.end().catch(() => {});
      throw new Error(`cannot open the handoff store at ${store.location}: ${(error as Error).message}`);
    }
    return store;
  }

  /** Applies the missing migrations under a named lock, so sidecars starting together migrate once. */
  async #migrate(): Promise<void> {
    const conn = await this.#pool.getConnection();
    try {
      const [[{ db }]] = await conn.query<RowDataPacket[]>('SELECT DATABASE() AS db');
      const lockName = `manufacturer_agent_migrate_${createHash('sha1').update(`${db}\0${this.tables.schema}`).digest('hex')}`;
      const [[{ got }]] = await conn.query<RowDataPacket[]>('SELECT GET_LOCK(?, 60) AS got', [lockName]);
      if (got !== 1) throw new Error('another process held the migration lock for 60 seconds');
      try {
        await conn.query(
          `CREATE TABLE IF NOT EXISTS \`${this.tables.schema}\` (
             version INT UNSIGNED NOT NULL PRIMARY KEY,
             applied_at VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL
           ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`,
        );
        const [[{ version }]] = await conn.query<RowDataPacket[]>(`SELECT COALESCE(MAX(version), 0) AS version FROM \`${this.tables.schema}\``);
        for (let v = Number(version); v < MIGRATIONS.length; v++) {
          for (const statement of MIGRATIONS[v](this.tables)) {
            await conn.query(statement).catch((error: SqlError) => {
              if (error.errno !== ER_DUP_FIELDNAME && error.errno !== ER_DUP_KEYNAME) throw error;
            });
          }
          await conn.query(`INSERT INTO \`${this.tables.schema}\` (version, applied_at) VALUES (?, ?)`, [v + 1, new Date().toISOString()]);
        }
      } finally {
        await conn.query('SELECT RELEASE_LOCK(?)', [lockName]).catch(() => {});
      }
    } finally {
      conn.release();
    }
  }

  /** The schema version recorded in the database. */
  async schemaVersion(): Promise<number> {
    const [[{ version }]] = await this.#pool.query<RowDataPacket[]>(`SELECT COALESCE(MAX(version), 0) AS version FROM \`${this.tables.schema}\``);
    return Number(version);
  }

  /** Runs work on one connection; a connection that failed at the protocol level is thrown away, not reused. */
  async #withConnection<T>(work: (conn: PoolConnection) => Promise<T>): Promise<T> {
    const conn = await this.#pool.getConnection();
    let broken = false;
    try {
      return await work(conn);
    } catch (error) {
      broken = (error as SqlError).fatal === true;
      throw error;
    } finally {
      if (broken) conn.destroy();
      else conn.release();
    }
  }

  async #retrying<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!retryable(error) || attempt >= MAX_ATTEMPTS) throw error;
        await sleep(Math.random() * 5 * attempt);
      }
    }
  }

  async createOnce(input: CreateOnceInput): Promise<CreateOutcome> {
    return this.#retrying(() => this.#withConnection((conn) => this.#createOnceTx(conn, input)));
  }

  async #createOnceTx(conn: PoolConnection, input: CreateOnceInput): Promise<CreateOutcome> {
    const { handoffs, keys } = this.tables;
    // The key row names the handoff's id, so it is built before the key is claimed.
    const h = input.handoff();
    await conn.beginTransaction();
    try {
      let claimed = true;
      try {
        await conn.query(`INSERT INTO \`${keys}\` (idem_key, fingerprint, handoff_id, expires_at) VALUES (?, ?, ?, ?)`, [
          Buffer.from(input.key, 'utf8'),
          input.fingerprint,
          Buffer.from(h.id, 'utf8'),
          input.keyExpiresAt,
        ]);
      } catch (error) {
        if ((error as SqlError).errno !== ER_DUP_ENTRY) throw error;
        claimed = false;
      }
      if (claimed && !(await this.#allowed(conn, input))) {
        // Rolled back: the key stays free and the refused attempt is not counted.
        await conn.rollback();
        return { kind: 'limited' };
      }
      if (!claimed) {
        // The failed insert left a shared lock on the existing row: it cannot change until this transaction ends.
        const [rows] = await conn.query<KeyRow[]>(`SELECT fingerprint, handoff_id, expires_at FROM \`${keys}\` WHERE idem_key = ? LOCK IN SHARE MODE`, [
          Buffer.from(input.key, 'utf8'),
        ]);
        const existing = rows[0];
        if (!existing) throw new RetryError('key row vanished');
        if (Number(existing.expires_at) > input.now) {
          if (existing.fingerprint !== input.fingerprint) {
            await conn.rollback();
            return { kind: 'conflict' };
          }
          const [found] = await conn.query<HandoffRow[]>(`SELECT * FROM \`${handoffs}\` WHERE id = ?`, [existing.handoff_id]);
          if (found[0]) {
            await conn.rollback();
            return { kind: 'replayed', handoff: fromRow(found[0]) };
          }
        }
        if (!(await this.#allowed(conn, input))) {
          await conn.rollback();
          return { kind: 'limited' };
        }
        // Expired (or, as in SQLite, pointing at no handoff): the key starts over with a new handoff.
        await conn.query(`UPDATE \`${keys}\` SET fingerprint = ?, handoff_id = ?, expires_at = ? WHERE idem_key = ?`, [
          input.fingerprint,
          Buffer.from(h.id, 'utf8'),
          input.keyExpiresAt,
          Buffer.from(input.key, 'utf8'),
        ]);
      }
      await conn.query(`INSERT INTO \`${handoffs}\` (id, next_step, requirements, link, created_at, body) VALUES (?, ?, ?, ?, ?, ?)`, [
        Buffer.from(h.id, 'utf8'),
        h.next_step,
        JSON.stringify(h.requirements),
        h.link,
        h.created_at,
        h.body,
      ]);
      await conn.commit();
      return { kind: 'created', handoff: h };
    } catch (error) {
      if (!(error as SqlError).fatal) await conn.rollback().catch(() => {});
      throw error;
    }
  }

  /**
   * Counts one creation of the client, or refuses it. The upsert locks the client's row until this
   * transaction ends, so creations of one client on every process sharing the database count in turn.
   * MySQL applies ON DUPLICATE KEY assignments left to right: count is decided on the old window_ends.
   */
  async #allowed(conn: PoolConnection, { limit, now }: CreateOnceInput): Promise<boolean> {
    if (!limit) return true;
    const client = Buffer.from(limit.client, 'utf8');
    await conn.query(
      `INSERT INTO \`${this.tables.creations}\` (client, window_ends, count) VALUES (?, ?, 1)
         ON DUPLICATE KEY UPDATE count = IF(window_ends <= ?, 1, count + 1), window_ends = IF(window_ends <= ?, VALUES(window_ends), window_ends)`,
      [client, now + limit.windowMs, now, now],
    );
    const [[row]] = await conn.query<RowDataPacket[]>(`SELECT count FROM \`${this.tables.creations}\` WHERE client = ?`, [client]);
    return Number(row.count) <= limit.max;
  }

  async get(id: string): Promise<StoredHandoff | undefined> {
    const [rows] = await this.#pool.query<HandoffRow[]>(`SELECT * FROM \`${this.tables.handoffs}\` WHERE id = ?`, [Buffer.from(id, 'utf8')]);
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async list({ limit, offset, nextStep, state }: ListOptions): Promise<HandoffPage> {
    const conditions: string[] = [];
    const filter: string[] = [];
    for (const [column, value] of [
      ['next_step', nextStep],
      ['state', state],
    ] as const) {
      if (!value) continue;
      conditions.push(`${column} = ?`);
      filter.push(value);
    }
    const where = conditions.length ? `WHERE ${conditions.join(' AND ')}` : '';
    const [rows] = await this.#pool.query<HandoffRow[]>(
      `SELECT * FROM \`${this.tables.handoffs}\` ${where} ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      [...filter, Math.max(0, Math.trunc(limit)), Math.max(0, Math.trunc(offset))],
    );
    const [[{ total }]] = await this.#pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM \`${this.tables.handoffs}\` ${where}`, filter);
    return { items: rows.map(fromRow), total: Number(total) };
  }

  /**
   * One conditional UPDATE: InnoDB evaluates its WHERE on the row's latest version under the row's lock,
   * so of concurrent calls on every process exactly one finds the state it changes.
   */
  async #transition(id: string, set: string, fromStates: HandoffState[], now: number): Promise<boolean> {
    const [result] = await this.#retrying(() =>
      this.#pool.query<ResultSetHeader>(`UPDATE \`${this.tables.handoffs}\` SET ${set} WHERE id = ? AND state IN (?)`, [
        new Date(now).toISOString(),
        Buffer.from(id, 'utf8'),
        fromStates,
      ]),
    );
    return result.affectedRows === 1;
  }

  async markOpened(id: string, now: number): Promise<StoredHandoff | undefined> {
    await this.#transition(id, "state = 'opened', opened_at = ?", ['created'], now);
    return this.get(id);
  }

  async markSubmitted(id: string, now: number): Promise<{ handoff: StoredHandoff; changed: boolean } | undefined> {
    const changed = await this.#transition(id, "state = 'submitted', submitted_at = ?", ['created', 'opened'], now);
    const handoff = await this.get(id);
    return handoff && { handoff, changed };
  }

  async purgeExpiredKeys(now: number): Promise<number> {
    const purged = await this.#deleteInBatches(`DELETE FROM \`${this.tables.keys}\` WHERE expires_at <= ?`, [now]);
    await this.#deleteInBatches(`DELETE FROM \`${this.tables.creations}\` WHERE window_ends <= ?`, [now]);
    return purged;
  }

  /** A batch of old handoffs at a time: their keys first, so a retry creates a new handoff instead of replaying a dead link. */
  async expireHandoffs(createdBefore: number, now: number): Promise<number> {
    const { handoffs } = this.tables;
    return this.#inBatches(
      `SELECT id FROM \`${handoffs}\` WHERE created_at < ? AND state <> 'expired' ORDER BY created_at LIMIT ${PURGE_BATCH}`,
      [new Date(createdBefore).toISOString()],
      `UPDATE \`${handoffs}\` SET state = 'expired', expired_at = ? WHERE id IN (?) AND state <> 'expired'`,
      [new Date(now).toISOString()],
    );
  }

  /** A batch of long-expired handoffs at a time: their keys first, so none is left pointing at a deleted handoff. */
  async purgeHandoffs(expiredBefore: number): Promise<number> {
    const { handoffs } = this.tables;
    return this.#inBatches(
      `SELECT id FROM \`${handoffs}\` WHERE state = 'expired' AND expired_at < ? ORDER BY expired_at LIMIT ${PURGE_BATCH}`,
      [new Date(expiredBefore).toISOString()],
      `DELETE FROM \`${handoffs}\` WHERE id IN (?)`,
      [],
    );
  }

  /** Selects up to PURGE_BATCH handoffs, deletes their keys, then changes them; again until none is left. */
  async #inBatches(select: string, selectParams: unknown[], change: string, changeParams: unknown[]): Promise<number> {
    let changed = 0;
    for (;;) {
      const [rows] = await this.#pool.query<RowDataPacket[]>(select, selectParams);
      if (!rows.length) return changed;
      const ids = rows.map((row) => row.id as Buffer);
      await this.#retrying(() => this.#pool.query(`DELETE FROM \`${this.tables.keys}\` WHERE handoff_id IN (?)`, [ids]));
      const [result] = await this.#retrying(() => this.#pool.query<ResultSetHeader>(change, [...changeParams, ids]));
      changed += result.affectedRows;
      if (rows.length < PURGE_BATCH) return changed;
    }
  }

  /** A DELETE repeated LIMIT PURGE_BATCH rows at a time, so a large purge never holds many row locks at once. */
  async #deleteInBatches(sql: string, params: unknown[]): Promise<number> {
    let deleted = 0;
    for (;;) {
      const [result] = await this.#retrying(() => this.#pool.query<ResultSetHeader>(`${sql} LIMIT ${PURGE_BATCH}`, params));
      deleted += result.affectedRows;
      if (result.affectedRows < PURGE_BATCH) return deleted;
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#pool.end();
  }
}
