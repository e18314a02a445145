import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyReply } from 'fastify';
import { createMcpHandler, isLegacyRequest, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import { DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';
import { tooManyRequests } from '../core/errors.js';
import { JSON_CONTENT_TYPE, sendParts } from '../core/http.js';
import { toProblem } from '../core/server.js';
import type { ServiceRoutes } from '../deps.js';
import { ToolRegistry } from './definitions.js';
import { AI_CATALOG_MEDIA_TYPE, aiCatalog, mcpDescription, SERVER_CARD_MEDIA_TYPE, serverCard, wellKnownServerCard } from './documents.js';
import { admitMessages, isInitializeMessage, type RefusedMessage } from './call-admission.js';
import { AnswerMemo } from '../speed/tool-answer-memo.js';
import { mcpServer, type McpScope } from './mcp-server.js';
import { McpResources } from './resources.js';
import { isOriginAllowed, MCP_ALLOWED_HEADERS, MCP_EXPOSED_HEADERS } from './origin.js';
import { RPC, rpcError, type HttpAnswer } from './rpc.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/cors reads this per route; false leaves CORS to the route's own hooks. */
    cors?: false;
  }
}

const JSON_RPC_CONTENT_TYPE = 'application/json; charset=utf-8';

function send(reply: FastifyReply, answer: HttpAnswer): FastifyReply {
  reply.code(answer.status).header('cache-control', 'no-store');
  for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
  if (answer.body === undefined) return reply.send();
  return reply.type(JSON_RPC_CONTENT_TYPE).send(JSON.stringify(answer.body));
}

/** The SDK's web Response as status, headers (the route keeps its no-store) and body bytes (as the SDK encoded them). */
async function read(response: Response) {
  const headers: [string, string][] = [];
  let contentType = '';
  response.headers.forEach((value, name) => {
    if (name === 'content-type') contentType = value === 'application/json' ? JSON_RPC_CONTENT_TYPE : value;
    else if (name !== 'content-length' && name !== 'cache-control') headers.push([name, value]);
  });
  // The type named with its charset, as the route's own JSON-RPC answers name it.
  if (contentType) headers.push(['content-type', contentType]);
  return { status: response.status, headers, contentType, body: Buffer.from(await response.arrayBuffer()) };
}

function relay(reply: FastifyReply, answer: Awaited<ReturnType<typeof read>>, refused: RefusedMessage[]): FastifyReply {
  reply.code(answer.status).header('cache-control', 'no-store');
  for (const [name, value] of answer.headers) reply.header(name, value);
  if (!refused.length) return reply.send(answer.body);
  // A batch some of whose messages were answered here: their errors join the SDK's answers.
  const answered = answer.body.length ? (JSON.parse(answer.body.toString('utf8')) as unknown[]) : [];
  return reply
    .code(200)
    .type(JSON_RPC_CONTENT_TYPE)
    .send(JSON.stringify([...answered, ...refused]));
}

/** The id and tool of a single read-only tools/call, whose SDK answer may be replayed (AnswerMemo); else undefined. */
function memoizable(body: unknown, registry: ToolRegistry): string | number | undefined {
  const m = body as { method?: unknown; id?: unknown; params?: { name?: unknown } };
  if (m.method !== 'tools/call' || (typeof m.id !== 'string' && typeof m.id !== 'number')) return undefined;
  return typeof m.params?.name === 'string' && registry.isReadOnly(m.params.name) ? m.id : undefined;
}

function webHeaders(headers: IncomingHttpHeaders): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return out;
}

/** Batches left JSON-RPC with protocol version 2025-06-18; 2025-03-26 clients (or none named) may still send them. */
const BATCHLESS_FROM = '2025-06-18';
/**
 * Messages one batch may hold (issue 27): each tools/call is counted in the per-client limits and each
 * handoff in the handoff limit, but a batch is one request the sidecar works through in one turn, so its
 * length is bounded as well as its bytes (the body limit).
 */
export const MAX_BATCH_MESSAGES = 16;

