import { buildHandoff, newHandoffId } from '../../plugin/sidecar/handoffs/handoff.js';
import { requestFingerprint } from '../../plugin/sidecar/handoffs/idempotency.js';
import type { CreateOnceInput } from '../../plugin/sidecar/handoffs/store.js';
import { defaultConfig, type NextStep } from '../../plugin/sidecar/core/site-config.js';

const site = defaultConfig();

/** What a handoff store's createOnce gets for one request, built as the handoff route builds it (default site). */
export function createOnceInput(
  key: string,
  request: { next_step: NextStep; requirements?: Record<string, unknown> },
  now: number,
  retentionMs: number,
): CreateOnceInput {
  const handoff = buildHandoff({ id: newHandoffId(now), request, config: site, publicBase: 'https://tapeten.example', now: new Date(now) });
  return { key, fingerprint: requestFingerprint(request), handoff: () => handoff, now, keyExpiresAt: now + retentionMs };
}
