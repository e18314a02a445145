import { BRIDGE_PREFIX, INTERFACE_VERSION } from '../core/paths.js';
import { ProblemError, badRequest } from '../core/errors.js';
import { JSON_CONTENT_TYPE, NO_STORE } from '../core/http.js';
import { checkSiteConfig } from '../core/site-config.js';
import { NEXT_STEPS } from '../core/schemas.js';
import type { ServiceRoutes } from '../deps.js';
import type { NextStep } from '../core/site-config.js';

const STARTED_AT = Date.now();
export const CONFIG_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Only the plugin's own calls carry the internal credential. A public request the bridge relayed
 * carries the shared secret too, so the secret alone is not enough, whatever path the request took.
 */
function requireInternal(origin: { internal: boolean }): void {
  if (!origin.internal) {
    throw new ProblemError({ status: 403, code: 'bridge_only', detail: 'This endpoint answers the WordPress plugin\'s internal calls only.' });
  }
}

function boundedInteger(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest('rest_invalid_param', `${name} must be a whole number from ${min} to ${max}.`, [{ field: `query:${name}`, message: `must be a whole number from ${min} to ${max}` }]);
  }
  return value;
}

/** What only WordPress may do: push the configuration staff saved, read handoffs for review and the admin list. */
export const bridgeRoutes: ServiceRoutes = (app, { site, handoffs, config }) => {
  const internal = { config: { limit: 'none' } } as const;

  app.get(`${BRIDGE_PREFIX}/status`, internal, async (request, reply) => {
    requireInternal(request.origin);
    return reply.header('cache-control', NO_STORE).send({
      service: 'manufacturer-agent-sidecar',
      version: INTERFACE_VERSION,
      revision: site.announcedRevision,
      store: handoffs.kind,
      uptime_seconds: Math.round((Date.now() - STARTED_AT) / 1000),
      idempotency_retention_days: config.idempotencyRetentionDays,
    });
  });

  // Validate-only with ?dry_run=1, so the admin screen can show field messages before anything is saved.
  // The whole catalog comes in one push; only the bridge can send it, so it may be larger than public bodies.
  app.put(`${BRIDGE_PREFIX}/config`, { ...internal, bodyLimit: CONFIG_BODY_LIMIT_BYTES }, async (request, reply) => {
    requireInternal(request.origin);
    const body = request.body as { revision?: unknown; config?: unknown } | undefined;
    const errors = [];
    if (!body || typeof body !== 'object' || Array.isArray(body)) errors.push({ field: '/', message: 'must be an object with revision and config' });
    else {
      if (typeof body.revision !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(body.revision)) {
        errors.push({ field: '/revision', message: 'must be 1 to 64 letters, digits, dots, dashes or underscores' });
      }
      errors.push(...checkSiteConfig(body.config).map((e) => ({ ...e, field: `/config${e.field === '/' ? '' : e.field}` })));
    }
    if (errors.length) throw badRequest('invalid_site_config', `The site configuration was not accepted: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`, errors);
    const dryRun = (request.query as Record<string, unknown>).dry_run === '1';
    if (!dryRun) site.replace(body!.config, body!.revision as string);
    return reply.header('cache-control', NO_STORE).send({ revision: dryRun ? body!.revision : site.announcedRevision, applied: !dryRun });
  });

  app.get(`${BRIDGE_PREFIX}/handoffs`, internal, async (request, reply) => {
    requireInternal(request.origin);
    const query = request.query as Record<string, unknown>;
    const limit = boundedInteger(query.limit, 'limit', 20, 1, 100);
    const offset = boundedInteger(query.offset, 'offset', 0, 0, 1_000_000_000);
    let nextStep: NextStep | undefined;
    if (query.next_step !== undefined && query.next_step !== '') {
      if (!NEXT_STEPS.includes(String(query.next_step))) {
        throw badRequest('rest_invalid_param', `next_step must be one of: ${NEXT_STEPS.join(', ')}.`, [{ field: 'query:next_step', message: `must be one of: ${NEXT_STEPS.join(', ')}` }]);
      }
      nextStep = query.next_step as NextStep;
    }
    const page = await handoffs.list({ limit, offset, nextStep });
    return reply
      .header('cache-control', NO_STORE)
      .type(JSON_CONTENT_TYPE)
      .send(`{"total":${page.total},"limit":${limit},"offset":${offset},"items":[${page.items.map((h) => h.body).join(',')}]}`);
  });

  app.get(`${BRIDGE_PREFIX}/handoffs/:id`, internal, async (request, reply) => {
    requireInternal(request.origin);
    const { id } = request.params as { id: string };
    const handoff = /^ho_[A-Za-z0-9_-]{16,64}$/.test(id) ? await handoffs.get(id) : undefined;
    if (!handoff) throw new ProblemError({ status: 404, code: 'handoff_not_found', detail: 'No handoff has this id.' });
    return reply.header('cache-control', NO_STORE).type(JSON_CONTENT_TYPE).send(handoff.body);
  });
};
