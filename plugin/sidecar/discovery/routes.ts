import { sendEntity } from '../core/http.js';
import type { CapabilityRoutes } from '../core/server.js';
import type { OpenApiPaths } from '../core/openapi-parts.js';
import { materialOperations } from '../materials/openapi.js';
import { companyOperations } from '../company/openapi.js';
import { handoffOperations } from '../handoffs/openapi.js';
import { buildOpenApi } from './openapi.js';
import { DOCUMENT_PATHS } from '../core/paths.js';

export function apiPaths(retentionDays: number): OpenApiPaths {
  return { ...materialOperations, ...companyOperations, ...handoffOperations(retentionDays) };
}

export const discoveryRoutes: CapabilityRoutes = (app, { site, config }) => {
  const paths = apiPaths(config.idempotencyRetentionDays);
  app.get(DOCUMENT_PATHS.openapi, (request, reply) => {
    const base = request.origin.publicBase;
    return sendEntity(request, reply, site.entity(`openapi:${base}`, (c) => buildOpenApi(c, base, paths)));
  });
};
