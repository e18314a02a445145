import type { IncomingHttpHeaders } from 'node:http';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Implementation, JSONRPCMessage, JSONRPCRequest, RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { INTERFACE_VERSION } from '../core/paths.js';
import type { SiteConfig } from '../core/site-config.js';
import { UnknownToolError, type ToolContext, type ToolRegistry, type ToolResult } from './definitions.js';
import { around, type HttpAnswer, type JsonParts } from './rpc.js';
import type { ToolLog } from './modern.js';
import { SERVER_CAPABILITIES, serverInfo, serverInstructions } from './server-info.js';
import { resultJson } from './result-json.js';

type LegacyContext = ToolContext & { config: SiteConfig };
type Server = import('@modelcontextprotocol/sdk/server/index.js').Server;

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
  isJsonContentType: typeof import('@modelcontextprotocol/sdk/shared/mediaType.js').isJsonContentType;
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
    import('@modelcontextprotocol/sdk/shared/mediaType.js'),
    import('@modelcontextprotocol/sdk/validation/ajv-provider.js'),
  ]).then(([server, transport, types, mediaType, ajv]) => ({
    Server: server.Server,
    Transport: transport.WebStandardStreamableHTTPServerTransport,
    types,
    isJsonContentType: mediaType.isJsonContentType,
    validator: new ajv.AjvJsonSchemaValidator(),
  }));
  return sdk;
}

/** What a handler needs of its request; result is what tools/call returned, for the answer's serialisation. */
interface RequestScope {
  context: LegacyContext;
  log: ToolLog;
  result?: ToolResult;
  /** The tool call, when it was already made (directCall): the handler takes its outcome instead of calling again. */
  call?: Promise<ToolResult>;
}

/** The request's scope, found by the handlers through the id the SDK hands them (extra.requestId). */
type ContextOf = (requestId: RequestId) => RequestScope;

/** A low-level Server with the tool handlers; serverInfo and instructions matter only to initialize answers. */
function toolServer(
  { Server, types, validator }: Sdk,
  registry: ToolRegistry,
  info: Implementation,
  instructions: string | undefined,
  contextOf: ContextOf,
): Server {
  const { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } = types;
  const server = new Server(info, { capabilities: SERVER_CAPABILITIES, instructions, jsonSchemaValidator: validator });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: registry.list() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const scope = contextOf(extra.requestId);
    const { context, log } = scope;
    try {
      scope.result = await (scope.call ?? registry.call(request.params.name, request.params.arguments, context));
      return scope.result;
    } catch (error) {
      if (error instanceof UnknownToolError) {
        throw new McpError(ErrorCode.InvalidParams, `${error.message}. Tools: ${registry.names().join(', ')}`);
      }
      log.error({ err: error }, `tool ${request.params.name} failed`);
      throw new McpError(ErrorCode.InternalError, 'The tool failed. It has been logged.');
    }
  });
  return server;
}

interface InFlight extends RequestScope {
  /** The client's own id, put back into the answer. */
  id: RequestId;
  resolve(json: string | JsonParts): void;
}

/** The variant under which this era's tool result JSON is cached (tools/result-json.ts). */
const RESULT_VARIANT = 'initialize-era';

/** The SDK Protocol's response envelope (shared/protocol.js: { result, jsonrpc, id }) around a result's UTF-8 JSON. */
function protocolResponse(id: unknown, resultJson: Buffer): JsonParts {
  return around('{"result":', resultJson, `,"jsonrpc":"2.0","id":${JSON.stringify(id)}}`);
}

/** JSON.stringify(message), with a tool result's serialisation (UTF-8) reused when its parts are the same objects. */
function answerJson(message: JSONRPCMessage, source: ToolResult | undefined): string | JsonParts {
  const m = message as { result?: unknown; jsonrpc?: unknown; id?: unknown };
  const keys = Object.keys(m);
  // The response object of the SDK's Protocol (shared/protocol.js): { result, jsonrpc, id }.
  if (!source || typeof m.result !== 'object' || m.result === null || keys.length !== 3 || keys[0] !== 'result' || keys[1] !== 'jsonrpc' || keys[2] !== 'id' || m.jsonrpc !== '2.0') {
    return JSON.stringify(message);
  }
  // The SDK's validated copy of the result serialises as the result it was made from did last time.
  return protocolResponse(m.id, resultJson(source, RESULT_VARIANT, () => JSON.stringify(m.result)));
}

