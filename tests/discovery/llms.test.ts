import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marked, type Tokens } from 'marked';
import { startService, PREFIX, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';
import { isWordPress, openTarget, type Target } from '../support/target.js';
import { ASK_PATH, DOCUMENT_PATHS, MCP_PATH } from '../../plugin/sidecar/core/paths.js';
import { STATUS_CODES } from '../../plugin/sidecar/core/status-codes.js';
import { RETRY_AFTER_SECONDS } from '../../plugin/sidecar/core/errors.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '../../plugin/sidecar/handoffs/idempotency.js';
import { defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { allTokens, parseLlmsTxt } from './markdown-structure.js';

// One suite, two targets: the sidecar alone (standalone project) or every request through WordPress
// (wordpress project, whose sidecar keeps keys 14 days too); see tests/support/target.ts.
let target: Target;
/** The site URL the links are built on. */
let base: string;
/** The site configuration in force. */
let site: SiteConfig;
let openapi: any;

const get = async (path: string) => {
  const response = await api(target, path);
  expect(response.status).toBe(200);
  return response.text;
};

/** The operations openapi.json describes, as "METHOD path operationId". */
function documentedOperations(doc: any): { method: string; path: string; operationId: string; summary: string }[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, any>).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      operationId: op.operationId,
      summary: op.summary,
    })),
  );
}

beforeAll(async () => {
  target = await openTarget({ MANUFACTURER_AGENT_IDEMPOTENCY_RETENTION_DAYS: '14', MANUFACTURER_AGENT_RATE_LIMIT: '0' });
  base = target.publicUrl;
  site = await target.siteConfig();
  openapi = await (await target.fetch(DOCUMENT_PATHS.openapi)).json();
});
afterAll(() => target.close());

describe('llms.txt', () => {
  it('follows the llmstxt.org grammar: H1, summary quote, details, H2 file lists, Optional last', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const config = site;
    expect(doc.title).toBe(config.company.name);
    expect(doc.details.map((t) => t.type)).not.toContain('heading');
    expect(doc.sections.map((s) => s.name)).toEqual(['Interface', 'Human entry points', 'Optional']);
  });

  it('quotes the discovery summary, English first, then German, and shows the details', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const { summary, details } = site.discovery;
    expect(doc.summary).toContain(summary.en);
    expect(doc.summary).toContain(summary.de);
    expect(doc.summary!.indexOf(summary.en)).toBeLessThan(doc.summary!.indexOf(summary.de));
    const paragraphs = doc.details.map((t) => (t as Tokens.Paragraph).text);
    expect(paragraphs).toContain(details.en);
    expect(paragraphs).toContain(details.de);
  });

  it('links only absolute URLs on the public base (and the tel: URI of the telephone line)', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const links = doc.sections.flatMap((s) => s.links);
    for (const link of links) {
      expect(() => new URL(link.url)).not.toThrow();
      if (link.url.startsWith('tel:')) expect(link.url).toBe('tel:+497119876540');
      else expect(link.url.startsWith(`${base}/`)).toBe(true);
    }
    // Every link of the whole document, not only of the lists.
    const all = allTokens(doc.tokens).filter((t) => t.type === 'link') as Tokens.Link[];
    expect(all.length).toBe(links.length);
  });

  it('lists openapi.json, every REST operation, the ask endpoint, the MCP endpoint and server card, the agent card', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const urls = doc.sections.find((s) => s.name === 'Interface')!.links.map((l) => l.url);
    expect(urls[0]).toBe(`${base}${DOCUMENT_PATHS.openapi}`);
    for (const op of documentedOperations(openapi).filter(
      (o) => !o.path.startsWith('/.well-known') && !o.path.endsWith('.txt') && o.path !== DOCUMENT_PATHS.openapi,
    )) {
      expect(urls).toContain(`${base}${op.path}`);
    }
    expect(urls).toContain(`${base}${ASK_PATH}`);
    expect(urls).toContain(`${base}${MCP_PATH}/`);
    expect(urls).toContain(`${base}${DOCUMENT_PATHS.serverCard}`);
    expect(urls).toContain(`${base}${DOCUMENT_PATHS.agentCardAlias}`);
    expect(new Set(urls).size).toBe(urls.length);
    const handoff = doc.sections[0].links.find((l) => l.url.endsWith(`${PREFIX}/handoffs`))!;
    expect(handoff.notes).toContain('`POST`');
    expect(handoff.notes).toContain('`Idempotency-Key` (required)');
  });

  it('names the human entry points: contact form, Wallcheck, telephone with its hours', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const human = doc.sections.find((s) => s.name === 'Human entry points')!.links;
    expect(human.map((l) => l.url)).toEqual([`${base}/kontakt/`, `${base}/wallcheck`, 'tel:+497119876540']);
    expect(human[2].notes).toBe('Mon-Fri 07:00-16:00 CET');
    expect(human[0].notes).toContain('within 1 business day');
  });

  it('keeps llms-full.txt in the Optional section', async () => {
    const doc = parseLlmsTxt(await get(DOCUMENT_PATHS.llms));
    const optional = doc.sections.at(-1)!;
    expect(optional.name).toBe('Optional');
    expect(optional.links.map((l) => l.url)).toContain(`${base}${DOCUMENT_PATHS.llmsFull}`);
  });
});

