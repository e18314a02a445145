import { AGENT_PREFIX } from '../core/paths.js';
import { sendEntity } from '../core/http.js';
import type { CapabilityRoutes } from '../core/server.js';
import { companyInformation } from './company.js';

export const companyRoutes: CapabilityRoutes = (app, { site }) => {
  app.get(`${AGENT_PREFIX}/company`, (request, reply) => {
    const base = request.origin.publicBase;
    return sendEntity(request, reply, site.entity(`company:${base}`, (config) => companyInformation(config, base)));
  });
};
