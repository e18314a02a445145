import type { FastifyError, FastifyReply } from 'fastify';
import { DOCUMENT_PATHS, MCP_PATH } from '../core/paths.js';
import type { RequestOrigin } from '../core/bridge.js';
import { tooManyRequests } from '../core/errors.js';
import { JSON_CONTENT_TYPE, sendParts } from '../core/http.js';
import { afterListening, toProblem, type CapabilityRoutes } from '../core/server.js';
import { HANDOFF_TOOL, ToolRegistry } from './definitions.js';
import { mcpDescription, serverCard } from './documents.js';
import { handleLegacy, loadSdk } from './legacy.js';
import { handleModern, isModernRequest } from './modern.js';
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
  if (Array.isArray(answer.json)) return sendParts(reply, answer.json, JSON_RPC_CONTENT_TYPE);
  if (answer.json !== undefined) return reply.type(JSON_RPC_CONTENT_TYPE).send(answer.json);
  if (answer.body === undefined) return reply.send();
  return reply.type(JSON_RPC_CONTENT_TYPE).send(JSON.stringify(answer.body));
}

function callsTool(message: unknown, name: string): boolean {
  if (Array.isArray(message)) return message.some((m) => callsTool(m, name));
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  return Boolean(m && typeof m === 'object' && m.method === 'tools/call' && m.params?.name === name);
}

/**
 * The MCP tool endpoint (POST /mcp and /mcp/) and its documents (mcp.json, server card).
 * Everything under MCP_PATH lives in its own encapsulated scope: errors there (malformed JSON, too
 * large, rate limit) answer as JSON-RPC, not problem+json, and CORS follows the endpoint's origin rule
 * instead of the site-wide "*".
 */
export const toolRoutes: CapabilityRoutes = async (app, deps) => {
  const { site, config, reads } = deps;
  const registry = new ToolRegistry(config.idempotencyRetentionDays);
  // The SDK serves only initialize-era requests: loaded just after the start, or by the first such request.
  afterListening(app, loadSdk);

  const card = ({ publicBase }: RequestOrigin) => ({
    entity: site.entity(`mcp-server-card:${publicBase}`, (c) => serverCard(c, publicBase, registry.list())),
    contentType: JSON_CONTENT_TYPE,
  });
  reads.get(app, DOCUMENT_PATHS.serverCard, card);
  reads.get(app, DOCUMENT_PATHS.serverCardAlias, card);
  reads.get(app, DOCUMENT_PATHS.mcpDescription, ({ publicBase }) => ({
    entity: site.entity(`mcp-description:${publicBase}`, (c) => mcpDescription(c, publicBase, registry.list())),
    contentType: JSON_CONTENT_TYPE,
  }));

  await app.register(async (scope) => {
    const routeConfig = { cors: false as const };
    // Handoffs through the tool count in the same per-client limit as POST /handoffs.
    const handoffLimit = deps.limits.handoffs;

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
      if (handoffLimit && callsTool(body, HANDOFF_TOOL) && handoffLimit.count(request.origin.clientAddress).exceeded) throw tooManyRequests();
      const context = { deps, config: site.config, publicBase: request.origin.publicBase, clientAddress: request.origin.clientAddress };
      const answer = isModernRequest(request.headers, body)
        ? await handleModern(request.headers, body, registry, context, request.log)
        : await handleLegacy(`http://localhost${request.url}`, request.headers, body, registry, context, request.log);
      return send(reply, answer);
    });
  });
};
