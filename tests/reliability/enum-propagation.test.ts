// A value added to an enumeration in a temporary copy of the sources reaches every consumer through the
// build alone: the sidecar's openapi.json, its MCP tool schema and POST /handoffs, the schemas and the
// contract PHP reads (the abilities, the admin API, the review's names), the admin screen's bundle and
// the TypeScript types, where the compiler names the one place that holds content per step (what an agent
// prepares). Added without its names, or without its entry in the site configuration's
// schema, the build stops and says where.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, spawnService, type ServiceProcess } from '../support/service.js';
import { ensureCommand } from '../support/commands.js';

const STEP = 'consultation';
const NAMES = { de: 'Beratungstermin vor Ort', en: 'On-site consultation' };
const TARGET = '/beratung/';

const copies: string[] = [];

/** The sources the build reads, copied; node_modules linked. */
function copySources(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'enum-propagation-'));
  copies.push(dir);
  for (const entry of ['schemas', 'admin-ui', 'scripts', 'package.json', 'tsconfig.json'])
    cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  cpSync(path.join(ROOT, 'plugin'), path.join(dir, 'plugin'), { recursive: true, filter: (source) => !source.startsWith(path.join(ROOT, 'plugin/build')) });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

function editJson(file: string, edit: (json: any) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8'));
  edit(json);
  writeFileSync(file, `${JSON.stringify(json, null, 2)}\n`);
}

function addStep(dir: string, { names = true, configSchema = true } = {}): void {
  editJson(path.join(dir, 'schemas/common.schema.json'), (common) => {
    common.$defs.NextStep.enum.push(STEP);
    if (names) common.$defs.NextStep['x-labels'][STEP] = NAMES;
  });
  if (configSchema) {
    editJson(path.join(dir, 'schemas/site-config.schema.json'), (schema) => {
      schema.properties.handoff_targets.properties[STEP] = { $ref: 'common.schema.json#/$defs/SitePath' };
      schema.properties.handoff_targets.required.push(STEP);
    });
  }
  editJson(path.join(dir, 'plugin/data/default-site-config.json'), (config) => {
    config.handoff_targets[STEP] = TARGET;
  });
}

function run(dir: string, script: string, args: string[] = []) {
  return spawnSync(process.execPath, [path.join(dir, script), ...args], { cwd: dir, encoding: 'utf8', timeout: 300_000 });
}

afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

