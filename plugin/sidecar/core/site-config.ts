import { createHash } from 'node:crypto';
import defaultSiteConfig from '../../data/default-site-config.json' with { type: 'json' };
import { type FieldError } from './errors.js';
import { Memo } from './memo.js';
import { toFieldErrors, validatorFor } from './schemas.js';

// The shapes of schemas/, as the build derives them (schema-types.ts): the JSON Schemas are what is
// enforced, and the compiler checks what code reads against the same definitions.
import type { SiteConfig } from './schema-types.js';
export type { AnswerVocabulary, Company, DiscoveryTexts, LocalizedText, Material, MaterialPicture, NextStep, Priority, SiteConfig } from './schema-types.js';

export function defaultConfig(): SiteConfig {
  return structuredClone(defaultSiteConfig) as SiteConfig;
}

/** Schema errors first; the cross-field rules a JSON Schema cannot say come after. */
export function checkSiteConfig(candidate: unknown): FieldError[] {
  const validate = validatorFor('SiteConfig');
  if (!validate(candidate)) return toFieldErrors(validate.errors);
  return checkSiteConfigReferences(candidate as SiteConfig);
}

/** What a schema cannot say of a configuration it accepts: ids unique, recommendations naming a material, ranges in order. */
export function checkSiteConfigReferences(config: SiteConfig): FieldError[] {
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  config.materials.forEach((material, index) => {
    if (ids.has(material.id)) errors.push({ field: `/materials/${index}/id`, message: `duplicates the id "${material.id}"` });
    ids.add(material.id);
  });
  for (const [priority, setting] of Object.entries(config.recommendations)) {
    if (!ids.has(setting.material_id)) {
      errors.push({ field: `/recommendations/${priority}/material_id`, message: `names no material in the catalog ("${setting.material_id}")` });
    }
  }
  errors.push(...checkNeedReferences(config));
  const delivery = config.company.production_and_delivery;
  if (delivery.business_days_min > delivery.business_days_max) {
    errors.push({ field: '/company/production_and_delivery/business_days_min', message: 'must not exceed business_days_max' });
  }
  return errors;
}

/** Needs and scales named by id: unique, and every use case's need, every test's scale and level, existing. */
function checkNeedReferences(config: SiteConfig): FieldError[] {
  const vocabulary = config.discovery.vocabulary;
  if (!vocabulary) return [];
  const errors: FieldError[] = [];
  const defaults = defaultConfig().discovery.vocabulary!;
  const scales = vocabulary.scales ?? defaults.scales ?? [];
  const needs = vocabulary.needs ?? defaults.needs ?? [];
  const levels = new Map(scales.map((s) => [s.id, new Set(s.levels.map((l) => l.code.toLowerCase()))]));
  const needIds = new Set<string>();
  needs.forEach((need, n) => {
    const at = `/discovery/vocabulary/needs/${n}`;
    if (needIds.has(need.id)) errors.push({ field: `${at}/id`, message: `duplicates the id "${need.id}"` });
    needIds.add(need.id);
    need.met_by.forEach((tests, a) =>
      tests.forEach((test, t) => {
        if (!('scale' in test)) return;
        const codes = levels.get(test.scale);
        if (!codes) errors.push({ field: `${at}/met_by/${a}/${t}/scale`, message: `names no scale ("${test.scale}")` });
        else if (!codes.has(test.at_least.toLowerCase())) errors.push({ field: `${at}/met_by/${a}/${t}/at_least`, message: `is no level of "${test.scale}"` });
      }),
    );
  });
  vocabulary.use_cases.forEach((useCase, u) =>
    useCase.requires.forEach((id, r) => {
      if (!needIds.has(id)) errors.push({ field: `/discovery/vocabulary/use_cases/${u}/requires/${r}`, message: `names no need ("${id}")` });
    }),
  );
  return errors;
}

export function configRevision(config: SiteConfig): string {
  return createHash('sha256').update(JSON.stringify(config)).digest('base64url').slice(0, 16);
}

/** A rendered answer: its text, its UTF-8 bytes and their entity tag, made once per configuration revision. */
export interface CachedEntity {
  body: string;
  /** The body encoded once, so that sending it costs no encoding (nor length counting) per request. */
  bytes: Buffer;
  etag: string;
}

/** A string is the body itself (a text document such as llms.txt); anything else is serialised as JSON. */
export function toEntity(value: unknown): CachedEntity {
  const body = typeof value === 'string' ? value : JSON.stringify(value);
  const bytes = Buffer.from(body, 'utf8');
  return { body, bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/**
 * Rendered answers kept per configuration: keys carry the site URL a request names, so they are as
 * many as the URLs a site is reached under (a few) unless a client varies it: kept bounded either way.
 */
const ENTITY_MEMO_GENERATION = 64;

/**
 * How many site URLs bridged requests may name per configuration. A site is reached under one URL, or
 * a few (languages on domains of their own); a site whose WordPress takes its URL from the request's
 * Host would let every client name another, and each new one costs a render of every document.
 */
export const MAX_SITE_URLS = 16;

/** The configuration in force and the answers rendered from it. */
export class SiteState {
  #config!: SiteConfig;
  #revision!: string;
  #announcedRevision!: string;
  #entities = new Memo<string, CachedEntity>(ENTITY_MEMO_GENERATION);
  #siteUrls = new Set<string>();

  constructor(config: SiteConfig = defaultConfig()) {
    this.replace(config);
  }

  get config(): SiteConfig {
    return this.#config;
  }

  /**
   * What every memo of rendered answers is keyed by: derived from the content, so a push that changes
   * the configuration changes every answer, whatever revision name came with it.
   */
  get revision(): string {
    return this.#revision;
  }

  /** The revision the bridge named with the configuration (else the content's): what it compares to decide it must push. */
  get announcedRevision(): string {
    return this.#announcedRevision;
  }

  /** Replaces the configuration whole, or not at all; the bridge names its own revision. */
  replace(candidate: unknown, revision?: string): void {
    const errors = checkSiteConfig(candidate);
    if (errors.length) {
      throw new Error(`invalid site configuration: ${errors.map((e) => `${e.field} ${e.message}`).join('; ')}`);
    }
    this.#config = candidate as SiteConfig;
    this.#revision = configRevision(this.#config);
    this.#announcedRevision = revision ?? this.#revision;
    this.#entities = new Memo(ENTITY_MEMO_GENERATION);
    this.#siteUrls = new Set();
  }

  /** The site URL a bridged request named, while fewer than MAX_SITE_URLS were named; past that, the fallback. */
  admitSiteUrl(publicBase: string, fallback: string): string {
    if (this.#siteUrls.has(publicBase)) return publicBase;
    if (this.#siteUrls.size >= MAX_SITE_URLS) return fallback;
    this.#siteUrls.add(publicBase);
    return publicBase;
  }

  /** The memoized answer for key; render runs once per revision and key. */
  entity(key: string, render: (config: SiteConfig) => unknown): CachedEntity {
    let entity = this.#entities.get(key);
    if (!entity) {
      entity = toEntity(render(this.#config));
      this.#entities.set(key, entity);
    }
    return entity;
  }
}
