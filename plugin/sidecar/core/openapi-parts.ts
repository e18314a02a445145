import { componentRef } from './schema-refs.js';

/** Building blocks every capability uses to describe its operations in openapi.json. */
export type OpenApiOperation = Record<string, unknown>;
export type OpenApiPaths = Record<string, Record<string, OpenApiOperation>>;

export const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

export const jsonContent = (schemaName: string) => ({ 'application/json': { schema: schemaRef(schemaName) } });

/** The answers every cacheable reading operation can give besides its 200. */
export const READING_RESPONSES = {
  '304': responseRef('NotModified'),
  '429': responseRef('TooManyRequests'),
  '500': responseRef('ServerError'),
  '503': responseRef('ServiceUnavailable'),
};

export const CACHE_HEADERS = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
};

export const IF_NONE_MATCH = { $ref: '#/components/parameters/IfNoneMatch' };

/** A schema a route declares (a reference by $id, or a literal schema) as openapi.json writes it. */
type DeclaredSchema = { $ref?: string; [key: string]: unknown };
const asComponent = (schema: DeclaredSchema) => (typeof schema.$ref === 'string' ? { ...schema, $ref: componentRef(schema.$ref) } : schema);

/** The query parameters of a route's declared querystring schema, so the route and its description cannot drift; extra adds what only the description says (a description, an example). */
export function queryParameters(
  querystring: { properties: Record<string, DeclaredSchema>; required?: readonly string[] },
  extra: Record<string, Record<string, unknown>> = {},
) {
  return Object.entries(querystring.properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: querystring.required?.includes(name) ?? false,
    schema: asComponent(schema),
    ...extra[name],
  }));
}

/** The required JSON request body of a route's declared body schema; extra adds to its media type (an example). */
export const jsonRequestBody = (body: DeclaredSchema, extra: Record<string, unknown> = {}) => ({
  required: true,
  content: { 'application/json': { schema: asComponent(body), ...extra } },
});
