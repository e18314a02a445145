import type { CapabilityRoutes, CoreDeps } from './core/server.js';
import type { HandoffStore } from './handoffs/store.js';
import type { Retention } from './handoffs/retention.js';
import type { InsightsRecorder } from './insights/recorder.js';

/** What every capability is given: the core's dependencies and the handoff store (handoffs, tools, bridge). */
export interface ServiceDeps extends CoreDeps {
  handoffs: HandoffStore;
  /** The hourly retention run (main.ts runs it) and what the bridge's status reports of it. */
  retention: Retention;
  /** Counts requests and keeps questions (insights/). */
  insights: InsightsRecorder;
}

/** A capability's routes, registered by service.ts. */
export type ServiceRoutes = CapabilityRoutes<ServiceDeps>;
