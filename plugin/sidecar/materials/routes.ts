import { AGENT_PREFIX } from '../core/paths.js';
import { sendEntity } from '../core/http.js';
import type { CapabilityRoutes } from '../core/server.js';
import { materialCatalog, parsePriority, recommendMaterial } from './catalog.js';

export const materialRoutes: CapabilityRoutes = (app, { site }) => {
  app.get(`${AGENT_PREFIX}/materials`, (request, reply) => sendEntity(request, reply, site.entity('materials', materialCatalog)));

  app.get(`${AGENT_PREFIX}/materials/recommendation`, (request, reply) => {
    const priority = parsePriority((request.query as Record<string, unknown>).priority);
    return sendEntity(request, reply, site.entity(`recommendation:${priority}`, (config) => recommendMaterial(config, priority)));
  });
};
