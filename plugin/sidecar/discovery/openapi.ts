import { INTERNAL_SCHEMAS, SCHEMAS } from '../core/schemas.js';
import { componentRef } from '../core/schema-refs.js';
import { INTERFACE_VERSION } from '../core/paths.js';
import { RETRY_AFTER_SECONDS } from '../core/errors.js';
import { UNAVAILABLE_DESCRIPTION, UNAVAILABLE_RETRY_AFTER_HEADER } from '../core/overload.js';
import { statusMeaning } from '../core/status-codes.js';
import type { OpenApiPaths } from '../core/openapi-parts.js';
import type { SiteConfig } from '../core/site-config.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Rewrites the schemas' file-relative $refs to component refs and drops the keywords OpenAPI keeps elsewhere. */
function toComponent(node: Json): Json {
  if (Array.isArray(node)) return node.map(toComponent);
  if (!node || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id' || key === '$defs') continue;
    if (key === '$ref' && typeof value === 'string') {
      out.$ref = componentRef(value);
      continue;
    }
    out[key] = toComponent(value as Json);
  }
  return out;
}

export function componentSchemas(): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    if (INTERNAL_SCHEMAS.has(name)) continue;
    for (const [defName, def] of Object.entries((schema as { $defs?: Record<string, Json> }).$defs ?? {})) {
      schemas[defName] = toComponent(def);
    }
    if (name !== 'common') schemas[name] = toComponent(schema as unknown as Json);
  }
  return schemas;
}

/** The OpenAPI version openapi.json is written in (specification: Versioning). */
export const OPENAPI_VERSION = '3.1.0';

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
const problemResponse = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: problemContent });

/** openapi.json: the interface as it is served at publicBase, assembled from schemas/ and each capability's operations. */
export function buildOpenApi(config: SiteConfig, publicBase: string, paths: OpenApiPaths) {
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: `${config.company.name} agent service`,
      version: INTERFACE_VERSION,
      summary: 'Material catalog, recommendations, company facts and human-reviewed handoffs of a B2B manufacturer of custom digital-print wallpaper.',
      description:
        'Read-only material and company information and an idempotent handoff to a human-reviewed next step. ' +
        'There is no ordering interface: orders are taken by human advisors only (ordering: human-mediated, agent_auth: not_supported). ' +
        'No authentication is needed; no API keys or OAuth exist.',
    },
    servers: [{ url: publicBase }],
    tags: [
      { name: 'materials', description: 'Material catalog and recommendations' },
      { name: 'company', description: 'Company information' },
      { name: 'handoffs', description: 'Human-reviewed next steps' },
      { name: 'answers', description: "Question answering from the site's own data (NLWeb ask)" },
      { name: 'discovery', description: 'Documents that describe the service: llms.txt, llms-full.txt, agent card, this description' },
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      parameters: {
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'An ETag from an earlier answer; 304 when unchanged.',
          schema: { type: 'string' },
        },
      },
      headers: {
        ETag: { description: 'Entity tag of the answer.', schema: { type: 'string' } },
        CacheControl: { description: 'Caching rule of the answer.', schema: { type: 'string' } },
        RetryAfter: { description: `Seconds to wait before retrying (${RETRY_AFTER_SECONDS}).`, schema: { type: 'integer', const: RETRY_AFTER_SECONDS } },
      },
      responses: {
        NotModified: { description: `${statusMeaning(304)}.` },
        BadRequest: problemResponse(`${statusMeaning(400)}.`),
        NotFound: problemResponse(`${statusMeaning(404)}.`),
        PayloadTooLarge: problemResponse(`${statusMeaning(413)}.`),
        IdempotencyKeyReused: problemResponse(`${statusMeaning(422)}.`),
        TooManyRequests: problemResponse(`${statusMeaning(429)}.`, { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
        ServerError: problemResponse(`${statusMeaning(500)}.`),
        ServiceUnavailable: problemResponse(UNAVAILABLE_DESCRIPTION, { 'Retry-After': UNAVAILABLE_RETRY_AFTER_HEADER }),
      },
    },
  };
}
