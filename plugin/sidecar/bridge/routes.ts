import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRIDGE_PREFIX, INTERFACE_VERSION } from '../core/paths.js';
import { ProblemError, badRequest } from '../core/errors.js';
import { NO_STORE } from '../core/http.js';
import { checkSiteConfig } from '../core/site-config.js';
import { HANDOFF_STATES, NEXT_STEPS, SCHEMAS } from '../core/schemas.js';
import type { ServiceRoutes } from '../deps.js';
import type { NextStep } from '../core/site-config.js';
import type { HandoffState, StoredHandoff } from '../handoffs/store.js';

const STARTED_AT = Date.now();
export const CONFIG_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Only the plugin's own calls carry the internal credential. A public request the bridge relayed
 * carries the shared secret too, so the secret alone is not enough, whatever path the request took.
 */
function requireInternal(origin: { internal: boolean }): void {
  if (!origin.internal) {
    throw new ProblemError({ status: 403, code: 'bridge_only', detail: "This endpoint answers the WordPress plugin's internal calls only." });
  }
}

function boundedInteger(raw: unknown, name: string, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw badRequest('rest_invalid_param', `${name} must be a whole number from ${min} to ${max}.`, [
      { field: `query:${name}`, message: `must be a whole number from ${min} to ${max}` },
    ]);
  }
  return value;
}

/** One of the allowed values of a query parameter, or none when it is absent or empty. */
function oneOf<T extends string>(raw: unknown, name: string, allowed: readonly string[]): T | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(String(raw))) {
    throw badRequest('rest_invalid_param', `${name} must be one of: ${allowed.join(', ')}.`, [
      { field: `query:${name}`, message: `must be one of: ${allowed.join(', ')}` },
    ]);
  }
  return raw as T;
}

const HANDOFF_ID = new RegExp(SCHEMAS.Handoff.properties.id.pattern);
const RECORD_FIELDS = Object.keys(SCHEMAS.HandoffRecord.properties) as (keyof typeof SCHEMAS.HandoffRecord.properties & keyof StoredHandoff)[];

/** schemas/handoff-record.schema.json: what was created and where it stands, never the creation answer's status. */
function handoffRecord(handoff: StoredHandoff): Record<string, unknown> {
  return Object.fromEntries(RECORD_FIELDS.map((field) => [field, handoff[field]]));
}

const notFound = () => new ProblemError({ status: 404, code: 'handoff_not_found', detail: 'No handoff has this id.' });

/** What only WordPress may do: push the configuration staff saved, read handoffs for review and the admin list, record that a link was viewed or its form sent. */
export const bridgeRoutes: ServiceRoutes = (app, { site, handoffs, config }) => {
  // Checked when the request arrives, before a body is read: a caller without the credential learns nothing else.
  const internal = {
    config: { limit: 'none' },
    onRequest: (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      try {
        requireInternal(request.origin);
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  } as const;

  app.get(`${BRIDGE_PREFIX}/status`, internal, async (request, reply) => {
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
    const body = request.body as { revision?: unknown; config?: unknown } | undefined;
    const errors = [];
    if (!body || typeof body !== 'object' || Array.isArray(body)) errors.push({ field: '/', message: 'must be an object with revision and config' });
    else {
      if (typeof body.revision !== 'string' || !/^[A-Za-z0-9._-]{1,64}$/.test(body.revision)) {
        errors.push({ field: '/revision', message: 'must be 1 to 64 letters, digits, dots, dashes or underscores' });
      }
      errors.push(...checkSiteConfig(body.config).map((e) => ({ ...e, field: `/config${e.field === '/' ? '' : e.field}` })));
    }
    if (errors.length)
      throw badRequest('invalid_site_config', `The site configuration was not accepted: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}.`, errors);
    const dryRun = (request.query as Record<string, unknown>).dry_run === '1';
    if (!dryRun) site.replace(body!.config, body!.revision as string);
    return reply.header('cache-control', NO_STORE).send({ revision: dryRun ? body!.revision : site.announcedRevision, applied: !dryRun });
  });

  app.get(`${BRIDGE_PREFIX}/handoffs`, internal, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const limit = boundedInteger(query.limit, 'limit', 20, 1, 100);
    const offset = boundedInteger(query.offset, 'offset', 0, 0, 1_000_000_000);
    const nextStep = oneOf<NextStep>(query.next_step, 'next_step', NEXT_STEPS);
    const state = oneOf<HandoffState>(query.state, 'state', HANDOFF_STATES);
    const page = await handoffs.list({ limit, offset, nextStep, state });
    return reply.header('cache-control', NO_STORE).send({ total: page.total, limit, offset, items: page.items.map(handoffRecord) });
  });

  /** The id of the path, checked before the store sees it: anything but a handoff id is unknown. */
  const handoffId = (params: unknown): string => {
    const { id } = params as { id: string };
    if (!HANDOFF_ID.test(id)) throw notFound();
    return id;
  };

  app.get(`${BRIDGE_PREFIX}/handoffs/:id`, internal, async (request, reply) => {
    const handoff = await handoffs.get(handoffId(request.params));
    if (!handoff) throw notFound();
    return reply.header('cache-control', NO_STORE).send(handoffRecord(handoff));
  });

  // The review page was viewed. No body: the sidecar learns that, nothing of who viewed it.
  app.post(`${BRIDGE_PREFIX}/handoffs/:id/opened`, internal, async (request, reply) => {
    const handoff = await handoffs.markOpened(handoffId(request.params), Date.now());
    if (!handoff) throw notFound();
    return reply.header('cache-control', NO_STORE).send(handoffRecord(handoff));
  });

  // The form was sent. No body: the contact details stay in WordPress; the sidecar learns only that it was sent.
  app.post(`${BRIDGE_PREFIX}/handoffs/:id/submitted`, internal, async (request, reply) => {
    const result = await handoffs.markSubmitted(handoffId(request.params), Date.now());
    if (!result) throw notFound();
    if (result.handoff.state === 'expired') {
      throw new ProblemError({ status: 409, code: 'handoff_expired', detail: 'This handoff has expired: its link no longer works and nothing was changed.' });
    }
    return reply.header('cache-control', NO_STORE).send({ changed: result.changed, handoff: handoffRecord(result.handoff) });
  });
};