/**
 * Carries the requests of many HTTP exchanges to one long-lived Server. The SDK's Protocol keys
 * in-flight requests by JSON-RPC id and every client uses id 1, so each request gets a unique
 * internal id here and its answer gets the client's id back.
 */
class MultiplexTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #inFlight = new Map<number, InFlight>();
  #lastId = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The handlers only answer (no notifications or server requests), so every message is a response.
    const id = 'id' in message ? message.id : undefined;
    const request = typeof id === 'number' ? this.#inFlight.get(id) : undefined;
    if (!request) throw new Error(`No request in flight for the answer ${JSON.stringify(message)}`);
    this.#inFlight.delete(id as number);
    // Assigned in place, so the key order (and the bytes) are those of the per-request transport.
    (message as { id: RequestId }).id = request.id;
    request.resolve(answerJson(message, request.result));
  }

  contextOf: ContextOf = (requestId) => {
    const request = typeof requestId === 'number' ? this.#inFlight.get(requestId) : undefined;
    if (!request) throw new Error(`No request in flight with the id ${String(requestId)}`);
    return request;
  };

  /** Hands a parsed request (the transport's own parse) to the Server; resolves with the JSON answer. */
  dispatch(message: JSONRPCRequest, context: LegacyContext, log: ToolLog, call?: Promise<ToolResult>): Promise<string | JsonParts> {
    return new Promise((resolve) => {
      const internalId = ++this.#lastId;
      this.#inFlight.set(internalId, { id: message.id, context, log, resolve, call });
      message.id = internalId;
      // requestInfo (headers, URL) is left out: no handler here reads it, and building it is a per-request cost.
      this.onmessage?.(message);
    });
  }
}

/** One Server per tool registry (i.e. per service), created on the first request that can use it. */
const sharedServers = new WeakMap<ToolRegistry, Promise<MultiplexTransport>>();

function sharedTransport(registry: ToolRegistry, api: Sdk, log: ToolLog): Promise<MultiplexTransport> {
  let shared = sharedServers.get(registry);
  if (!shared) {
    const transport = new MultiplexTransport();
    // Never answers initialize (see sharedRequest), so its name and instructions are never sent.
    const server = toolServer(api, registry, { name: 'manufacturer-agent', version: INTERFACE_VERSION }, undefined, transport.contextOf);
    // Only a bug reaches this (an answer with no request in flight); logged with the first request's logger.
    server.onerror = (error) => log.error({ err: error }, 'MCP SDK shared server');
    shared = server.connect(transport).then(() => transport);
    sharedServers.set(registry, shared);
  }
  return shared;
}

/**
 * The message, parsed as the SDK transport parses it, when the per-request transport would hand it to its
 * Server unchanged and answer with the Server's JSON response: one request (not a batch, notification or
 * response; not initialize, whose answer carries the site's identity), Accept naming JSON and event
 * streams, a JSON Content-Type and a protocol version header that is absent or supported (handlePostRequest
 * of webStandardStreamableHttp.js, stateless, JSON answers, no DNS-rebinding check). Everything else
 * stays on the per-request path, so its answers remain the SDK's own.
 */
function sharedRequest(api: Sdk, headers: IncomingHttpHeaders, body: unknown): JSONRPCRequest | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { accept } = headers;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  const contentType = headers['content-type'];
  // Untrimmed values are left to the SDK (web Headers trim them first).
  if (typeof contentType !== 'string' || contentType.trim() !== contentType || !api.isJsonContentType(contentType)) return undefined;
  const version = headers['mcp-protocol-version'];
  if (version !== undefined && !api.types.SUPPORTED_PROTOCOL_VERSIONS.includes(version as string)) return undefined;
  const parsed = api.types.JSONRPCMessageSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const message = parsed.data;
  if (!('id' in message) || !('method' in message) || message.method === 'initialize') return undefined;
  return message as JSONRPCRequest;
}

/**
 * The tool's name and arguments when the message is a tools/call whose params hold nothing but a name
 * and an arguments object: the SDK's Server accepts it as it is and calls the tool handler once.
 */
