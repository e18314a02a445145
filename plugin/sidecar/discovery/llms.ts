import { ASK_PATH, AGENT_PREFIX, DOCUMENT_PATHS, INTERFACE_VERSION, MCP_PATH, withoutTrailingSlashes } from '../core/paths.js';
import { RETRY_AFTER_SECONDS } from '../core/errors.js';
import { READ_CACHE_CONTROL, NO_STORE } from '../core/http.js';
import { SCHEMAS } from '../core/schemas.js';
import { STATUS_CODES } from '../core/status-codes.js';
import type { LocalizedText } from '../core/site-config.js';
import { materialCatalog, recommendMaterial } from '../materials/catalog.js';
import { materialPictures } from '../materials/pictures.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN, IDEMPOTENCY_KEY_SCOPE } from '../handoffs/idempotency.js';
import { handoffLifetimeText } from '../handoffs/openapi.js';
import { OPENAPI_VERSION } from './openapi.js';
import type { OperationSummary } from './operations.js';
import { autolink, blocks, code, link, linkItem, table, text } from './markdown.js';
import { CRAWL_DELAY_SECONDS, absolute, businessDays, companyFacts, companyLinks, telephoneHours, type DocumentContext } from './facts.js';
import { MAX_JSON_DEPTH } from '../core/json-body.js';

/** English, then German, both as literal text. */
const bilingual = (t: LocalizedText) => `${text(t.en)} (Deutsch: ${text(t.de)})`;
const quote = (paragraphs: string[]) => paragraphs.map((p) => `> ${p}`).join('\n>\n');

function parameterNotes(op: OperationSummary): string {
  const parts = [`${code(op.method)} ${code(op.operationId)}`];
  for (const p of op.parameters) {
    const allowed = p.allowed?.length ? `: one of ${p.allowed.map(code).join(', ')}` : '';
    parts.push(`${text(p.in)} ${code(p.name)}${p.required ? ' (required)' : ''}${allowed}`);
  }
  if (op.body) parts.push(`JSON body ${code(op.body)} (see openapi.json)`);
  return parts.join('; ');
}

const mcpUrl = (ctx: DocumentContext) => absolute(ctx, `${MCP_PATH}/`);
const hasAskOperation = (ctx: DocumentContext) => ctx.operations.some((op) => op.path === ASK_PATH);

const ASK_NOTES =
  `${code('GET')} with ${code('query')}, or ${code('POST')} a JSON body with the field ${code('query')}; no authentication; ` +
  `answers JSON with ${code('_meta.response_type')}, ${code('_meta.version')} and ${code('answer')}; ${code('Accept: text/event-stream')} streams the answer`;
const MCP_NOTES = 'Model Context Protocol over streamable HTTP (POST): the catalog, recommendations, company facts and handoffs as tools';

/** The question-answering endpoint, for as long as openapi.json does not describe it itself. */
function askItem(ctx: DocumentContext): string | undefined {
  return hasAskOperation(ctx) ? undefined : linkItem('Question answering (NLWeb)', absolute(ctx, ASK_PATH), ASK_NOTES);
}

/**
 * One file-list entry per URL: openapi.json may name a path twice (GET and POST of the ask endpoint), and
 * another capability may come to describe the MCP endpoint there; the fixed entries then give way.
 */
function interfaceItems(ctx: DocumentContext): string[] {
  const entries = new Map<string, { name: string; href: string; notes: string[] }>();
  const keyOf = (href: string) => withoutTrailingSlashes(href);
  const add = (name: string, href: string, notes: string) => {
    const entry = entries.get(keyOf(href));
    if (entry) entry.notes.push(notes);
    else entries.set(keyOf(href), { name, href, notes: [notes] });
  };
  const addOnce = (name: string, href: string, notes: string) => {
    if (!entries.has(keyOf(href))) add(name, href, notes);
  };
  add(
    'OpenAPI description',
    absolute(ctx, DOCUMENT_PATHS.openapi),
    `OpenAPI ${text(OPENAPI_VERSION)}, interface version ${text(INTERFACE_VERSION)}: every endpoint below with its parameters and answers`,
  );
  for (const op of ctx.operations.filter((o) => !o.tags.includes('discovery'))) add(op.summary, absolute(ctx, op.path), parameterNotes(op));
  addOnce('Question answering (NLWeb)', absolute(ctx, ASK_PATH), ASK_NOTES);
  addOnce('MCP tool endpoint', mcpUrl(ctx), MCP_NOTES);
  addOnce('MCP server card', absolute(ctx, DOCUMENT_PATHS.serverCard), 'the tool endpoint, its capabilities and tools');
  addOnce('A2A agent card', absolute(ctx, DOCUMENT_PATHS.agentCardAlias), `what this service offers, as skills; also at ${code(DOCUMENT_PATHS.agentCard)}`);
  return [...entries.values()].map(({ name, href, notes }) => linkItem(name, href, notes.join(' — ')));
}

