import { DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';
import type { SiteConfig } from '../core/site-config.js';
import type { ToolDescriptor } from './definitions.js';
import { ADVERTISED_PROTOCOL_VERSIONS, SERVER_CAPABILITIES, serverInfo, serverInstructions, shortDescription } from './server-info.js';

/** The schema URI the server-card proposal (SEP-2127) gives its documents. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** Media types of the server card and of the AI Catalog (MCP discovery extension). */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';

export function endpointUrl(publicBase: string): string {
  return `${publicBase}${MCP_PATH}/`;
}

const NO_AUTHENTICATION = { required: false, schemes: [] as string[] };

/**
 * The MCP Server Card in the current draft's shape (SEP-2127, experimental server-card extension):
 * identity and how to connect, no primitives (tools/list answers those live). Served at
 * `<endpoint>/server-card` as application/mcp-server-card+json.
 */
export function serverCard(config: SiteConfig, publicBase: string) {
  const info = serverInfo(config, publicBase);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.name,
    version: info.version,
    description: shortDescription(config),
    title: info.title,
    websiteUrl: info.websiteUrl,
    remotes: [{ type: 'streamable-http', url: endpointUrl(publicBase), supportedProtocolVersions: [...ADVERTISED_PROTOCOL_VERSIONS] }],
  };
}

/**
 * /.well-known/mcp/server-card.json as it was published before the draft dropped primitives: the card
 * with the endpoint's authentication, capabilities and tools, for the clients that read it there.
 */
export function wellKnownServerCard(config: SiteConfig, publicBase: string, tools: ToolDescriptor[]) {
  const card = serverCard(config, publicBase);
  return { ...card, remotes: card.remotes.map((remote) => ({ ...remote, authentication: NO_AUTHENTICATION })), capabilities: SERVER_CAPABILITIES, tools };
}

/** `com.example.www/manufacturer-agent` → `urn:air:www.example.com:manufacturer-agent` (the catalog's identifier form). */
function catalogIdentifier(name: string): string {
  const [namespace, suffix] = name.split('/');
  return `urn:air:${namespace.split('.').reverse().join('.')}:${suffix}`;
}

/** /.well-known/ai-catalog.json: the site's AI Catalog, whose entry points at the server card. */
export function aiCatalog(config: SiteConfig, publicBase: string) {
  const card = serverCard(config, publicBase);
  return {
    specVersion: '1.0',
    host: { displayName: config.company.name, identifier: new URL(publicBase).host, documentationUrl: `${publicBase}${DOCUMENT_PATHS.llmsFull}` },
    entries: [
      {
        identifier: catalogIdentifier(card.name),
        displayName: card.title,
        mediaType: SERVER_CARD_MEDIA_TYPE,
        url: `${publicBase}${DOCUMENT_PATHS.serverCardAtEndpoint}`,
        version: card.version,
        description: card.description,
      },
    ],
  };
}

/**
 * /.well-known/mcp.json: the endpoint description of the earlier well-known proposal (SEP-1649):
 * serverInfo, transport, protocol versions, capabilities, authentication, instructions and the tools,
 * plus where the server card and the REST description are.
 */
export function mcpDescription(config: SiteConfig, publicBase: string, tools: ToolDescriptor[]) {
  return {
    serverInfo: serverInfo(config, publicBase),
    description: config.discovery.summary.en,
    summary: config.discovery.summary,
    transport: { type: 'streamable-http', url: endpointUrl(publicBase), methods: ['POST'], stateless: true },
    protocolVersions: [...ADVERTISED_PROTOCOL_VERSIONS],
    capabilities: SERVER_CAPABILITIES,
    authentication: NO_AUTHENTICATION,
    instructions: serverInstructions(config),
    tools,
    links: {
      server_card: `${publicBase}${DOCUMENT_PATHS.serverCardAtEndpoint}`,
      openapi: `${publicBase}${DOCUMENT_PATHS.openapi}`,
      website: `${publicBase}/`,
    },
  };
}
