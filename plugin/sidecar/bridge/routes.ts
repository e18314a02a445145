import type { FastifyReply, FastifyRequest } from 'fastify';
import { BRIDGE_PREFIX, INTERFACE_VERSION } from '../core/paths.js';
import { ProblemError, badRequest, type FieldError } from '../core/errors.js';
import { NO_STORE } from '../core/http.js';
import { BRIDGE_HEADERS } from '../core/bridge.js';
import { checkSiteConfig, checkSiteConfigReferences, type NextStep, type SiteConfig } from '../core/site-config.js';
import { HANDOFF_STATES, NEXT_STEPS, SCHEMAS, commonDefRef, fieldList, schemaIdRef } from '../core/schemas.js';
import type { ServiceRoutes } from '../deps.js';
import type { HandoffState, StoredHandoff } from '../handoffs/store.js';
// The release the bundle was built from (package.json, the plugin header and ManufacturerAgent\VERSION
// carry the same; tests/unit/contract.test.ts holds them equal), inlined by the build.
import { JSON_LD_QUERY, catalogJsonLd } from '../materials/json-ld.js';
import type { Lang } from '../answers/documents.js';
import packageJson from '../../../package.json' with { type: 'json' };

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

/** Route options of the plugin's internal calls (also the insights'): checked when the request arrives, before a body is read, so a caller without the credential learns nothing else. */
export const INTERNAL_ROUTE = {
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

/** What the admin list asks for: a page, optionally of one next step or state (Admin_Routes.php sends only the filters in use). */
const HANDOFF_LIST_QUERY = {
  type: 'object',
  properties: {
    limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
    next_step: commonDefRef('NextStep'),
    state: commonDefRef('HandoffState'),
  },
} as const;

interface HandoffListQuery {
  limit: number;
  offset: number;
  next_step?: NextStep;
  state?: HandoffState;
}

/** What each list parameter accepts, in the words of a refusal. */
const LIST_QUERY_RULES: Record<string, string> = {
  limit: `must be a whole number from ${HANDOFF_LIST_QUERY.properties.limit.minimum} to ${HANDOFF_LIST_QUERY.properties.limit.maximum}`,
  offset: `must be a whole number from ${HANDOFF_LIST_QUERY.properties.offset.minimum} to ${HANDOFF_LIST_QUERY.properties.offset.maximum}`,
  next_step: `must be one of: ${NEXT_STEPS.join(', ')}`,
  state: `must be one of: ${HANDOFF_STATES.join(', ')}`,
};

/** A list query the schema refused: every parameter at fault, once, with what it accepts. */
function refuseListQuery(_request: FastifyRequest, errors: FieldError[]): ProblemError {
  const fields = [...new Set(errors.map((error) => error.field))];
  const named = fields.map((field) => ({ field, message: LIST_QUERY_RULES[field.replace(/^query:/, '')] ?? errors.find((e) => e.field === field)!.message }));
  return badRequest('rest_invalid_param', `The handoff list query is invalid: ${fieldList(named)}.`, named);
}

/** A handoff's own routes: anything but a handoff id in the path is unknown, before the store sees it. */
const HANDOFF_PARAMS = { type: 'object', properties: { id: SCHEMAS.Handoff.properties.id }, required: ['id'] } as const;

/** What the plugin pushes (Config_Sync.php): the configuration staff saved, under the revision WordPress gave it. */
const CONFIG_PUSH_BODY = {
  type: 'object',
  properties: { revision: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,64}$' }, config: schemaIdRef('SiteConfig') },
  required: ['revision', 'config'],
} as const;
/** ?dry_run=1 validates only, so the admin screen can show field messages before anything is saved. */
const CONFIG_PUSH_QUERY = { type: 'object', properties: { dry_run: { enum: ['0', '1'] } } } as const;

const configProblem = (errors: FieldError[]) => badRequest('invalid_site_config', `The site configuration was not accepted: ${fieldList(errors)}.`, errors);

/** Every problem of a pushed body at once, in the words the admin screen shows next to each field. */
function configPushErrors(body: unknown): FieldError[] {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [{ field: '/', message: 'must be an object with revision and config' }];
  const { revision, config } = body as { revision?: unknown; config?: unknown };
  const errors: FieldError[] = [];
  if (typeof revision !== 'string' || !new RegExp(CONFIG_PUSH_BODY.properties.revision.pattern).test(revision)) {
    errors.push({ field: '/revision', message: 'must be 1 to 64 letters, digits, dots, dashes or underscores' });
  }
  errors.push(...checkSiteConfig(config).map((e) => ({ ...e, field: `/config${e.field === '/' ? '' : e.field}` })));
  return errors;
}

/** A push the schemas refused: a body with all its problems named as configPushErrors names them, a query by field. */
function refuseConfigPush(request: FastifyRequest, errors: FieldError[]): ProblemError {
  if (errors.some((e) => e.field.startsWith('query:'))) return badRequest('rest_invalid_param', `Invalid request querystring: ${fieldList(errors)}.`, errors);
  return configProblem(configPushErrors(request.body));
}

const RECORD_FIELDS = Object.keys(SCHEMAS.HandoffRecord.properties) as (keyof typeof SCHEMAS.HandoffRecord.properties & keyof StoredHandoff)[];

/** schemas/handoff-record.schema.json: what was created and where it stands, never the creation answer's status. */
function handoffRecord(handoff: StoredHandoff): Record<string, unknown> {
  return Object.fromEntries(RECORD_FIELDS.map((field) => [field, handoff[field]]));
}

const notFound = () => new ProblemError({ status: 404, code: 'handoff_not_found', detail: 'No handoff has this id.' });

/** What only WordPress may do: push the configuration staff saved, read handoffs for review and the admin list, record that a link was viewed or its form sent. */
export const bridgeRoutes: ServiceRoutes = (app, { site, handoffs, retention, config }) => {
  const internal = INTERNAL_ROUTE;

  // What Site Health, `wp manufacturer-agent status` and the admin screen check (docs/bridge-contract.md).
  app.get(`${BRIDGE_PREFIX}/status`, internal, async (request, reply) => {
    const last = retention.last;
    const lastOk = retention.lastSucceededAt;
    return reply.header('cache-control', NO_STORE).send({
      service: 'manufacturer-agent-sidecar',
      version: INTERFACE_VERSION,
      // Compared with the plugin's version by Site Health: a sidecar not restarted after an update runs the old one.
      plugin_version: packageJson.version,
      revision: site.announcedRevision,
      store: handoffs.kind,
      uptime_seconds: Math.round((Date.now() - STARTED_AT) / 1000),
      idempotency_retention_days: config.idempotencyRetentionDays,
      handoff_retention_days: config.handoffRetentionDays,
      storage: await retention.storage(),
      retention: {
        last_run_at: last ? new Date(last.at).toISOString() : null,
        last_ok: last ? last.ok : null,
        last_success_at: lastOk ? new Date(lastOk).toISOString() : null,
        ...(last?.error ? { error: last.error } : {}),
      },
      // The base of every link in answers to this site's requests (the public base the bridge named,
      // if admitted), and the one direct requests get (MANUFACTURER_AGENT_PUBLIC_URL).
      public_base: request.origin.publicBase,
      public_url: config.publicUrl,
    });
  });

  // The whole catalog comes in one push; only the bridge can send it, so it may be larger than public bodies.
  const configPush = {
    ...internal,
    bodyLimit: CONFIG_BODY_LIMIT_BYTES,
    schema: { body: CONFIG_PUSH_BODY, querystring: CONFIG_PUSH_QUERY },
    config: { ...internal.config, refuse: refuseConfigPush },
  };
  app.put(`${BRIDGE_PREFIX}/config`, configPush, async (request, reply) => {
    const { revision, config } = request.body as { revision: string; config: SiteConfig };
    const errors = checkSiteConfigReferences(config).map((e) => ({ ...e, field: `/config${e.field}` }));
    if (errors.length) throw configProblem(errors);
    const dryRun = (request.query as { dry_run?: string }).dry_run === '1';
    if (!dryRun) site.replace(config, revision);
    return reply.header('cache-control', NO_STORE).send({ revision: dryRun ? revision : site.announcedRevision, applied: !dryRun });
  });

  // The catalog block's JSON-LD (Catalog_Block.php): the Products of the question endpoint's results, for the site URL the bridge names.
  app.get(`${BRIDGE_PREFIX}/catalog/json-ld`, { ...internal, schema: { querystring: JSON_LD_QUERY } }, async (request, reply) => {
    const { lang } = request.query as { lang: Lang };
    // The revision it was built from: WordPress keeps it only if that is the configuration it saved.
    return reply
      .header('cache-control', NO_STORE)
      .header(BRIDGE_HEADERS.configRevision, site.announcedRevision)
      .send(catalogJsonLd(site.config, request.origin.publicBase, lang));
  });

  const list = { ...internal, schema: { querystring: HANDOFF_LIST_QUERY }, config: { ...internal.config, refuse: refuseListQuery } };
  app.get(`${BRIDGE_PREFIX}/handoffs`, list, async (request, reply) => {
    const { limit, offset, next_step: nextStep, state } = request.query as HandoffListQuery;
    const page = await handoffs.list({ limit, offset, nextStep, state });
    return reply.header('cache-control', NO_STORE).send({ total: page.total, limit, offset, items: page.items.map(handoffRecord) });
  });

  const byId = { ...internal, schema: { params: HANDOFF_PARAMS }, config: { ...internal.config, refuse: () => notFound() } };
  const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

  app.get(`${BRIDGE_PREFIX}/handoffs/:id`, byId, async (request, reply) => {
    const handoff = await handoffs.get(idOf(request));
    if (!handoff) throw notFound();
    return reply.header('cache-control', NO_STORE).send(handoffRecord(handoff));
  });

  // The review page was viewed. No body: the sidecar learns that, nothing of who viewed it.
  app.post(`${BRIDGE_PREFIX}/handoffs/:id/opened`, byId, async (request, reply) => {
    const handoff = await handoffs.markOpened(idOf(request), Date.now());
    if (!handoff) throw notFound();
    return reply.header('cache-control', NO_STORE).send(handoffRecord(handoff));
  });

  // The form was sent. No body: the contact details stay in WordPress; the sidecar learns only that it was sent.
  app.post(`${BRIDGE_PREFIX}/handoffs/:id/submitted`, byId, async (request, reply) => {
    const result = await handoffs.markSubmitted(idOf(request), Date.now());
    if (!result) throw notFound();
    if (result.handoff.state === 'expired') {
      throw new ProblemError({ status: 409, code: 'handoff_expired', detail: 'This handoff has expired: its link no longer works and nothing was changed.' });
    }
    return reply.header('cache-control', NO_STORE).send({ changed: result.changed, handoff: handoffRecord(result.handoff) });
  });
};
