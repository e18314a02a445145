import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/**
 * Deepest nesting of arrays and objects a request body may have. No body this service reads nests
 * beyond a handful of levels; a deeper one is refused before it is parsed, because code that walks a
 * parsed body recursively (JSON.stringify, schema validators, the MCP SDK) would overflow the stack on
 * a body nested thousands of levels deep, which fits easily in the byte limit.
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

/** Whether a JSON text nests arrays and objects deeper than `limit`; one pass, brackets inside strings skipped. */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
  }
  return false;
}

/** Fastify's own JSON parser (prototype poisoning refused), behind the nesting bound. */
export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(badRequest('rest_invalid_json', `The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`), undefined);
      return;
    }
    parse(request, body as string, done);
  });
}