describe('llms-full.txt', () => {
  const sections = (markdown: string) => {
    const tokens = marked.lexer(markdown);
    const out = new Map<string, Tokens.Generic[]>();
    let current: Tokens.Generic[] | undefined;
    for (const token of tokens) {
      if (token.type === 'heading' && (token as Tokens.Heading).depth === 2) out.set((token as Tokens.Heading).text, (current = []));
      else if (token.type !== 'space') current?.push(token);
    }
    return { tokens, out };
  };
  const tableIn = (blocks: Tokens.Generic[], index = 0) => blocks.filter((t) => t.type === 'table')[index] as Tokens.Table;

  it('is Markdown with the company as H1, the summary quote and every part of the documentation', async () => {
    const { tokens, out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const blocks = tokens.filter((t) => t.type !== 'space');
    expect(blocks[0]).toMatchObject({ type: 'heading', depth: 1, text: site.company.name });
    expect(blocks[1].type).toBe('blockquote');
    expect([...out.keys()]).toEqual([
      'Material catalog',
      'Recommendations',
      'Company',
      'Workflow',
      'Human entry points',
      'Endpoints',
      'Limits',
      'Errors',
      'Idempotency policy',
      'Versioning and caching',
      'Frequently asked questions',
    ]);
    expect(allTokens(tokens).some((t) => t.type === 'html')).toBe(false);
  });

  it('has the catalog as a table: one row per material with its technical values', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const catalog = tableIn(out.get('Material catalog')!);
    const { materials } = site;
    expect(catalog.rows).toHaveLength(materials.length);
    expect(catalog.rows.map((r) => r[0].text)).toEqual(materials.map((m) => `\`${m.id}\``));
    const a2 = catalog.rows.find((r) => r[0].text === '`glasfaser-a2`')!;
    const header = catalog.header.map((h) => h.text);
    expect(a2[header.indexOf('EN 13501-1')].text).toBe('A2-s1, d0');
    expect(a2[header.indexOf('Weight g/m²')].text).toBe('210');
    for (const row of catalog.rows) expect(row).toHaveLength(header.length);
  });

  it('lists exactly the operations of openapi.json, with method, URL, operationId and summary', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const endpoints = tableIn(out.get('Endpoints')!);
    const listed = endpoints.rows.map((r) => ({
      method: r[0].text.replace(/`/g, ''),
      path: r[1].text.replace(/^<|>$/g, '').slice(base.length),
      operationId: r[2].text.replace(/`/g, ''),
      summary: r[3].text,
    }));
    expect(listed).toEqual(documentedOperations(openapi));
    expect(listed.map((o) => o.operationId)).toEqual(
      expect.arrayContaining(['listMaterials', 'recommendMaterial', 'getCompanyInformation', 'createProjectHandoff']),
    );
  });

  it('states the limits from the code and the configuration', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const limits = Object.fromEntries(tableIn(out.get('Limits')!).rows.map((r) => [r[0].text, r[1].text]));
    expect(limits['Idempotency-Key length']).toBe(`${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters`);
    expect(limits['Idempotency-Key retention']).toBe('14 days');
    // Not set: the keys' retention, so a live key always replays its handoff.
    expect(limits['Handoff retention']).toBe('the link works 14 days, then the handoff expires; its record is deleted 14 days after that');
    expect(limits['Retry delay after HTTP 429']).toContain(`${RETRY_AFTER_SECONDS} seconds`);
    // The limits the sidecar was started with: this suite's (no general limit, the default 30 for
    // handoffs) or the stack's (100000 for both: tests/wordpress/global-setup.ts).
    expect(limits['Requests (all endpoints)']).toBe(isWordPress() ? '100000 requests per minute and client' : 'no per-client limit');
    expect(limits['Handoff creations']).toBe(isWordPress() ? '100000 requests per minute and client' : '30 requests per minute and client');
    expect(limits['Telephone hours']).toBe('Mon-Fri 07:00-16:00 CET');
    expect(limits['Production and delivery']).toBe('5-7 business days');
    expect(limits['Website crawling']).toContain('2 seconds');
  });

  it('prints the status-code table of core/status-codes.ts, which openapi.json uses too', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const errors = tableIn(out.get('Errors')!);
    expect(errors.rows.map((r) => [Number(r[0].text), r[1].text])).toEqual(STATUS_CODES.map((s) => [s.status, s.meaning]));
    expect(STATUS_CODES.map((s) => s.status)).toEqual(expect.arrayContaining([200, 201, 400, 404, 422, 429, 500]));
    expect(openapi.components.responses.TooManyRequests.description).toContain(STATUS_CODES.find((s) => s.status === 429)!.meaning);
    expect(openapi.components.responses.IdempotencyKeyReused.description).toContain(STATUS_CODES.find((s) => s.status === 422)!.meaning);
  });

  it('states the idempotency policy with the configured retention', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const policy = (out.get('Idempotency policy')![0] as Tokens.List).items.map((i) => i.text).join('\n');
    expect(policy).toContain(`\`POST ${PREFIX}/handoffs\``);
    expect(policy).toContain(`${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX}`);
    expect(policy).toContain('HTTP 422');
    expect(policy).toContain('Keys are kept for 14 days');
    expect(policy).toContain('the link works 14 days, then the handoff expires; its record is deleted 14 days after that');
    expect(policy).toContain('contact data in its text');
  });

  it('walks through the human workflow and the recommendations of the configuration', async () => {
    const { out } = sections(await get(DOCUMENT_PATHS.llmsFull));
    const workflow = out.get('Workflow')!.find((t) => t.type === 'list') as Tokens.List;
    expect(workflow.ordered).toBe(true);
    expect(workflow.items.map((i) => i.text.split(' (')[0])).toEqual((site.company.workflow as any[]).map((w) => w.title.en));
    const recommendations = (out.get('Recommendations')!.find((t) => t.type === 'list') as Tokens.List).items.map((i) => i.text);
    for (const [priority, setting] of Object.entries(site.recommendations)) {
      expect(recommendations.find((r) => r.startsWith(`\`${priority}\``))).toContain(`\`${setting.material_id}\``);
    }
  });
});

