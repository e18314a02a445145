// Client-side validation from the same JSON Schemas the server uses (schemas/*.json, 2020-12 dialect),
// plus the cross-field rules a schema cannot say, mirrored from the service. Every message names a
// field by JSON pointer, exactly as the server's field errors do.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { __, _n, sprintf } from '@wordpress/i18n';
import common from '../../schemas/common.schema.json' with { type: 'json' };
import material from '../../schemas/material.schema.json' with { type: 'json' };
import materialPicture from '../../schemas/material-picture.schema.json' with { type: 'json' };
import recommendationSetting from '../../schemas/recommendation-setting.schema.json' with { type: 'json' };
import company from '../../schemas/company.schema.json' with { type: 'json' };
import answerVocabulary from '../../schemas/answer-vocabulary.schema.json' with { type: 'json' };
import discoveryTexts from '../../schemas/discovery-texts.schema.json' with { type: 'json' };
import siteConfig from '../../schemas/site-config.schema.json' with { type: 'json' };
import enquiryFormSettings from '../../schemas/enquiry-form-settings.schema.json' with { type: 'json' };
import addFormatsModule from 'ajv-formats';
import { LABELS_KEYWORD } from '../../plugin/sidecar/core/schema-keywords.js';
import type { FieldError, SiteConfig } from './types.js';
import { escapeToken } from './pointer.js';

/** The schema files the site configuration is made of, as the server registers them. */
export const SITE_CONFIG_SCHEMAS: readonly { $id: string }[] = [
  common,
  material,
  materialPicture,
  recommendationSetting,
  company,
  answerVocabulary,
  discoveryTexts,
  siteConfig,
];

// ajv-formats is CommonJS; its default export arrives wrapped under webpack and vitest alike.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (
  ajv: Ajv2020,
  formats: string[],
) => Ajv2020;

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** The validator of a schema of schemas/, compiled once; all of them share one ajv with every file registered. */
function validator($id: string): ValidateFunction {
  let validate = compiled.get($id);
  if (!validate) {
    if (!ajv) {
      ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
      addFormats(ajv, ['email']);
      ajv.addKeyword({ keyword: LABELS_KEYWORD, schemaType: 'object' });
      for (const schema of [...SITE_CONFIG_SCHEMAS, enquiryFormSettings]) ajv.addSchema(schema);
    }
    validate = ajv.getSchema($id);
    if (!validate) throw new Error(`${$id} is not registered`);
    compiled.set($id, validate);
  }
  return validate;
}

/** What a pattern means, said per kind of field: a bare regular expression helps no editor. */
function patternMessage(error: ErrorObject, field: string): string {
  const schemaPath = error.schemaPath;
  if (schemaPath.includes('/$defs/MaterialId/') || /\/(id|material_id)$/.test(field)) {
    return __('Use lower-case letters (a–z), digits and single hyphens, for example vlies-classic.', 'manufacturer-agent');
  }
  if (schemaPath.includes('/$defs/SitePath/') || /^\/(handoff_targets|company\/entry_points)\//.test(field)) {
    return __('Enter a path on this site that starts with a single slash, for example /kontakt/.', 'manufacturer-agent');
  }
  if (field.endsWith('/telephone/number')) {
    return __('Enter the number in international form, for example +49 711 9876540.', 'manufacturer-agent');
  }
  if (/\/telephone\/(opens|closes)$/.test(field)) {
    return __('Enter a time as HH:MM, for example 07:00.', 'manufacturer-agent');
  }
  if (field.endsWith('/country')) {
    return __('Enter a two-letter country code in capitals, for example DE.', 'manufacturer-agent');
  }
  if (error.keyword === 'format' || /^\/advisor_emails\//.test(field)) {
    return __('Enter an e-mail address such as beratung@example.com.', 'manufacturer-agent');
  }
  if (field.endsWith('/en_13501_1')) {
    return __('Enter a Euroclass such as B-s1, d0 or A2-s1, d0, or leave the field empty.', 'manufacturer-agent');
  }
  return __('Does not have the expected format.', 'manufacturer-agent');
}

function limit(error: ErrorObject): number {
  return Number((error.params as { limit: number }).limit);
}

