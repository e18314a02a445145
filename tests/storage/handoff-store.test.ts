import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { SQLITE_FILE_NAME, SQLITE_SCHEMA_VERSION, SqliteHandoffStore, createSqliteSchema } from '../../plugin/sidecar/handoffs/sqlite-store.js';
import { MYSQL_SCHEMA_VERSION, MysqlHandoffStore, mysqlSchemaStatements, mysqlTableNames } from '../../plugin/sidecar/handoffs/mysql-store.js';
import { openHandoffStore } from '../../plugin/sidecar/handoffs/open-store.js';
import type { CreateOnceInput, HandoffStore, StoredHandoff } from '../../plugin/sidecar/handoffs/store.js';
import type { NextStep } from '../../plugin/sidecar/core/site-config.js';
import { freshDatabase, type TestDatabase } from '../support/mariadb.js';
import { createOnceInput } from '../support/handoff-input.js';

/** A handoff row and its key as the store's previous schema version kept them (no lifecycle columns). */
interface LegacyRow {
  handoff: StoredHandoff;
  key: string;
  fingerprint: string;
  keyExpiresAt: number;
}

/** One backend of the suite: `open(slot)` opens a store; the same slot reopens the same data. */
interface Backend {
  name: string;
  setup(): Promise<void>;
  teardown(): Promise<void>;
  open(slot: string): Promise<HandoffStore>;
  /** Writes the slot's database as the previous schema version left it, with these rows. */
  writePreviousVersion(slot: string, rows: LegacyRow[]): Promise<void>;
}

const legacyValues = ({ handoff: h, key, fingerprint, keyExpiresAt }: LegacyRow) => ({
  handoff: [h.id, h.next_step, JSON.stringify(h.requirements), h.link, h.created_at, h.body],
  key: [key, fingerprint, h.id, keyExpiresAt],
});

let sqliteRoot = '';
let db: TestDatabase | undefined;

const BACKENDS: Backend[] = [
  {
    name: 'sqlite',
    async setup() {
      sqliteRoot = mkdtempSync(path.join(tmpdir(), 'manufacturer-agent-store-'));
    },
    async teardown() {
      rmSync(sqliteRoot, { recursive: true, force: true });
    },
    async open(slot) {
      return new SqliteHandoffStore(path.join(sqliteRoot, slot));
    },
    async writePreviousVersion(slot, rows) {
      const dir = path.join(sqliteRoot, slot);
      mkdirSync(dir, { recursive: true });
      const legacy = new Database(path.join(dir, SQLITE_FILE_NAME));
      createSqliteSchema(legacy, SQLITE_SCHEMA_VERSION - 1);
      for (const row of rows) {
        const values = legacyValues(row);
        legacy.prepare('INSERT INTO handoffs (id, next_step, requirements, link, created_at, body) VALUES (?, ?, ?, ?, ?, ?)').run(...values.handoff);
        legacy.prepare('INSERT INTO idempotency_keys (key, fingerprint, handoff_id, expires_at) VALUES (?, ?, ?, ?)').run(...values.key);
      }
      legacy.close();
    },
  },
  {
    name: 'mysql',
    async setup() {
      db = await freshDatabase();
    },
    async teardown() {
      await db?.drop();
    },
    // Each test gets tables of its own through the prefix option.
    async open(slot) {
      return MysqlHandoffStore.open({ url: db!.url, tablePrefix: `${slot}_` });
    },
    async writePreviousVersion(slot, rows) {
      const prefix = `${slot}_`;
      const tables = mysqlTableNames(prefix);
      for (const statement of mysqlSchemaStatements(prefix, MYSQL_SCHEMA_VERSION - 1)) await db!.query(statement);
      await db!.query(`CREATE TABLE \`${tables.schema}\` (version INT UNSIGNED NOT NULL PRIMARY KEY, applied_at VARCHAR(40) NOT NULL)`);
      for (let v = 1; v < MYSQL_SCHEMA_VERSION; v++) await db!.query(`INSERT INTO \`${tables.schema}\` VALUES (?, ?)`, [v, new Date(T0).toISOString()]);
      for (const row of rows) {
        const values = legacyValues(row);
        await db!.query(`INSERT INTO \`${tables.handoffs}\` (id, next_step, requirements, link, created_at, body) VALUES (?, ?, ?, ?, ?, ?)`, values.handoff);
        await db!.query(`INSERT INTO \`${tables.keys}\` (idem_key, fingerprint, handoff_id, expires_at) VALUES (?, ?, ?, ?)`, values.key);
      }
    },
  },
];

