import { AGENT_PREFIX } from '../core/paths.js';
import { CACHE_HEADERS, IF_NONE_MATCH, READING_RESPONSES, jsonContent, queryParameters, responseRef, type OpenApiPaths } from '../core/openapi-parts.js';
import { RECOMMENDATION_QUERY } from './catalog.js';

export const materialOperations: OpenApiPaths = {
  [`${AGENT_PREFIX}/materials`]: {
    get: {
      operationId: 'listMaterials',
      summary: 'The material catalog with technical characteristics',
      tags: ['materials'],
      parameters: [IF_NONE_MATCH],
      responses: {
        '200': { description: 'The catalog.', headers: CACHE_HEADERS, content: jsonContent('MaterialCatalog') },
        ...READING_RESPONSES,
      },
    },
  },
  [`${AGENT_PREFIX}/materials/recommendation`]: {
    get: {
      operationId: 'recommendMaterial',
      summary: 'One material recommended for a project priority',
      tags: ['materials'],
      parameters: [...queryParameters(RECOMMENDATION_QUERY), IF_NONE_MATCH],
      responses: {
        '200': { description: 'The recommended material and the reason.', headers: CACHE_HEADERS, content: jsonContent('Recommendation') },
        '400': responseRef('BadRequest'),
        ...READING_RESPONSES,
      },
    },
  },
};
