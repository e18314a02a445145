import { afterEach, describe, expect, it } from 'vitest';
import { ACCESS_LOG_FLUSH_MS } from '../../plugin/sidecar/speed/access-log-buffer.js';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { PREFIX, spawnService, tempDataDir, type ServiceProcess } from '../support/service.js';
import { SQLITE_FILE_NAME, SqliteHandoffStore } from '../../plugin/sidecar/handoffs/sqlite-store.js';
import { createOnceInput } from '../support/handoff-input.js';
import { scopedIdempotencyKey } from '../../plugin/sidecar/handoffs/create-once.js';
import { TICK_ANCHOR_NAME } from '../../plugin/sidecar/speed/tick-anchor.js';

const TICK_ENTRY = fileURLToPath(new URL('../support/tick-entry.cjs', import.meta.url));

const started: ServiceProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const p of started.splice(0)) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function start(dataDir: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  const p = await spawnService({
    MANUFACTURER_AGENT_DATA_DIR: dataDir,
    MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0',
    MANUFACTURER_AGENT_RATE_LIMIT: '0',
    ...env,
  });
  started.push(p);
  return p;
}

function create(base: string, key: string, body: unknown) {
  return fetch(`${base}${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(body),
  });
}

describe('the sidecar as a process', () => {
  it('logs one line per request', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const p = await start(dir);
    const before = p.output().split('\n').length;
    await fetch(`${p.baseUrl}${PREFIX}/materials`);
    await fetch(`${p.baseUrl}${PREFIX}/materials/recommendation?priority=robust`);
    await fetch(`${p.baseUrl}${PREFIX}/nothing`);
    // Access lines are written together, at the latest after ACCESS_LOG_FLUSH_MS (speed/access-log-buffer.ts).
    const requestLines = () =>
      p
        .output()
        .split('\n')
        .slice(before - 1)
        .filter((l) => l.includes(`${PREFIX}/`));
    const deadline = Date.now() + ACCESS_LOG_FLUSH_MS + 4000;
    while (requestLines().length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const lines = requestLines();
    expect(lines).toHaveLength(3);
    expect(lines.map((l) => JSON.parse(l).msg)).toEqual([
      expect.stringMatching(new RegExp(`^GET ${PREFIX}/materials 200 [0-9.]+ms$`)),
      expect.stringMatching(/^GET .*recommendation\?priority=robust 200 /),
      expect.stringMatching(/^GET .*\/nothing 404 /),
    ]);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('stops cleanly on %s', async (signal) => {
    const dir = tempDataDir();
    dirs.push(dir);
    const p = await start(dir);
    expect((await fetch(`${p.baseUrl}${PREFIX}/company`)).status).toBe(200);
    p.child.kill(signal);
    expect(await p.exited).toBe(0);
    expect(p.output()).toContain(`${signal} received, closing`);
  });

  it('refuses to start on an invalid setting, saying which', async () => {
    await expect(spawnService({ PORT: 'eighty' })).rejects.toThrow(/PORT must be a whole number/);
  });

  it('keeps every handoff answered 201 after kill -9 and replays it after the restart', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const first = await start(dir);
    const answered = new Map<string, string>();
    let stop = false;
    // Handoffs keep being created while the process is killed; every 201 must survive.
    const load = async () => {
      while (!stop) {
        const key = `crash-${randomUUID()}`;
        try {
          const res = await create(first.baseUrl, key, { next_step: 'project_enquiry', requirements: { priority: 'effekt' } });
          if (res.status === 201) answered.set(key, await res.text());
        } catch {
          // The connection dies with the process; such a request was never answered.
        }
      }
    };
    const loads = [load(), load()];
    // Kill once enough handoffs were answered, however busy the machine is (bounded).
    const deadline = Date.now() + 15_000;
    while (answered.size < 30 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    stop = true;
    await Promise.all(loads);
    expect(answered.size).toBeGreaterThanOrEqual(30);

    const db = new Database(path.join(dir, SQLITE_FILE_NAME), { readonly: true });
    const rows = db.prepare('SELECT handoff_id, key FROM idempotency_keys').all() as { handoff_id: string; key: string }[];
    db.close();
    const stored = new Map(rows.map((r) => [r.key, r.handoff_id]));
    // Keys are stored scoped to their client (issue 27): this test's client is loopback.
    for (const [key, body] of answered) expect(stored.get(scopedIdempotencyKey(key, '127.0.0.1'))).toBe(JSON.parse(body).id);

    const second = await start(dir);
    const sample = [...answered].slice(0, 20);
    for (const [key, body] of sample) {
      const res = await create(second.baseUrl, key, { next_step: 'project_enquiry', requirements: { priority: 'effekt' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(body);
    }
  });

  it('expires handoffs at the retention when it starts and deletes those expired a retention period ago', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    const DAY = 24 * 60 * 60 * 1000;
    const now = Date.now();
    const store = new SqliteHandoffStore(dir);
    const make = async (key: string, createdAt: number) => {
      const outcome = await store.createOnce(createOnceInput(key, { next_step: 'wallcheck' }, createdAt, 30 * DAY));
      if (outcome.kind !== 'created') throw new Error('not created');
      return outcome.handoff;
    };
    const young = await make('retention-young', now - 29 * DAY);
    const due = await make('retention-due', now - 31 * DAY);
    const gone = await make('retention-gone', now - 70 * DAY);
    await store.expireHandoffs(now - 60 * DAY, now - 31 * DAY);
    await store.close();

    // The default retention (30 days); the task runs before the process listens.
    const p = await start(dir);
    expect(p.output()).toContain('expired 1 handoffs older than 30 days');
    expect(p.output()).toContain('deleted 1 handoffs expired more than 30 days ago');
    const db = new Database(path.join(dir, SQLITE_FILE_NAME), { readonly: true });
    const rows = db.prepare('SELECT id, state, expired_at FROM handoffs').all() as { id: string; state: string; expired_at: string | null }[];
    const keys = db.prepare('SELECT key FROM idempotency_keys').all() as { key: string }[];
    db.close();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(young.id)).toMatchObject({ state: 'created', expired_at: null });
    expect(byId.get(due.id)?.state).toBe('expired');
    expect(Date.parse(byId.get(due.id)!.expired_at!)).toBeGreaterThanOrEqual(now);
    expect(byId.has(gone.id)).toBe(false);
    expect(keys.map((k) => k.key)).toEqual(['retention-young']);
  });

  it('holds an object in the shape of nextTick queue entries for its whole life (speed/tick-anchor.ts)', async () => {
    const dir = tempDataDir();
    dirs.push(dir);
    // Loaded before the bundle: on SIGUSR2, compares what the sidecar holds with a real queue entry.
    const check = path.join(dir, 'tick-anchor-check.cjs');
    writeFileSync(
      check,
      `const { realTickEntry } = require(${JSON.stringify(TICK_ENTRY)});
      process.on('SIGUSR2', () => {
        const entry = realTickEntry();
        const held = process[Symbol.for(${JSON.stringify(TICK_ANCHOR_NAME)})];
        console.log('TICK-ANCHOR ' + JSON.stringify({ held: typeof held, sameMap: held ? %HaveSameMap(held, entry) : false }));
      });`,
    );
    const p = await spawnService({ MANUFACTURER_AGENT_DATA_DIR: dir }, { nodeArgs: ['--allow-natives-syntax', '--require', check] });
    started.push(p);
    // Some time after start, when start-up's own queue entries are long gone.
    await new Promise((resolve) => setTimeout(resolve, 500));
    p.child.kill('SIGUSR2');
    const deadline = Date.now() + 5_000;
    while (!/TICK-ANCHOR /.test(p.output()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(JSON.parse(/TICK-ANCHOR (.*)/.exec(p.output())![1])).toEqual({ held: 'object', sameMap: true });
  });
});