const T0 = Date.parse('2026-03-01T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const input = (key: string, request: { next_step: NextStep; requirements?: Record<string, unknown> }, now = T0, retentionMs = 30 * DAY): CreateOnceInput =>
  createOnceInput(key, request, now, retentionMs);

const enquiry = { next_step: 'project_enquiry' as const, requirements: { priority: 'robust' } };
const sample = { next_step: 'sample_request' as const };

describe.each(BACKENDS)('handoff store: $name', (backend) => {
  let slots = 0;
  const opened: HandoffStore[] = [];
  const newSlot = () => `s${++slots}`;
  async function open(slot: string): Promise<HandoffStore> {
    const store = await backend.open(slot);
    opened.push(store);
    return store;
  }

  beforeAll(() => backend.setup(), 60_000);
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  afterAll(() => backend.teardown());

  it('keeps many keys arriving at once apart: each created once, a repeat replayed, one failure fails only its own', async () => {
    const store = await open(newSlot());
    const inputs = Array.from({ length: 40 }, (_, i) => input(`batch-key-${i}`, i % 2 ? enquiry : sample));
    const failing: CreateOnceInput = {
      ...input('batch-key-failing', sample),
      handoff: () => {
        throw new Error('cannot build this handoff');
      },
    };
    const results = await Promise.allSettled([...inputs, failing, input('batch-key-0', sample)].map((i) => store.createOnce(i)));
    const created = results.slice(0, 40).map((r) => (r.status === 'fulfilled' ? r.value : r.reason));
    expect(created.map((o) => o.kind)).toEqual(Array(40).fill('created'));
    expect(new Set(created.map((o) => o.handoff.id)).size).toBe(40);
    expect(results[40]).toMatchObject({ status: 'rejected', reason: { message: 'cannot build this handoff' } });
    expect(results[41]).toEqual({ status: 'fulfilled', value: { kind: 'replayed', handoff: created[0].handoff } });
    for (const outcome of created) expect(await store.get(outcome.handoff.id)).toEqual(outcome.handoff);
    // Nothing of the failed request was kept: its key is new.
    expect((await store.createOnce(input('batch-key-failing', sample))).kind).toBe('created');
  });

  it('creates for a new key, replays the same request, refuses another request with the key', async () => {
    const store = await open(newSlot());
    const first = await store.createOnce(input('key-00000001', enquiry));
    expect(first.kind).toBe('created');
    if (first.kind !== 'created') return;

    const again = await store.createOnce(input('key-00000001', enquiry, T0 + 1000));
    expect(again).toEqual({ kind: 'replayed', handoff: first.handoff });

    expect(await store.createOnce(input('key-00000001', sample, T0 + 2000))).toEqual({ kind: 'conflict' });
    const page = await store.list({ limit: 10, offset: 0 });
    expect(page.total).toBe(1);
    expect(page.items[0].body).toBe(first.handoff.body);
  });

  it('treats keys as case-sensitive and keeps keys of 255 visible ASCII characters', async () => {
    const store = await open(newSlot());
    const upper = await store.createOnce(input('Key-ABCDEFGH', enquiry));
    const lower = await store.createOnce(input('key-abcdefgh', enquiry));
    expect(upper.kind).toBe('created');
    expect(lower.kind).toBe('created');

    const visible = Array.from({ length: 94 }, (_, i) => String.fromCharCode(0x21 + i)).join('');
    const long = (visible + visible + visible).slice(0, 255);
    const created = await store.createOnce(input(long, sample));
    expect(created.kind).toBe('created');
    const replayed = await store.createOnce(input(long, sample));
    expect(replayed.kind).toBe('replayed');
    expect(await store.createOnce(input(long.slice(0, 254), sample))).toMatchObject({ kind: 'created' });
    expect((await store.list({ limit: 10, offset: 0 })).total).toBe(4);
  });

  it('creates a new handoff once the key has expired, and replays that one afterwards', async () => {
    const store = await open(newSlot());
    const first = await store.createOnce(input('expiring-key', enquiry, T0, 1000));
    // Still valid one millisecond before the expiry.
    expect((await store.createOnce(input('expiring-key', enquiry, T0 + 999))).kind).toBe('replayed');
    // Expired: even another body is a new request now.
    const second = await store.createOnce(input('expiring-key', sample, T0 + 1000));
    expect(second.kind).toBe('created');
    if (first.kind !== 'created' || second.kind !== 'created') return;
    expect(second.handoff.id).not.toBe(first.handoff.id);
    expect(await store.createOnce(input('expiring-key', sample, T0 + 2000))).toEqual({ kind: 'replayed', handoff: second.handoff });
    // Both handoffs stay.
    expect((await store.list({ limit: 10, offset: 0 })).total).toBe(2);
    expect(await store.get(first.handoff.id)).toEqual(first.handoff);
  });

  it('purges only expired keys and keeps every handoff', async () => {
    const store = await open(newSlot());
    const a = await store.createOnce(input('purge-key-a', enquiry, T0, 1000));
    await store.createOnce(input('purge-key-b', enquiry, T0, 2000));
    const c = await store.createOnce(input('purge-key-c', enquiry, T0, 3000));
    expect(await store.purgeExpiredKeys(T0 + 1999)).toBe(1);
    expect(await store.purgeExpiredKeys(T0 + 2000)).toBe(1);
    expect(await store.purgeExpiredKeys(T0 + 2000)).toBe(0);
    expect((await store.list({ limit: 10, offset: 0 })).total).toBe(3);
    if (a.kind !== 'created' || c.kind !== 'created') return;
    expect(await store.get(a.handoff.id)).toEqual(a.handoff);
    // The unexpired key still replays; the purged one is free for a new request.
    expect(await store.createOnce(input('purge-key-c', enquiry, T0 + 2500))).toEqual({ kind: 'replayed', handoff: c.handoff });
    expect((await store.createOnce(input('purge-key-a', sample, T0 + 2500))).kind).toBe('created');
  });

  it('expires handoffs created before the retention with their keys, then deletes them a period after their expiry', async () => {
    const store = await open(newSlot());
    const old = await store.createOnce(input('retention-old', enquiry, T0, 60 * DAY));
    const submitted = await store.createOnce(input('retention-submitted', sample, T0 + 1));
    const edge = await store.createOnce(input('retention-edge', sample, T0 + DAY));
    const young = await store.createOnce(input('retention-young', enquiry, T0 + 2 * DAY));
    if (old.kind !== 'created' || submitted.kind !== 'created' || edge.kind !== 'created' || young.kind !== 'created') throw new Error('not created');
    await store.markOpened(old.handoff.id, T0 + 10);
    await store.markSubmitted(submitted.handoff.id, T0 + 20);
    const expiredAt = T0 + 30 * DAY;
    // Created before T0 + 1 day: the first two, whatever their state (the one created exactly then stays).
    expect(await store.expireHandoffs(T0 + DAY, expiredAt)).toBe(2);
    for (const h of [old.handoff, submitted.handoff]) {
      expect(await store.get(h.id)).toMatchObject({ state: 'expired', expired_at: new Date(expiredAt).toISOString(), body: h.body });
    }
    expect(await store.get(old.handoff.id)).toMatchObject({ opened_at: new Date(T0 + 10).toISOString(), submitted_at: null });
    expect(await store.get(edge.handoff.id)).toEqual(edge.handoff);
    // Expiring again changes nothing, not even the time of the expiry.
    expect(await store.expireHandoffs(T0 + DAY, expiredAt + DAY)).toBe(0);
    expect((await store.get(old.handoff.id))?.expired_at).toBe(new Date(expiredAt).toISOString());
    // An expired handoff moves no further.
    expect(await store.markOpened(old.handoff.id, expiredAt + 1)).toMatchObject({ state: 'expired', opened_at: new Date(T0 + 10).toISOString() });
    expect(await store.markSubmitted(old.handoff.id, expiredAt + 1)).toMatchObject({ changed: false, handoff: { state: 'expired', submitted_at: null } });
    // Its key, still live, went with it: the same request is a new handoff, not a replay of a dead link.
    const again = await store.createOnce(input('retention-old', enquiry, T0 + 3 * DAY));
    expect(again.kind).toBe('created');
    expect(await store.createOnce(input('retention-young', enquiry, T0 + 3 * DAY))).toMatchObject({ kind: 'replayed', handoff: { id: young.handoff.id } });
    // The records stay until a period after their expiry (the one expired exactly then stays).
    expect(await store.purgeHandoffs(expiredAt)).toBe(0);
    expect(await store.purgeHandoffs(expiredAt + 1)).toBe(2);
    expect(await store.get(old.handoff.id)).toBeUndefined();
    expect((await store.list({ limit: 10, offset: 0 })).items.map((h) => h.id).sort()).toEqual(
      [again.kind === 'created' ? again.handoff.id : '', edge.handoff.id, young.handoff.id].sort(),
    );
    // A handoff not expired is never deleted, however old.
    expect(await store.purgeHandoffs(T0 + 1000 * DAY)).toBe(0);
    expect(await store.expireHandoffs(T0 + 10 * DAY, T0 + 40 * DAY)).toBe(3);
    expect(await store.purgeHandoffs(T0 + 40 * DAY + 1)).toBe(3);
    expect((await store.list({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('moves a handoff from created to opened to submitted, each once, and never changes its creation answer', async () => {
    const store = await open(newSlot());
    const made = await store.createOnce(input('lifecycle-key-1', enquiry));
    if (made.kind !== 'created') throw new Error('not created');
    const { id, body } = made.handoff;
    const at = (ms: number) => new Date(T0 + ms).toISOString();
    expect(await store.get(id)).toMatchObject({ state: 'created', opened_at: null, submitted_at: null, expired_at: null });

    expect(await store.markOpened(id, T0 + 1000)).toMatchObject({ state: 'opened', opened_at: at(1000), submitted_at: null });
    // Viewed again: the first view stays.
    expect(await store.markOpened(id, T0 + 2000)).toMatchObject({ state: 'opened', opened_at: at(1000) });

    const sent = await store.markSubmitted(id, T0 + 3000);
    expect(sent).toMatchObject({ changed: true, handoff: { state: 'submitted', opened_at: at(1000), submitted_at: at(3000), expired_at: null } });
    expect(await store.markSubmitted(id, T0 + 4000)).toMatchObject({ changed: false, handoff: { state: 'submitted', submitted_at: at(3000) } });
    // A later view does not take it back to opened.
    expect(await store.markOpened(id, T0 + 5000)).toMatchObject({ state: 'submitted', opened_at: at(1000) });
    expect(await store.get(id)).toEqual(sent!.handoff);

    // The creation answer is the same bytes, and a replay still gives them.
    expect(sent!.handoff.body).toBe(body);
    const replay = await store.createOnce(input('lifecycle-key-1', enquiry, T0 + 6000));
    expect(replay.kind).toBe('replayed');
    if (replay.kind === 'replayed') expect(replay.handoff).toMatchObject({ body, state: 'submitted' });

    // Sent without the link having been recorded as viewed: opened_at stays null.
    const direct = await store.createOnce(input('lifecycle-key-2', sample));
    if (direct.kind !== 'created') throw new Error('not created');
    expect(await store.markSubmitted(direct.handoff.id, T0 + 7000)).toMatchObject({
      changed: true,
      handoff: { state: 'submitted', opened_at: null, submitted_at: at(7000) },
    });

    for (const unknown of ['ho_doesnotexist0000000000', id.toUpperCase()]) {
      expect(await store.markOpened(unknown, T0)).toBeUndefined();
      expect(await store.markSubmitted(unknown, T0)).toBeUndefined();
    }
  });

  it('records one submission when many arrive at once through two store instances', async () => {
    const slot = newSlot();
    const [one, two] = [await open(slot), await open(slot)];
    const made = await one.createOnce(input('submit-race-1', enquiry));
    if (made.kind !== 'created') throw new Error('not created');
    const id = made.handoff.id;
    const opened = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? one : two).markOpened(id, T0 + 1000 + i)));
    // Whichever came first set the time; every answer shows that one.
    expect(new Set(opened.map((h) => h?.opened_at)).size).toBe(1);
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? one : two).markSubmitted(id, T0 + 2000 + i)));
    expect(results.filter((r) => r?.changed)).toHaveLength(1);
    const winner = results.find((r) => r?.changed)!.handoff;
    for (const r of results) expect(r?.handoff).toMatchObject({ state: 'submitted', submitted_at: winner.submitted_at, opened_at: opened[0]?.opened_at });
    expect(await two.get(id)).toEqual(winner);
  });

  it('lists by state, with the next step and in pages', async () => {
    const store = await open(newSlot());
    const made: StoredHandoff[] = [];
    for (const [i, request] of [enquiry, sample, enquiry, enquiry, sample].entries()) {
      const outcome = await store.createOnce(input(`state-list-${i}-xx`, request, T0 + i * 1000));
      if (outcome.kind !== 'created') throw new Error('not created');
      made.push(outcome.handoff);
    }
    await store.markOpened(made[0].id, T0 + 10_000);
    await store.markSubmitted(made[1].id, T0 + 10_000);
    await store.markSubmitted(made[3].id, T0 + 10_000);
    await store.expireHandoffs(T0 + 1, T0 + 20_000);
    const ids = async (options: Parameters<HandoffStore['list']>[0]) => {
      const page = await store.list(options);
      return { total: page.total, ids: page.items.map((h) => h.id), states: page.items.map((h) => h.state) };
    };
    expect(await ids({ limit: 10, offset: 0, state: 'expired' })).toEqual({ total: 1, ids: [made[0].id], states: ['expired'] });
    expect(await ids({ limit: 10, offset: 0, state: 'submitted' })).toEqual({ total: 2, ids: [made[3].id, made[1].id], states: ['submitted', 'submitted'] });
    expect(await ids({ limit: 1, offset: 1, state: 'submitted' })).toEqual({ total: 2, ids: [made[1].id], states: ['submitted'] });
    expect(await ids({ limit: 10, offset: 0, state: 'created' })).toEqual({ total: 2, ids: [made[4].id, made[2].id], states: ['created', 'created'] });
    expect(await ids({ limit: 10, offset: 0, state: 'opened' })).toEqual({ total: 0, ids: [], states: [] });
    expect(await ids({ limit: 10, offset: 0, state: 'submitted', nextStep: 'sample_request' })).toEqual({ total: 1, ids: [made[1].id], states: ['submitted'] });
    expect(await ids({ limit: 10, offset: 0, state: 'created', nextStep: 'project_enquiry' })).toEqual({ total: 1, ids: [made[2].id], states: ['created'] });
    expect((await ids({ limit: 10, offset: 0 })).total).toBe(5);
  });

  it('migrates a database of the previous version: its handoffs become created, keep their bytes and replay', async () => {
    const slot = newSlot();
    const rows: LegacyRow[] = [enquiry, sample].map((request, i) => {
      const made = input(`legacy-key-${i}`, request, T0 + i * 1000);
      const { state: _s, opened_at: _o, submitted_at: _u, expired_at: _e, ...legacy } = made.handoff();
      return { handoff: legacy as StoredHandoff, key: made.key, fingerprint: made.fingerprint, keyExpiresAt: made.keyExpiresAt };
    });
    await backend.writePreviousVersion(slot, rows);
    const store = await open(slot);
    for (const [i, { handoff }] of rows.entries()) {
      expect(await store.get(handoff.id)).toEqual({ ...handoff, state: 'created', opened_at: null, submitted_at: null, expired_at: null });
      const replay = await store.createOnce(input(`legacy-key-${i}`, i ? sample : enquiry, T0 + 5000));
      expect(replay).toMatchObject({ kind: 'replayed', handoff: { id: handoff.id, body: handoff.body } });
    }
    expect(await store.markSubmitted(rows[1].handoff.id, T0 + 6000)).toMatchObject({ changed: true, handoff: { state: 'submitted' } });
    expect(await store.list({ limit: 10, offset: 0, state: 'created' })).toMatchObject({ total: 1, items: [{ id: rows[0].handoff.id }] });
    // New handoffs are written as before, next to the migrated ones.
    expect((await store.createOnce(input('after-migration', enquiry, T0 + 7000))).kind).toBe('created');
    // Opening the migrated database again migrates nothing and loses nothing.
    await store.close();
    const reopened = await open(slot);
    expect((await reopened.list({ limit: 10, offset: 0 })).total).toBe(3);
    expect((await reopened.get(rows[1].handoff.id))?.state).toBe('submitted');
  });

  it('counts the per-client handoff limit where it writes: replays and conflicts are never refused, other clients are apart', async () => {
    const store = await open(newSlot());
    const limit = { client: 'client-a', max: 3, windowMs: 60_000 };
    const limited = (key: string, now = T0, client = limit) => ({ ...input(key, enquiry, now), limit: client });
    // Five new keys at once from one client: three created, two refused, in one batch.
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map((i) => store.createOnce(limited(`limit-key-${i}`))));
    expect(outcomes.filter((o) => o.kind === 'created')).toHaveLength(3);
    expect(outcomes.filter((o) => o.kind === 'limited')).toHaveLength(2);
    expect((await store.list({ limit: 10, offset: 0 })).total).toBe(3);
    // Over the limit, a created key still replays, and another body is still a conflict.
    const madeIndex = outcomes.findIndex((o) => o.kind === 'created');
    expect((await store.createOnce(limited(`limit-key-${madeIndex + 1}`))).kind).toBe('replayed');
    expect((await store.createOnce({ ...input(`limit-key-${madeIndex + 1}`, sample), limit })).kind).toBe('conflict');
    // A refused key was not kept: it is refused again, then created once the window has passed.
    const refusedKey = `limit-key-${outcomes.findIndex((o) => o.kind === 'limited') + 1}`;
    expect((await store.createOnce(limited(refusedKey, T0 + 59_999))).kind).toBe('limited');
    expect((await store.createOnce(limited(refusedKey, T0 + 60_000))).kind).toBe('created');
    // Another client has its own count.
    expect((await store.createOnce(limited('limit-other', T0, { ...limit, client: 'client-b' }))).kind).toBe('created');
    // The window's row is purged with the expired keys, and the count starts over.
    await store.purgeExpiredKeys(T0 + 200_000);
    for (const i of [1, 2, 3]) expect((await store.createOnce(limited(`limit-late-${i}`, T0 + 200_000))).kind).toBe('created');
    expect((await store.createOnce(limited('limit-late-4', T0 + 200_000))).kind).toBe('limited');
  });

  it('gets by id and lists newest first, filtered by next step, in pages, with the total', async () => {
    const store = await open(newSlot());
    const steps: NextStep[] = ['project_enquiry', 'wallcheck', 'sample_request', 'wallcheck', 'project_enquiry', 'wallcheck', 'wallcheck'];
    const made = [];
    for (const [i, next_step] of steps.entries()) {
      // The last two share one creation time: the id decides between them.
      const at = T0 + Math.min(i, steps.length - 2) * 1000;
      const outcome = await store.createOnce(input(`list-key-${i}-xxxx`, { next_step }, at));
      if (outcome.kind !== 'created') throw new Error('not created');
      made.push(outcome.handoff);
    }
    const newestFirst = [...made].sort((x, y) => (x.created_at === y.created_at ? (x.id < y.id ? 1 : -1) : x.created_at < y.created_at ? 1 : -1));

    const all = await store.list({ limit: 100, offset: 0 });
    expect(all.total).toBe(7);
    expect(all.items.map((h) => h.id)).toEqual(newestFirst.map((h) => h.id));

    const page1 = await store.list({ limit: 3, offset: 0 });
    const page3 = await store.list({ limit: 3, offset: 6 });
    expect(page1.items.map((h) => h.id)).toEqual(newestFirst.slice(0, 3).map((h) => h.id));
    expect(page3.items.map((h) => h.id)).toEqual(newestFirst.slice(6).map((h) => h.id));
    expect(page3.total).toBe(7);
    expect((await store.list({ limit: 3, offset: 50 })).items).toEqual([]);

    const walls = await store.list({ limit: 2, offset: 1, nextStep: 'wallcheck' });
    expect(walls.total).toBe(4);
    expect(walls.items.map((h) => h.id)).toEqual(
      newestFirst
        .filter((h) => h.next_step === 'wallcheck')
        .slice(1, 3)
        .map((h) => h.id),
    );
    expect((await store.list({ limit: 10, offset: 0, nextStep: 'sample_request' })).total).toBe(1);

    expect(await store.get(made[2].id)).toEqual(made[2]);
    expect(await store.get('ho_doesnotexist0000000000')).toBeUndefined();
    expect(await store.get(made[2].id.toUpperCase())).toBeUndefined();
  });

  it('creates exactly one handoff for 200 concurrent requests with one key, through two store instances', async () => {
    const slot = newSlot();
    const [one, two] = [await open(slot), await open(slot)];
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? one : two).createOnce(input('concurrent-key-1', enquiry))));
    const created = outcomes.filter((o) => o.kind === 'created');
    expect(created).toHaveLength(1);
    const winner = created[0].kind === 'created' ? created[0].handoff : undefined;
    for (const o of outcomes) if (o.kind === 'replayed') expect(o.handoff).toEqual(winner);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toHaveLength(199);
    expect((await one.list({ limit: 10, offset: 0 })).total).toBe(1);
  });

  it('creates exactly one new handoff when 100 concurrent requests find the key expired', async () => {
    const slot = newSlot();
    const [one, two] = [await open(slot), await open(slot)];
    const old = await one.createOnce(input('expired-concurrent', enquiry, T0, 1000));
    const later = T0 + 5000;
    const outcomes = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? one : two).createOnce(input('expired-concurrent', sample, later))));
    const created = outcomes.filter((o) => o.kind === 'created');
    expect(created).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'replayed')).toHaveLength(99);
    if (old.kind === 'created' && created[0].kind === 'created') expect(created[0].handoff.id).not.toBe(old.handoff.id);
    expect((await one.list({ limit: 10, offset: 0 })).total).toBe(2);
  });

  it('keeps what it wrote after being closed and opened again', async () => {
    const slot = newSlot();
    const store = await open(slot);
    const created = [];
    for (let i = 0; i < 30; i++) {
      const o = await store.createOnce(input(`durable-key-${i}`, enquiry, T0 + i));
      if (o.kind === 'created') created.push(o.handoff);
    }
    await store.close();
    const reopened = await open(slot);
    expect((await reopened.list({ limit: 100, offset: 0 })).total).toBe(30);
    for (const [i, h] of created.entries()) {
      expect(await reopened.get(h.id)).toEqual(h);
      expect(await reopened.createOnce(input(`durable-key-${i}`, enquiry, T0 + 5000))).toEqual({ kind: 'replayed', handoff: h });
    }
  });

  it('keeps German umlauts and emoji byte for byte', async () => {
    const store = await open(newSlot());
    const motif = 'Grüße aus Köln: Ähren, Öl und Übergrößen für das Bad – „Wald“ 🌲🦊🏔️ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ß ẞ 中文 👩‍👩‍👧';
    const request = { next_step: 'wallcheck' as const, requirements: { motif_description: motif, locale: 'de' } };
    const created = await store.createOnce(input('utf8-key-01', request));
    if (created.kind !== 'created') throw new Error('not created');
    expect(created.handoff.body).toContain(motif);
    const got = await store.get(created.handoff.id);
    expect(got?.requirements.motif_description).toBe(motif);
    expect(got?.body).toBe(created.handoff.body);
    expect(Buffer.from(got!.body, 'utf8').equals(Buffer.from(created.handoff.body, 'utf8'))).toBe(true);
    const replay = await store.createOnce(input('utf8-key-01', request));
    expect(replay).toEqual({ kind: 'replayed', handoff: created.handoff });
    expect((await store.list({ limit: 1, offset: 0 })).items[0].body).toBe(created.handoff.body);
  });
});

