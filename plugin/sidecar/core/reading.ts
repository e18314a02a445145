import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import { expectedOtherRevision, resolveRequestOrigin, type RequestOrigin } from './bridge.js';
import { entityHeaders, ifNoneMatchMatches, sendEntity } from './http.js';
import type { ServiceConfig } from './config.js';
import { escapeTarget, type AccessLog } from './access-log.js';
import type { ClientLimit } from './client-limit.js';
import { missingHost, PROBLEM_CONTENT_TYPE, problemBody } from './errors.js';
import type { CachedEntity, SiteState } from './site-config.js';

/** One reading answer: memoized bytes of the current configuration, as the request's site URL needs them. */
export interface ReadingAnswer {
  entity: CachedEntity;
  contentType: string;
  /** Further headers of this document (e.g. nosniff on the text documents). */
  headers?: Readonly<Record<string, string>>;
}

export type ReadingResolver = (origin: RequestOrigin) => ReadingAnswer;

/**
 * A route's answer for one revision and site URL, its headers laid out for writeHead: CORS, then the
 * entity's and the document's own, and for a 200 the type and length of the body. Copying a laid-out
 * list is cheaper than joining the parts.
 */
interface Prepared {
  revision: string;
  publicBase: string;
  answer: ReadingAnswer;
  ok: string[];
  notModified: string[];
}

interface FastRoute {
  resolve: ReadingResolver;
  /** The request-target as the access log writes it. */
  logTarget: string;
  /** The last one prepared: a site is reached under one URL, so this is almost always the one needed. */
  prepared?: Prepared;
}

/** Headers every answer carries because of the site-wide CORS rule ("*"; see server.ts). */
export interface CorsHeaders {
  allowOrigin: string;
  exposeHeaders: string;
}

/**
 * The reading endpoints (catalog, recommendation, company, discovery documents) answer memoized bytes,
 * and Fastify's per-request machinery (routing, request/reply objects, hook chain, child logger)
 * costs several times the writing of them. So an exact request-target of a reading route is answered
 * straight from the HTTP server's request event, and everything else, including every unusual case of
 * those routes (bridge revision mismatch, a client over its limit, a closing server, other query
 * strings, a trailing slash), goes on to Fastify, whose route answers the same bytes through the same
 * resolver. What the fast door repeats of the rules is small and tested against the Fastify door
 * (tests/http/reading-door.test.ts): the origin resolution and resolver are the same functions, the
 * rate limit counts in the same store, ETag/304 is the same comparison, the log line the same text.
 */
export class ReadingRoutes {
  readonly #routes = new Map<string, FastRoute>();
  #next = 0;
  /** Requests answered on the fast door (the rest went to Fastify). */
  answered = 0;
  #closing = false;
  #log?: AccessLog;
  #cors?: CorsHeaders;
  #limit?: ClientLimit;
  readonly #admitSiteUrl = (publicBase: string) => this.site.admitSiteUrl(publicBase, this.config.publicUrl);

  constructor(
    private readonly config: ServiceConfig,
    private readonly site: SiteState,
    /** false: every request goes through Fastify (used by the tests that compare both doors). */
    readonly enabled = true,
  ) {}

  /** Registers a reading route on Fastify and its exact path on the fast door. */
  get(app: FastifyInstance, path: string, resolve: ReadingResolver): void {
    app.get(path, (request, reply) => sendReading(request, reply, resolve(request.origin)));
    this.#routes.set(path, { resolve, logTarget: escapeTarget(path) });
  }

  /** The answer the reading route at this path gives this origin (the same bytes wherever else they are served, e.g. MCP resources). */
  answerFor(path: string, origin: RequestOrigin): ReadingAnswer | undefined {
    return this.#routes.get(path)?.resolve(origin);
  }

  /** A further exact request-target (path and query) answered on the fast door, e.g. one per enumerated value. */
  alias(requestTarget: string, resolve: ReadingResolver): void {
    this.#routes.set(requestTarget, { resolve, logTarget: escapeTarget(requestTarget) });
  }

  /** The request id Fastify and the fast door share, in Fastify's own format, so log lines stay unique. */
  readonly nextRequestId = (): string => {
    this.#next = (this.#next + 1) & 2147483647;
    return `req-${this.#next.toString(36)}`;
  };

