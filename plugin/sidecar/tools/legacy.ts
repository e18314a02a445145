import type { IncomingHttpHeaders } from 'node:http';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { SiteConfig } from '../core/site-config.js';
import { UnknownToolError, type ToolContext, type ToolRegistry } from './definitions.js';
import type { HttpAnswer } from './rpc.js';
import type { ToolLog } from './modern.js';
import { SERVER_CAPABILITIES, serverInfo, serverInstructions } from './server-info.js';

function toHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

/** The parts of the official SDK this era uses. */
interface Sdk {
  Server: typeof import('@modelcontextprotocol/sdk/server/index.js').Server;
  Transport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport;
  types: typeof import('@modelcontextprotocol/sdk/types.js');
  /**
   * One JSON Schema validator for every per-request Server: the SDK would otherwise build a new Ajv
   * instance for each request (most of this era's cost). A stateless server never elicits, so the
   * validator is not used for any answer; sharing it changes nothing but the cost.
   */
  validator: AjvJsonSchemaValidator;
}

let sdk: Promise<Sdk> | undefined;

/** Loads the SDK's server once, on the first request of this era (or when preloaded after start-up), not at start-up. */
export function loadSdk(): Promise<Sdk> {
  sdk ??= Promise.all([
    import('@modelcontextprotocol/sdk/server/index.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
    import('@modelcontextprotocol/sdk/types.js'),
    import('@modelcontextprotocol/sdk/validation/ajv-provider.js'),
  ]).then(([server, transport, types, ajv]) => ({
    Server: server.Server,
    Transport: transport.WebStandardStreamableHTTPServerTransport,
    types,
    validator: new ajv.AjvJsonSchemaValidator(),
  }));
  return sdk;
}

/**
 * The initialize era (2025-03-26 … 2025-11-25) through the official SDK, stateless: a fresh low-level
 * Server and transport per request, no session id, JSON answers. The low-level Server is used because
 * it takes the tools' JSON Schemas from schemas/ as they are (McpServer wants zod shapes).
 */
export async function handleLegacy(
  url: string,
  headers: IncomingHttpHeaders,
  body: unknown,
  registry: ToolRegistry,
  context: ToolContext & { config: SiteConfig },
  log: ToolLog,
): Promise<HttpAnswer> {
  const { Server, Transport, types, validator } = await loadSdk();
  const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = types;
  const server = new Server(serverInfo(context.config, context.publicBase), {
    capabilities: SERVER_CAPABILITIES,
    instructions: serverInstructions(context.config),
    jsonSchemaValidator: validator,
  });
  server.onerror = (error) => log.debug({ err: error }, 'MCP SDK transport');
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: registry.list() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    try {
      return await registry.call(request.params.name, request.params.arguments, context);
    } catch (error) {
      if (error instanceof UnknownToolError) {
        throw new McpError(ErrorCode.InvalidParams, `${error.message}. Tools: ${registry.names().join(', ')}`);
      }
      log.error({ err: error }, `tool ${request.params.name} failed`);
      throw new McpError(ErrorCode.InternalError, 'The tool failed. It has been logged.');
    }
  });
  const transport = new Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const request = new Request(url, { method: 'POST', headers: toHeaders(headers) });
    const response = await transport.handleRequest(request, { parsedBody: body });
    const text = await response.text();
    const answerHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      if (name !== 'content-type' && name !== 'content-length') answerHeaders[name] = value;
    });
    // The SDK's JSON is relayed as it is: parsing and serialising it again would give the same text.
    return { status: response.status, json: text || undefined, headers: answerHeaders };
  } finally {
    await server.close();
  }
}
