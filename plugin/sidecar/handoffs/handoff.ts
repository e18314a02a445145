import { randomFillSync } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { ProblemError, badRequest, type FieldError } from '../core/errors.js';
import { fieldList, schemaIdRef, toFieldErrors, validatorFor } from '../core/schemas.js';
import type { LocalizedText, NextStep, SiteConfig } from '../core/site-config.js';
import { parseIdempotencyKey, requestFingerprint } from './idempotency.js';
import { findPersonalData } from './personal-data.js';
import { NEW_HANDOFF_STATE, type StoredHandoff } from './store.js';

export interface HandoffRequest {
  next_step: NextStep;
  requirements?: Record<string, unknown>;
}

export const REVIEW_TEXT: LocalizedText = {
  de: 'Öffnen Sie den Link: Die Seite zeigt, was erfasst wurde. Die Person prüft die Angaben, ergänzt ihre Kontaktdaten selbst und sendet das Formular ab. Erst dann erhält ein Fachberater die Anfrage.',
  en: 'Open the link: the page shows what was collected. The person checks it, adds their own contact details and sends the form. Only then does an advisor receive the request.',
};

const ID_BYTES = 18;
/** Random bytes drawn for many ids at once (one system call per 227 ids, as Node's randomUUID does). */
const idPool = Buffer.alloc(ID_BYTES * 227);
let idOffset = idPool.length;

/**
 * ho_, the creation time (milliseconds, 12 hex digits) and 144 random bits (24 base64url characters).
 * The random part alone makes the id unguessable; the time in front makes new ids sort after older ones,
 * so both stores add each new id at the end of their id index instead of at a random page of it, where
 * random ids dirtied a page each and made SQLite checkpoint about twice as often (speed/README.md).
 * Bytes are never used twice.
 */
export function newHandoffId(now: number = Date.now()): string {
  if (idOffset + ID_BYTES > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = `ho_${now.toString(16).padStart(12, '0')}${idPool.toString('base64url', idOffset, idOffset + ID_BYTES)}`;
  idOffset += ID_BYTES;
  return id;
}

/** Free-text fields that hold contact data, each named: the person enters their own details on the review page. */
function personalDataErrors(requirements: Record<string, unknown> | undefined): FieldError[] {
  const errors: FieldError[] = [];
  for (const [name, value] of Object.entries(requirements ?? {})) {
    const kind = typeof value === 'string' ? findPersonalData(value) : undefined;
    if (kind) {
      errors.push({
        field: `/requirements/${name}`,
        message: `contains what looks like ${kind === 'IBAN' ? 'an' : 'a'} ${kind}; personal data is not accepted (the person adds their own contact details on the review page)`,
      });
    }
  }
  return errors;
}

/** What POST /handoffs accepts: declared on the route, its openapi.json request body derives from it. */
export const HANDOFF_BODY = schemaIdRef('HandoffRequest');

/** The schema's verdict on a handoff request (field errors, none when it conforms). */
export function handoffSchemaErrors(body: unknown): FieldError[] {
  const validate = validatorFor('HandoffRequest');
  return validate(body) ? [] : toFieldErrors(validate.errors);
}

/**
 * A valid request against the schema, the live catalog and the no-personal-data rule, or every reason
 * it is not; the schema's verdict is the route's when Fastify has already checked the body.
 */
export function checkHandoffRequest(body: unknown, config: SiteConfig, schemaErrors: FieldError[] = handoffSchemaErrors(body)): FieldError[] {
  if (schemaErrors.length) return schemaErrors;
  const { requirements } = body as HandoffRequest;
  const errors = personalDataErrors(requirements);
  const materialId = requirements?.material_id;
  if (typeof materialId === 'string' && !config.materials.some((m) => m.id === materialId)) {
    errors.push({ field: '/requirements/material_id', message: `names no material in the catalog ("${materialId}")` });
  }
  return errors;
}

export interface ParsedHandoffCall {
  key: string;
  request: HandoffRequest;
  fingerprint: string;
}

/** Header and body of POST /handoffs checked together, so one 400 lists every problem. */
export function parseHandoffCall(headers: IncomingHttpHeaders, body: unknown, config: SiteConfig, schemaErrors?: FieldError[]): ParsedHandoffCall {
  const errors: FieldError[] = [];
  let key = '';
  let keyProblem: ProblemError | undefined;
  try {
    key = parseIdempotencyKey(headers['idempotency-key']);
  } catch (error) {
    if (!(error instanceof ProblemError) || !error.errors?.length) throw error;
    keyProblem = error;
    errors.push(...error.errors);
  }
  const contentType = String(headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  if (contentType !== 'application/json') errors.push({ field: 'header:Content-Type', message: 'must be application/json' });
  errors.push(...checkHandoffRequest(body, config, schemaErrors));
  if (errors.length) {
    // The key's own verdict (missing or invalid) names the answer; otherwise it is the body's.
    const code = keyProblem?.code ?? 'rest_invalid_param';
    throw badRequest(code, `Invalid handoff request: ${fieldList(errors)}.`, errors);
  }
  const request = body as HandoffRequest;
  return { key, request, fingerprint: requestFingerprint(request) };
}

/**
 * The tool endpoint's arguments (schemas/handoff-tool-input.schema.json, already checked against it) as
 * the same call POST /handoffs makes: one key rule, one body check, and the fingerprint taken over the
 * REST body's shape, so a key used on one door replays on the other.
 */
export function parseHandoffToolCall(args: Record<string, unknown>, config: SiteConfig): ParsedHandoffCall {
  const key = parseIdempotencyKey(args.idempotency_key as string);
  const request: HandoffRequest = { next_step: args.next_step as NextStep };
  if (args.requirements !== undefined) request.requirements = args.requirements as Record<string, unknown>;
  const errors = checkHandoffRequest(request, config);
  if (errors.length) throw badRequest('rest_invalid_param', `Invalid handoff request: ${fieldList(errors)}.`, errors);
  return { key, request, fingerprint: requestFingerprint(request) };
}

/** The link leads only to the site's own entry point for the step, with nothing but the opaque id. */
export function handoffLink(publicBase: string, targetPath: string, id: string): string {
  const url = new URL(`${publicBase}${targetPath}`);
  url.searchParams.set('handoff', id);
  return url.toString();
}

export function buildHandoff(input: { id: string; request: HandoffRequest; config: SiteConfig; publicBase: string; now: Date }): StoredHandoff {
  const { id, request, config, publicBase, now } = input;
  const link = handoffLink(publicBase, config.handoff_targets[request.next_step], id);
  const created_at = now.toISOString();
  const requirements = request.requirements ?? {};
  // The answer (schemas/handoff.schema.json: Handoff), its members in the schema's order.
  const answer = { id, next_step: request.next_step, link, status: 'awaiting_human_review', review: REVIEW_TEXT, requirements, created_at };
  const body = JSON.stringify(answer);
  return { id, next_step: request.next_step, requirements, link, created_at, body, ...NEW_HANDOFF_STATE };
}
