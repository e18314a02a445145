import { AGENT_PREFIX } from '../core/paths.js';
import { JSON_CONTENT_TYPE, NO_STORE } from '../core/http.js';
import type { ServiceRoutes } from '../deps.js';
import type { ErrorObject } from 'ajv';
import { toFieldErrors } from '../core/schemas.js';
import { HANDOFF_BODY, parseHandoffCall } from './handoff.js';
import { createHandoffOnce } from './create-once.js';

export const handoffRoutes: ServiceRoutes = (app, deps) => {
  // Counted in the general limit per request; the handoff limit is the store's (createHandoffOnce).
  // The body is checked by its declared schema, but its errors are attached, not answered: the one 400
  // lists them together with the Idempotency-Key's and the catalog's (parseHandoffCall).
  app.post(`${AGENT_PREFIX}/handoffs`, { schema: { body: HANDOFF_BODY }, attachValidation: true }, async (request, reply) => {
    const failed = request.validationError;
    // A validator that failed without a verdict must not let an unchecked body through.
    if (failed && !failed.validation) throw failed;
    const schemaErrors = toFieldErrors(failed?.validation as ErrorObject[] | undefined);
    const call = parseHandoffCall(request.headers, request.body, deps.site.config, schemaErrors);
    const { replayed, handoff } = await createHandoffOnce(deps, call, request.origin);
    if (replayed) reply.header('idempotent-replayed', 'true');
    return reply
      .code(replayed ? 200 : 201)
      .header('cache-control', NO_STORE)
      .type(JSON_CONTENT_TYPE)
      .send(handoff.body);
  });
};
