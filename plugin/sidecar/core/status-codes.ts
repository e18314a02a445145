import { RETRY_AFTER_SECONDS } from './errors.js';

/**
 * The status codes the service answers with and what each means (specification: Errors; 304, 413 and
 * 422 are the design's additions). One home: llms-full.txt prints this table and openapi.json takes
 * its shared response descriptions from it.
 */
export const STATUS_CODES = [
  { status: 200, meaning: 'Success; on the handoff endpoint: an earlier handoff replayed for a retry with the same Idempotency-Key and body' },
  { status: 201, meaning: 'Handoff endpoint: a new handoff was created' },
  { status: 304, meaning: 'Not modified: the If-None-Match header named the current ETag' },
  {
    status: 400,
    meaning:
      'Bad request: missing or invalid parameters, headers or body (each invalid field is listed); on the handoff endpoint also a missing Idempotency-Key',
  },
  { status: 404, meaning: 'Resource or route not found' },
  { status: 413, meaning: 'The request body is larger than the service accepts' },
  { status: 422, meaning: 'Handoff endpoint: the Idempotency-Key was used before with a different request body; nothing was created' },
  { status: 429, meaning: `Too many requests; retry after ${RETRY_AFTER_SECONDS} seconds (Retry-After header)` },
  { status: 500, meaning: 'Server error' },
] as const;

export type DocumentedStatus = (typeof STATUS_CODES)[number]['status'];

/** The meaning of one status code of the table. */
export function statusMeaning(status: DocumentedStatus): string {
  return STATUS_CODES.find((entry) => entry.status === status)!.meaning;
}