function plainToolCall(message: JSONRPCRequest): { name: string; args: Record<string, unknown> | undefined } | undefined {
  if (message.method !== 'tools/call') return undefined;
  const params = message.params as Record<string, unknown> | undefined;
  if (!params) return undefined;
  for (const key in params) if (key !== 'name' && key !== 'arguments') return undefined;
  const { name, arguments: args } = params;
  if (typeof name !== 'string') return undefined;
  if (args !== undefined && (typeof args !== 'object' || args === null || Array.isArray(args))) return undefined;
  return { name, args: args as Record<string, unknown> | undefined };
}

/**
 * The SDK's answer to a plain tools/call whose tool returned a result: the result as the SDK validates it
 * (CallToolResultSchema, serialised once per cached result), in the Protocol's envelope. Undefined when it
 * does not validate, so that the SDK answers with its own error.
 */
function directAnswer(api: Sdk, id: RequestId, result: ToolResult): JsonParts | undefined {
  let json: Buffer;
  try {
    // Throws (and caches nothing) when the result does not validate.
    json = resultJson(result, RESULT_VARIANT, () => JSON.stringify(api.types.CallToolResultSchema.parse(result)));
  } catch {
    return undefined;
  }
  return protocolResponse(id, json);
}

/**
 * The shared-server answer to a request sharedRequest admits, or undefined for any other request.
 * A plain tools/call (the era's hot request) does not go through the SDK's Protocol at all when its tool
 * returns a result: its answer is the result's JSON in the Protocol's envelope, exactly what the Server
 * sends (tests/tools/legacy.test.ts compares them). The Protocol's per-request work cost 30 % of such a
 * call, and most of its garbage (the failed zod parses of its message type guards, the abort
 * controller's map entry) outlived the young generation, so full collections came every 300 ms under
 * load and set the p99. A tool that throws is answered by the SDK with the error it was given.
 * Exported for the tests that compare it with handleLegacyPerRequest.
 */
export async function handleLegacyShared(
  headers: IncomingHttpHeaders,
  body: unknown,
  registry: ToolRegistry,
  context: LegacyContext,
  log: ToolLog,
): Promise<HttpAnswer | undefined> {
  const api = await loadSdk();
  const message = sharedRequest(api, headers, body);
  if (!message) return undefined;
  const plain = plainToolCall(message);
  let call: Promise<ToolResult> | undefined;
  if (plain) {
    call = registry.call(plain.name, plain.args, context);
    try {
      const json = directAnswer(api, message.id, await call);
      if (json) return { status: 200, json, headers: {} };
    } catch {
      // The SDK answers with the error below (the handler takes it from `call`).
    }
  }
  const transport = await sharedTransport(registry, api, log);
  // The per-request transport answers 200 with only Content-Type (replaced by the route's own).
  return { status: 200, json: await transport.dispatch(message, context, log, call), headers: {} };
}

/**
 * The initialize era (2025-03-26 … 2025-11-25) through the official SDK, stateless, JSON answers. The
 * low-level Server is used because it takes the tools' JSON Schemas from schemas/ as they are (McpServer
 * wants zod shapes). Single requests go to one long-lived Server (a fresh Server and web transport were
 * most of a call's CPU); initialize, batches, notifications and anything the transport would refuse
 * get a fresh Server and transport each.
 */
export async function handleLegacy(
  url: string,
  headers: IncomingHttpHeaders,
  body: unknown,
  registry: ToolRegistry,
  context: LegacyContext,
  log: ToolLog,
): Promise<HttpAnswer> {
  return (await handleLegacyShared(headers, body, registry, context, log)) ?? handleLegacyPerRequest(url, headers, body, registry, context, log);
}

/** A fresh low-level Server and SDK transport for one request, no session id, JSON answers. */
export async function handleLegacyPerRequest(
  url: string,
  headers: IncomingHttpHeaders,
  body: unknown,
  registry: ToolRegistry,
  context: LegacyContext,
  log: ToolLog,
): Promise<HttpAnswer> {
  const api = await loadSdk();
  const server = toolServer(api, registry, serverInfo(context.config, context.publicBase), serverInstructions(context.config), () => ({ context, log }));
  server.onerror = (error) => log.debug({ err: error }, 'MCP SDK transport');
  const transport = new api.Transport({ sessionIdGenerator: undefined, enableJsonResponse: true });
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