function messageFor(error: ErrorObject, field: string): string | undefined {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return __('Required.', 'manufacturer-agent');
    case 'additionalProperties':
      return __('This field is not accepted.', 'manufacturer-agent');
    case 'type': {
      const type = String(params.type);
      if (type.includes('integer')) return __('Enter a whole number.', 'manufacturer-agent');
      if (type.includes('number')) return __('Enter a number.', 'manufacturer-agent');
      if (type.includes('string')) return __('Enter a text.', 'manufacturer-agent');
      if (type.includes('boolean')) return __('Choose yes or no.', 'manufacturer-agent');
      return __('Has the wrong type.', 'manufacturer-agent');
    }
    case 'minLength':
      if (limit(error) <= 1) return __('Must not be empty.', 'manufacturer-agent');
      /* translators: %d: the smallest number of characters */
      return sprintf(_n('Enter at least %d character.', 'Enter at least %d characters.', limit(error), 'manufacturer-agent'), limit(error));
    case 'maxLength':
      /* translators: %d: the largest number of characters */
      return sprintf(_n('Enter at most %d character.', 'Enter at most %d characters.', limit(error), 'manufacturer-agent'), limit(error));
    case 'minimum':
      /* translators: %s: the smallest accepted value */
      return sprintf(__('Must be at least %s.', 'manufacturer-agent'), String(limit(error)));
    case 'maximum':
      /* translators: %s: the largest accepted value */
      return sprintf(__('Must be at most %s.', 'manufacturer-agent'), String(limit(error)));
    case 'exclusiveMinimum':
      /* translators: %s: the value the number must exceed */
      return sprintf(__('Must be greater than %s.', 'manufacturer-agent'), String(limit(error)));
    case 'exclusiveMaximum':
      /* translators: %s: the value the number must stay below */
      return sprintf(__('Must be less than %s.', 'manufacturer-agent'), String(limit(error)));
    case 'minItems':
      /* translators: %d: the smallest number of entries */
      return sprintf(_n('Keep at least %d entry.', 'Keep at least %d entries.', limit(error), 'manufacturer-agent'), limit(error));
    case 'maxItems':
      /* translators: %d: the largest number of entries */
      return sprintf(_n('Keep at most %d entry.', 'Keep at most %d entries.', limit(error), 'manufacturer-agent'), limit(error));
    case 'uniqueItems':
      /* translators: 1: position of one entry, 2: position of the entry it repeats */
      return sprintf(__('Entries %1$d and %2$d are the same.', 'manufacturer-agent'), Number(params.j) + 1, Number(params.i) + 1);
    case 'pattern':
    case 'format':
      return patternMessage(error, field);
    case 'enum':
      return __('Choose one of the offered values.', 'manufacturer-agent');
    case 'const':
      /* translators: %s: the fixed value */
      return sprintf(__('Must stay %s.', 'manufacturer-agent'), JSON.stringify(params.allowedValue));
    case 'if':
    case 'anyOf':
    case 'oneOf':
      return undefined;
    default:
      return error.message ?? __('Is not valid.', 'manufacturer-agent');
  }
}

/** ajv's errors as one message per field and reason, named by JSON pointer. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const out: FieldError[] = [];
  const seen = new Set<string>();
  for (const error of errors ?? []) {
    let field = error.instancePath;
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') field += `/${escapeToken(String(params.missingProperty))}`;
    if (error.keyword === 'additionalProperties') field += `/${escapeToken(String(params.additionalProperty))}`;
    const message = messageFor(error, field);
    if (message === undefined) continue;
    const key = `${field}\n${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: field || '/', message });
  }
  return out;
}

/** The rules the service checks beyond the schema (plugin/sidecar/core/site-config.ts). */
export function crossFieldErrors(config: SiteConfig): FieldError[] {
  const errors: FieldError[] = [];
  const ids = new Set<string>();
  config.materials.forEach((entry, index) => {
    if (!entry || typeof entry.id !== 'string') return;
    if (ids.has(entry.id)) {
      /* translators: %s: a material id */
      errors.push({ field: `/materials/${index}/id`, message: sprintf(__('Another material already has the id "%s".', 'manufacturer-agent'), entry.id) });
    }
    ids.add(entry.id);
  });
  for (const [priority, setting] of Object.entries(config.recommendations ?? {})) {
    if (setting && !ids.has(setting.material_id)) {
      errors.push({
        field: `/recommendations/${escapeToken(priority)}/material_id`,
        /* translators: %s: a material id */
        message: sprintf(__('No material in the catalog has the id "%s". Choose one of the catalog.', 'manufacturer-agent'), setting.material_id),
      });
    }
  }
  const delivery = config.company?.production_and_delivery;
  if (
    delivery &&
    typeof delivery.business_days_min === 'number' &&
    typeof delivery.business_days_max === 'number' &&
    delivery.business_days_min > delivery.business_days_max
  ) {
    errors.push({
      field: '/company/production_and_delivery/business_days_min',
      message: __('Must not be more than the largest number of business days.', 'manufacturer-agent'),
    });
  }
  return errors;
}

/**
 * Every problem of the configuration: the schema's, then the cross-field rules. The server checks the
 * cross-field rules only once the shape is right; the form shows both at once, so an editor sees all.
 */
export function validateSiteConfig(config: unknown): FieldError[] {
  const validate = validator(siteConfig.$id);
  const errors = validate(config) ? [] : toFieldErrors(validate.errors);
  const shaped = config as Partial<SiteConfig> | null;
  if (shaped && Array.isArray(shaped.materials)) errors.push(...crossFieldErrors(shaped as SiteConfig));
  return errors;
}

/** Every problem of the enquiry form's settings (schemas/enquiry-form-settings.schema.json). */
export function validateEnquiryFormSettings(settings: unknown): FieldError[] {
  const validate = validator(enquiryFormSettings.$id);
  return validate(settings) ? [] : toFieldErrors(validate.errors);
}
