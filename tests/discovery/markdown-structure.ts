import { marked, type Token, type Tokens } from 'marked';

/** Every token of a marked token tree, depth first: block tokens, their inline tokens, list items and table cells. */
export function allTokens(tokens: Token[]): Token[] {
  const out: Token[] = [];
  const visit = (token: Token) => {
    out.push(token);
    const t = token as Token & { tokens?: Token[]; items?: Token[]; header?: Tokens.TableCell[]; rows?: Tokens.TableCell[][] };
    for (const child of t.tokens ?? []) visit(child);
    for (const item of t.items ?? []) visit(item);
    for (const cell of t.header ?? []) for (const child of cell.tokens) visit(child);
    for (const row of t.rows ?? []) for (const cell of row) for (const child of cell.tokens) visit(child);
  };
  tokens.forEach(visit);
  return out;
}

export interface LlmsLink {
  name: string;
  url: string;
  notes?: string;
}

export interface LlmsTxt {
  title: string;
  summary?: string;
  details: Token[];
  sections: { name: string; links: LlmsLink[] }[];
  tokens: Token[];
}

/**
 * Parses a document with marked (CommonMark + GFM) and checks the llmstxt.org grammar, in order:
 * an optional BOM, one H1 (required), an optional blockquote summary, any blocks except headings,
 * then H2 sections that each hold one "file list": list items made of a [name](url) link, then
 * optionally ":" and notes. Throws with the reason when the document does not follow it.
 */
export function parseLlmsTxt(markdown: string): LlmsTxt {
  const tokens = marked.lexer(markdown.replace(/^\uFEFF/, ''));
  const blocks = tokens.filter((t) => t.type !== 'space');
  let i = 0;
  const first = blocks[i++];
  if (first?.type !== 'heading' || (first as Tokens.Heading).depth !== 1) throw new Error(`the first block must be an H1, got ${first?.type}`);
  const title = (first as Tokens.Heading).text;
  let summary: string | undefined;
  if (blocks[i]?.type === 'blockquote') summary = (blocks[i++] as Tokens.Blockquote).text;
  const details: Token[] = [];
  while (i < blocks.length && blocks[i].type !== 'heading') details.push(blocks[i++]);
  const sections: LlmsTxt['sections'] = [];
  while (i < blocks.length) {
    const heading = blocks[i++] as Tokens.Heading;
    if (heading.type !== 'heading' || heading.depth !== 2)
      throw new Error(`after the details only H2 sections may follow, got ${heading.type} ${heading.depth ?? ''}: ${heading.raw}`);
    const links: LlmsLink[] = [];
    while (i < blocks.length && blocks[i].type !== 'heading') {
      const block = blocks[i++];
      if (block.type !== 'list') throw new Error(`section "${heading.text}" holds a ${block.type}, not a file list`);
      for (const item of (block as Tokens.List).items) {
        const inline = (item.tokens[0] as Tokens.Text | undefined)?.tokens ?? [];
        const [link, ...rest] = inline;
        if (link?.type !== 'link') throw new Error(`a list item of "${heading.text}" does not start with a link: ${item.raw}`);
        const after = rest.map((t) => t.raw).join('');
        if (after !== '' && !after.startsWith(': ')) throw new Error(`a link of "${heading.text}" is followed by something else than ": notes": ${item.raw}`);
        links.push({ name: (link as Tokens.Link).text, url: (link as Tokens.Link).href, ...(after ? { notes: after.slice(2) } : {}) });
      }
    }
    if (!links.length) throw new Error(`section "${heading.text}" has no file list`);
    sections.push({ name: heading.text, links });
  }
  return { title, summary, details, sections, tokens };
}
