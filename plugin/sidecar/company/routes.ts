import { AGENT_PREFIX } from '../core/paths.js';
import { JSON_CONTENT_TYPE } from '../core/http.js';
import type { ServiceRoutes } from '../deps.js';
import { companyInformation } from './company.js';

export const companyRoutes: ServiceRoutes = (app, { site, reads }) => {
  reads.get(app, `${AGENT_PREFIX}/company`, ({ publicBase }) => ({
    entity: site.entity(`company:${publicBase}`, (config) => companyInformation(config, publicBase)),
    contentType: JSON_CONTENT_TYPE,
  }));
};
