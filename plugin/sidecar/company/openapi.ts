import { AGENT_PREFIX } from '../core/paths.js';
import { CACHE_HEADERS, IF_NONE_MATCH, READING_RESPONSES, jsonContent, type OpenApiPaths } from '../core/openapi-parts.js';

export const companyOperations: OpenApiPaths = {
  [`${AGENT_PREFIX}/company`]: {
    get: {
      operationId: 'getCompanyInformation',
      summary: 'Company information: B2B, custom production, human-mediated ordering, contact and delivery facts',
      tags: ['company'],
      parameters: [IF_NONE_MATCH],
      responses: {
        '200': { description: 'Company information.', headers: CACHE_HEADERS, content: jsonContent('CompanyInformation') },
        ...READING_RESPONSES,
      },
    },
  },
};