describe('MariaDB/MySQL specifics', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  }, 60_000);
  afterAll(() => database.drop());

  it('creates InnoDB utf8mb4 tables under the prefix and records the schema version once, whoever starts first', async () => {
    const stores = await Promise.all(Array.from({ length: 5 }, () => MysqlHandoffStore.open({ url: database.url, tablePrefix: 'mig_' })));
    try {
      const names = mysqlTableNames('mig_');
      const tables = await database.query<{ TABLE_NAME: string; ENGINE: string; TABLE_COLLATION: string }>(
        'SELECT TABLE_NAME, ENGINE, TABLE_COLLATION FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME',
        [database.name],
      );
      expect(tables.map((t) => t.TABLE_NAME).sort()).toEqual(Object.values(names).sort());
      for (const t of tables) {
        expect(t.ENGINE).toBe('InnoDB');
        expect(t.TABLE_COLLATION).toMatch(/^utf8mb4_/);
      }
      const versions = await database.query<{ version: number }>(`SELECT version FROM \`${names.schema}\``);
      expect(versions.map((v) => v.version)).toEqual(Array.from({ length: MYSQL_SCHEMA_VERSION }, (_, i) => i + 1));
      expect(await stores[0].schemaVersion()).toBe(MYSQL_SCHEMA_VERSION);
    } finally {
      for (const s of stores) await s.close();
    }
    // Opening again migrates nothing.
    const again = await MysqlHandoffStore.open({ url: database.url, tablePrefix: 'mig_' });
    expect(await again.schemaVersion()).toBe(MYSQL_SCHEMA_VERSION);
    await again.close();
  });

  it('finishes a migration a start left half done: the columns there, the version not recorded', async () => {
    const prefix = 'half_';
    const names = mysqlTableNames(prefix);
    for (const statement of mysqlSchemaStatements(prefix, MYSQL_SCHEMA_VERSION)) await database.query(statement);
    await database.query(`CREATE TABLE \`${names.schema}\` (version INT UNSIGNED NOT NULL PRIMARY KEY, applied_at VARCHAR(40) NOT NULL)`);
    for (let v = 1; v < MYSQL_SCHEMA_VERSION; v++) await database.query(`INSERT INTO \`${names.schema}\` VALUES (?, ?)`, [v, new Date(T0).toISOString()]);
    const store = await MysqlHandoffStore.open({ url: database.url, tablePrefix: prefix });
    try {
      expect(await store.schemaVersion()).toBe(MYSQL_SCHEMA_VERSION);
      const made = await store.createOnce(input('half-migrated', enquiry));
      expect(made).toMatchObject({ kind: 'created', handoff: { state: 'created' } });
    } finally {
      await store.close();
    }
  });

  it('is what the factory opens for a mysql:// URL, with the WordPress prefix wp_ by default', async () => {
    const { loadConfig } = await import('../../plugin/sidecar/core/config.js');
    const config = loadConfig({ MANUFACTURER_AGENT_DATABASE_URL: database.url });
    expect(config.tablePrefix).toBe('wp_');
    const store = await openHandoffStore(config);
    expect(store.kind).toBe('mysql');
    await store.close();
    const tables = await database.query<{ n: number }>('SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?', [
      database.name,
      'wp_manufacturer_agent_handoffs',
    ]);
    expect(Number(tables[0].n)).toBe(1);
    const dir = mkdtempSync(path.join(tmpdir(), 'manufacturer-agent-store-'));
    const sqlite = await openHandoffStore({ ...config, databaseUrl: '', dataDir: dir });
    expect(sqlite.kind).toBe('sqlite');
    await sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a bad URL or prefix, and names an unreachable server without its password', async () => {
    await expect(MysqlHandoffStore.open({ url: 'postgres://x@127.0.0.1/db', tablePrefix: 'wp_' })).rejects.toThrow(
      /MANUFACTURER_AGENT_DATABASE_URL must start with mysql:\/\//,
    );
    await expect(MysqlHandoffStore.open({ url: 'mysql://root@127.0.0.1:3306', tablePrefix: 'wp_' })).rejects.toThrow(/must name the database/);
    await expect(MysqlHandoffStore.open({ url: database.url, tablePrefix: 'wp`; DROP' })).rejects.toThrow(/MANUFACTURER_AGENT_TABLE_PREFIX/);
    const failure = MysqlHandoffStore.open({ url: 'mysql://agent:s3cret-pw@127.0.0.1:1/db?connectTimeout=1000', tablePrefix: 'wp_' });
    await expect(failure).rejects.toThrow(/cannot open the handoff store at mysql:\/\/agent:\*\*\*@127\.0\.0\.1:1\/db/);
    await expect(failure).rejects.not.toThrow(/s3cret-pw/);
  });
});
