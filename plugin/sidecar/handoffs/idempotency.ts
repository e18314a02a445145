import { hash } from 'node:crypto';
import { badRequest } from '../core/errors.js';
import { SCHEMAS } from '../core/schemas.js';

const keySchema = SCHEMAS.common.$defs.IdempotencyKey;
export const IDEMPOTENCY_KEY_MIN: number = keySchema.minLength;
export const IDEMPOTENCY_KEY_MAX: number = keySchema.maxLength;

const VISIBLE_ASCII = new RegExp(keySchema.pattern);

/** The key's scope (create-once.ts: scopedIdempotencyKey), as openapi.json and llms-full.txt say it. */
export const IDEMPOTENCY_KEY_SCOPE =
  'Keys are scoped to the client that sends them (its network address; IPv6 by /64 network): another client sending the same key ' +
  'creates a handoff of its own and learns nothing of the first, and a retry from another network address creates a new handoff ' +
  'instead of replaying. Use an unguessable key, such as a random UUID (version 4).';

/** RFC 8941 sf-string: a quoted string where only \" and \\ are escapes. */
function unquoteStructuredString(raw: string): string | undefined {
  if (raw.length < 2 || !raw.startsWith('"') || !raw.endsWith('"')) return undefined;
  let out = '';
  for (let i = 1; i < raw.length - 1; i++) {
    const ch = raw[i];
    if (ch === '\\') {
      const next = raw[i + 1];
      if ((next !== '"' && next !== '\\') || i + 1 >= raw.length - 1) return undefined;
      out += next;
      i++;
    } else if (ch === '"') {
      return undefined;
    } else {
      out += ch;
    }
  }
  return out;
}

/** The Idempotency-Key header as a key, or a 400 that says what is wrong with it. */
export function parseIdempotencyKey(header: string | string[] | undefined): string {
  const field = 'header:Idempotency-Key';
  if (header === undefined || (typeof header === 'string' && header.trim() === '')) {
    throw badRequest(
      'missing_idempotency_key',
      `The Idempotency-Key header is required: a client-generated unique key of ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters.`,
      [{ field, message: 'is required' }],
    );
  }
  if (Array.isArray(header)) {
    throw badRequest('invalid_idempotency_key', 'Send exactly one Idempotency-Key header.', [{ field, message: 'must be sent once' }]);
  }
  const trimmed = header.trim();
  const key = trimmed.startsWith('"') ? unquoteStructuredString(trimmed) : trimmed;
  const problems: string[] = [];
  if (key === undefined) problems.push('is not a valid quoted string');
  else {
    if (key.length < IDEMPOTENCY_KEY_MIN || key.length > IDEMPOTENCY_KEY_MAX) {
      problems.push(`must be ${IDEMPOTENCY_KEY_MIN} to ${IDEMPOTENCY_KEY_MAX} characters long (got ${key.length})`);
    }
    if (!VISIBLE_ASCII.test(key)) problems.push('must consist of visible ASCII characters only');
  }
  if (problems.length) {
    throw badRequest(
      'invalid_idempotency_key',
      `The Idempotency-Key header ${problems.join(' and ')}.`,
      problems.map((message) => ({ field, message })),
    );
  }
  return key as string;
}

/** An array index as a property name: objects list these first, in ascending order, whatever their insertion order. */
const ARRAY_INDEX = /^(?:0|[1-9][0-9]{0,9})$/;
const isArrayIndex = (key: string) => ARRAY_INDEX.test(key) && Number(key) < 2 ** 32 - 1;

/**
 * The JSON of a value with every object's keys sorted. Written out directly (without building the sorted
 * objects first) but byte for byte what JSON.stringify made of those objects, array-index keys first,
 * so the fingerprints of keys already stored stay the same (tests/unit/idempotency.test.ts).
 */
export function canonicalJson(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += `${i ? ',' : ''}${canonicalJson(value[i]) ?? 'null'}`;
    return `${out}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const indexes = keys.filter(isArrayIndex);
    const ordered = indexes.length ? [...indexes.sort((a, b) => Number(a) - Number(b)), ...keys.filter((k) => !isArrayIndex(k))] : keys;
    let out = '{';
    for (const key of ordered) {
      const json = canonicalJson((value as Record<string, unknown>)[key]);
      if (json !== undefined) out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${json}`;
    }
    return `${out}}`;
  }
  return JSON.stringify(value);
}

/** Same request, same fingerprint, whatever the key order or white space of the JSON. */
export function requestFingerprint(request: unknown): string {
  // One call instead of a Hash object per request: half the cost of the fingerprint.
  return hash('sha256', canonicalJson(request) ?? '', 'hex');
}
