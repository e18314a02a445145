import type { FastifyRequest } from 'fastify';
import { BRIDGE_PREFIX } from '../core/paths.js';
import { NO_STORE } from '../core/http.js';
import { SCHEMAS } from '../core/schemas.js';
import type { ServiceRoutes } from '../deps.js';
import { INTERNAL_ROUTE } from '../bridge/routes.js';
import { ToolRegistry } from '../tools/definitions.js';
import { MCP_PATH } from '../core/paths.js';
import { mcpChannel, mcpClientName, routeChannel } from './channels.js';
import { FamilyClassifier } from './families.js';
import type { InsightsSettings } from './store.js';
import { insightsReport } from './report.js';

/** The periods the Insights tab shows. */
export const INSIGHTS_PERIODS = [7, 30, 90] as const;

const REPORT_QUERY = {
  type: 'object',
  properties: { days: { type: 'integer', enum: [...INSIGHTS_PERIODS], default: 30 } },
  additionalProperties: false,
} as const;
/** schemas/insights-settings.schema.json's fields, inline: an internal shape, not an openapi.json component. */
const SETTINGS_BODY = { type: 'object', properties: SCHEMAS.InsightsSettings.properties, additionalProperties: false } as const;
const DISMISS_PARAMS = { type: 'object', properties: { text_key: { type: 'string', pattern: '^[0-9a-f]{64}$' } }, required: ['text_key'] } as const;
const DISMISS_BODY = { type: 'object', properties: { dismissed: { type: 'boolean' } }, required: ['dismissed'], additionalProperties: false } as const;

/**
 * Insights (issue 31): every answered request is counted by hour, channel, agent family and outcome, in
 * memory, and written in batches (recorder.ts); the fast door's answers are counted through the same
 * function. The plugin reads the figures and saves the settings through internal routes.
 */
export const insightsRoutes: ServiceRoutes = (app, { insights, fastDoor, config }) => {
  const families = new FamilyClassifier();
  const toolNames = new Set(new ToolRegistry(config.idempotencyRetentionDays).names());
  const mcpPath = (pattern: string | undefined) => pattern === MCP_PATH || pattern === `${MCP_PATH}/`;

  const channelOf = (request: FastifyRequest): string | undefined => {
    const pattern = request.routeOptions.url;
    if (request.method === 'POST' && mcpPath(pattern)) return mcpChannel(request.body, toolNames);
    return routeChannel(request.method, pattern);
  };
  const familyOf = (request: FastifyRequest): string =>
    (request.method === 'POST' && mcpPath(request.routeOptions.url) && families.fromMcpClientName(mcpClientName(request.body))) ||
    families.fromUserAgent(request.headers['user-agent']);

  // A callback hook: it runs on every answer and must not cost a promise.
  app.addHook('onResponse', (request, reply, done) => {
    if (insights.recording && !request.url.startsWith(BRIDGE_PREFIX)) {
      const channel = channelOf(request);
      if (channel) insights.count(channel, familyOf(request), reply.statusCode);
    }
    done();
  });
  // The fast door answers reading routes before Fastify: their requests are counted where it answers them.
  const doorChannels = new Map<string, string>();
  fastDoor?.onAnswered((target, method, status, userAgent) => {
    if (!insights.recording) return;
    let channel = doorChannels.get(target);
    if (channel === undefined) {
      const query = target.indexOf('?');
      channel = routeChannel(method, query === -1 ? target : target.slice(0, query)) ?? '';
      doorChannels.set(target, channel);
    }
    if (channel) insights.count(channel, families.fromUserAgent(userAgent), status);
  });

  // Closed (its last batch written) by service.ts before the store closes.
  insights.useLog(app.log);
  app.addHook('onReady', async () => insights.start());

  app.get(`${BRIDGE_PREFIX}/insights`, { ...INTERNAL_ROUTE, schema: { querystring: REPORT_QUERY } }, async (request, reply) => {
    const { days } = request.query as { days: number };
    await insights.flush();
    return reply.header('cache-control', NO_STORE).send(await insightsReport(insights, families, days, Date.now(), config.insightsOff));
  });

  app.put(`${BRIDGE_PREFIX}/insights/settings`, { ...INTERNAL_ROUTE, schema: { body: SETTINGS_BODY } }, async (request, reply) => {
    const defaults = Object.fromEntries(Object.entries(SCHEMAS.InsightsSettings.properties).map(([name, p]) => [name, p.default]));
    const settings = { ...defaults, ...(request.body as Partial<InsightsSettings>) } as InsightsSettings;
    await insights.saveSettings(settings);
    return reply.header('cache-control', NO_STORE).send(settings);
  });

  app.put(
    `${BRIDGE_PREFIX}/insights/questions/:text_key/dismissed`,
    { ...INTERNAL_ROUTE, schema: { params: DISMISS_PARAMS, body: DISMISS_BODY } },
    async (request, reply) => {
      const { text_key } = request.params as { text_key: string };
      const { dismissed } = request.body as { dismissed: boolean };
      await insights.store.dismiss(text_key, dismissed);
      return reply.header('cache-control', NO_STORE).send({ text_key, dismissed });
    },
  );
};