// Standalone only: a sidecar started on a hostile configuration of its own.
describe.runIf(!isWordPress())('a hostile site configuration', () => {
  let hostile: RunningService;
  const EVIL = 'evil.example';

  beforeAll(async () => {
    const config: SiteConfig = defaultConfig();
    config.company.name = 'Evil <script>alert(1)</script>\n# Injected heading';
    config.discovery.summary.en = 'Hi\n\n## Fake section\n\n- [phish](https://evil.example/)\n\n<img src=x onerror=alert(1)>';
    config.discovery.details.en =
      '[click](https://evil.example/) ![img](https://evil.example/x.png) <https://evil.example/> www.evil.example https://evil.example/bare';
    config.discovery.details.de = '    indented\n```\ncode\n```\n> quote\n---\n| a | b |\n| - | - |';
    config.materials[0].name.en = '| broken | row |\n|---|---|\n# Heading';
    config.discovery.faq[0].question.en = '1. [x]: https://evil.example/ "title"';
    (config.company.workflow as any)[0].title.en = '* bullet <b>bold</b>';
    (config.company.wallcheck as any).en = '](https://evil.example/) trailing';
    hostile = await startService({}, config);
  });
  afterAll(() => hostile.stop());

  it('cannot break the llms.txt structure or inject links and HTML', async () => {
    const text = await (await fetch(`${hostile.baseUrl}${DOCUMENT_PATHS.llms}`)).text();
    const doc = parseLlmsTxt(text); // still the llmstxt.org grammar
    expect(doc.sections.map((s) => s.name)).toEqual(['Interface', 'Human entry points', 'Optional']);
    expect(marked.parseInline(doc.title)).toBe('Evil alert(1) # Injected heading'); // literal text, the tags dropped
    const tokens = allTokens(doc.tokens);
    expect(tokens.filter((t) => t.type === 'heading')).toHaveLength(4);
    expect(
      tokens.filter(
        (t) => ['html', 'image', 'code', 'codespan', 'hr', 'table', 'def'].includes(t.type) && !(t.type === 'codespan' && /^`[\w./:\s-]+`$/.test(t.raw)),
      ),
    ).toEqual([]);
    const hrefs = tokens.filter((t) => t.type === 'link').map((t) => (t as Tokens.Link).href);
    expect(hrefs.filter((h) => h.includes(EVIL))).toEqual([]);
    expect(text).not.toMatch(/<script|<img/i);
  });

  it('cannot break the catalog table or the lists of llms-full.txt', async () => {
    const text = await (await fetch(`${hostile.baseUrl}${DOCUMENT_PATHS.llmsFull}`)).text();
    const tokens = marked.lexer(text);
    const all = allTokens(tokens);
    expect(all.filter((t) => t.type === 'heading' && (t as Tokens.Heading).depth <= 2).map((t) => (t as Tokens.Heading).text)).toHaveLength(12);
    expect(all.filter((t) => ['html', 'image', 'code', 'hr', 'def'].includes(t.type))).toEqual([]);
    expect(
      all
        .filter((t) => t.type === 'link')
        .map((t) => (t as Tokens.Link).href)
        .filter((h) => h.includes(EVIL)),
    ).toEqual([]);
    const catalog = tokens.find((t) => t.type === 'table') as Tokens.Table;
    expect(catalog.rows).toHaveLength(defaultConfig().materials.length);
    expect(catalog.rows[0][1].text).toContain('broken');
    for (const row of catalog.rows) expect(row).toHaveLength(catalog.header.length);
    expect(text).not.toMatch(/<script|<img|<b>/i);
  });

  it('leaves no markup in the agent card either', async () => {
    const card = (await (await fetch(`${hostile.baseUrl}${DOCUMENT_PATHS.agentCard}`)).json()) as any;
    expect(card.name).toBe('Evil alert(1) # Injected heading');
    expect(JSON.stringify(card)).not.toMatch(/<script|<img|\\n/i);
  });
});

