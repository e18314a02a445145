import type { ServiceConfig } from '../core/config.js';
import type { Company, SiteConfig } from '../core/site-config.js';
import { companyInformation } from '../company/company.js';
import type { OperationSummary } from './operations.js';

/** The crawl delay the site asks for (specification: Limits); the WordPress robots.txt says the same. */
export const CRAWL_DELAY_SECONDS = 2;

/** The company fields the documents read; schemas/company.schema.json guarantees them. */
export type CompanyFacts = Company;

/** Everything a discovery document is rendered from: the live site configuration, the request's site URL and the code's own facts. */
export interface DocumentContext {
  config: SiteConfig;
  /** The site URL links are built on, without a trailing slash. */
  publicBase: string;
  /** The operations of openapi.json. */
  operations: OperationSummary[];
  service: Pick<ServiceConfig, 'idempotencyRetentionDays' | 'handoffRetentionDays' | 'rateLimitPerMinute' | 'handoffRateLimitPerMinute' | 'bodyLimitBytes'>;
}

export function companyFacts(config: SiteConfig): CompanyFacts {
  return config.company;
}

/** Absolute links of the company information endpoint: one home for the human entry points' URLs. */
export function companyLinks(ctx: DocumentContext) {
  return companyInformation(ctx.config, ctx.publicBase).links;
}

export function telephoneHours(company: CompanyFacts): string {
  const t = company.telephone;
  return `${t.days} ${t.opens}-${t.closes} ${t.timezone}`;
}

export const businessDays = (n: number) => `${n} business ${n === 1 ? 'day' : 'days'}`;

export const absolute = (ctx: DocumentContext, path: string) => `${ctx.publicBase}${path}`;
