import type { FastifyInstance } from 'fastify';
import type { ServiceConfig } from './core/config.js';
import { buildServer } from './core/server.js';
import type { ServiceRoutes } from './deps.js';
import { ReadingRoutes } from './core/reading.js';
import { FastDoor } from './speed/fast-door.js';
import { clientLimits } from './core/client-limit.js';
import { SiteState, type SiteConfig } from './core/site-config.js';
import { openHandoffStore } from './handoffs/open-store.js';
import type { HandoffStore } from './handoffs/store.js';
import { Retention } from './handoffs/retention.js';
import { materialRoutes } from './materials/routes.js';
import { companyRoutes } from './company/routes.js';
import { handoffRoutes } from './handoffs/routes.js';
import { discoveryRoutes } from './discovery/routes.js';
import { bridgeRoutes } from './bridge/routes.js';
import { toolRoutes } from './tools/routes.js';
import { answerRoutes } from './answers/routes.js';
import { insightsRoutes } from './insights/routes.js';
import { InsightsRecorder } from './insights/recorder.js';

// Insights first: its onResponse hook counts the answers of every route registered after it.
export const CAPABILITIES: ServiceRoutes[] = [
  insightsRoutes,
  materialRoutes,
  companyRoutes,
  handoffRoutes,
  discoveryRoutes,
  bridgeRoutes,
  toolRoutes,
  answerRoutes,
];

export interface Service {
  app: FastifyInstance;
  site: SiteState;
  handoffs: HandoffStore;
  retention: Retention;
  insights: InsightsRecorder;
  reads: ReadingRoutes;
  fastDoor?: FastDoor;
  close(): Promise<void>;
}

/** Listens, and where the port was picked at random and no public URL set, points links at the real port. */
export async function listen(service: Service, config: ServiceConfig, explicitPublicUrl: boolean): Promise<string> {
  await service.app.listen({ host: config.host, port: config.port });
  const { port } = service.app.server.address() as { port: number };
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  const address = `http://${host}:${port}`;
  if (!explicitPublicUrl) config.publicUrl = address;
  return address;
}

/** The whole service on the configured store (SQLite in the data folder, or MariaDB/MySQL), not yet listening. */
export async function createService(config: ServiceConfig, siteConfig?: SiteConfig): Promise<Service> {
  const site = new SiteState(siteConfig);
  const handoffs = await openHandoffStore(config);
  const retention = new Retention(handoffs, config);
  const insights = new InsightsRecorder(handoffs.insights, { off: config.insightsOff, flushMs: config.insightsFlushMs });
  const reads = new ReadingRoutes();
  const fastDoor = config.speedOff.has('fast-door') ? undefined : new FastDoor(config, site, reads);
  let app: FastifyInstance;
  try {
    app = await buildServer({ config, site, handoffs, retention, insights, reads, fastDoor, limits: clientLimits(config) }, CAPABILITIES);
  } catch (error) {
    await handoffs.close();
    throw error;
  }
  // The last batch of insights goes into the store before it closes.
  app.addHook('onClose', async () => {
    await insights.close();
    await handoffs.close();
  });
  return { app, site, handoffs, retention, insights, reads, fastDoor, close: () => app.close() };
}