function humanItems(ctx: DocumentContext): string[] {
  const company = companyFacts(ctx.config);
  const links = companyLinks(ctx);
  return [
    linkItem(
      'Contact form',
      links.contact_form,
      `project enquiries and sample requests; an advisor responds within ${businessDays(company.advisor_response_business_days)}; orders are taken by advisors only`,
    ),
    linkItem('Wallcheck', links.wallcheck, text(company.wallcheck.en)),
    linkItem(`Telephone ${company.telephone.number}`, links.telephone, text(telephoneHours(company))),
  ];
}

/** The paragraphs every document opens with: summary as a quote, then the details and the ordering rule. */
function opening(ctx: DocumentContext): string[] {
  const { discovery } = ctx.config;
  const company = companyFacts(ctx.config);
  return [
    `# ${text(company.name)}`,
    quote([text(discovery.summary.en), text(discovery.summary.de)]),
    text(discovery.details.en),
    text(discovery.details.de),
    `${text(company.ordering_note.en)} ${text(company.ordering_note.de)}`,
  ];
}

/** /llms.txt in the llmstxt.org format: H1, summary quote, free paragraphs, then H2 file lists only. */
export function renderLlmsTxt(ctx: DocumentContext): string {
  return blocks([
    ...opening(ctx),
    '## Interface',
    interfaceItems(ctx).join('\n'),
    '## Human entry points',
    humanItems(ctx).join('\n'),
    '## Optional',
    [
      linkItem(
        'Full documentation',
        absolute(ctx, DOCUMENT_PATHS.llmsFull),
        'the catalog as a table, recommendations, workflow, every endpoint, limits, errors and the idempotency policy',
      ),
      linkItem('MCP description', absolute(ctx, DOCUMENT_PATHS.mcpDescription), 'where the tool endpoint is and how to reach it'),
      linkItem('Company information', absolute(ctx, `${AGENT_PREFIX}/company`), 'company facts as JSON'),
    ].join('\n'),
  ]);
}

function catalogSection(ctx: DocumentContext): string[] {
  const catalog = materialCatalog(ctx.config);
  const dash = '—';
  const rows = catalog.materials.map((m) => {
    const material = m;
    return [
      code(material.id),
      text(material.name.en),
      text(material.name.de),
      text(material.base_material.en),
      text(material.surface.en),
      String(material.weight_g_m2),
      String(material.printable_width_cm),
      text(material.fire_classification.en_13501_1 ?? dash),
      text(material.fire_classification.din_4102 ?? dash),
      `${text(material.cleanability.class.en)} (${text(material.cleanability.standard)})`,
      material.wet_room_suitable ? 'yes' : 'no',
      material.certifications.map(text).join(', ') || dash,
      material.priorities.map(code).join(', ') || dash,
    ];
  });
  const details = catalog.materials.map((m) => {
    const material = m as typeof m & { summary: LocalizedText; applications: LocalizedText; wet_room_note?: LocalizedText };
    const parts = [`- ${code(material.id)} ${text(material.name.en)}: ${bilingual(material.summary)}`, `Applications: ${bilingual(material.applications)}`];
    if (material.wet_room_note) parts.push(`Wet rooms: ${bilingual(material.wet_room_note)}`);
    const pictures = materialPictures(material).map(
      (picture) => `${picture.sizes![0].url} (${picture.sizes![0].width}×${picture.sizes![0].height} px, ${text(picture.alt.en)})`,
    );
    if (pictures.length) parts.push(`Pictures: ${pictures.join(', ')}`);
    return parts.join(' ');
  });
  return [
    '## Material catalog',
    `${catalog.count} materials. ${bilingual(catalog.note)} JSON: ${code(`GET ${AGENT_PREFIX}/materials`)}.`,
    table(
      [
        'ID',
        'Name (EN)',
        'Name (DE)',
        'Base material',
        'Surface',
        'Weight g/m²',
        'Printable width cm',
        'EN 13501-1',
        'DIN 4102',
        'Cleanability',
        'Wet room',
        'Certifications',
        'Priorities',
      ],
      rows,
    ),
    details.join('\n'),
  ];
}

