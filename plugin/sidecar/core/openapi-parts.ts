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
};

export const CACHE_HEADERS = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/CacheControl' },
};

export const IF_NONE_MATCH = { $ref: '#/components/parameters/IfNoneMatch' };