  /** Called once the access log, CORS rule and rate limit are set up. */
  attach(app: FastifyInstance, log: AccessLog, cors: CorsHeaders, limit?: ClientLimit): void {
    this.#log = log;
    this.#cors = cors;
    this.#limit = limit;
    // While closing, Fastify answers 503 and closes connections; leave that to it.
    app.addHook('preClose', async () => {
      this.#closing = true;
    });
  }

  /** An HTTP server whose requests are tried on the fast door first (Fastify's serverFactory). */
  readonly serverFactory: FastifyServerFactory = (handler, options) => {
    const opts = options as typeof options & { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number };
    const server = http.createServer(opts.http ?? {}, (request, response) => {
      if (request.headers.host === undefined && request.httpVersionMajor === 1 && request.httpVersionMinor >= 1) return refuseWithoutHost(response);
      if (!this.answer(request, response)) handler(request, response);
    });
    // What Fastify sets on a server it creates itself.
    server.keepAliveTimeout = opts.keepAliveTimeout;
    server.requestTimeout = opts.requestTimeout;
    server.setTimeout(opts.connectionTimeout);
    return server;
  };

  /** Answers the request and returns true, or returns false (nothing written) for Fastify to answer it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.enabled || this.#closing || !this.#cors) return false;
    const method = request.method;
    if (method !== 'GET' && method !== 'HEAD') return false;
    const route = this.#routes.get(request.url ?? '');
    if (!route) return false;
    const started = performance.now();
    const headers = request.headers;
    const origin = resolveRequestOrigin(headers, request.socket.remoteAddress, this.config, this.#admitSiteUrl);
    const revision = this.site.revision;
    // A stale revision is answered by Fastify's onRequest hook (409), as on every other route.
    if (expectedOtherRevision(headers, origin, this.site.announcedRevision) !== undefined) return false;

    // Counted, but the limit's headers are not sent: a CDN may keep this answer and show them to others.
    // Over the limit: Fastify's hook counts the request once more (harmless past the limit) and answers 429.
    if (this.#limit?.exceeds(origin.clientAddress)) return false;

    let prepared = route.prepared;
    if (!prepared || prepared.revision !== revision || prepared.publicBase !== origin.publicBase) {
      prepared = route.prepared = prepare(route.resolve(origin), revision, origin.publicBase, this.#cors);
    }
    const notModified = ifNoneMatchMatches(headers['if-none-match'], prepared.answer.entity.etag);
    let status = 200;
    if (notModified) {
      status = 304;
      // Fastify's HEAD routes send the length of the (empty) payload on a 304; say the same.
      response.writeHead(304, method === 'HEAD' ? [...prepared.notModified, 'content-length', '0'] : prepared.notModified);
      response.end();
    } else {
      response.writeHead(200, prepared.ok);
      // Node writes no body for HEAD; the headers are those of GET, as Fastify's HEAD routes send.
      response.end(prepared.answer.entity.bytes);
    }
    // The line Fastify's onResponse hook writes (server.ts), with the same request id sequence.
    this.#log?.requestEscaped(this.nextRequestId(), method, route.logTarget, status, performance.now() - started);
    request.resume();
    this.answered++;
    return true;
  }
}

function corsHeaders(cors: CorsHeaders): string[] {
  return ['access-control-allow-origin', cors.allowOrigin, 'access-control-expose-headers', cors.exposeHeaders];
}

function prepare(answer: ReadingAnswer, revision: string, publicBase: string, cors: CorsHeaders): Prepared {
  const cached = entityHeaders(answer.entity);
  for (const [name, value] of Object.entries(answer.headers ?? {})) cached.push(name, value);
  const body = ['content-type', answer.contentType, 'content-length', String(answer.entity.bytes.length)];
  const start = corsHeaders(cors);
  return { revision, publicBase, answer, ok: [...start, ...cached, ...body], notModified: [...start, ...cached] };
}

/** HTTP/1.1 requires Host (RFC 9112 §3.2); Node's own answer would be a bare 400 without a body. */
function refuseWithoutHost(response: ServerResponse): void {
  const body = JSON.stringify(problemBody(missingHost()));
  response.shouldKeepAlive = false;
  response.writeHead(400, { 'content-type': PROBLEM_CONTENT_TYPE, 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store', connection: 'close' }).end(body);
}

/** The Fastify door of a reading route. */
export function sendReading(request: Parameters<typeof sendEntity>[0], reply: Parameters<typeof sendEntity>[1], answer: ReadingAnswer) {
  if (answer.headers) for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return sendEntity(request, reply, answer.entity, answer.contentType);
}
