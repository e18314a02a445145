import { schemaIdRef } from '../core/schemas.js';
import { MAX_QUERY_LENGTH } from './answer.js';

// What /ask accepts, declared on its routes; openapi.json's parameter and request body derive from these.

/** GET: the question as the query parameter query. */
export const ASK_QUERY = {
  type: 'object',
  properties: { query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_LENGTH } },
  required: ['query'],
} as const;

/** POST: schemas/ask-request.schema.json. */
export const ASK_BODY = schemaIdRef('AskRequest');
