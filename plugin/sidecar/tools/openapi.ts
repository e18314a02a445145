import { UNAVAILABLE_DESCRIPTION, UNAVAILABLE_RETRY_AFTER_HEADER } from '../core/overload.js';
import { DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';
import { CACHE_HEADERS, IF_NONE_MATCH, READING_RESPONSES, type OpenApiPaths } from '../core/openapi-parts.js';
import { ADVERTISED_PROTOCOL_VERSIONS } from './server-info.js';
import { AI_CATALOG_MEDIA_TYPE, SERVER_CARD_MEDIA_TYPE } from './documents.js';

/** Every failure of the tool endpoint is a JSON-RPC error response (not problem+json). */
const jsonRpcError = {
  type: 'object',
  required: ['jsonrpc', 'error'],
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['string', 'integer', 'null'] },
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'integer' }, message: { type: 'string' }, data: {} },
    },
  },
};

const jsonRpcMessage = {
  type: 'object',
  required: ['jsonrpc', 'method'],
  properties: { jsonrpc: { const: '2.0' }, id: { type: ['string', 'integer'] }, method: { type: 'string' }, params: { type: 'object' } },
};

const rpcErrorResponse = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: jsonRpcError } },
});

const notAllowed = (operationId: string, method: string) => ({
  operationId,
  summary: `${method} is not served: the endpoint is stateless (no stream, no session)`,
  tags: ['tools'],
  responses: {
    '403': rpcErrorResponse('A browser Origin that is not allowed.'),
    '405': rpcErrorResponse('Method not allowed; Allow: POST, OPTIONS.', { Allow: { schema: { type: 'string' } } }),
    '429': rpcErrorResponse('Too many requests.', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
  },
});

const remoteSchema = {
  type: 'object',
  required: ['type', 'url'],
  properties: {
    type: { const: 'streamable-http' },
    url: { type: 'string', format: 'uri' },
    supportedProtocolVersions: { type: 'array', items: { type: 'string' } },
  },
};

const cardProperties = {
  $schema: { type: 'string', format: 'uri' },
  name: { type: 'string', pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' },
  version: { type: 'string' },
  description: { type: 'string', maxLength: 100 },
  title: { type: 'string' },
  websiteUrl: { type: 'string', format: 'uri' },
  remotes: { type: 'array', items: remoteSchema },
};

const cardSchema = {
  type: 'object',
  description: 'MCP Server Card in the current draft (SEP-2127): identity and remotes, no primitives.',
  required: ['$schema', 'name', 'version', 'description', 'remotes'],
  additionalProperties: false,
  properties: cardProperties,
};

const wellKnownCardSchema = {
  type: 'object',
  description: 'MCP Server Card as first published at this location (SEP-2127), with capabilities and tools.',
  required: ['$schema', 'name', 'version', 'description', 'remotes', 'capabilities', 'tools'],
  properties: { ...cardProperties, capabilities: { type: 'object' }, tools: { type: 'array', items: { type: 'object', required: ['name', 'inputSchema'] } } },
};

const aiCatalogSchema = {
  type: 'object',
  description: "AI Catalog (MCP discovery extension): the site's MCP server card.",
  required: ['specVersion', 'entries'],
  properties: {
    specVersion: { type: 'string' },
    host: { type: 'object', required: ['displayName'] },
    entries: {
      type: 'array',
      items: {
        type: 'object',
        required: ['identifier', 'displayName', 'mediaType', 'url'],
        properties: { identifier: { type: 'string' }, displayName: { type: 'string' }, mediaType: { type: 'string' }, url: { type: 'string', format: 'uri' } },
      },
    },
  },
};

const descriptionSchema = {
  type: 'object',
  description: 'Description of the MCP endpoint (SEP-1649 fields).',
  required: ['serverInfo', 'transport', 'protocolVersions', 'capabilities', 'tools'],
  properties: {
    serverInfo: { type: 'object', required: ['name', 'version'] },
    transport: { type: 'object', required: ['type', 'url'], properties: { type: { const: 'streamable-http' }, url: { type: 'string', format: 'uri' } } },
    protocolVersions: { type: 'array', items: { type: 'string' } },
    capabilities: { type: 'object' },
    tools: { type: 'array', items: { type: 'object', required: ['name', 'inputSchema'] } },
  },
};

const document = (operationId: string, summary: string, schema: object, mediaType = 'application/json') => ({
  get: {
    operationId,
    summary,
    tags: ['tools'],
    parameters: [IF_NONE_MATCH],
    responses: { '200': { description: summary, headers: CACHE_HEADERS, content: { [mediaType]: { schema } } }, ...READING_RESPONSES },
  },
});

/**
 * The tool endpoint and its documents as openapi.json operations. Not yet spread into the document
 * (discovery/routes.ts documentedPaths owns that list): `...toolOperations`.
 */
export const toolOperations: OpenApiPaths = {
  // The specification names the endpoint with its slash: POST {base_url}/mcp/.
  [`${MCP_PATH}/`]: {
    post: {
      operationId: 'mcpEndpoint',
      summary: 'MCP tool endpoint (streamable HTTP, stateless); also served at /mcp/',
      description:
        `Model Context Protocol over streamable HTTP, protocol versions ${ADVERTISED_PROTOCOL_VERSIONS.join(', ')}. ` +
        'Served by the official MCP SDK. Initialize era: initialize, tools/list, tools/call, resources/list, resources/templates/list, resources/read, ' +
        'prompts/list (answers in JSON, no Mcp-Session-Id; batches only for 2025-03-26). 2026-07-28: server/discover and the same methods ' +
        'with MCP-Protocol-Version, Mcp-Method and Mcp-Name headers and per-request _meta. Tools: get_company_information, list_materials, ' +
        'recommend_material, start_project_handoff, create_idempotent_project_handoff (shares keys and storage with createProjectHandoff).',
      tags: ['tools'],
      requestBody: { required: true, content: { 'application/json': { schema: { oneOf: [jsonRpcMessage, { type: 'array', items: jsonRpcMessage }] } } } },
      responses: {
        '200': { description: 'A JSON-RPC response (result or error).', content: { 'application/json': { schema: { type: ['object', 'array'] } } } },
        '202': { description: 'A notification or response was accepted.' },
        '400': rpcErrorResponse('Parse error (-32700), invalid request, header mismatch (-32020) or unsupported protocol version (-32022).'),
        '403': rpcErrorResponse('A browser Origin that is not allowed.'),
        '404': rpcErrorResponse('2026-07-28: method not found (-32601).'),
        '406': rpcErrorResponse('Accept must list application/json and text/event-stream (initialize era).'),
        '413': rpcErrorResponse('The request body is larger than the service accepts.'),
        '429': rpcErrorResponse('Too many requests; retry after 60 seconds.', { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
        '500': rpcErrorResponse('The service failed.'),
        '503': rpcErrorResponse(UNAVAILABLE_DESCRIPTION, { 'Retry-After': UNAVAILABLE_RETRY_AFTER_HEADER }),
      },
    },
    get: notAllowed('mcpEndpointGet', 'GET'),
    delete: notAllowed('mcpEndpointDelete', 'DELETE'),
  },
  [DOCUMENT_PATHS.mcpDescription]: document('getMcpDescription', 'Where the MCP tool endpoint is and what it offers', descriptionSchema),
  [DOCUMENT_PATHS.serverCard]: document(
    'getMcpServerCard',
    'MCP server card at its earlier well-known location, with capabilities and tools',
    wellKnownCardSchema,
  ),
  [DOCUMENT_PATHS.serverCardAtEndpoint]: document(
    'getMcpServerCardAtEndpoint',
    'MCP server card of the tool endpoint (current draft)',
    cardSchema,
    SERVER_CARD_MEDIA_TYPE,
  ),
  [DOCUMENT_PATHS.aiCatalog]: document('getAiCatalog', 'AI Catalog of the site, pointing at the MCP server card', aiCatalogSchema, AI_CATALOG_MEDIA_TYPE),
};
