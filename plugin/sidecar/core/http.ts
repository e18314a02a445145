import fresh from 'fresh';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedEntity } from './site-config.js';

/** Reading answers may sit in the CDN briefly; the ETag lets it and agents revalidate cheaply. */
export const READ_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=30';
export const NO_STORE = 'no-store';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Sends a cached entity, or 304 when the client already holds it. */
export function sendEntity(request: FastifyRequest, reply: FastifyReply, entity: CachedEntity, contentType = JSON_CONTENT_TYPE): FastifyReply {
  reply.header('etag', entity.etag).header('cache-control', READ_CACHE_CONTROL).header('vary', 'Accept-Encoding');
  if (fresh(request.headers, { etag: entity.etag })) {
    return reply.code(304).send();
  }
  return reply.type(contentType).send(entity.body);
}