describe('a next step added to schemas/ alone', () => {
  let dir: string;
  let service: ServiceProcess;

  beforeAll(async () => {
    dir = copySources();
    addStep(dir);
    for (const script of ['scripts/build-sidecar.mjs', 'scripts/build-admin.mjs']) {
      const built = run(dir, script);
      expect(built.status, `${script}: ${built.stdout}${built.stderr}`).toBe(0);
    }
    service = await spawnService(
      { MANUFACTURER_AGENT_DATA_DIR: path.join(dir, '.data') },
      { bundle: path.join(dir, 'plugin/build/sidecar/main.mjs'), cwd: dir },
    );
  }, 600_000);

  afterAll(async () => {
    service?.child.kill('SIGTERM');
    await service?.exited;
  });

  it('is typed: the compiler names the one place that must say what an agent prepares for it, and then passes', () => {
    expect(readFileSync(path.join(dir, 'plugin/sidecar/core/schema-types.ts'), 'utf8')).toContain(`"${STEP}"`);
    const tsc = () =>
      spawnSync(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', path.join(dir, 'tsconfig.json')], {
        encoding: 'utf8',
        timeout: 300_000,
      });
    const first = tsc();
    expect(first.status).not.toBe(0);
    const errors = first.stdout.split('\n').filter((line) => /error TS/.test(line));
    expect(errors, first.stdout).toHaveLength(1);
    expect(errors[0]).toMatch(new RegExp(`plugin/sidecar/tools/guide\\.ts\\(\\d+,\\d+\\): error TS2741: Property '${STEP}' is missing`));
    // Content, not plumbing: what to prepare for the new step.
    const guide = path.join(dir, 'plugin/sidecar/tools/guide.ts');
    writeFileSync(
      guide,
      readFileSync(guide, 'utf8').replace(
        '  wallcheck: [PRINT_FILE, DIMENSIONS, CONTACT],\n',
        `  wallcheck: [PRINT_FILE, DIMENSIONS, CONTACT],\n  ${STEP}: [CONTACT],\n`,
      ),
    );
    const second = tsc();
    expect(second.status, second.stdout).toBe(0);
  }, 300_000);

  it('reaches PHP: the contract with its names, and the schemas the abilities and the admin API read', () => {
    const contract = JSON.parse(readFileSync(path.join(dir, 'plugin/build/contract.json'), 'utf8'));
    expect(contract.enums.next_step).toContainEqual({ value: STEP, label: NAMES });
    for (const schema of ['handoff-tool-input', 'handoff-record', 'handoff-request']) {
      const built = readFileSync(path.join(dir, `plugin/build/schemas/${schema}.json`), 'utf8');
      expect(JSON.parse(built).properties.next_step.enum, schema).toContain(STEP);
    }
    // The plugin's own class reads it: the values the admin API filters by and the names the review shows.
    ensureCommand('php', 'php-cli');
    const probe = path.join(dir, 'contract-probe.php');
    writeFileSync(
      probe,
      [
        '<?php',
        'namespace ManufacturerAgent;',
        'use ManufacturerAgent\\Settings\\Contract;',
        "define( 'ABSPATH', __DIR__ . '/' );",
        "const PLUGIN_FILE = __DIR__ . '/plugin/manufacturer-agent.php';",
        "require __DIR__ . '/plugin/includes/Settings/Contract.php';",
        `echo json_encode( array( Contract::values( 'next_step' ), Contract::label( 'next_step', '${STEP}', 'de' ), Contract::label( 'next_step', '${STEP}', 'en' ) ) );`,
      ].join('\n'),
    );
    const php = spawnSync('php', ['-n', probe], { encoding: 'utf8' });
    expect(php.status, php.stderr).toBe(0);
    const [values, de, en] = JSON.parse(php.stdout);
    expect(values).toContain(STEP);
    expect([de, en]).toEqual([NAMES.de, NAMES.en]);
    // On a machine without PHP, ensureCommand installs php-cli first (about 45 s here).
  }, 300_000);

  it('reaches the admin screen: its bundle carries both names', () => {
    const bundle = readFileSync(path.join(dir, 'plugin/build/admin/index.js'), 'utf8');
    expect(bundle).toContain(NAMES.de);
    expect(bundle).toContain(NAMES.en);
  });

  it('reaches the sidecar: openapi.json, the MCP tool schema, and a handoff to the new step', async () => {
    const openapi = (await (await fetch(`${service.baseUrl}/openapi.json`)).json()) as any;
    expect(openapi.components.schemas.NextStep.enum).toContain(STEP);
    const tools = await fetch(`${service.baseUrl}/mcp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const text = await tools.text();
    const list = JSON.parse(text.startsWith('{') ? text : text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
    const tool = list.result.tools.find((t: { name: string }) => t.name === 'create_idempotent_project_handoff');
    expect(tool.inputSchema.properties.next_step.enum).toContain(STEP);
    const created = await fetch(`${service.baseUrl}/wp-json/manufacturer-agent/v1/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': 'enum-propagation-1' },
      body: JSON.stringify({ next_step: STEP }),
    });
    const handoff = (await created.json()) as { link: string };
    expect(created.status).toBe(201);
    expect(new URL(handoff.link).pathname).toBe(TARGET);
  });
});

describe('a next step the build refuses, saying where', () => {
  it('without its German and English names', () => {
    const dir = copySources();
    addStep(dir, { names: false });
    const built = run(dir, 'scripts/build-sidecar.mjs');
    expect(built.status).not.toBe(0);
    expect(built.stderr).toMatch(new RegExp(`NextStep: every value needs "x-labels" with "de" and "en"; missing for ${STEP}`));
  }, 300_000);

  it('without its entry in the site configuration’s schema', () => {
    const dir = copySources();
    addStep(dir, { configSchema: false });
    const built = run(dir, 'scripts/build-sidecar.mjs');
    expect(built.status).not.toBe(0);
    expect(built.stderr).toMatch(new RegExp(`handoff_targets must name \\(in properties and required\\) every NextStep value; missing: ${STEP}`));
  }, 300_000);
});
