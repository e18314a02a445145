import type { EventLoopWatch } from '../core/overload.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { expectedOtherRevision, resolveRequestOrigin } from '../core/bridge.js';
import { entityHeaders, ifNoneMatchMatches } from '../core/http.js';
import type { ServiceConfig } from '../core/config.js';
import { escapeTarget, type AccessLog } from '../core/access-log.js';
import type { ClientLimit } from '../core/client-limit.js';
import type { ReadingAnswer, ReadingResolver, ReadingRoutes } from '../core/reading.js';
import type { SiteState } from '../core/site-config.js';

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

/** An answer of the door: its exact request-target, method, status and the client's User-Agent. */
export type AnsweredListener = (target: string, method: string, status: number, userAgent: string | undefined) => void;

/** Headers every answer carries because of the site-wide CORS rule ("*"; see core/server.ts). */
export interface CorsHeaders {
  allowOrigin: string;
  exposeHeaders: string;
}

/**
 * Trick "fast-door" (README.md): Fastify's per-request machinery (routing, request/reply objects, hook
 * chain) costs several times the writing of a reading route's memoized bytes, so an exact
 * request-target of a reading route is answered straight from the HTTP server's request event.
 * Everything else, including every unusual case of those routes (bridge revision mismatch, a client
 * over its limit, a closing server, other query strings, a trailing slash), goes on to Fastify, whose
 * route answers the same bytes through the same resolver. What the door repeats of the rules is small
 * and tested against the Fastify door (tests/http/reading-door.test.ts): the origin resolution and
 * resolver are the same functions, the rate limit counts in the same store, ETag/304 is the same
 * comparison, the log line the same text.
 */
export class FastDoor {
  #routes?: Map<string, FastRoute>;
  #closing = false;
  #log?: AccessLog;
  #cors?: CorsHeaders;
  #limit?: ClientLimit;
  #watch?: EventLoopWatch;
  #nextRequestId?: () => string;
  #answered?: AnsweredListener;
  readonly #admitSiteUrl = (publicBase: string) => this.site.admitSiteUrl(publicBase, this.config.publicUrl);

  constructor(
    private readonly config: ServiceConfig,
    private readonly site: SiteState,
    private readonly reads: ReadingRoutes,
  ) {}

  /** Called once the access log, CORS rule and rate limit are set up; the routes are taken once the app is ready. */
  attach(app: FastifyInstance, log: AccessLog, cors: CorsHeaders, nextRequestId: () => string, limit?: ClientLimit, watch?: EventLoopWatch): void {
    this.#log = log;
    this.#watch = watch;
    this.#cors = cors;
    this.#limit = limit;
    this.#nextRequestId = nextRequestId;
    app.addHook('onReady', async () => {
      this.#routes = new Map([...this.reads.entries()].map(([target, resolve]) => [target, { resolve, logTarget: escapeTarget(target) }]));
    });
    // While closing, Fastify answers 503 and closes connections; leave that to it.
    app.addHook('preClose', async () => {
      this.#closing = true;
    });
  }

  /** Told of every answer the door gives (the insights count them as Fastify's onResponse hook would). */
  onAnswered(listener: AnsweredListener): void {
    this.#answered = listener;
  }

  /** Answers the request and returns true, or returns false (nothing written) for Fastify to answer it. */
  answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.#closing || !this.#cors || !this.#routes) return false;
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
    // Overloaded: Fastify's hook sheds it (503 with Retry-After), as every other route's request.
    if (this.#watch?.sheds(false)) return false;

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
    // The line Fastify's onResponse hook writes (core/server.ts), with the same request id sequence.
    this.#log?.requestEscaped(this.#nextRequestId!(), method, route.logTarget, status, performance.now() - started);
    this.#answered?.(request.url!, method, status, headers['user-agent']);
    request.resume();
    return true;
  }
}

function prepare(answer: ReadingAnswer, revision: string, publicBase: string, cors: CorsHeaders): Prepared {
  const cached = entityHeaders(answer.entity);
  for (const [name, value] of Object.entries(answer.headers ?? {})) cached.push(name, value);
  const body = ['content-type', answer.contentType, 'content-length', String(answer.entity.bytes.length)];
  const start = ['access-control-allow-origin', cors.allowOrigin, 'access-control-expose-headers', cors.exposeHeaders];
  return { revision, publicBase, answer, ok: [...start, ...cached, ...body], notModified: [...start, ...cached] };
}
