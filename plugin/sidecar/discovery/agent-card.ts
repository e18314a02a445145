import { AGENT_PREFIX, ASK_PATH, DOCUMENT_PATHS, INTERFACE_VERSION, MCP_PATH } from '../core/paths.js';
import { NEXT_STEPS } from '../core/schemas.js';
import { materialCatalog, recommendMaterial } from '../materials/catalog.js';
import { plain } from './markdown.js';
import { absolute, businessDays, companyFacts, companyLinks, telephoneHours, type DocumentContext } from './facts.js';

/**
 * A2A AgentCard (/.well-known/agent-card.json, also /.well-known/agent.json).
 *
 * The card carries the fields of A2A 1.0 (supportedInterfaces with protocolBinding and
 * protocolVersion) and, beside them, those of A2A 0.3 (url, preferredTransport, additionalInterfaces,
 * protocolVersion), so clients of both eras read it; a 1.0 client takes a card with supportedInterfaces
 * as a 1.0 card and ignores the rest.
 *
 * It tells the truth about what is there: this service has no A2A task endpoint (no message/send).
 * Its interfaces are the MCP tool endpoint, the REST interface described by openapi.json and the NLWeb
 * question endpoint, so each is declared with a binding URI that names its real protocol, not with one of
 * the A2A bindings (JSONRPC, GRPC, HTTP+JSON): an A2A client finds no binding it could send tasks to,
 * instead of sending them to an endpoint that does not understand them. Nothing is ordered through any
 * of them: ordering is human-mediated.
 */

/** Binding identifiers (A2A 1.0 §5.8: custom bindings are named by URI). */
export const INTERFACE_BINDINGS = {
  mcp: 'https://modelcontextprotocol.io/specification#streamable-http',
  rest: 'https://spec.openapis.org/oas/v3.1.0',
  nlweb: 'https://github.com/nlweb-ai/NLWeb#ask',
} as const;

/** The version of the A2A card format the interfaces are declared in, per era. */
export const A2A_PROTOCOL_VERSION = '1.0';
export const A2A_LEGACY_PROTOCOL_VERSION = '0.3.0';

const MEDIA_TYPES = ['application/json', 'text/plain'];

export function renderAgentCard(ctx: DocumentContext) {
  const { config } = ctx;
  const company = companyFacts(config);
  const links = companyLinks(ctx);
  const catalog = materialCatalog(config);
  const name = plain(company.name);
  const delivery = company.production_and_delivery;

  const interfaces = [
    { url: absolute(ctx, `${MCP_PATH}/`), protocolBinding: INTERFACE_BINDINGS.mcp, protocolVersion: A2A_PROTOCOL_VERSION },
    { url: absolute(ctx, AGENT_PREFIX), protocolBinding: INTERFACE_BINDINGS.rest, protocolVersion: A2A_PROTOCOL_VERSION },
    { url: absolute(ctx, ASK_PATH), protocolBinding: INTERFACE_BINDINGS.nlweb, protocolVersion: A2A_PROTOCOL_VERSION },
  ];

  const recommendations = catalog.priorities.map((p) => recommendMaterial(config, p as Parameters<typeof recommendMaterial>[1]));
  const faqQuestions = config.discovery.faq.map((f) => plain(f.question.en));

  const skills = [
    {
      id: 'material-catalog',
      name: 'Material catalog',
      description:
        `The catalog of ${catalog.count} digital-print wallpaper materials with technical characteristics (base material, surface, weight, printable width, ` +
        `fire classification EN 13501-1 and DIN 4102, cleanability, wet-room suitability, certifications): ` +
        `${catalog.materials.map((m) => plain(m.name.en)).join(', ')}. ${plain(catalog.note.en)}`,
      tags: ['materials', 'catalog', 'wallpaper', 'technical-data'],
      examples: ['Which wallpaper materials do you offer?', `What is the fire classification of ${plain(catalog.materials[0].name.en)}?`],
    },
    {
      id: 'material-recommendation',
      name: 'Material recommendation',
      description:
        `One material recommended for a project priority (${catalog.priorities.join(', ')}), with the reason: ` +
        `${recommendations.map((r) => `${r.priority}: ${plain(r.material.name.en)}`).join('; ')}. ${plain(recommendations[0].next_step.en)}`,
      tags: ['materials', 'recommendation', ...catalog.priorities],
      examples: catalog.priorities.map((p) => `Which material do you recommend for the priority ${p}?`),
    },
    {
      id: 'company-information',
      name: 'Company information',
      description:
        `${plain(company.description.en)} Contact form: ${links.contact_form}; telephone ${plain(company.telephone.number)} (${plain(telephoneHours(company))}); ` +
        `an advisor responds within ${businessDays(company.advisor_response_business_days)}; production and delivery take ` +
        `${delivery.business_days_min}-${delivery.business_days_max} business days.`,
      tags: ['company', 'contact', 'delivery', 'workflow'],
      examples: ['How do I place an order?', 'How long do production and delivery take?'],
    },
    {
      id: 'question-answering',
      name: 'Product questions',
      description:
        `Answers product questions in natural language at ${absolute(ctx, ASK_PATH)}, only from the site's own data (catalog, company facts, FAQ); ` +
        'a question the data cannot answer is routed to the contact form and telephone line.',
      tags: ['questions', 'nlweb', 'faq'],
      examples: faqQuestions.length ? faqQuestions : ['Can I have my own motif printed?'],
    },
    {
      id: 'project-handoff',
      name: 'Human-reviewed handoff',
      description:
        `Creates a next-step link for ${NEXT_STEPS.join(', ')}: it opens the site's own form (contact form or Wallcheck), where the person checks what ` +
        `the agent collected and sends it themselves. Nothing is ordered. ${plain(company.ordering_note.en)}`,
      tags: ['handoff', 'human-in-the-loop', ...NEXT_STEPS],
      examples: ['Prepare a sample request for a wet-room project.', 'Hand my print file over to the Wallcheck.'],
    },
  ];

  return {
    name,
    description:
      `${plain(config.discovery.summary.en)} Ordering: ${company.ordering}; agent authentication: ${company.agent_auth}. ` +
      'This card describes the interfaces the service has: an MCP tool endpoint, a REST interface (OpenAPI) and an NLWeb question endpoint; ' +
      'it has no A2A task endpoint.',
    version: INTERFACE_VERSION,
    provider: { organization: name, url: links.website },
    documentationUrl: absolute(ctx, DOCUMENT_PATHS.llmsFull),
    supportedInterfaces: interfaces,
    capabilities: { streaming: false, pushNotifications: false, extendedAgentCard: false, stateTransitionHistory: false },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: MEDIA_TYPES,
    defaultOutputModes: MEDIA_TYPES,
    skills,
    // A2A 0.3 fields: the same first interface as url and preferredTransport, all of them as additionalInterfaces.
    protocolVersion: A2A_LEGACY_PROTOCOL_VERSION,
    url: interfaces[0].url,
    preferredTransport: interfaces[0].protocolBinding,
    additionalInterfaces: interfaces.map((i) => ({ url: i.url, transport: i.protocolBinding })),
    supportsAuthenticatedExtendedCard: false,
    security: [],
  };
}
