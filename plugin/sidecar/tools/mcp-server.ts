import { ProtocolError, Server, type CacheHint, type Tool } from '@modelcontextprotocol/server';
import type { RequestOrigin } from '../core/bridge.js';
import type { SiteConfig } from '../core/site-config.js';
import { UnknownToolError, type ToolContext, type ToolRegistry } from './definitions.js';
import type { McpResources } from './resources.js';
import { RPC } from './rpc.js';
import { SERVER_CAPABILITIES, serverInfo, serverInstructions } from './server-info.js';

/** Where failures of a tool are reported (the request's logger). */
export interface ToolLog {
  error(object: object, message: string): void;
}

/** What one HTTP exchange hands its server instance: the service, the site URL, the request's logger. */
export interface McpScope extends ToolContext {
  origin: RequestOrigin;
  config: SiteConfig;
  log: ToolLog;
}

/** How long a client may reuse the lists, discovery and resource reads of the 2026-07-28 era; staff may edit the site. */
export const RESULT_TTL_MS = 60_000;
const PUBLIC: CacheHint = { ttlMs: RESULT_TTL_MS, cacheScope: 'public' };
const CACHE_HINTS = {
  'server/discover': PUBLIC,
  'tools/list': PUBLIC,
  'prompts/list': PUBLIC,
  'resources/list': PUBLIC,
  'resources/templates/list': PUBLIC,
  'resources/read': PUBLIC,
} as const;

/**
 * One official-SDK server for one exchange (both eras: createMcpHandler marks it modern, a 2025-era
 * request binds it legacy). The low-level Server, because the tools keep their JSON Schemas from
 * schemas/ and their own validation (McpServer wants Standard Schemas and validates again).
 */
export function mcpServer(registry: ToolRegistry, resources: McpResources, scope: McpScope): Server {
  const server = new Server(serverInfo(scope.config, scope.publicBase), {
    capabilities: SERVER_CAPABILITIES,
    instructions: serverInstructions(scope.config),
    cacheHints: CACHE_HINTS,
  });
  // The descriptors are the published JSON Schemas (objects by construction); the SDK's type wants type: 'object' spelled out.
  server.setRequestHandler('tools/list', () => ({ tools: registry.list() as unknown as Tool[] }));
  server.setRequestHandler('tools/call', async (request) => {
    const { name, arguments: args } = request.params;
    try {
      return await registry.call(name, args, scope);
    } catch (error) {
      if (error instanceof UnknownToolError) throw new ProtocolError(RPC.invalidParams, `${error.message}. Tools: ${registry.names().join(', ')}`);
      scope.log.error({ err: error }, `tool ${name} failed`);
      throw new ProtocolError(RPC.internalError, 'The tool failed. It has been logged.');
    }
  });
  server.setRequestHandler('resources/list', () => ({ resources: resources.list(scope) }));
  server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: resources.templates() }));
  server.setRequestHandler('resources/read', (request) => resources.read(request.params.uri, scope));
  // No prompts: the tools' descriptions and the instructions already say how to plan a project.
  server.setRequestHandler('prompts/list', () => ({ prompts: [] }));
  return server;
}
