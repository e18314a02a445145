import { AGENT_PREFIX } from '../core/paths.js';
import { JSON_CONTENT_TYPE } from '../core/http.js';
import type { CapabilityRoutes } from '../core/server.js';
import { companyInformation } from './company.js';

export const companyRoutes: CapabilityRoutes = (app, { site, reads }) => {
  reads.get(app, `${AGENT_PREFIX}/company`, ({ publicBase }) => ({
    entity: site.entity(`company:${publicBase}`, (config) => companyInformation(config, publicBase)),
    contentType: JSON_CONTENT_TYPE,
  }));
};
