import { JSON_CONTENT_TYPE } from '../core/http.js';
import type { ServiceRoutes } from '../deps.js';
import type { OpenApiPaths } from '../core/openapi-parts.js';
import { materialOperations } from '../materials/openapi.js';
import { companyOperations } from '../company/openapi.js';
import { handoffOperations, type Retention } from '../handoffs/openapi.js';
import { answerOperations } from '../answers/openapi.js';
import { toolOperations } from '../tools/openapi.js';
import { buildOpenApi } from './openapi.js';
import { DOCUMENT_PATHS } from '../core/paths.js';
import { discoveryOperations, TEXT_DOCUMENT_TYPE } from './documents-openapi.js';
import { listOperations } from './operations.js';
import { renderLlmsFullTxt, renderLlmsTxt } from './llms.js';
import { renderAgentCard } from './agent-card.js';
import type { DocumentContext } from './facts.js';

export function apiPaths(retention: Retention): OpenApiPaths {
  return { ...materialOperations, ...companyOperations, ...handoffOperations(retention), ...answerOperations };
}

/** Everything openapi.json describes: the capabilities' operations and the discovery documents themselves. */
export function documentedPaths(retention: Retention): OpenApiPaths {
  return { ...apiPaths(retention), ...toolOperations, ...discoveryOperations };
}

/**
 * llms.txt and llms-full.txt are Markdown, served as text/plain rather than text/markdown (RFC 7763):
 * llmstxt.org names no media type, .txt files are text/plain everywhere (so a CDN or the WordPress bridge
 * serving the same path agrees), and browsers show text/plain inline where text/markdown is often
 * downloaded. nosniff keeps a browser from ever reading the text as HTML.
 */
const TEXT_CONTENT_TYPE = `${TEXT_DOCUMENT_TYPE}; charset=utf-8`;

/** A browser must never read these documents as anything but their type. */
const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;

export const discoveryRoutes: ServiceRoutes = (app, { site, config, reads }) => {
  const paths = documentedPaths(config);
  const operations = listOperations(paths);
  const service = {
    idempotencyRetentionDays: config.idempotencyRetentionDays,
    handoffRetentionDays: config.handoffRetentionDays,
    rateLimitPerMinute: config.rateLimitPerMinute,
    handoffRateLimitPerMinute: config.handoffRateLimitPerMinute,
    bodyLimitBytes: config.bodyLimitBytes,
  };
  const context = (c: DocumentContext['config'], publicBase: string): DocumentContext => ({ config: c, publicBase, operations, service });

  reads.get(app, DOCUMENT_PATHS.openapi, ({ publicBase }) => ({
    entity: site.entity(`openapi:${publicBase}`, (c) => buildOpenApi(c, publicBase, paths)),
    contentType: JSON_CONTENT_TYPE,
  }));

  // Every document is rendered once per configuration revision and site URL; a change of either renders it anew.
  const documents = [
    { path: DOCUMENT_PATHS.llms, key: 'llms.txt', type: TEXT_CONTENT_TYPE, render: renderLlmsTxt },
    { path: DOCUMENT_PATHS.llmsFull, key: 'llms-full.txt', type: TEXT_CONTENT_TYPE, render: renderLlmsFullTxt },
    { path: DOCUMENT_PATHS.agentCard, key: 'agent-card', type: JSON_CONTENT_TYPE, render: renderAgentCard },
    { path: DOCUMENT_PATHS.agentCardAlias, key: 'agent-card', type: JSON_CONTENT_TYPE, render: renderAgentCard },
  ];
  for (const { path, key, type, render } of documents) {
    reads.get(app, path, ({ publicBase }) => ({
      entity: site.entity(`${key}:${publicBase}`, (c) => render(context(c, publicBase))),
      contentType: type,
      headers: NOSNIFF,
    }));
  }
};
