import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ASK_PATH, INTERFACE_VERSION } from '../core/paths.js';
import { ProblemError, badRequest, type FieldError, type ProblemBody } from '../core/errors.js';
import { JSON_CONTENT_TYPE, NO_STORE, writeHeadPastFastify } from '../core/http.js';
import { fieldList } from '../core/schemas.js';
import { afterListening, toProblem } from '../core/server.js';
import type { ServiceRoutes, ServiceDeps } from '../deps.js';
import { indexFor } from './search.js';
import { MAX_QUERY_LENGTH, answerJson, answerResultsJson, failureBody, prepareAnswer, type AskContext, type PreparedAnswer } from './answer.js';
import { answerKind, namedMaterials } from '../insights/answer-kind.js';
import { FairUse } from './fair-use.js';
import { ASK_BODY, ASK_QUERY } from './ask-input.js';

export const EVENT_STREAM_CONTENT_TYPE = 'text/event-stream; charset=utf-8';

/** Pause between the content events of a stream, so a client shows the answer growing. */
const CONTENT_EVENT_PACE_MS = 5;

/** The question of a GET (query parameter) or a POST (body field query, or NLWeb's query.text). */
function parseQuery(raw: unknown, where: 'query' | 'body'): string {
  const name = where === 'query' ? 'query parameter query' : 'body field query';
  let value = raw;
  if (where === 'body' && value && typeof value === 'object' && !Array.isArray(value)) value = (value as { text?: unknown }).text;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    throw badRequest('missing_query', `The ${name} is required and must not be empty: ask a question in German or English.`);
  }
  if (typeof value !== 'string') throw badRequest('invalid_query', `The ${name} must be a single string.`);
  if (value.length > MAX_QUERY_LENGTH) {
    throw badRequest('query_too_long', `The ${name} must not be longer than ${MAX_QUERY_LENGTH} characters.`);
  }
  return value.trim();
}

interface AskBody {
  query: string | { text: string; prev?: string[] };
  prefer?: { streaming?: boolean };
}

/** A body the AskRequest schema refused: the question's own problem first (its codes tell missing, wrong type, too long), then the schema's errors. */
function refuseBody(request: FastifyRequest, errors: FieldError[]): ProblemError {
  const { body } = request;
  if (body !== undefined && body !== null) {
    if (typeof body !== 'object' || Array.isArray(body)) return badRequest('invalid_request', 'The request body must be a JSON object such as {"query": "…"}.');
  }
  return (
    problemOf(() => parseQuery((body as { query?: unknown } | null | undefined)?.query, 'body')) ??
    badRequest('invalid_request', `The request body is invalid: ${fieldList(errors)}.`)
  );
}

/** A question the query schema refused: parseQuery names why. */
const refuseQuery = (request: FastifyRequest, errors: FieldError[]): ProblemError =>
  problemOf(() => parseQuery((request.query as { query?: unknown }).query, 'query')) ??
  badRequest('invalid_query', `The query parameter query is invalid: ${fieldList(errors)}.`);

/** The problem a check throws, or undefined when it passes. */
function problemOf(check: () => unknown): ProblemError | undefined {
  try {
    check();
    return undefined;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
}

/** A body the route's schema accepted (ASK_BODY); the question is checked further (blank after trimming, length in UTF-16 units). */
function parseBody(body: AskBody): { query: string; previous?: string[]; streaming: boolean } {
  const query = parseQuery(body.query, 'body');
  return { query, previous: typeof body.query === 'object' ? body.query.prev : undefined, streaming: body.prefer?.streaming === true };
}

function wantsEventStream(accept: string | undefined): boolean {
  return /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept ?? '');
}

function sendFailure(reply: FastifyReply, problem: ProblemError): FastifyReply {
  for (const [name, value] of Object.entries(problem.headers ?? {})) reply.header(name, value);
  return reply
    .code(problem.status)
    .header('cache-control', NO_STORE)
    .type(JSON_CONTENT_TYPE)
    .send(JSON.stringify(failureBody(problem.code, problem.message)));
}

