/**
 * The stateless MCP revision 2026-07-28 (SEP-2575, SEP-2243, SEP-2549), written by hand because the
 * installed official SDK (1.32, newest release) implements only the initialize era: its transport
 * rejects MCP-Protocol-Version 2026-07-28 and it has no server/discover. What is implemented here,
 * and nothing more:
 *   - server/discover (servers MUST implement it): supported versions, capabilities, identity;
 *   - per-request metadata: _meta io.modelcontextprotocol/protocolVersion and clientCapabilities;
 *   - the HTTP headers MCP-Protocol-Version, Mcp-Method and Mcp-Name, checked against the body
 *     (400 HeaderMismatch -32020), including the =?base64?…?= form of Mcp-Name;
 *   - unsupported versions: 400 UnsupportedProtocolVersionError -32022 listing the supported ones;
 *   - unknown methods: 404 with -32601; resultType on every result; ttlMs/cacheScope on lists.
 * tools/list and tools/call run the same ToolRegistry as the SDK-served era.
 * Replace this file with the SDK's implementation once a release supports 2026-07-28.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { SiteConfig } from '../core/site-config.js';
import { UnknownToolError, type ToolContext, type ToolRegistry } from './definitions.js';
import { RPC, rpcError, rpcResult, rpcResultJson, type HttpAnswer, type RequestId } from './rpc.js';
import { ADVERTISED_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSIONS, SERVER_CAPABILITIES, serverInfo, serverInstructions } from './server-info.js';
import { resultJson } from './result-json.js';

export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
} as const;

/** How long a client may reuse server/discover and tools/list answers; the site configuration may change. */
export const RESULT_TTL_MS = 60_000;

type Message = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: Record<string, unknown> };

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === 'object' && !Array.isArray(value);
}

function header(headers: IncomingHttpHeaders, name: string): string | string[] | undefined {
  return headers[name];
}

function metaOf(body: unknown): Record<string, unknown> | undefined {
  if (!isObject(body) || !isObject(body.params) || !isObject(body.params._meta)) return undefined;
  return body.params._meta;
}

/**
 * Which era a POST belongs to. initialize and batches are the SDK's; server/discover, per-request _meta
 * and any protocol version the SDK does not know (2026-07-28, or unknown ones that deserve the modern
 * UnsupportedProtocolVersionError) are handled here.
 */
export function isModernRequest(headers: IncomingHttpHeaders, body: unknown): boolean {
  if (!isObject(body)) return false;
  if (body.method === 'initialize') return false;
  if (body.method === 'server/discover') return true;
  const headerVersion = header(headers, 'mcp-protocol-version');
  const metaVersion = metaOf(body)?.[META.protocolVersion];
  if (metaVersion !== undefined) {
    // An initialize-era version named consistently stays with the SDK, which serves it without a session.
    const legacy = typeof metaVersion === 'string' && SUPPORTED_PROTOCOL_VERSIONS.includes(metaVersion);
    return !(legacy && (headerVersion === undefined || headerVersion === metaVersion));
  }
  // Without the header the SDK assumes 2025-03-26, as the transport specification allows.
  if (headerVersion === undefined) return false;
  return typeof headerVersion !== 'string' || !SUPPORTED_PROTOCOL_VERSIONS.includes(headerVersion);
}

/** Mcp-Name and Mcp-Param-* values may be sent as =?base64?…?= (SEP-2243). */
export function decodeHeaderValue(value: string): string | undefined {
  const match = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/.exec(value);
  if (!match) return value.startsWith('=?base64?') ? undefined : value;
  return Buffer.from(match[1], 'base64').toString('utf8');
}

function mismatch(id: RequestId | undefined, message: string): HttpAnswer {
  return rpcError(400, RPC.headerMismatch, `Header mismatch: ${message}`, id);
}

