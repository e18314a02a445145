import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ServiceProcess } from '../support/service.js';
import { freshDatabase, type TestDatabase } from '../support/mariadb.js';
import { mysqlTableNames } from '../../plugin/sidecar/handoffs/mysql-store.js';
import { scopedIdempotencyKey } from '../../plugin/sidecar/handoffs/create-once.js';
import { figure, percentile, pool, postHandoff, Sidecars } from './support.js';

const sidecars = new Sidecars();
const tables = mysqlTableNames('wp_');
let db: TestDatabase;
let a: ServiceProcess;
let b: ServiceProcess;

beforeAll(async () => {
  db = await freshDatabase();
  const env = { MANUFACTURER_AGENT_DATABASE_URL: db.url, MANUFACTURER_AGENT_DATA_DIR: '/nonexistent-not-used' };
  // Both start at once: the schema is migrated once, under the migration lock.
  [a, b] = await Promise.all([sidecars.start(env), sidecars.start(env)]);
}, 60_000);
afterAll(async () => {
  await sidecars.killAll();
  await db?.drop();
});

const count = async (sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params))[0].n);

describe('two sidecar processes on one MariaDB', () => {
  it('create exactly one handoff for 400 concurrent requests with one key, spread across both', async () => {
    const N = 400;
    const key = `shared-${randomUUID()}`;
    const body = { next_step: 'wallcheck', requirements: { motif_description: 'Gemeinsame Datenbank – Grüße 🌍', locale: 'de' } };
    const answers = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const res = await postHandoff(i % 2 ? a.baseUrl : b.baseUrl, key, body);
        return { status: res.status, replayed: res.headers.get('idempotent-replayed'), text: await res.text(), via: i % 2 ? 'a' : 'b' };
      }),
    );
    const created = answers.filter((x) => x.status === 201);
    const replays = answers.filter((x) => x.status === 200);
    expect(created).toHaveLength(1);
    expect(replays).toHaveLength(N - 1);
    for (const r of replays) {
      expect(r.text).toBe(created[0].text);
      expect(r.replayed).toBe('true');
    }
    const link = JSON.parse(created[0].text).link as string;
    expect(new Set(answers.map((x) => JSON.parse(x.text).link))).toEqual(new Set([link]));
    expect(new Set(replays.map((r) => r.via))).toEqual(new Set(['a', 'b']));
    // In the database: one key row, one handoff.
    // Keys are stored scoped to the client (create-once.ts); the sidecars see this test as 127.0.0.1.
    expect(await count(`SELECT COUNT(*) AS n FROM \`${tables.keys}\` WHERE idem_key = ?`, [Buffer.from(scopedIdempotencyKey(key, '127.0.0.1'))])).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM \`${tables.handoffs}\` WHERE body LIKE ?`, [`%Gemeinsame Datenbank%`])).toBe(1);
    // The same key with another body is refused on either process.
    for (const base of [a.baseUrl, b.baseUrl]) expect((await postHandoff(base, key, { next_step: 'sample_request' })).status).toBe(422);
    figure(
      `two processes, one MariaDB: ${N} concurrent requests with one key (${N / 2} to each) -> ${created.length} x 201, ${replays.length} x 200 with the same link; 1 handoff row, 1 key row in the database`,
    );
  }, 60_000);

  it('hold a load of creations and replays across both processes without an error or a lost handoff', async () => {
    const N = 1500;
    const WIDTH = 48;
    const keys = Array.from({ length: N }, (_, i) => `load-${i}-${randomUUID()}`);
    const latencies: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    await pool(keys, WIDTH, async (key, i) => {
      const body = { next_step: (['project_enquiry', 'sample_request', 'wallcheck'] as const)[i % 3], requirements: { priority: 'robust' } };
      const [first, second] = i % 2 ? [a, b] : [b, a];
      let t = performance.now();
      const made = await postHandoff(first.baseUrl, key, body);
      const madeText = await made.text();
      latencies.push(performance.now() - t);
      if (made.status !== 201) failures.push(`create ${made.status} ${madeText.slice(0, 100)}`);
      // The client retries on the other process: the same answer.
      t = performance.now();
      const again = await postHandoff(second.baseUrl, key, body);
      const againText = await again.text();
      latencies.push(performance.now() - t);
      if (again.status !== 200 || againText !== madeText) failures.push(`replay ${again.status}`);
    });
    const seconds = (performance.now() - started) / 1000;
    expect(failures).toEqual([]);
    expect(await count(`SELECT COUNT(*) AS n FROM \`${tables.handoffs}\` WHERE body LIKE '%"robust"%'`)).toBe(N);
    const stored = new Set(keys.map((key) => scopedIdempotencyKey(key, '127.0.0.1')));
    const rows = await db.query<{ idem_key: Buffer }>(`SELECT idem_key FROM \`${tables.keys}\``);
    expect(rows.filter((r) => stored.has(Buffer.from(r.idem_key).toString('utf8')))).toHaveLength(N);
    figure(
      `load held: ${N * 2} requests (${N} creations + ${N} replays on the other process), ${WIDTH} concurrent clients, two processes on one MariaDB: ` +
        `${((N * 2) / seconds).toFixed(0)} requests/s, p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, 0 errors, ${N} handoffs in the database`,
    );
  }, 120_000);

  it('hold the per-client handoff limit across both processes: N+k creations from one client create exactly N, replays still answer 200', async () => {
    const LIMIT = 30;
    const EXTRA = 15;
    const TOKEN = `bridge-${randomUUID()}`;
    // Two more processes on the same database, with the limit, trusting a bridge that names the client.
    const env = { MANUFACTURER_AGENT_DATABASE_URL: db.url, MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: String(LIMIT), MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN };
    const [c, d] = await Promise.all([sidecars.start(env), sidecars.start(env)]);
    const asClient = (address: string) => ({ 'x-manufacturer-agent-bridge-token': TOKEN, 'x-manufacturer-agent-client-address': address });
    const visitor = asClient(`203.0.113.${Math.floor(Math.random() * 200) + 1}`);
    const body = { next_step: 'wallcheck', requirements: { motif_description: `Limit über zwei Prozesse ${randomUUID()}` } };
    const keys = Array.from({ length: LIMIT + EXTRA }, (_, i) => `limited-${i}-${randomUUID()}`);
    const answers = await Promise.all(
      keys.map(async (key, i) => {
        const res = await postHandoff(i % 2 ? c.baseUrl : d.baseUrl, key, body, visitor);
        return { key, status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text(), via: i % 2 ? 'c' : 'd' };
      }),
    );
    const created = answers.filter((x) => x.status === 201);
    const refused = answers.filter((x) => x.status === 429);
    expect(created).toHaveLength(LIMIT);
    expect(refused).toHaveLength(EXTRA);
    expect(new Set(created.map((x) => x.via))).toEqual(new Set(['c', 'd']));
    for (const r of refused) {
      expect(r.retryAfter).toBe('60');
      expect(JSON.parse(r.text)).toMatchObject({ status: 429, code: 'rate_limited' });
    }
    expect(await count(`SELECT COUNT(*) AS n FROM \`${tables.handoffs}\` WHERE body LIKE ?`, [`%${body.requirements.motif_description}%`])).toBe(LIMIT);
    // Over the limit, a retry of a created handoff is replayed on either process (never a 429 hiding it) ...
    for (const [i, made] of created.slice(0, 6).entries()) {
      const replay = await postHandoff(i % 2 ? c.baseUrl : d.baseUrl, made.key, body, visitor);
      expect(replay.status).toBe(200);
      expect(await replay.text()).toBe(made.text);
    }
    // ... a refused key stays refused, and another client behind the same bridge has its own budget.
    expect((await postHandoff(c.baseUrl, refused[0].key, body, visitor)).status).toBe(429);
    expect((await postHandoff(d.baseUrl, `other-client-${randomUUID()}`, body, asClient('198.51.100.7'))).status).toBe(201);
    figure(
      `handoff limit ${LIMIT}/min across 2 processes on one MariaDB: ${LIMIT + EXTRA} concurrent creations from one client -> ${created.length} created (201), ` +
        `${refused.length} refused (429, Retry-After: 60), ${LIMIT} rows in the database; retries of created handoffs over the limit: 6 of 6 replayed (200)`,
    );
  }, 60_000);

  it('stop cleanly on SIGTERM, closing the pool, while the other keeps serving from the shared database', async () => {
    const key = `before-stop-${randomUUID()}`;
    const made = await postHandoff(a.baseUrl, key, { next_step: 'sample_request' });
    expect(made.status).toBe(201);
    a.child.kill('SIGTERM');
    expect(await a.exited).toBe(0);
    expect(a.output()).toContain('SIGTERM received, closing');
    const replay = await postHandoff(b.baseUrl, key, { next_step: 'sample_request' });
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe(await made.text());
  });

  it('refuse to start when the database cannot be reached, naming it without the password', async () => {
    const start = sidecars.start({ MANUFACTURER_AGENT_DATABASE_URL: 'mysql://agent:s3cret-pw@127.0.0.1:1/wordpress?connectTimeout=1000' });
    await expect(start).rejects.toThrow(/cannot open the handoff store at mysql:\/\/agent:\*\*\*@127\.0\.0\.1:1\/wordpress/);
    await expect(start).rejects.not.toThrow(/s3cret-pw/);
    await expect(sidecars.start({ MANUFACTURER_AGENT_DATABASE_URL: db.url, MANUFACTURER_AGENT_TABLE_PREFIX: 'bad-prefix' })).rejects.toThrow(
      /MANUFACTURER_AGENT_TABLE_PREFIX/,
    );
  });
});