describe('when openapi.json comes to describe the ask endpoint (GET and POST) and the MCP endpoint', () => {
  it('lists each URL once, and the endpoint table of llms-full.txt lists every operation', async () => {
    const { renderLlmsTxt, renderLlmsFullTxt } = await import('../../plugin/sidecar/discovery/llms.js');
    const { listOperations } = await import('../../plugin/sidecar/discovery/operations.js');
    const { documentedPaths } = await import('../../plugin/sidecar/discovery/routes.js');
    const op = (operationId: string, summary: string) => ({ operationId, summary, tags: ['answers'], responses: { '200': { description: 'ok' } } });
    const paths = {
      ...documentedPaths({ idempotencyRetentionDays: 30, handoffRetentionDays: 30 }),
      [ASK_PATH]: { get: op('askGet', 'Ask a question'), post: op('askPost', 'Ask a question (JSON body)') },
      [MCP_PATH]: { post: op('mcp', 'MCP tool endpoint') },
    };
    const ctx = {
      config: defaultConfig(),
      publicBase: 'https://site.example',
      operations: listOperations(paths),
      service: { idempotencyRetentionDays: 30, handoffRetentionDays: 30, rateLimitPerMinute: 300, handoffRateLimitPerMinute: 30, bodyLimitBytes: 16384 },
    };
    const doc = parseLlmsTxt(renderLlmsTxt(ctx));
    const urls = doc.sections[0].links.map((l) => l.url.replace(/\/$/, ''));
    expect(new Set(urls).size).toBe(urls.length);
    const ask = doc.sections[0].links.find((l) => l.url === `https://site.example${ASK_PATH}`)!;
    expect(ask.notes).toContain('`askGet`');
    expect(ask.notes).toContain('`askPost`');
    const full = marked.lexer(renderLlmsFullTxt(ctx));
    const endpoints = full.filter((t) => t.type === 'table')[1] as Tokens.Table;
    expect(endpoints.rows.map((r) => r[2].text.replace(/`/g, ''))).toEqual(ctx.operations.map((o) => o.operationId));
    expect(allTokens(full).filter((t) => t.type === 'link' && (t as Tokens.Link).text === 'Question answering (NLWeb)')).toEqual([]);
  });

  it("lists an enumerated parameter's values as the schema its component reference names holds them", async () => {
    const { listOperations } = await import('../../plugin/sidecar/discovery/operations.js');
    const { documentedPaths } = await import('../../plugin/sidecar/discovery/routes.js');
    const { PRIORITIES } = await import('../../plugin/sidecar/core/schemas.js');
    const operations = listOperations(documentedPaths({ idempotencyRetentionDays: 30, handoffRetentionDays: 30 }));
    const priority = operations.flatMap((o) => o.parameters).find((p) => p.name === 'priority');
    expect(priority?.allowed).toEqual(PRIORITIES);
  });
});
