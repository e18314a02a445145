import { createHash } from 'node:crypto';
import { ProblemError, tooManyRequests } from '../core/errors.js';
import type { RequestOrigin } from '../core/bridge.js';
import type { ServiceDeps } from '../deps.js';
import { buildHandoff, newHandoffId, type ParsedHandoffCall } from './handoff.js';
import type { CreateOutcome, StoredHandoff } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HandoffResult {
  replayed: boolean;
  handoff: StoredHandoff;
}

/** The client as the store counts it: a hash, so no address is written to the database. */
function creationClient(clientAddress: string): string {
  return createHash('sha256').update(clientAddress).digest('base64url');
}

/**
 * The key as stored: scoped to the client that sent it (docs/decisions.md, "Idempotency keys are per
 * client"). Another client sending the same key gets a handoff of its own and learns nothing of the
 * first (no replay of its link, no 422 for a different body). A hash of client and key: no address is
 * written to the database, and the stored key keeps a fixed length whatever the key's.
 */
export function scopedIdempotencyKey(key: string, clientAddress: string): string {
  return `c1:${createHash('sha256').update(clientAddress).update('\n').update(key).digest('base64url')}`;
}

/**
 * Shared by POST /handoffs and the tool endpoint: one key, one handoff per client, whichever door it came through.
 * The per-client handoff limit is counted by the store as it writes (so it holds across processes on one
 * database), after a replay would have been answered: a retry of a created handoff is never refused.
 */
export async function createHandoffOnce(
  deps: ServiceDeps,
  call: ParsedHandoffCall,
  { publicBase, clientAddress }: Pick<RequestOrigin, 'publicBase' | 'clientAddress'>,
): Promise<HandoffResult> {
  const now = new Date();
  const config = deps.site.config;
  const max = deps.config.handoffRateLimitPerMinute;
  let handoff: StoredHandoff | undefined;
  const outcome: CreateOutcome = await deps.handoffs.createOnce({
    key: scopedIdempotencyKey(call.key, clientAddress),
    fingerprint: call.fingerprint,
    handoff: () => (handoff ??= buildHandoff({ id: newHandoffId(now.getTime()), request: call.request, config, publicBase, now })),
    now: now.getTime(),
    keyExpiresAt: now.getTime() + deps.config.idempotencyRetentionDays * DAY_MS,
    limit: max > 0 ? { client: creationClient(clientAddress), max, windowMs: deps.config.rateLimitWindowMs } : undefined,
  });
  if (outcome.kind === 'limited') throw tooManyRequests();
  if (outcome.kind === 'conflict') {
    throw new ProblemError({
      status: 422,
      code: 'idempotency_key_reused',
      detail: 'This Idempotency-Key was already used for a different request. Use a new key for a new request; reuse a key only to retry the same request.',
      errors: [{ field: 'header:Idempotency-Key', message: 'was used before with a different body' }],
    });
  }
  return { replayed: outcome.kind === 'replayed', handoff: outcome.handoff };
}
