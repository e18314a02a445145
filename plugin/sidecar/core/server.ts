import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerFactory } from 'fastify';
import cors from '@fastify/cors';
import http, { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ClientLimits } from './client-limit.js';
import type { ServiceConfig } from './config.js';
import {
  PROBLEM_CONTENT_TYPE,
  ProblemError,
  type FieldError,
  ambiguousPath,
  badRequest,
  missingHost,
  notFound,
  problemBody,
  staleRevision,
  tooManyRequests,
} from './errors.js';
import { BRIDGE_HEADERS, expectedOtherRevision, resolveRequestOrigin, type RequestOrigin } from './bridge.js';
import { BRIDGE_PREFIX, isAmbiguousTarget } from './paths.js';
import type { SiteState } from './site-config.js';
import type { ReadingRoutes } from './reading.js';
import { AccessLog } from './access-log.js';
import { registerJsonParser } from './json-body.js';
import { fieldList, routeValidator, toFieldErrors } from './schemas.js';
import type { ErrorObject } from 'ajv';
import { EventLoopWatch, overloaded } from './overload.js';
import type { FastDoor } from '../speed/fast-door.js';

declare module 'fastify' {
  interface FastifyRequest {
    origin: RequestOrigin;
  }
  interface FastifyContextConfig {
    /**
     * The answer to a request the route's declared schema refuses, where the route's answer names more
     * than the schema's errors do (codes, allowed values); without it, the errors are listed by field.
     */
    refuse?: (request: FastifyRequest, errors: FieldError[]) => ProblemError;
  }
}

/**
 * What the core itself needs of the service; the composition root (deps.ts) adds what capabilities
 * share, such as the handoff store, so that the core imports no capability. No globals, so tests can
 * start several services in one process.
 */
export interface CoreDeps {
  config: ServiceConfig;
  site: SiteState;
  /** Where reading routes are registered (reading.ts). */
  reads: ReadingRoutes;
  limits: ClientLimits;
  /** Answers reading routes in front of Fastify; absent when the "fast-door" trick is off (speed/). */
  fastDoor?: FastDoor;
}

export type CapabilityRoutes<D extends CoreDeps = CoreDeps> = (app: FastifyInstance, deps: D) => void | Promise<void>;

/** Any site may read the public answers (they hold nothing private); the tool endpoint has its own rule. */
const CORS_ORIGIN = '*';
/** Headers a browser-based agent may send and read. */
const CORS_ALLOWED_HEADERS = ['Accept', 'Content-Type', 'Idempotency-Key', 'If-None-Match', 'Mcp-Protocol-Version', 'Mcp-Session-Id', 'Last-Event-ID'];
const CORS_EXPOSED_HEADERS = [
  'ETag',
  'Retry-After',
  'Idempotent-Replayed',
  'Location',
  'RateLimit-Limit',
  'RateLimit-Remaining',
  'RateLimit-Reset',
  'Mcp-Session-Id',
  'Mcp-Protocol-Version',
];

/** How long after the service starts listening its deferred warm-ups run (see afterListening). */
export const WARM_UP_DELAY_MS = 200;

/**
 * Work that is not needed to answer the first requests (an index or a module a later request uses)
 * runs shortly after the service listens instead of delaying the start; whatever needs it first
 * still gets it, built or loaded on demand.
 */
export function afterListening(app: FastifyInstance, task: () => unknown): void {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    timer = setTimeout(() => {
      timer = undefined;
      Promise.resolve()
        .then(task)
        .catch((err) => app.log.warn({ err }, 'warm-up after start failed'));
    }, WARM_UP_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearTimeout(timer);
  });
}

/** Where a field of each request part is named in a problem's errors (a body's by its JSON pointer). */
const PART_PREFIX: Record<string, string> = { querystring: 'query:', headers: 'header:' };

