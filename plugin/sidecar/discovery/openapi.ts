import { SCHEMAS } from '../core/schemas.js';
import { INTERFACE_VERSION } from '../core/paths.js';
import { RETRY_AFTER_SECONDS } from '../core/errors.js';
import type { OpenApiPaths } from '../core/openapi-parts.js';
import type { SiteConfig } from '../core/site-config.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const fileToName = new Map<string, string>(
  Object.entries(SCHEMAS).map(([name, schema]) => [schema.$id.split('/').pop()!, name]),
);

/** Rewrites the schemas' file-relative $refs to component refs and drops the keywords OpenAPI keeps elsewhere. */
function toComponent(node: Json): Json {
  if (Array.isArray(node)) return node.map(toComponent);
  if (!node || typeof node !== 'object') return node;
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '$schema' || key === '$id' || key === '$defs') continue;
    if (key === '$ref' && typeof value === 'string') {
      const [file, pointer = ''] = value.split('#');
      const defMatch = /^\/\$defs\/(.+)$/.exec(pointer);
      if (defMatch) out.$ref = `#/components/schemas/${defMatch[1]}`;
      else out.$ref = `#/components/schemas/${fileToName.get(file) ?? file}${pointer}`;
      continue;
    }
    out[key] = toComponent(value as Json);
  }
  return out;
}

export function componentSchemas(): Record<string, Json> {
  const schemas: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(SCHEMAS)) {
    for (const [defName, def] of Object.entries((schema as { $defs?: Record<string, Json> }).$defs ?? {})) {
      schemas[defName] = toComponent(def);
    }
    if (name !== 'common') schemas[name] = toComponent(schema as unknown as Json);
  }
  return schemas;
}

const problemContent = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
const problemResponse = (description: string, headers?: Record<string, unknown>) => ({ description, ...(headers ? { headers } : {}), content: problemContent });

/** openapi.json: the interface as it is served at publicBase, assembled from schemas/ and each capability's operations. */
export function buildOpenApi(config: SiteConfig, publicBase: string, paths: OpenApiPaths) {
  return {
    openapi: '3.1.0',
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
    ],
    paths,
    components: {
      schemas: componentSchemas(),
      parameters: {
        IfNoneMatch: { name: 'If-None-Match', in: 'header', required: false, description: 'An ETag from an earlier answer; 304 when unchanged.', schema: { type: 'string' } },
      },
      headers: {
        ETag: { description: 'Entity tag of the answer.', schema: { type: 'string' } },
        CacheControl: { description: 'Caching rule of the answer.', schema: { type: 'string' } },
        RetryAfter: { description: `Seconds to wait before retrying (${RETRY_AFTER_SECONDS}).`, schema: { type: 'integer', const: RETRY_AFTER_SECONDS } },
      },
      responses: {
        NotModified: { description: 'The client holds the current version (If-None-Match matched).' },
        BadRequest: problemResponse('Missing or invalid parameters, headers or body; each invalid field is listed in errors.'),
        NotFound: problemResponse('No such resource or route.'),
        PayloadTooLarge: problemResponse('The request body is larger than the service accepts.'),
        IdempotencyKeyReused: problemResponse('The Idempotency-Key was used before with a different request body; nothing was created.'),
        TooManyRequests: problemResponse(`Too many requests; retry after ${RETRY_AFTER_SECONDS} seconds.`, { 'Retry-After': { $ref: '#/components/headers/RetryAfter' } }),
        ServerError: problemResponse('The service failed.'),
      },
    },
  };
}
