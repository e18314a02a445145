import type { FastifyRequest } from 'fastify';
import { AGENT_PREFIX } from '../core/paths.js';
import { JSON_CONTENT_TYPE } from '../core/http.js';
import { sendReading } from '../core/reading.js';
import type { ServiceRoutes } from '../deps.js';
import { RECOMMENDATION_QUERY, materialCatalog, priorityProblem, recommendMaterial } from './catalog.js';
import { PRIORITIES } from '../core/schemas.js';
import type { Priority } from '../core/site-config.js';

export const materialRoutes: ServiceRoutes = (app, { site, reads }) => {
  reads.get(app, `${AGENT_PREFIX}/materials`, () => ({ entity: site.entity('materials', materialCatalog), contentType: JSON_CONTENT_TYPE }));

  const recommendation = (priority: Priority) => ({
    entity: site.entity(`recommendation:${priority}`, (config) => recommendMaterial(config, priority)),
    contentType: JSON_CONTENT_TYPE,
  });
  const path = `${AGENT_PREFIX}/materials/recommendation`;
  const priorityOf = (request: FastifyRequest) => (request.query as { priority?: unknown }).priority;
  app.get(
    path,
    // The schema decides; the answer to a refusal stays the route's own (its code tells missing from unknown).
    { schema: { querystring: RECOMMENDATION_QUERY }, config: { refuse: (request) => priorityProblem(priorityOf(request)) } },
    (request, reply) => sendReading(request, reply, recommendation(priorityOf(request) as Priority)),
  );
  // Each valid priority as agents send it; any other query (or none) is answered, or refused, by the route above.
  for (const priority of PRIORITIES) reads.alias(`${path}?priority=${priority}`, () => recommendation(priority as Priority));
};
