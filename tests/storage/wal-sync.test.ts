import { afterEach, describe, expect, it, vi } from 'vitest';
import fs, { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SqliteHandoffStore } from '../../plugin/sidecar/handoffs/sqlite-store.js';
import { WalSync } from '../../plugin/sidecar/handoffs/wal-sync.js';
import { createOnceInput } from '../support/handoff-input.js';

const request = { next_step: 'sample_request' as const, requirements: { locale: 'de' } };
const dirs: string[] = [];

const input = (key: string) => createOnceInput(key, request, Date.now(), 86_400_000);

/** fs.fdatasync watched: which files it synced, and how many syncs ran at once at most. */
function watchSyncs() {
  const files: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const real = fs.fdatasync;
  vi.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, callback: (error: NodeJS.ErrnoException | null) => void) => {
    files.push(readlinkSync(`/proc/self/fd/${fd}`));
    mostAtOnce = Math.max(mostAtOnce, ++running);
    real(fd, (error) => {
      running--;
      callback(error);
    });
  }) as typeof fs.fdatasync);
  return { files, mostAtOnce: () => mostAtOnce };
}

/** This process's open descriptors of the store's WAL file. */
function walDescriptors(databaseFile: string): string[] {
  return fs.readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`).startsWith(`${databaseFile}-wal`);
    } catch {
      return false; // the listing's own descriptor, closed by now
    }
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('WAL synced in the background', () => {
  it('syncs the WAL of the store after its commits, one sync at a time, and lets go of it on close', async () => {
    const syncs = watchSyncs();
    const dir = mkdtempSync(path.join(tmpdir(), 'manufacturer-agent-walsync-'));
    dirs.push(dir);
    const store = new SqliteHandoffStore(dir);
    for (let round = 0; round < 5; round++) {
      const outcomes = await Promise.all(Array.from({ length: 20 }, (_, i) => store.createOnce(input(`wal-sync-${round}-${i}`))));
      expect(outcomes.every((o) => o.kind === 'created')).toBe(true);
    }
    expect(syncs.files.length).toBeGreaterThan(0);
    expect(new Set(syncs.files)).toEqual(new Set([`${store.file}-wal`]));
    expect(syncs.mostAtOnce()).toBe(1);
    // SQLite's own descriptor of the WAL and the one synced.
    expect(walDescriptors(store.file)).toHaveLength(2);
    await store.close();
    const after = walDescriptors(store.file);
    expect(after).toEqual([]);
  });

  it('does without when the WAL cannot be opened, and still closes', async () => {
    const syncs = watchSyncs();
    const sync = new WalSync(path.join(tmpdir(), 'manufacturer-agent-no-such-folder', 'x.sqlite'));
    expect(() => sync.wrote()).not.toThrow();
    await sync.close();
    sync.wrote();
    expect(syncs.files).toEqual([]);
  });
});
