import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { MysqlHandoffStore, mysqlTableNames } from '../../plugin/sidecar/handoffs/mysql-store.js';
import { freshDatabase, type TestDatabase } from '../support/mariadb.js';
import { createOnceInput } from '../support/handoff-input.js';
import { ROOT } from '../support/service.js';
import { ensurePackages } from '../../scripts/bench/lib/wordpress.mjs';

// Uninstall removes the handoff tables of sidecars that share the site's MariaDB (includes/Core/Handoff_Tables.php),
// run with Debian's php-cli against the real server. Its mysqli comes with the packages the WordPress
// relay tests install; whichever runs first installs them (the machines run as root).
let db: TestDatabase;
beforeAll(async () => {
  ensurePackages((message: string) => console.log(`[uninstall-tables] ${message}`));
  db = await freshDatabase();
}, 900_000);
afterAll(() => db?.drop());

function uninstall(prefix: string, env: Record<string, string> = {}): { suffixes: string[]; dropped: string[] } {
  const url = new URL(db.url);
  const args = [
    path.join(ROOT, 'tests/storage/fixtures/uninstall-tables.php'),
    path.join(ROOT, 'plugin'),
    url.hostname,
    url.port || '3306',
    decodeURIComponent(url.username),
    decodeURIComponent(url.password),
    db.name,
    prefix,
  ];
  const result = spawnSync('php', args, { encoding: 'utf8', env: { ...process.env, ...env } });
  if (result.status !== 0) throw new Error(`php failed: ${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout);
}

const tablesNow = async () =>
  (await db.query<{ TABLE_NAME: string }>('SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = ?', [db.name]))
    .map((t) => t.TABLE_NAME)
    .sort();

describe('uninstall and the handoff tables in MariaDB', () => {
  it('names the tables as the sidecar does', () => {
    expect(uninstall('none_').suffixes.sort()).toEqual(Object.values(mysqlTableNames('')).sort());
  });

  it('drops the tables of the site prefix with their handoffs, and nothing else', async () => {
    const store = await MysqlHandoffStore.open({ url: db.url, tablePrefix: 'wpt_' });
    const other = await MysqlHandoffStore.open({ url: db.url, tablePrefix: 'othersite_' });
    expect((await store.createOnce(createOnceInput('uninstall-key-1', { next_step: 'wallcheck' }, Date.now(), 60_000))).kind).toBe('created');
    await store.close();
    await other.close();
    await db.query('CREATE TABLE wpt_posts (id INT PRIMARY KEY)');
    const ours = Object.values(mysqlTableNames('wpt_')).sort();

    // A prefix the sidecar would refuse is not written into SQL: nothing is dropped.
    expect(uninstall('wpt_', { MANUFACTURER_AGENT_TABLE_PREFIX: 'wpt_`; DROP TABLE wpt_posts; --' }).dropped).toEqual([]);
    expect(await tablesNow()).toEqual(expect.arrayContaining([...ours, 'wpt_posts']));

    expect(uninstall('wpt_').dropped.sort()).toEqual(ours);
    const left = await tablesNow();
    for (const table of ours) expect(left).not.toContain(table);
    expect(left).toEqual(['wpt_posts', ...Object.values(mysqlTableNames('othersite_'))].sort());
    // Again: nothing left to drop, no error. The prefix the sidecar was given, when wp-config or the environment names it.
    expect(uninstall('wpt_').dropped).toEqual([]);
    expect(uninstall('wpt_', { MANUFACTURER_AGENT_TABLE_PREFIX: 'othersite_' }).dropped.sort()).toEqual(Object.values(mysqlTableNames('othersite_')).sort());
  });
});