/**
 * The MCP tool endpoint (POST /mcp and /mcp/) and its documents (mcp.json, server card).
 * Everything under MCP_PATH lives in its own encapsulated scope: errors there (malformed JSON, too
 * large, rate limit) answer as JSON-RPC, not problem+json, and CORS follows the endpoint's origin rule
 * instead of the site-wide "*".
 */
export const toolRoutes: ServiceRoutes = async (app, deps) => {
  const { site, config, reads } = deps;
  const registry = new ToolRegistry(config.idempotencyRetentionDays);
  const resources = new McpResources(reads);
  const memo = config.speedOff.has('tool-answer-memo') ? undefined : new AnswerMemo();
  // The 2026-07-28 era through the SDK's entry, one server instance per exchange; its factory finds the
  // exchange's scope by the web Request it was handed.
  const scopes = new WeakMap<Request, McpScope>();
  const modern = createMcpHandler(
    ({ requestInfo }) => {
      const scope = requestInfo && scopes.get(requestInfo);
      if (!scope) throw new Error('MCP exchange without its scope');
      return mcpServer(registry, resources, scope);
    },
    { legacy: 'reject', responseMode: 'json', maxRequestBodySize: config.bodyLimitBytes },
  );
  app.addHook('onClose', () => modern.close());

  /**
   * The 2025 era: the SDK's stateless idiom (a fresh server and transport per request, no session), as
   * createMcpHandler's own fallback does, but answering JSON: the fallback answers every request as an
   * event stream.
   */
  async function legacy(request: Request, body: unknown, scope: McpScope): Promise<Response> {
    const server = mcpServer(registry, resources, scope);
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await server.close();
    }
  }

  reads.get(app, DOCUMENT_PATHS.serverCardAtEndpoint, ({ publicBase }) => ({
    entity: site.entity(`mcp-server-card:${publicBase}`, (c) => serverCard(c, publicBase)),
    contentType: SERVER_CARD_MEDIA_TYPE,
  }));
  reads.get(app, DOCUMENT_PATHS.serverCard, ({ publicBase }) => ({
    entity: site.entity(`mcp-server-card-well-known:${publicBase}`, (c) => wellKnownServerCard(c, publicBase, registry.list())),
    contentType: JSON_CONTENT_TYPE,
  }));
  reads.get(app, DOCUMENT_PATHS.aiCatalog, ({ publicBase }) => ({
    entity: site.entity(`ai-catalog:${publicBase}`, (c) => aiCatalog(c, publicBase)),
    contentType: AI_CATALOG_MEDIA_TYPE,
  }));
  reads.get(app, DOCUMENT_PATHS.mcpDescription, ({ publicBase }) => ({
    entity: site.entity(`mcp-description:${publicBase}`, (c) => mcpDescription(c, publicBase, registry.list())),
    contentType: JSON_CONTENT_TYPE,
  }));

  await app.register(async (scope) => {
    const routeConfig = { cors: false as const };
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = toProblem(error);
      if (problem.status >= 500) request.log.error({ err: error }, 'tool endpoint failed');
      const code = problem.code === 'rest_invalid_json' ? RPC.parseError : problem.status >= 500 ? RPC.internalError : RPC.serverError;
      const message = code === RPC.parseError ? `Parse error: ${problem.message}` : problem.message;
      return send(reply, { ...rpcError(problem.status, code, message), headers: problem.headers });
    });

    // Callback style: runs on every tool call, and an async hook costs a promise and a microtask turn.
    scope.addHook('onRequest', (request, reply, done) => {
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (origin === undefined) return done();
      if (!isOriginAllowed(origin, request.origin.publicBase, config.allowedOrigins)) {
        // Answered here: the route is not run (done is not called).
        send(reply, rpcError(403, RPC.serverError, `Forbidden: the Origin ${origin} may not use this endpoint.`));
        return;
      }
      reply.header('access-control-allow-origin', origin).header('access-control-expose-headers', MCP_EXPOSED_HEADERS);
      done();
    });

    scope.options(MCP_PATH, { config: routeConfig }, (_request, reply) =>
      reply
        .code(204)
        .header('access-control-allow-methods', 'POST, OPTIONS')
        .header('access-control-allow-headers', MCP_ALLOWED_HEADERS)
        .header('access-control-max-age', '600')
        .header('content-length', '0')
        .send(),
    );

    // Stateless: no server-initiated stream (GET) and no session to end (DELETE).
    scope.route({
      method: ['GET', 'DELETE', 'PUT', 'PATCH'],
      url: MCP_PATH,
      config: routeConfig,
      handler: (request, reply) =>
        send(reply, {
          ...rpcError(405, RPC.serverError, `Method not allowed: ${request.method}. This endpoint is stateless and accepts POST only.`),
          headers: { allow: 'POST, OPTIONS' },
        }),
    });

    scope.post(MCP_PATH, { config: routeConfig }, async (request, reply) => {
      const body = request.body;
      if (body === undefined || body === null) {
        return send(reply, rpcError(400, RPC.parseError, 'Parse error: the body must be a JSON-RPC message'));
      }
      const batch = Array.isArray(body);
      const version = request.headers['mcp-protocol-version'];
      if (batch && typeof version === 'string' && version >= BATCHLESS_FROM && /^\d{4}-\d{2}-\d{2}$/.test(version)) {
        return send(
          reply,
          rpcError(400, RPC.invalidRequest, `Invalid Request: protocol version ${version} has no JSON-RPC batches; send one message per request.`),
        );
      }
      if (batch && body.length > MAX_BATCH_MESSAGES) {
        return send(
          reply,
          rpcError(
            400,
            RPC.invalidRequest,
            `Invalid Request: a batch holds at most ${MAX_BATCH_MESSAGES} messages (got ${body.length}); send the rest in further requests.`,
          ),
        );
      }
      const messages: unknown[] = batch ? body : [body];
      const webRequest = () => new Request(`http://localhost${request.url}`, { method: 'POST', headers: webHeaders(request.headers) });
      // The era decides what initialize is: the 2025 handshake, or a removed method the SDK answers 404/-32601.
      // Classified here only when an initialize is there, so a cached answer below costs no classification.
      const initializeEra = messages.some(isInitializeMessage) ? await isLegacyRequest(webRequest(), body) : undefined;
      const refusals = admitMessages(messages, request.origin.clientAddress, deps.limits, initializeEra ?? true);
      const refused = refusals.filter((r): r is RefusedMessage => r !== undefined);
      if (!batch && refused.length) {
        if (refused[0].error.code === RPC.serverError) throw tooManyRequests();
        return send(reply, { status: 200, body: refused[0] });
      }
      const admitted = refused.length ? messages.filter((_m, i) => refusals[i] === undefined) : body;
      if (batch && refused.length && (admitted as unknown[]).length === 0) return send(reply, { status: 200, body: refused });

      const { publicBase } = request.origin;
      const revision = site.revision;
      const memoId = batch || !memo ? undefined : memoizable(body, registry);
      const memoKey = memoId === undefined ? undefined : AnswerMemo.key(request.headers, body as { id?: unknown }, publicBase);
      const known = memoKey === undefined ? undefined : memo!.answer(memoKey, revision, memoId!);
      if (known) return sendParts(reply.code(200).header('cache-control', 'no-store'), known.parts, known.contentType);

      const scope: McpScope = { deps, config: site.config, publicBase, clientAddress: request.origin.clientAddress, origin: request.origin, log: request.log };
      const forward = webRequest();
      const response =
        (initializeEra ?? (await isLegacyRequest(forward, admitted)))
          ? await legacy(forward, admitted, scope)
          : (scopes.set(forward, scope), await modern.fetch(forward, { parsedBody: admitted }));
      const answer = await read(response);
      if (memoKey !== undefined && answer.status === 200 && answer.contentType === JSON_RPC_CONTENT_TYPE && site.revision === revision) {
        memo!.remember(memoKey, revision, memoId!, answer.body, answer.contentType);
      }
      return relay(reply, answer, refused);
    });
  });
};
