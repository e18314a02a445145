import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';

/**
 * The MariaDB of the test machines (docs/testing.md): 127.0.0.1:3306, root, empty password.
 * MANUFACTURER_AGENT_TEST_MYSQL_URL points the suites at another server.
 */
export const ADMIN_URL = process.env.MANUFACTURER_AGENT_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';
const START_COMMAND = ['start-stop-daemon', '--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd'];
const READY_WITHIN_MS = 30_000;

async function ping(): Promise<Error | undefined> {
  try {
    const conn = await mysql.createConnection({ uri: ADMIN_URL, connectTimeout: 2_000 });
    await conn.query('SELECT 1');
    await conn.end();
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

let ready: Promise<void> | undefined;

/**
 * Resolves once MariaDB answers. If it does not, it is started (the machines run as root) and waited for,
 * up to 30 s; then this throws. The MySQL suites never skip silently.
 */
export function ensureMariaDb(): Promise<void> {
  ready ??= (async () => {
    let error = await ping();
    if (!error) return;
    try {
      execFileSync(START_COMMAND[0], START_COMMAND.slice(1), { stdio: 'pipe', timeout: 10_000 });
    } catch (startError) {
      throw new Error(
        `MariaDB does not answer (${error.message}) and could not be started with "${START_COMMAND.join(' ')}": ${(startError as Error).message}`,
      );
    }
    const deadline = Date.now() + READY_WITHIN_MS;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      error = await ping();
      if (!error) return;
    }
    throw new Error(`MariaDB was started but did not answer within ${READY_WITHIN_MS / 1000} s: ${error?.message}`);
  })();
  return ready;
}

export interface TestDatabase {
  name: string;
  /** mysql://…/name, for MANUFACTURER_AGENT_DATABASE_URL. */
  url: string;
  /** A connection to this database for checking rows directly. */
  query<T = any>(sql: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A database of its own for one test run (random name), dropped at the end, so runs never collide. */
export async function freshDatabase(): Promise<TestDatabase> {
  await ensureMariaDb();
  const name = `ma_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = await mysql.createConnection({ uri: ADMIN_URL });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pool = mysql.createPool({ uri: url.toString(), connectionLimit: 4 });
  return {
    name,
    url: url.toString(),
    async query(sql, params = []) {
      const [rows] = await pool.query(sql, params);
      return rows as any[];
    },
    async drop() {
      await pool.end();
      const conn = await mysql.createConnection({ uri: ADMIN_URL });
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}
