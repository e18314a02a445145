import { AGENT_PREFIX } from '../core/paths.js';
import { JSON_CONTENT_TYPE, NO_STORE } from '../core/http.js';
import type { ServiceRoutes } from '../deps.js';
import { parseHandoffCall } from './handoff.js';
import { createHandoffOnce } from './create-once.js';

export const handoffRoutes: ServiceRoutes = (app, deps) => {
  // Counted in the general limit per request; the handoff limit is the store's (createHandoffOnce).
  app.post(`${AGENT_PREFIX}/handoffs`, async (request, reply) => {
    const call = parseHandoffCall(request.headers, request.body, deps.site.config);
    const { replayed, handoff } = await createHandoffOnce(deps, call, request.origin);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return reply
      .code(replayed ? 200 : 201)
      .header('cache-control', NO_STORE)
      .type(JSON_CONTENT_TYPE)
      .send(handoff.body);
  });
};