/** A request the route's declared schema refused: the route's own answer, or every field error at once. */
function validationProblem(error: FastifyError, request?: FastifyRequest): ProblemError {
  const part = error.validationContext ?? 'body';
  const prefix = PART_PREFIX[part];
  const errors = toFieldErrors(error.validation as ErrorObject[]).map((e) => (prefix ? { ...e, field: prefix + e.field.replace(/^\//, '') } : e));
  const refuse = request?.routeOptions.config.refuse;
  if (refuse && request) return refuse(request, errors);
  return badRequest('rest_invalid_param', `Invalid request ${part}: ${fieldList(errors)}.`, errors);
}

/** Maps framework errors (body parsing, limits, a declared schema's verdict) to the problem the client should read. */
export function toProblem(error: FastifyError | ProblemError | Error, request?: FastifyRequest): ProblemError {
  if (error instanceof ProblemError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) return validationProblem(fastifyError, request);
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('rest_invalid_content_type', 'The request body must be sent with Content-Type: application/json.', [
        { field: 'header:Content-Type', message: 'must be application/json' },
      ]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return badRequest('rest_invalid_json', 'The request body is empty; a JSON object is expected.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('rest_invalid_json', `The request body is not valid JSON: ${fastifyError.message}`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ProblemError({ status: 413, code: 'payload_too_large', detail: 'The request body is larger than this service accepts.' });
  }
  if (error instanceof SyntaxError || fastifyError.statusCode === 400) {
    return badRequest('rest_invalid_json', `The request body is not valid JSON: ${error.message}`);
  }
  if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return new ProblemError({ status: fastifyError.statusCode, code: 'bad_request', detail: error.message });
  }
  return new ProblemError({ status: 500, code: 'internal_error', detail: 'The service failed to answer this request. It has been logged.' });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the reply of any route, whatever its schema's types
export function sendProblem(reply: FastifyReply<any, any, any, any, any, any, any, any>, problem: ProblemError): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
  return reply
    .code(problem.status)
    .header('cache-control', 'no-store')
    .type(PROBLEM_CONTENT_TYPE)
    .send(JSON.stringify(problemBody(problem)));
}

/** Answers a client error of the HTTP layer (bad syntax, headers too large, timeout) with a problem, then closes. */
function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const problem =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new ProblemError({ status: 408, code: 'request_timeout', detail: 'The request did not arrive in time; the connection is closed.' })
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? new ProblemError({ status: 431, code: 'headers_too_large', detail: 'The request headers are larger than this service accepts.' })
        : badRequest('invalid_http_request', 'The request is not valid HTTP.');
  const body = JSON.stringify(problemBody(problem));
  // Not in the middle of an answer already being written on this connection (as Node's own handler).
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !answering) {
    socket.write(
      `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\nContent-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own answer would be a bare 400 without a body. */
function refuseWithoutHost(response: ServerResponse): void {
  const body = JSON.stringify(problemBody(missingHost()));
  response.shouldKeepAlive = false;
  response
    .writeHead(400, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', connection: 'close' })
    .end(body);
}

/** Fastify's HTTP server, refusing a request without Host with a problem, and with a door in front that may answer first. */
function serverFactory(front?: { answer(request: IncomingMessage, response: ServerResponse): boolean }): FastifyServerFactory {
  return (handler, options) => {
    const opts = options as typeof options & { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    const server = http.createServer(opts.http ?? {}, (request, response) => {
      if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) return refuseWithoutHost(response);
      if (!front?.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it creates itself.
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    return server;
  };
}

/** Request ids in Fastify's own format, from one sequence for Fastify and the fast door, so log lines stay unique. */
function requestIds(): () => string {
  let next = 0;
  return () => {
    next = (next + 1) & 2147483647;
    return `req-${next.toString(36)}`;
  };
}

export async function buildServer<D extends CoreDeps>(deps: D, capabilities: CapabilityRoutes<D>[]): Promise<FastifyInstance> {
  const { config, fastDoor } = deps;
  const nextRequestId = requestIds();
  const app = Fastify({
    serverFactory: serverFactory(fastDoor),
    genReqId: nextRequestId,
    logger: { level: config.logLevel },
    // One line per request comes from the onResponse hook below, not Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    // Slow or stalled clients must not hold a connection for long: headers and body must arrive in time.
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.connectionTimeoutMs,
    // Node checks those deadlines only every connectionsCheckingInterval (30 s by default); check often enough.
    http: {
      // Node answers a missing Host with a bare 400; the server factory answers it with a problem.
      requireHostHeader: false,
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, Math.floor(config.headersTimeoutMs / 4))),
    },
    // Errors found before a request reaches a route (malformed HTTP, a timeout) still get a problem body.
    clientErrorHandler: clientErrorAnswer,
    // A path the router cannot decode (a malformed percent escape) is refused like any ambiguous path.
    frameworkErrors: (error, _request, reply) => {
      sendProblem(reply, error.code === 'FST_ERR_BAD_URL' ? ambiguousPath() : toProblem(error));
    },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: false,
  });

  // Only JSON bodies are accepted anywhere; other types are a 400, not a silently parsed string.
  app.removeContentTypeParser('text/plain');
  registerJsonParser(app);

  // Node answers an Expect other than 100-continue itself with an empty 417; give it a problem body too.
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const problem = new ProblemError({ status: 417, code: 'expectation_failed', detail: 'Only "Expect: 100-continue" is supported.' });
    response
      .writeHead(417, { 'content-type': PROBLEM_CONTENT_TYPE, 'cache-control': 'no-store', connection: 'close' })
      .end(JSON.stringify(problemBody(problem)));
  });

  app.decorateRequest('origin', null as unknown as RequestOrigin);
  const admitSiteUrl = (publicBase: string) => deps.site.admitSiteUrl(publicBase, config.publicUrl);
  // Both hooks run on every request: callback style, so neither costs a promise and a microtask turn.
  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    request.origin = resolveRequestOrigin(request.headers, request.socket.remoteAddress, config, admitSiteUrl);
    // Answered here: the route is not run (done is not called).
    if (isAmbiguousTarget(request.url)) {
      sendProblem(reply, ambiguousPath());
      return;
    }
    const expected = expectedOtherRevision(request.headers, request.origin, deps.site.announcedRevision);
    if (expected !== undefined && !request.url.startsWith(BRIDGE_PREFIX)) {
      sendProblem(reply.header(BRIDGE_HEADERS.configRevision, deps.site.announcedRevision), staleRevision(expected, deps.site.announcedRevision));
      return;
    }
    done();
  });
  const accessLog = new AccessLog(config.logLevel, 1, !config.speedOff.has('access-log-buffer'));
  app.addHook('onResponse', (request, reply, done) => {
    accessLog.request(request.id, request.method, request.url, reply.statusCode, reply.elapsedTime);
    done();
  });
  app.addHook('onClose', async () => accessLog.close());

  await app.register(cors, {
    origin: CORS_ORIGIN,
    methods: ['GET', 'HEAD', 'POST', 'OPTIONS'],
    allowedHeaders: CORS_ALLOWED_HEADERS,
    exposedHeaders: CORS_EXPOSED_HEADERS,
    maxAge: 600,
    // An OPTIONS without the preflight headers gets the same 204, not a text/plain 400 outside the error shape.
    strictPreflight: false,
  });

  const { limits } = deps;
  const watch = new EventLoopWatch(config.maxEventLoopDelayMs);
  watch.attach(app);
  // After CORS, so that a 429 or 503 carries its headers. Unknown paths are not counted; a route names its limit.
  // A request is shed before it is counted: overload is no client's doing.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) return done();
    if (watch.sheds(request.url.startsWith(BRIDGE_PREFIX))) return done(overloaded());
    const kind = request.routeOptions.config.limit;
    const limit = kind === 'none' ? undefined : limits.all;
    if (!limit) return done();
    const { exceeded, headers } = limit.count(request.origin.clientAddress);
    for (let i = 0; i < headers.length; i += 2) reply.header(headers[i], headers[i + 1]);
    done(exceeded ? tooManyRequests() : undefined);
  });

  fastDoor?.attach(app, accessLog, { allowOrigin: CORS_ORIGIN, exposeHeaders: CORS_EXPOSED_HEADERS.join(', ') }, nextRequestId, limits.all, watch);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem = toProblem(error, request);
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, problem);
  });

  // Routes declare their inputs as schemas of schemas/ (2020-12); Fastify's own Ajv is draft-07 and knows none of their $ids.
  app.setValidatorCompiler(({ schema, httpPart }) => routeValidator(schema, httpPart));

  app.setNotFoundHandler((request, reply) => sendProblem(reply, notFound(request.method, request.url)));

  for (const register of capabilities) await register(app, deps);
  return app;
}