function recommendationSection(ctx: DocumentContext): string[] {
  const { priorities } = materialCatalog(ctx.config);
  const recommendations = priorities.map((p) => recommendMaterial(ctx.config, p as Parameters<typeof recommendMaterial>[1]));
  return [
    '## Recommendations',
    `One material for each project priority; JSON: ${code(`GET ${AGENT_PREFIX}/materials/recommendation?priority=…`)}. ${bilingual(recommendations[0].next_step)}`,
    recommendations.map((r) => `- ${code(r.priority)}: ${code(r.material.id)} ${text(r.material.name.en)}. ${bilingual(r.reason)}`).join('\n'),
  ];
}

function companySection(ctx: DocumentContext): string[] {
  const company = companyFacts(ctx.config);
  const links = companyLinks(ctx);
  const delivery = company.production_and_delivery;
  return [
    '## Company',
    bilingual(company.description),
    [
      `- Country: ${text(company.country)}; business model: ${code(company.business_model)}; production: ${code(company.production)}`,
      `- Ordering: ${code(company.ordering)}; agent authentication: ${code(company.agent_auth)}. ${bilingual(company.ordering_note)}`,
      `- Samples: ${bilingual(company.samples)}`,
      `- Wallcheck: ${bilingual(company.wallcheck)}`,
      `- Print files: ${text(company.file_transfer.method)}. ${bilingual(company.file_transfer.note)}`,
      `- Production and delivery: ${delivery.business_days_min}-${delivery.business_days_max} business days; neutral shipping: ${delivery.neutral_shipping ? 'yes' : 'no'}. ${bilingual(delivery.note)}`,
      `- Website: ${autolink(links.website)}`,
    ].join('\n'),
    '## Workflow',
    'Every order goes through these human steps; nothing in this interface places an order.',
    [...company.workflow]
      .sort((a, b) => a.step - b.step)
      .map((w, i) => `${i + 1}. ${text(w.title.en)} (${text(w.title.de)}): ${bilingual(w.description)}`)
      .join('\n'),
    '## Human entry points',
    humanItems(ctx).join('\n'),
  ];
}

function endpointSection(ctx: DocumentContext): string[] {
  const rows = ctx.operations.map((op) => [
    code(op.method),
    autolink(absolute(ctx, op.path)),
    code(op.operationId),
    text(op.summary),
    parameterNotes(op).split('; ').slice(1).join('; ') || '—',
  ]);
  const documents = [
    [DOCUMENT_PATHS.llms, 'this index in the llmstxt.org format'],
    [DOCUMENT_PATHS.llmsFull, 'this document'],
    [DOCUMENT_PATHS.agentCardAlias, 'A2A agent card'],
    [DOCUMENT_PATHS.agentCard, 'A2A agent card (same body)'],
    [DOCUMENT_PATHS.mcpDescription, 'MCP tool endpoint description'],
    [DOCUMENT_PATHS.serverCard, 'MCP server card'],
    [DOCUMENT_PATHS.openapi, `interface description, OpenAPI ${OPENAPI_VERSION}`],
  ];
  return [
    '## Endpoints',
    `Every operation of ${code(DOCUMENT_PATHS.openapi)}; the REST namespace is ${code(AGENT_PREFIX)}. No endpoint needs authentication.`,
    table(['Method', 'URL', 'operationId', 'Summary', 'Parameters'], rows),
    [
      askItem(ctx),
      ctx.operations.some((op) => withoutTrailingSlashes(op.path) === MCP_PATH) ? undefined : linkItem('MCP tool endpoint', mcpUrl(ctx), MCP_NOTES),
    ]
      .filter((item): item is string => item !== undefined)
      .join('\n'),
    '### Discovery documents',
    documents.map(([path, what]) => linkItem(path, absolute(ctx, path), text(what))).join('\n'),
  ];
}

function limitSection(ctx: DocumentContext): string[] {
  const company = companyFacts(ctx.config);
  const { service } = ctx;
  const perMinute = (n: number) => (n > 0 ? `${n} requests per minute and client` : 'no per-client limit');
  const delivery = company.production_and_delivery;
  const rows = [
    ['Idempotency-Key length', `${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters`],
    ['Idempotency-Key retention', `${service.idempotencyRetentionDays} days`],
    ['Handoff retention', handoffLifetimeText(service.handoffRetentionDays)],
    ['Requests (all endpoints)', perMinute(service.rateLimitPerMinute)],
    ['Handoff creations', perMinute(service.handoffRateLimitPerMinute)],
    ['Retry delay after HTTP 429', `${RETRY_AFTER_SECONDS} seconds (${code('Retry-After')} header)`],
    ['Request body', `at most ${service.bodyLimitBytes} bytes (larger: HTTP 413) and ${MAX_JSON_DEPTH} levels of nested arrays and objects (deeper: HTTP 400)`],
    ['Question-answering endpoint', 'no hard rate limit; a fair-use policy applies'],
    ['Website crawling', `no explicit rate limit; a crawl delay of ${CRAWL_DELAY_SECONDS} seconds between requests is requested`],
    ['Sales advisor response time', `within ${businessDays(company.advisor_response_business_days)} (human process)`],
    ['Telephone hours', text(telephoneHours(company))],
    ['Production and delivery', `${delivery.business_days_min}-${delivery.business_days_max} business days`],
  ];
  return ['## Limits', table(['Limit', 'Value'], rows)];
}

