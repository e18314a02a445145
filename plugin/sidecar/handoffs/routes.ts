import { AGENT_PREFIX } from '../core/paths.js';
import { ProblemError } from '../core/errors.js';
import { JSON_CONTENT_TYPE, NO_STORE } from '../core/http.js';
import type { CapabilityRoutes, ServiceDeps } from '../core/server.js';
import { buildHandoff, newHandoffId, type ParsedHandoffCall } from './handoff.js';
import { parseHandoffCall } from './handoff.js';
import type { CreateOutcome, StoredHandoff } from './store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HandoffResult {
  replayed: boolean;
  handoff: StoredHandoff;
}

/** Shared by POST /handoffs and the tool endpoint: one key, one handoff, whichever door it came through. */
export async function createHandoffOnce(deps: ServiceDeps, call: ParsedHandoffCall, publicBase: string): Promise<HandoffResult> {
  const now = new Date();
  const config = deps.site.config;
  let handoff: StoredHandoff | undefined;
  const outcome: CreateOutcome = await deps.handoffs.createOnce({
    key: call.key,
    fingerprint: call.fingerprint,
    handoff: () => (handoff ??= buildHandoff({ id: newHandoffId(now.getTime()), request: call.request, config, publicBase, now })),
    now: now.getTime(),
    keyExpiresAt: now.getTime() + deps.config.idempotencyRetentionDays * DAY_MS,
  });
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

export const handoffRoutes: CapabilityRoutes = (app, deps) => {
  app.post(
    `${AGENT_PREFIX}/handoffs`,
    { config: { limit: 'handoffs' } },
    async (request, reply) => {
      const call = parseHandoffCall(request.headers, request.body, deps.site.config);
      const { replayed, handoff } = await createHandoffOnce(deps, call, request.origin.publicBase);
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 201).header('cache-control', NO_STORE).type(JSON_CONTENT_TYPE).send(handoff.body);
    },
  );
};
