/**
 * Markdown building blocks for llms.txt and llms-full.txt. Every text staff enter goes through text(),
 * so a value can neither start a new block (heading, list, quote, code, table row) nor carry markup
 * (HTML, links, images, emphasis): it is always one line of literal text.
 */

// A comment or processing instruction ends before the next one opens: unclosed, each of a long run of
// openers scanned to the end of the text (quadratic); the '<' left of an unclosed one is escaped by text().
const HTML_TAG = /<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>|<!--(?:[^<]|<(?!!--))*?-->|<![A-Za-z][^<>]*>|<\?(?:[^<]|<(?!\?))*?\?>/g;
// Line and paragraph separators, other control characters, and the bidirectional overrides that could
// make a reader see different text than a parser.
const BREAKS = /[\r\n\t\f\v\u0085\u2028\u2029]+/g;
const INVISIBLE = /[\u0000-\u0008\u000e-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
// Characters that open inline structure anywhere in a line: escapes, code, emphasis, links and images,
// HTML and autolinks, headings' closing sequences, table cells, strikethrough.
const INLINE_SPECIAL = /[\\`*_[\]<>#|~]/g;
// An entity or numeric character reference would be decoded: &lt; must stay the five characters it is.
const ENTITY = /&(?=#?[A-Za-z0-9]+;)/g;

/** Untrusted text as one line of plain text: no HTML tags, no line breaks, no invisible characters. */
export function plain(value: string): string {
  return value.replace(HTML_TAG, ' ').replace(BREAKS, ' ').replace(INVISIBLE, '').replace(/ {2,}/g, ' ').trim();
}

/** Staff-entered (or any untrusted) text as literal inline Markdown on one line. */
export function text(value: string): string {
  let out = plain(value)
    // An underscore inside a word (next_step) never opens emphasis; it stays unescaped for readability.
    .replace(INLINE_SPECIAL, (ch, at: number, all: string) => (ch === '_' && /\w/.test(all[at - 1] ?? '') && /\w/.test(all[at + 1] ?? '') ? ch : `\\${ch}`))
    .replace(ENTITY, '\\&')
    // A bare address would become a link (GFM autolinks): the escaped colon or dot reads the same and links nowhere.
    .replace(/\b(https?|ftp):\/\//gi, '$1\\://')
    .replace(/\bwww\./gi, (www) => `${www.slice(0, 3)}\\.`);
  // What is left could still open a block where the text starts a line: a list item (a marker and a
  // space), an ordered item (1. or 1) and a space), a thematic break or a setext underline.
  if (/^[-+](\s|$)/.test(out) || /^[-=](\s*[-=])*\s*$/.test(out)) out = `\\${out}`;
  out = out.replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');
  return out;
}

/** A URL inside the parentheses of [name](url): no white space, no unbalanced parentheses or angle brackets. */
export function url(value: string): string {
  return new URL(value).href.replace(/[()<>\s"'|]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** An inline link; the name is literal text. */
export function link(name: string, href: string): string {
  return `[${text(name)}](${url(href)})`;
}

/** An autolink <url>, for a bare address. */
export function autolink(href: string): string {
  return `<${url(href)}>`;
}

/** An llms.txt file-list entry: - [name](url): notes */
export function linkItem(name: string, href: string, notes?: string): string {
  return `- ${link(name, href)}${notes ? `: ${notes}` : ''}`;
}

/** Code span for a fixed technical token (a path, a header, an enumeration value); backticks inside are impossible here. */
export function code(value: string): string {
  if (value.includes('`') || /[\r\n]/.test(value)) throw new Error(`not a code token: ${value}`);
  return `\`${value}\``;
}

/** A GitHub-flavoured Markdown table; every cell must already be safe inline Markdown. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Paragraphs and blocks separated by one blank line, with one final newline. */
export function blocks(parts: Array<string | false | undefined>): string {
  return `${parts.filter((p): p is string => typeof p === 'string' && p !== '').join('\n\n')}\n`;
}