/** The header checks of the 2026-07-28 Streamable HTTP transport; undefined when the request passes. */
function checkHeaders(headers: IncomingHttpHeaders, message: Message, id: RequestId | undefined): HttpAnswer | undefined {
  const version = header(headers, 'mcp-protocol-version');
  const meta = metaOf(message);
  const metaVersion = meta?.[META.protocolVersion];
  // A bare discovery probe (no version anywhere) is answered: it exists to learn the versions.
  if (message.method === 'server/discover' && version === undefined && metaVersion === undefined) return undefined;
  if (typeof version !== 'string') {
    return mismatch(id, version === undefined ? 'the MCP-Protocol-Version header is required' : 'send MCP-Protocol-Version once');
  }
  if (!ADVERTISED_PROTOCOL_VERSIONS.includes(version)) {
    return rpcError(400, RPC.unsupportedProtocolVersion, 'Unsupported protocol version', id, {
      supported: [...ADVERTISED_PROTOCOL_VERSIONS],
      requested: version,
    });
  }
  if (metaVersion !== undefined && metaVersion !== version) {
    return mismatch(id, `MCP-Protocol-Version header value '${version}' does not match body value '${String(metaVersion)}'`);
  }
  if (!MODERN_PROTOCOL_VERSIONS.includes(version)) {
    // An initialize-era version: only discovery is answered statelessly; other methods need initialize.
    return message.method === 'server/discover' ? undefined : rpcError(400, RPC.invalidRequest, `Protocol version ${version} starts with initialize; use ${MODERN_PROTOCOL_VERSIONS[0]} for stateless requests.`, id);
  }
  if (metaVersion === undefined) {
    return rpcError(400, RPC.invalidParams, `params._meta["${META.protocolVersion}"] is required`, id);
  }
  if (!isObject(meta?.[META.clientCapabilities])) {
    return rpcError(400, RPC.invalidParams, `params._meta["${META.clientCapabilities}"] is required (an object; {} for none)`, id);
  }
  const method = header(headers, 'mcp-method');
  if (typeof method !== 'string') return mismatch(id, 'the Mcp-Method header is required');
  if (method !== message.method) return mismatch(id, `Mcp-Method header value '${method}' does not match body value '${String(message.method)}'`);
  if (message.method === 'tools/call') {
    const raw = header(headers, 'mcp-name');
    if (typeof raw !== 'string') return mismatch(id, 'the Mcp-Name header is required for tools/call');
    const name = decodeHeaderValue(raw);
    if (name === undefined) return mismatch(id, 'the Mcp-Name header is not valid =?base64?…?= encoding');
    if (name !== message.params?.name) return mismatch(id, `Mcp-Name header value '${name}' does not match body value '${String(message.params?.name)}'`);
  }
  return undefined;
}

/** Where failures of a tool are reported (the request's logger). */
export interface ToolLog {
  debug(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** Handles one POST of the 2026-07-28 era. */
export async function handleModern(
  headers: IncomingHttpHeaders,
  body: unknown,
  registry: ToolRegistry,
  context: ToolContext & { config: SiteConfig },
  log: ToolLog,
): Promise<HttpAnswer> {
  if (!isObject(body) || body.jsonrpc !== '2.0' || typeof body.method !== 'string') {
    return rpcError(400, RPC.invalidRequest, 'Invalid Request: the body must be one JSON-RPC 2.0 request object');
  }
  const message = body as Message;
  const hasId = 'id' in message;
  if (hasId && typeof message.id !== 'string' && typeof message.id !== 'number') {
    return rpcError(400, RPC.invalidRequest, 'Invalid Request: id must be a string or a number');
  }
  const id = hasId ? (message.id as RequestId) : undefined;
  if (message.params !== undefined && !isObject(message.params)) {
    return rpcError(400, RPC.invalidRequest, 'Invalid Request: params must be an object', id);
  }
  const headerProblem = checkHeaders(headers, message, id);
  if (headerProblem) return headerProblem;
  // No client notification is defined for HTTP in this revision; an accepted one is acknowledged.
  if (id === undefined) return { status: 202 };

  // Built when needed: a tools/call answered from a cached result's JSON does not (serverInfo parses the site URL).
  const resultMeta = (info = serverInfo(context.config, context.publicBase)) => ({ [META.serverInfo]: info });
  switch (message.method) {
    case 'server/discover': {
      const info = serverInfo(context.config, context.publicBase);
      return rpcResult(id, {
        resultType: 'complete',
        supportedVersions: [...ADVERTISED_PROTOCOL_VERSIONS],
        capabilities: SERVER_CAPABILITIES,
        serverInfo: info,
        instructions: serverInstructions(context.config),
        ttlMs: RESULT_TTL_MS,
        cacheScope: 'public',
        _meta: resultMeta(info),
      });
    }
    case 'tools/list':
      return rpcResult(id, { resultType: 'complete', tools: registry.list(), ttlMs: RESULT_TTL_MS, cacheScope: 'public', _meta: resultMeta() });
    case 'tools/call': {
      const name = message.params?.name;
      if (typeof name !== 'string') return rpcError(200, RPC.invalidParams, 'Invalid params: params.name must be a tool name', id);
      try {
        const result = await registry.call(name, message.params?.arguments, context);
        // The result's JSON is reused per site URL (serverInfo names it).
        return rpcResultJson(id, resultJson(result, `2026-07-28 ${context.publicBase}`, () => JSON.stringify({ resultType: 'complete', ...result, _meta: resultMeta() })));
      } catch (error) {
        if (error instanceof UnknownToolError) {
          return rpcError(200, RPC.invalidParams, `${error.message}. Tools: ${registry.names().join(', ')}`, id);
        }
        log.error({ err: error }, `tool ${name} failed`);
        return rpcError(200, RPC.internalError, 'The tool failed. It has been logged.', id);
      }
    }
    default:
      return rpcError(404, RPC.methodNotFound, `Method not found: ${message.method}`, id);
  }
}