function errorSection(): string[] {
  const fields = SCHEMAS.Problem.required.map(code).join(', ');
  return [
    '## Errors',
    table(
      ['Code', 'Meaning'],
      STATUS_CODES.map((s) => [String(s.status), text(s.meaning)]),
    ),
    `Errors of the REST endpoints are ${code('application/problem+json')} (RFC 9457) with the fields ${fields}, and ${code('errors')} listing each invalid field. ` +
      `The question-answering endpoint answers failures in its own envelope; the tool endpoint in JSON-RPC.`,
  ];
}

function idempotencySection(ctx: DocumentContext): string[] {
  const handoff = ctx.operations.find((op) => op.operationId === 'createProjectHandoff');
  const where = handoff ? code(`${handoff.method} ${handoff.path}`) : 'the handoff endpoint';
  return [
    '## Idempotency policy',
    [
      `- ${where} requires the ${code('Idempotency-Key')} header: a client-generated unique key of ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters; the RFC 8941 quoted form is accepted.`,
      '- A new key creates one handoff: HTTP 201.',
      `- The same key with the same body is a retry: HTTP 200 with the identical body and ${code('Idempotent-Replayed: true')}; nothing new is created.`,
      `- The same key with a different body: HTTP 422 (${code('idempotency_key_reused')}); nothing is created. Use a new key for a new request.`,
      '- Concurrent requests with one key create exactly one handoff.',
      `- ${IDEMPOTENCY_KEY_SCOPE}`,
      `- Keys are kept for ${ctx.service.idempotencyRetentionDays} days; after that a key may be used for a new request.`,
      `- After a handoff is created, ${handoffLifetimeText(ctx.service.handoffRetentionDays)} (the link never stops working before its key expires).`,
      '- The body takes no personal data: contact data in its text (e-mail addresses, also spelled out or full-width, telephone numbers, IBANs, street addresses) is refused with HTTP 400 naming the field. The person enters their own details on the form.',
      '- A handoff is a link to the site’s own form, where the person checks what was collected and sends it themselves; it is not an order.',
    ].join('\n'),
  ];
}

function versionSection(ctx: DocumentContext): string[] {
  return [
    '## Versioning and caching',
    [
      `- Interface version ${text(INTERFACE_VERSION)}, described with OpenAPI ${text(OPENAPI_VERSION)}; the major version is part of the path (${code(AGENT_PREFIX)}).`,
      `- The question-answering response carries ${code('_meta.version')}.`,
      `- Reading answers and these documents send ${code('ETag')} and ${code(`Cache-Control: ${READ_CACHE_CONTROL}`)}; send ${code('If-None-Match')} to get HTTP 304 when nothing changed. Handoffs are ${code(NO_STORE)}.`,
      `- The documents follow the site's data: they change when the catalog, company facts or texts change. This one describes ${text(`${ctx.publicBase}/`)}.`,
    ].join('\n'),
  ];
}

function faqSection(ctx: DocumentContext): string[] {
  const { faq } = ctx.config.discovery;
  if (!faq.length) return [];
  return ['## Frequently asked questions', faq.map((f) => `- ${text(f.question.en)} ${bilingual(f.answer)} (Frage: ${text(f.question.de)})`).join('\n')];
}

/** /llms-full.txt: the whole documentation in one Markdown file. */
export function renderLlmsFullTxt(ctx: DocumentContext): string {
  return blocks([
    ...opening(ctx),
    `This is the full documentation; the short index is ${link('llms.txt', absolute(ctx, DOCUMENT_PATHS.llms))}.`,
    ...catalogSection(ctx),
    ...recommendationSection(ctx),
    ...companySection(ctx),
    ...endpointSection(ctx),
    ...limitSection(ctx),
    ...errorSection(),
    ...idempotencySection(ctx),
    ...versionSection(ctx),
    ...faqSection(ctx),
  ]);
}
