// npm run plugin-zip: what the installable zip carries, and that its sidecar runs with nothing but the
// two dependencies its package.json names installed beside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yauzl from 'yauzl';
import { ROOT } from '../../scripts/stack.mjs';
import { pluginZip } from '../../scripts/plugin-zip.mjs';
import { SIDECAR_EXTERNAL } from '../../scripts/sidecar-bundle.mjs';
import { OLDEST_RELEASE } from '../../scripts/prepare-wordpress-core.mjs';
import { spawnService, type ServiceProcess } from '../support/service.js';

const dir = mkdtempSync(path.join(tmpdir(), 'plugin-zip-'));
let entries: Map<string, Buffer>;

function readZip(file: string): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.open(file, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(out));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

beforeAll(async () => {
  // npm test has built the sidecar and the schemas already.
  const { file } = await pluginZip({ out: path.join(dir, 'manufacturer-agent.zip'), runBuild: false });
  entries = await readZip(file);
}, 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the plugin zip', () => {
  it('installs as manufacturer-agent/ with the main file, the PHP, readme.txt, the schemas and the sidecar bundle', () => {
    const names = [...entries.keys()];
    expect(names.every((n) => n.startsWith('manufacturer-agent/'))).toBe(true);
    for (const required of [
      'manufacturer-agent/manufacturer-agent.php',
      'manufacturer-agent/readme.txt',
      'manufacturer-agent/uninstall.php',
      'manufacturer-agent/data/default-site-config.json',
      'manufacturer-agent/sidecar/main.mjs',
      'manufacturer-agent/sidecar/package.json',
    ]) {
      expect(names, required).toContain(required);
    }
    expect(names.filter((n) => n.startsWith('manufacturer-agent/includes/') && n.endsWith('.php')).length).toBeGreaterThan(5);
    expect(names.some((n) => n.startsWith('manufacturer-agent/build/schemas/'))).toBe(true);
    expect(entries.get('manufacturer-agent/readme.txt')!.toString()).toMatch(/^=== Manufacturer Agent ===/);
    expect(entries.get('manufacturer-agent/manufacturer-agent.php')!.toString()).toMatch(/Plugin Name:\s+Manufacturer Agent/);
  });

  // WordPress refuses to activate a plugin on an older release than its main file's header names, so the
  // header, readme.txt and the release the oldest-WordPress run tests must agree.
  it('names the oldest supported WordPress and PHP alike in the main file and readme.txt', () => {
    const header = (text: string, name: string) => new RegExp(`^[\\s*]*${name}:\\s*(\\S+)`, 'm').exec(text)?.[1];
    const main = entries.get('manufacturer-agent/manufacturer-agent.php')!.toString();
    const readme = entries.get('manufacturer-agent/readme.txt')!.toString();
    expect(header(main, 'Requires at least')).toBe(OLDEST_RELEASE);
    expect(header(readme, 'Requires at least')).toBe(OLDEST_RELEASE);
    expect(header(main, 'Requires PHP')).toBe(header(readme, 'Requires PHP'));
  });

  it('carries the admin screen when it is built', async () => {
    const { existsSync } = await import('node:fs');
    const built = existsSync(path.join(ROOT, 'plugin/build/admin'));
    expect([...entries.keys()].some((n) => n.startsWith('manufacturer-agent/build/admin/'))).toBe(built);
  });

  it('leaves out sources, tests, dependencies, source maps and dot files', () => {
    const forbidden = [...entries.keys()].filter(
      (n) =>
        (n.startsWith('manufacturer-agent/sidecar/') && !['main.mjs', 'package.json'].includes(n.slice('manufacturer-agent/sidecar/'.length))) ||
        n.startsWith('manufacturer-agent/build/sidecar/') ||
        n.startsWith('manufacturer-agent/build/tools/') ||
        /\/node_modules\/|\/tests?\/|\/src\/|\.tsx?$|\.map$|\/\.[^/]+$/.test(n),
    );
    expect(forbidden).toEqual([]);
  });

  it('names exactly the native or optional drivers as dependencies, the rest is in the bundle', () => {
    const manifest = JSON.parse(entries.get('manufacturer-agent/sidecar/package.json')!.toString());
    expect(Object.keys(manifest.dependencies).sort()).toEqual([...SIDECAR_EXTERNAL].sort());
    expect(manifest.type).toBe('module');
    const bundle = entries.get('manufacturer-agent/sidecar/main.mjs')!.toString();
    // Every import the bundle keeps is Node's own or one of the two drivers; the rest is inside it.
    const specifiers = [
      ...bundle.matchAll(/(?<![-\w$."'])import\s*(?:[\w$*{},\s]+?\s*from\s*)?["']([^"']+)["']|(?<![-\w$."'])import\s*\(\s*["']([^"']+)["']\s*\)/g),
    ].map((m) => m[1] ?? m[2]);
    const packages = new Set(
      specifiers.filter((s) => !s.startsWith('node:')).map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0])),
    );
    expect([...packages].sort()).toEqual([...SIDECAR_EXTERNAL].sort());
    expect(specifiers.filter((s) => s.startsWith('node:')).length).toBeGreaterThan(0);
  });

  it('runs its sidecar with only those dependencies installed beside it', { timeout: 60_000 }, async () => {
    const sidecarDir = path.join(dir, 'extracted/manufacturer-agent/sidecar');
    mkdirSync(path.join(sidecarDir, 'node_modules'), { recursive: true });
    for (const name of ['main.mjs', 'package.json']) writeFileSync(path.join(sidecarDir, name), entries.get(`manufacturer-agent/sidecar/${name}`)!);
    // What `npm install --omit=dev` would put there (linked from this checkout, outside of which nothing resolves).
    for (const dependency of SIDECAR_EXTERNAL) symlinkSync(path.join(ROOT, 'node_modules', dependency), path.join(sidecarDir, 'node_modules', dependency));
    let sidecar: ServiceProcess | undefined;
    try {
      sidecar = await spawnService(
        { MANUFACTURER_AGENT_DATA_DIR: path.join(dir, 'data') },
        { timeoutMs: 20_000, bundle: path.join(sidecarDir, 'main.mjs'), cwd: sidecarDir },
      );
      const company = await fetch(`${sidecar.baseUrl}/wp-json/manufacturer-agent/v1/company`);
      expect(company.status).toBe(200);
      const handoff = await fetch(`${sidecar.baseUrl}/wp-json/manufacturer-agent/v1/handoffs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': 'zip-bundle-test-1' },
        body: '{"next_step":"wallcheck"}',
      });
      expect(handoff.status).toBe(201);
      const tools = await fetch(`${sidecar.baseUrl}/mcp/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
      });
      expect(((await tools.json()) as any).result.tools).toHaveLength(5);
    } finally {
      sidecar?.child.kill('SIGTERM');
      if (sidecar) await sidecar.exited;
    }
  });
});
