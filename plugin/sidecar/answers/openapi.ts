import { ASK_PATH } from '../core/paths.js';
import { RETRY_AFTER_SECONDS } from '../core/errors.js';
import { jsonContent, jsonRequestBody, queryParameters, type OpenApiOperation, type OpenApiPaths } from '../core/openapi-parts.js';
import { ASK_BODY, ASK_QUERY } from './ask-input.js';
import { MAX_QUERY_LENGTH } from './answer.js';
import { UNAVAILABLE_DESCRIPTION, UNAVAILABLE_RETRY_AFTER_HEADER } from '../core/overload.js';

const failure = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: jsonContent('AskFailure'),
});

const NO_STORE_HEADERS = { 'Cache-Control': { $ref: '#/components/headers/CacheControl' } };

const DESCRIPTION =
  "Answers a question in German or English, in the language of the question, from the site's own data only: " +
  'the material catalog, the recommendations, the company facts and the discovery texts. `results` names what the answer is grounded on. ' +
  'When a question gives no clue of its language, Accept-Language decides, then German. ' +
  'A question the data does not answer is not guessed: the answer has `routed: true` and points to the contact form and the telephone line. ' +
  'No authentication and no fixed rate limit; a fair-use policy applies: while the service is overloaded a question is refused with 503 and Retry-After, ' +
  'and an operator may set a per-client ceiling (429 with Retry-After). ' +
  'With `Accept: text/event-stream` the answer is streamed as server-sent events in the NLWeb v0.54 order: ' +
  '`start` (sent before the answer is ready), one `result` per grounding item (`{index, item}`), `content` events with the answer text in parts (`{type: "text", text}`), ' +
  '`complete` with the whole answer as the JSON form carries it (or a failure), and `end`.';

const answerResponses = (extra: Record<string, unknown>): Record<string, unknown> => ({
  '200': {
    description: 'The answer. JSON by default; server-sent events when the request accepts text/event-stream.',
    headers: NO_STORE_HEADERS,
    content: {
      ...jsonContent('AskAnswer'),
      'text/event-stream': {
        schema: { type: 'string', description: 'Events start, result…, content…, complete, end; each data line is JSON.' },
      },
    },
  },
  '400': failure(`The query is missing, empty, not a string or longer than ${MAX_QUERY_LENGTH} characters, or the body is not valid JSON.`),
  ...extra,
  '429': failure(`Only where the operator set a per-client ceiling (off by default): too many questions; retry after ${RETRY_AFTER_SECONDS} seconds.`, {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
  }),
  '500': failure('The service failed.'),
  '503': failure(`Fair use: too many questions in flight (error.code "overloaded"). ${UNAVAILABLE_DESCRIPTION}`, {
    'Retry-After': UNAVAILABLE_RETRY_AFTER_HEADER,
  }),
});

const common = (operationId: string, summary: string): OpenApiOperation => ({
  operationId,
  summary,
  description: DESCRIPTION,
  tags: ['answers'],
});

export const answerOperations: OpenApiPaths = {
  [ASK_PATH]: {
    get: {
      ...common('ask', 'Ask a question about the materials, the company or the workflow (NLWeb ask)'),
      parameters: queryParameters(ASK_QUERY, {
        query: { description: 'The question, in German or English.', example: 'Welches Material eignet sich für ein Badezimmer?' },
      }),
      responses: answerResponses({}),
    },
    post: {
      ...common('askPost', 'Ask a question with a JSON body (NLWeb ask)'),
      requestBody: jsonRequestBody(ASK_BODY, { example: { query: 'How long does delivery take?' } }),
      responses: answerResponses({ '413': failure('The request body is larger than the service accepts.') }),
    },
  },
};
