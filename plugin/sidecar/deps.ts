import type { CapabilityRoutes, CoreDeps } from './core/server.js';
import type { HandoffStore } from './handoffs/store.js';

/** What every capability is given: the core's dependencies and the handoff store (handoffs, tools, bridge). */
export interface ServiceDeps extends CoreDeps {
  handoffs: HandoffStore;
}

/** A capability's routes, registered by service.ts. */
export type ServiceRoutes = CapabilityRoutes<ServiceDeps>;
