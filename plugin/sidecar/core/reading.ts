import type { FastifyInstance } from 'fastify';
import type { RequestOrigin } from './bridge.js';
import { sendEntity } from './http.js';
import type { CachedEntity } from './site-config.js';

/** One reading answer: memoized bytes of the current configuration, as the request's site URL needs them. */
export interface ReadingAnswer {
  entity: CachedEntity;
  contentType: string;
  /** Further headers of this document (e.g. nosniff on the text documents). */
  headers?: Readonly<Record<string, string>>;
}

export type ReadingResolver = (origin: RequestOrigin) => ReadingAnswer;

/**
 * The reading endpoints (catalog, recommendation, company, discovery documents): Fastify routes that
 * answer memoized bytes through a resolver, kept by exact request-target so that the same bytes can be
 * served elsewhere (MCP resources) and by the fast door in front of Fastify (speed/fast-door.ts).
 */
export class ReadingRoutes {
  readonly #routes = new Map<string, ReadingResolver>();

  /** Registers a reading route on Fastify under its exact path. */
  get(app: FastifyInstance, path: string, resolve: ReadingResolver): void {
    app.get(path, (request, reply) => sendReading(request, reply, resolve(request.origin)));
    this.#routes.set(path, resolve);
  }

  /** The answer the reading route at this path gives this origin (the same bytes wherever else they are served, e.g. MCP resources). */
  answerFor(path: string, origin: RequestOrigin): ReadingAnswer | undefined {
    return this.#routes.get(path)?.(origin);
  }

  /** A further exact request-target (path and query) a route answers, e.g. one per enumerated value. */
  alias(requestTarget: string, resolve: ReadingResolver): void {
    this.#routes.set(requestTarget, resolve);
  }

  /** Every exact request-target and its resolver. */
  entries(): IterableIterator<[string, ReadingResolver]> {
    return this.#routes.entries();
  }
}

/** The Fastify door of a reading route. */
export function sendReading(request: Parameters<typeof sendEntity>[0], reply: Parameters<typeof sendEntity>[1], answer: ReadingAnswer) {
  if (answer.headers) for (const [name, value] of Object.entries(answer.headers)) reply.header(name, value);
  return sendEntity(request, reply, answer.entity, answer.contentType);
}
