// The contract PHP reads instead of keeping copies (plugin/sidecar/contract.ts → plugin/build/contract.json).
import { describe, expect, it } from 'vitest';
import { buildContract, labelledEnum } from '../../plugin/sidecar/contract.js';
import { NEXT_STEPS, PRIORITIES, SCHEMAS } from '../../plugin/sidecar/core/schemas.js';
import { BRIDGE_HEADERS, EXAMPLE_BRIDGE_TOKEN, internalCredential } from '../../plugin/sidecar/core/bridge.js';
import { CONFIG_BODY_LIMIT_BYTES } from '../../plugin/sidecar/bridge/routes.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/service.js';
import { createHmac } from 'node:crypto';
import { isAmbiguousTarget } from '../../plugin/sidecar/core/paths.js';

describe('the contract', () => {
  const contract = buildContract();

  it('carries each enumeration of the schemas with a German and an English name per value', () => {
    expect(contract.enums.priority.map((e) => e.value)).toEqual(PRIORITIES);
    expect(contract.enums.next_step.map((e) => e.value)).toEqual(NEXT_STEPS);
    expect(contract.enums.handoff_state.map((e) => e.value)).toEqual(SCHEMAS.common.$defs.HandoffState.enum);
    for (const entries of Object.values(contract.enums)) {
      for (const { label } of entries) {
        expect(label.de.length * label.en.length).toBeGreaterThan(0);
      }
    }
    // One name per value and language: no two values share one.
    for (const entries of Object.values(contract.enums)) {
      for (const lang of ['de', 'en'] as const) expect(new Set(entries.map((e) => e.label[lang])).size).toBe(entries.length);
    }
  });

  it('fails the build loudly when a value has no name, or a name no value', () => {
    const priority = SCHEMAS.common.$defs.Priority as { enum: string[]; 'x-labels': Record<string, unknown> };
    priority.enum.push('schallschutz');
    try {
      expect(() => labelledEnum('Priority')).toThrow(/Priority.*missing for schallschutz/);
    } finally {
      priority.enum.pop();
    }
    priority['x-labels'].altlast = { de: 'Alt', en: 'Old' };
    try {
      expect(() => labelledEnum('Priority')).toThrow(/named but not in the enum: altlast/);
    } finally {
      delete priority['x-labels'].altlast;
    }
  });

  it('names the internal credential as the sidecar checks it', () => {
    expect(contract.bridge_headers).toEqual(BRIDGE_HEADERS);
    expect(createHmac('sha256', 's3cret').update(contract.internal_credential_context).digest('hex')).toBe(internalCredential('s3cret'));
  });

  it('gives PHP the ambiguous-path rule the sidecar applies', () => {
    const php = new RegExp(contract.ambiguous_path_pattern, 'i');
    for (const path of [
      '/wp-json/manufacturer-agent/v1/materials',
      '/llms.txt',
      '/wp-json/x/%41b',
      '/a/../_bridge/status',
      '/a/%2e%2e/b',
      '/a\\b',
      '/a;b',
      '/a/%252e',
    ]) {
      expect(php.test(path), path).toBe(isAmbiguousTarget(path));
    }
    expect(new RegExp(contract.handoff_id_pattern).test('ho_0123456789abcdef')).toBe(true);
  });

  it('lists every configuration part the schema requires, and every root path of the documents', () => {
    expect(contract.config_parts).toEqual(SCHEMAS.SiteConfig.required);
    expect(contract.root_paths).toContain('/llms.txt');
    expect(contract.root_paths).toContain('/mcp/');
    expect(new Set(contract.root_paths).size).toBe(contract.root_paths.length);
  });

  it("names the documentation's example secret, and every installation example shows exactly that one", () => {
    // Site Health calls a site with this secret critical: an example the docs show but the contract
    // does not name would go unnoticed.
    expect(contract.example_bridge_token).toBe(EXAMPLE_BRIDGE_TOKEN);
    const examples: string[] = [];
    for (const file of ['README.md', 'plugin/readme.txt', 'docs/bridge-contract.md']) {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      for (const match of text.matchAll(/MANUFACTURER_AGENT_BRIDGE_TOKEN(?:=|', ')'?([^'`;\n]{1,80})/g)) examples.push(`${file}: ${match[1]}`);
    }
    expect(examples.length).toBeGreaterThanOrEqual(3);
    for (const example of examples) expect(example.replace(/^[^:]+: /, ''), example).toBe(EXAMPLE_BRIDGE_TOKEN);
  });

  it('gives PHP the largest configuration push the sidecar takes', () => {
    expect(contract.config_body_limit_bytes).toBe(CONFIG_BODY_LIMIT_BYTES);
  });

  it('names one release everywhere: package.json (the sidecar reports it), the plugin header and ManufacturerAgent\\VERSION', () => {
    // Site Health compares the sidecar's plugin_version with the PHP constant: a stale sidecar differs, a fresh one must not.
    const version = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version;
    const main = readFileSync(path.join(ROOT, 'plugin/manufacturer-agent.php'), 'utf8');
    expect(/^ \* Version:\s+(\S+)$/m.exec(main)?.[1]).toBe(version);
    expect(/^const VERSION\s+= '([^']+)';$/m.exec(main)?.[1]).toBe(version);
  });
});
