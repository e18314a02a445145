import { DOCUMENT_PATHS } from '../core/paths.js';
import { CACHE_HEADERS, IF_NONE_MATCH, READING_RESPONSES, type OpenApiPaths } from '../core/openapi-parts.js';

/** llms.txt and llms-full.txt are Markdown served as text/plain (see routes.ts for why). */
export const TEXT_DOCUMENT_TYPE = 'text/plain';

const textDocument = (operationId: string, summary: string, description: string) => ({
  get: {
    operationId,
    summary,
    description,
    tags: ['discovery'],
    parameters: [IF_NONE_MATCH],
    responses: {
      '200': { description: 'The document (Markdown).', headers: CACHE_HEADERS, content: { [TEXT_DOCUMENT_TYPE]: { schema: { type: 'string' } } } },
      ...READING_RESPONSES,
    },
  },
});

/** What an A2A AgentCard must carry in both protocol eras this card serves (v1.0 and v0.3). */
const agentCardSchema = {
  type: 'object',
  description: 'A2A AgentCard (protocol 1.0 fields, plus the 0.3 fields url, preferredTransport, additionalInterfaces and protocolVersion for older clients).',
  required: [
    'name',
    'description',
    'version',
    'supportedInterfaces',
    'capabilities',
    'defaultInputModes',
    'defaultOutputModes',
    'skills',
    'url',
    'protocolVersion',
  ],
  properties: {
    name: { type: 'string' },
    description: { type: 'string' },
    version: { type: 'string' },
    url: { type: 'string', format: 'uri' },
    protocolVersion: { type: 'string' },
    supportedInterfaces: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['url', 'protocolBinding', 'protocolVersion'],
        properties: { url: { type: 'string', format: 'uri' }, protocolBinding: { type: 'string' }, protocolVersion: { type: 'string' } },
      },
    },
    capabilities: { type: 'object' },
    defaultInputModes: { type: 'array', items: { type: 'string' } },
    defaultOutputModes: { type: 'array', items: { type: 'string' } },
    skills: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'description', 'tags'],
        properties: { id: { type: 'string' }, name: { type: 'string' }, description: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
      },
    },
  },
};

const agentCard = (operationId: string, summary: string) => ({
  get: {
    operationId,
    summary,
    tags: ['discovery'],
    parameters: [IF_NONE_MATCH],
    responses: {
      '200': { description: 'The agent card.', headers: CACHE_HEADERS, content: { 'application/json': { schema: agentCardSchema } } },
      ...READING_RESPONSES,
    },
  },
});

/** The discovery documents this capability serves, described in openapi.json like every other answer. */
export const discoveryOperations: OpenApiPaths = {
  [DOCUMENT_PATHS.openapi]: {
    get: {
      operationId: 'getOpenApiDescription',
      summary: 'This OpenAPI 3.1 description of the interface',
      tags: ['discovery'],
      parameters: [IF_NONE_MATCH],
      responses: {
        '200': {
          description: 'The OpenAPI document.',
          headers: CACHE_HEADERS,
          content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'info', 'paths'] } } },
        },
        ...READING_RESPONSES,
      },
    },
  },
  [DOCUMENT_PATHS.llms]: textDocument(
    'getLlmsTxt',
    'llms.txt: what the service is and where everything is (llmstxt.org format)',
    'Markdown in the llmstxt.org format: company name, summary, interface links, human entry points.',
  ),
  [DOCUMENT_PATHS.llmsFull]: textDocument(
    'getLlmsFullTxt',
    'llms-full.txt: the full documentation (catalog, workflow, endpoints, limits, errors, idempotency)',
    'Markdown: the material catalog, recommendations, company facts and workflow, every endpoint, limits, errors and the idempotency policy.',
  ),
  [DOCUMENT_PATHS.agentCard]: agentCard('getAgentCard', 'A2A agent card: who this is, what it offers and where'),
  [DOCUMENT_PATHS.agentCardAlias]: agentCard('getAgentCardWellKnown', 'A2A agent card at the well-known name of A2A 0.3 and later (same body)'),
};
