// Issue 27: every field of every request body and tool input has a declared bound where it is declared
// (schemas/), so the bound holds at every door (REST, MCP, abilities, the configuration push) before any
// expensive work. Read from the build's dereferenced schemas, the same PHP reads for the abilities.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/service.js';

/** What a client or staff send: request bodies, tool inputs, the site configuration and the form's settings. */
const INPUTS = [
  'handoff-request',
  'handoff-tool-input',
  'ask-request',
  'handoff-guide-input',
  'recommend-material-input',
  'tool-no-arguments',
  'site-config',
  'enquiry-form-settings',
  'insights-settings',
];

/** A pattern anchored at both ends without unbounded repetition bounds a string by itself. */
const boundedPattern = (pattern: unknown) =>
  typeof pattern === 'string' &&
  pattern.startsWith('^') &&
  pattern.endsWith('$') &&
  !/[*+]|\{\d+,\}/.test(pattern.replace(/\\./g, '').replace(/\[[^\]]*\]/g, ''));

function unbounded(schema: unknown, at: string, out: string[]): string[] {
  if (Array.isArray(schema)) schema.forEach((s, i) => unbounded(s, `${at}/${i}`, out));
  else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    const types = Array.isArray(s.type) ? s.type : [s.type];
    const closed = 'enum' in s || 'const' in s;
    if (types.includes('string') && !closed && s.maxLength === undefined && !boundedPattern(s.pattern)) out.push(`${at}: string without maxLength`);
    const items = s.items as Record<string, unknown> | undefined;
    if (types.includes('array') && s.maxItems === undefined && !(s.uniqueItems === true && items && 'enum' in items)) out.push(`${at}: array without maxItems`);
    for (const [key, value] of Object.entries(s)) if (key !== 'examples' && key !== 'default') unbounded(value, `${at}/${key}`, out);
  }
  return out;
}

describe('every input field has a declared bound', () => {
  it.each(INPUTS)('%s: every string has maxLength (or a closed set), every array maxItems', (name) => {
    const file = path.join(ROOT, 'plugin/build/schemas', `${name}.json`);
    expect(unbounded(JSON.parse(fs.readFileSync(file, 'utf8')), name, [])).toEqual([]);
  });

  it('finds an unbounded field (the check can fail)', () => {
    expect(unbounded({ type: 'object', properties: { a: { type: 'string' }, b: { type: 'array', items: {} } } }, 'x', [])).toHaveLength(2);
  });
});

describe('the nesting bound of request bodies', () => {
  it('counts only the brackets outside strings, escaped quotes included', async () => {
    const { nestsDeeperThan } = await import('../../plugin/sidecar/core/json-body.js');
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan(`{"text":"${'['.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"text":"\\"${'{'.repeat(100)}"}`, 1)).toBe(false);
    expect(nestsDeeperThan(`{"text":"\\\\"${'['.repeat(3)}`, 3)).toBe(true);
    // Siblings do not add up: depth, not count.
    expect(nestsDeeperThan(`[${'[],'.repeat(1000)}[]]`, 2)).toBe(false);
  });

  it('leaves room for the deepest body the service reads: the default site configuration', async () => {
    const { nestsDeeperThan, MAX_JSON_DEPTH } = await import('../../plugin/sidecar/core/json-body.js');
    const config = fs.readFileSync(path.join(ROOT, 'plugin/data/default-site-config.json'), 'utf8');
    expect(nestsDeeperThan(config, 7)).toBe(true);
    expect(nestsDeeperThan(config, MAX_JSON_DEPTH / 4)).toBe(false);
  });
});
