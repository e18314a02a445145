import { DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';
import type { SiteConfig } from '../core/site-config.js';
import type { ToolDescriptor } from './definitions.js';
import { ADVERTISED_PROTOCOL_VERSIONS, SERVER_CAPABILITIES, serverInfo, serverInstructions, shortDescription } from './server-info.js';

/** The schema URI the server-card proposal (SEP-2127) gives its documents. */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

export function endpointUrl(publicBase: string): string {
  return `${publicBase}${MCP_PATH}/`;
}

const NO_AUTHENTICATION = { required: false, schemes: [] as string[] };

/**
 * /.well-known/mcp/server-card.json and /mcp/server-card: an MCP Server Card in the shape of SEP-2127
 * (name, version, description, title, websiteUrl, remotes, capabilities, tools), rendered from the live
 * site configuration and the registry's tool definitions.
 */
export function serverCard(config: SiteConfig, publicBase: string, tools: ToolDescriptor[]) {
  const info = serverInfo(config, publicBase);
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: info.name,
    version: info.version,
    description: shortDescription(config),
    title: info.title,
    websiteUrl: info.websiteUrl,
    remotes: [
      {
        type: 'streamable-http',
        url: endpointUrl(publicBase),
        supportedProtocolVersions: [...ADVERTISED_PROTOCOL_VERSIONS],
        authentication: NO_AUTHENTICATION,
      },
    ],
    capabilities: SERVER_CAPABILITIES,
    tools,
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
      server_card: `${publicBase}${DOCUMENT_PATHS.serverCard}`,
      openapi: `${publicBase}${DOCUMENT_PATHS.openapi}`,
      website: `${publicBase}/`,
    },
  };
}