/** Sentences of the answer, whitespace kept, so the content events join to exactly the answer text. */
export function chunks(text: string): string[] {
  const out: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/[.!?]\s+/g)) {
    const end = match.index + match[0].length;
    out.push(text.slice(last, end));
    last = end;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * NLWeb v0.54 event stream: start (sent before the answer is searched for), one result per grounding
 * item, the answer in content events, complete with the whole answer as the JSON form carries it, end.
 * Each event goes out as soon as it is ready (the results together, complete with end): no
 * compression, no buffering proxy (X-Accel-Buffering: no), and the next write waits for the socket to drain.
 */
async function streamAnswer(deps: ServiceDeps, request: FastifyRequest, reply: FastifyReply, query: string, context: AskContext): Promise<void> {
  const res = writeHeadPastFastify(reply, 200, { 'content-type': EVENT_STREAM_CONTENT_TYPE, 'cache-control': NO_STORE, 'x-accel-buffering': 'no' });
  res.flushHeaders();
  let open = true;
  res.on('close', () => {
    open = false;
  });
  const write = async (chunk: string) => {
    if (!open) return;
    if (!res.write(chunk)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  };

  await write(sseEvent('start', JSON.stringify({ _meta: { response_type: 'answer', version: INTERFACE_VERSION, streaming: true }, query })));
  let last: string;
  try {
    const prepared = prepareAnswer(deps.site, query, context);
    recordQuestion(deps, query, prepared);
    const fast = !deps.config.speedOff.has('answer-json');
    // Events that are ready together go out in one write (fewer system calls; the same bytes).
    await write(
      answerResultsJson(prepared, fast)
        .map((item, index) => sseEvent('result', `{"index":${index},"item":${item}}`))
        .join(''),
    );
    for (const text of chunks(prepared.answer)) {
      await sleep(CONTENT_EVENT_PACE_MS);
      await write(sseEvent('content', JSON.stringify({ type: 'text', text })));
    }
    last = sseEvent('complete', answerJson(query, prepared, fast));
  } catch (error) {
    request.log.error({ err: error }, 'streamed answer failed');
    last = sseEvent('complete', JSON.stringify(failureBody('internal_error', 'The service failed to answer this question. It has been logged.')));
  }
  if (open) res.end(last + sseEvent('end', END_DATA));
}

/** The question and the kind of answer it got, for the insights (kept without personal data; insights/recorder.ts). */
function recordQuestion(deps: ServiceDeps, query: string, prepared: PreparedAnswer): void {
  deps.insights.question(query, prepared.language, answerKind(prepared), namedMaterials(prepared));
}

const END_DATA = JSON.stringify({ message: 'done' });

/** One server-sent event; data is JSON already (the answer's parts are serialised once, not per event). */
function sseEvent(event: string, data: string): string {
  return `event: ${event}\ndata: ${data}\n\n`;
}

export const answerRoutes: ServiceRoutes = async (app, deps) => {
  // The index of the configuration in force is built just after the start (not on its critical path);
  // a question that comes first builds it itself.
  afterListening(app, () => indexFor(deps.site.revision, deps.site.config));
  // Its own scope, so every failure on this endpoint (also the framework's: malformed JSON, wrong
  // content type, body too large, overload) answers in the NLWeb failure envelope, not problem+json.
  await app.register(async (scope) => {
    // Not the general per-client limit: fair use (fair-use.ts) instead.
    new FairUse(deps.config).attach(scope);
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const problem = toProblem(error, request);
      if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
      return sendFailure(reply, problem);
    });
    // Answers the shared hooks send themselves as problems (a stale configuration revision for the
    // bridge) are rewritten to the envelope too; status and headers stay as they are.
    // A callback hook, not an async one: it runs on every answer and would cost a promise each.
    scope.addHook('onSend', (_request, reply, payload, done) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/problem+json')) return done(null, payload);
      const problem = JSON.parse(payload) as ProblemBody;
      reply.type(JSON_CONTENT_TYPE);
      done(null, JSON.stringify(failureBody(problem.code, problem.detail)));
    });

    // Synchronous for the JSON answer (no promise per question); the stream returns its promise.
    const answer = (
      request: FastifyRequest,
      reply: FastifyReply,
      query: string,
      asked: { previous?: string[]; streaming?: boolean } = {},
    ): Promise<void> | undefined => {
      const context: AskContext = { publicBase: request.origin.publicBase, acceptLanguage: request.headers['accept-language'], previous: asked.previous };
      if (asked.streaming || wantsEventStream(request.headers.accept)) return streamAnswer(deps, request, reply, query, context);
      const prepared = prepareAnswer(deps.site, query, context);
      recordQuestion(deps, query, prepared);
      reply
        .code(200)
        .header('cache-control', NO_STORE)
        .type(JSON_CONTENT_TYPE)
        .send(answerJson(query, prepared, !deps.config.speedOff.has('answer-json')));
      return undefined;
    };

    const askGet = { schema: { querystring: ASK_QUERY }, config: { limit: 'none' as const, refuse: refuseQuery } };
    scope.get(ASK_PATH, askGet, (request, reply) => answer(request, reply, parseQuery((request.query as Record<string, unknown>).query, 'query')));
    const askPost = { schema: { body: ASK_BODY }, config: { limit: 'none' as const, refuse: refuseBody } };
    scope.post(ASK_PATH, askPost, (request, reply) => {
      const asked = parseBody(request.body as AskBody);
      return answer(request, reply, asked.query, asked);
    });
  });
};
