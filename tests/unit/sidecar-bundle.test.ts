import { describe, expect, it } from 'vitest';
import { buildProductionSidecar } from '../../scripts/plugin-zip.mjs';
import { latin1Only } from '../../scripts/sidecar-bundle.mjs';

describe('the sidecar bundle', () => {
  it('escapes every character above U+00FF without changing what the code does', () => {
    const source = [
      'const words = /[а-яё]+/g;',
      'const dash = /\\—/;', // an identity escape of its own
      'const text = "x—y😀";',
      'const emoji = /😀/u;',
      'const template = `— ${1}`;',
      '// a comment — with a dash',
      'return ["при вет".match(words), dash.test("—"), text, emoji.test("😀"), template, "äöüß"];',
    ].join('\n');
    const escaped = latin1Only(source);
    expect(escaped).not.toMatch(/[^\x00-\xff]/);
    expect(escaped).toContain('"äöüß"');
    expect(new Function(escaped)()).toEqual(new Function(source)());
  });

  it('ships with no character above U+00FF, so that V8 keeps its source as one byte a character', async () => {
    const { code } = await buildProductionSidecar();
    const text = Buffer.from(code).toString('utf8');
    expect(text.match(/[^\x00-\xff]/g) ?? []).toEqual([]);
    // Orama's tokenizers were the characters' main source; they are still there, escaped.
    expect(text).toContain('\\u0430-\\u044f');
  });

  it('runs the nextTick anchor (tick-anchor.ts) before the code of any other module', async () => {
    const text = Buffer.from((await buildProductionSidecar()).code).toString('utf8');
    const anchor = text.indexOf('manufacturer-agent.tick-anchor');
    expect(anchor).toBeGreaterThan(0);
    // Before it, only esbuild's wrappers of the bundled CommonJS modules, which run when first required;
    // the first top-level require (Fastify's, as it happens) comes after it.
    const firstRequire = /(?:^|[;\n}])(?:var|const|let) \w+\s*=\s*__toESM\(require_\w+\(\)/m.exec(text);
    expect(firstRequire?.index ?? Infinity).toBeGreaterThan(anchor);
  });
});
