import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { CachedEntity } from './site-config.js';

/** Reading answers may sit in the CDN briefly; the ETag lets it and agents revalidate cheaply. */
export const READ_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=30';
export const NO_STORE = 'no-store';
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * RFC 9110 §13.1.2: If-None-Match with weak comparison, a list of tags or "*".
 * Evaluated whatever the request's Cache-Control says: fetch() adds no-cache to every conditional
 * request, and an origin server must still answer the precondition (RFC 9110 §13.2.2).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const current = opaque(etag);
  return header.split(',').some((tag) => opaque(tag) === current);
}

/** The headers of a reading answer besides its type, as a flat [name, value, …] list: validator, caching, variance. */
export function entityHeaders(entity: CachedEntity): string[] {
  return ['etag', entity.etag, 'cache-control', READ_CACHE_CONTROL, 'vary', 'Accept-Encoding'];
}

/** Sends a cached entity, or 304 when the client already holds it. */
export function sendEntity(request: FastifyRequest, reply: FastifyReply, entity: CachedEntity, contentType = JSON_CONTENT_TYPE): FastifyReply {
  const headers = entityHeaders(entity);
  for (let i = 0; i < headers.length; i += 2) reply.header(headers[i], headers[i + 1]);
  if (ifNoneMatchMatches(request.headers['if-none-match'], entity.etag)) {
    return reply.code(304).send();
  }
  return reply.type(contentType).send(entity.bytes);
}

/**
 * Takes an answer out of Fastify's hands (reply.hijack: onSend hooks do not run, onResponse still
 * does) and writes its head: the headers hooks have set so far (CORS, rate limit) and these.
 */
export function writeHeadPastFastify(reply: FastifyReply, status: number, headers: OutgoingHttpHeaders): ServerResponse {
  reply.hijack();
  // getHeaders() is a new object, and reply.header() never stores undefined (it defaults to '').
  return reply.raw.writeHead(status, Object.assign(reply.getHeaders() as OutgoingHttpHeaders, headers));
}

/** Sends a body given in parts without joining them into a new buffer, with the reply's status and headers. */
export function sendParts(reply: FastifyReply, parts: readonly Buffer[], contentType: string): FastifyReply {
  let length = 0;
  for (const part of parts) length += part.length;
  const res = writeHeadPastFastify(reply, reply.statusCode, { 'content-type': contentType, 'content-length': length });
  // Corked, head and parts leave in one write (end() uncorks fully), as with Fastify's own end(payload).
  res.cork();
  for (let i = 0; i < parts.length - 1; i++) res.write(parts[i]);
  res.end(parts[parts.length - 1]);
  return reply;
}
