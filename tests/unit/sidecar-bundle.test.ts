import { describe, expect, it } from 'vitest';
import { buildProductionSidecar } from '../../scripts/plugin-zip.mjs';
import { latin1Only } from '../../scripts/sidecar-bundle.mjs';
import { TICK_ANCHOR_NAME } from '../../plugin/sidecar/speed/tick-anchor.js';

/** The shipped bundle's text, built once for the tests that read it. */
let shipped: Promise<string> | undefined;
const shippedText = () => (shipped ??= buildProductionSidecar().then(({ code }) => Buffer.from(code).toString('utf8')));

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
    const text = await shippedText();
    expect(text.match(/[^\x00-\xff]/g) ?? []).toEqual([]);
    // Orama's tokenizers were the characters' main source; they are still there, escaped.
    expect(text).toContain('\\u0430-\\u044f');
  });

  it('runs the nextTick anchor (tick-anchor.ts) before the code of any other module', async () => {
    const text = await shippedText();
    const anchor = text.indexOf(TICK_ANCHOR_NAME);
    expect(anchor).toBeGreaterThan(0);
    // Before it, only esbuild's wrappers of the bundled CommonJS modules, which run when first required;
    // the first top-level require (Fastify's, as it happens) comes after it.
    const firstRequire = /(?:^|[;\n}])(?:var|const|let) \w+\s*=\s*__toESM\(require_\w+\(\)/m.exec(text);
    expect(firstRequire?.index ?? Infinity).toBeGreaterThan(anchor);
  });
});
