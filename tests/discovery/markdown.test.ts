import { describe, expect, it } from 'vitest';
import { marked } from 'marked';
import { linkItem, plain, table, text, url } from '../../plugin/sidecar/discovery/markdown.js';
import { allTokens } from './markdown-structure.js';

const parse = (markdown: string) => allTokens(marked.lexer(markdown));
const kinds = (markdown: string) => new Set(parse(markdown).map((t) => t.type));

describe('text(): staff-entered text as literal Markdown', () => {
  it('keeps ordinary text readable', () => {
    expect(text('Vlies Classic 150')).toBe('Vlies Classic 150');
    expect(text('OpenAPI 3.1.0, Mo–Fr 07:00–16:00 MEZ, next_step')).toBe('OpenAPI 3.1.0, Mo–Fr 07:00–16:00 MEZ, next_step');
    expect(text('Wandwerk & Co')).toBe('Wandwerk & Co');
  });

  it.each([
    ['# Heading', 'heading'],
    ['## Fake section', 'heading'],
    ['- list item', 'list'],
    ['+ list item', 'list'],
    ['* list item', 'list'],
    ['1. ordered', 'list'],
    ['2) ordered', 'list'],
    ['> quote', 'blockquote'],
    ['---', 'hr'],
    ['***', 'hr'],
    ['```js', 'code'],
    ['~~~', 'code'],
    ['    indented code', 'code'],
    ['<div>html block</div>', 'html'],
    ['<!-- comment -->', 'html'],
    ['| a | b |\n| - | - |', 'table'],
    ['[ref]: https://evil.example/', 'def'],
  ])('cannot open a block: %j', (value, kind) => {
    expect(kinds(value).has(kind as never)).toBe(true); // the raw value would
    const safe = text(value);
    expect(kinds(safe).has(kind as never)).toBe(false);
    expect(parse(safe).filter((t) => t.type !== 'paragraph' && t.type !== 'text' && t.type !== 'escape' && t.type !== 'space')).toEqual([]);
  });

  it.each([
    ['[click](https://evil.example/)', 'link'],
    ['![img](https://evil.example/x.png)', 'image'],
    ['<https://evil.example/>', 'link'],
    ['see https://evil.example/ now', 'link'],
    ['see www.evil.example now', 'link'],
    ['<script>alert(1)</script>', 'html'],
    ['<img src=x onerror=alert(1)>', 'html'],
    ['**bold** and _em_', 'strong'],
    ['`code`', 'codespan'],
    ['~~strike~~', 'del'],
    ['a  \nb', 'br'],
  ])('carries no markup: %j', (value, kind) => {
    expect(kinds(value).has(kind as never)).toBe(true);
    const safe = text(value);
    expect(safe).not.toMatch(/[\r\n]/);
    expect(
      parse(safe)
        .map((t) => t.type)
        .filter((t) => !['paragraph', 'text', 'escape'].includes(t)),
    ).toEqual([]);
  });

  it('drops HTML tags and keeps their text; a stray < stays literal', () => {
    expect(plain('Evil <script>alert(1)</script>\n# Injected')).toBe('Evil alert(1) # Injected');
    expect(marked.parseInline(text('a < b & c > d'))).toBe('a &lt; b &amp; c &gt; d');
    expect(marked.parseInline(text('&lt;b&gt;'))).toBe('&amp;lt;b&amp;gt;');
  });

  it('keeps entries of a file list and a table intact whatever the text', () => {
    const hostile = '| x](https://evil.example/) \n- [y](https://evil.example/)';
    const list = marked.lexer(linkItem(hostile, 'https://site.example/a (b)', text(hostile)));
    const links = allTokens(list).filter((t) => t.type === 'link');
    expect(links).toHaveLength(1);
    expect((links[0] as { href: string }).href).toBe('https://site.example/a%20%28b%29');
    const grid = marked.lexer(table(['A', 'B'], [[text(hostile), 'x']]));
    expect(grid).toHaveLength(1);
    expect((grid[0] as { rows: unknown[][] }).rows).toHaveLength(1);
    expect((grid[0] as { rows: unknown[][] }).rows[0]).toHaveLength(2);
  });

  it('makes URLs safe inside (…)', () => {
    expect(url('tel:+497119876540')).toBe('tel:+497119876540');
    expect(url('https://site.example/a(b)<c>|d')).toBe('https://site.example/a%28b%29%3Cc%3E%7Cd');
  });
});
