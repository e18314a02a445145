import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import common from '../../../schemas/common.schema.json' with { type: 'json' };
import problem from '../../../schemas/problem.schema.json' with { type: 'json' };
import material from '../../../schemas/material.schema.json' with { type: 'json' };
import materialPicture from '../../../schemas/material-picture.schema.json' with { type: 'json' };
import materialCatalog from '../../../schemas/material-catalog.schema.json' with { type: 'json' };
import recommendation from '../../../schemas/recommendation.schema.json' with { type: 'json' };
import recommendationSetting from '../../../schemas/recommendation-setting.schema.json' with { type: 'json' };
import company from '../../../schemas/company.schema.json' with { type: 'json' };
import companyInformation from '../../../schemas/company-information.schema.json' with { type: 'json' };
import handoffRequest from '../../../schemas/handoff-request.schema.json' with { type: 'json' };
import handoff from '../../../schemas/handoff.schema.json' with { type: 'json' };
import answerVocabulary from '../../../schemas/answer-vocabulary.schema.json' with { type: 'json' };
import discoveryTexts from '../../../schemas/discovery-texts.schema.json' with { type: 'json' };
import siteConfig from '../../../schemas/site-config.schema.json' with { type: 'json' };
import askRequest from '../../../schemas/ask-request.schema.json' with { type: 'json' };
import askAnswer from '../../../schemas/ask-answer.schema.json' with { type: 'json' };
import askFailure from '../../../schemas/ask-failure.schema.json' with { type: 'json' };
import toolNoArguments from '../../../schemas/tool-no-arguments.schema.json' with { type: 'json' };
import recommendMaterialInput from '../../../schemas/recommend-material-input.schema.json' with { type: 'json' };
import handoffGuideInput from '../../../schemas/handoff-guide-input.schema.json' with { type: 'json' };
import handoffGuide from '../../../schemas/handoff-guide.schema.json' with { type: 'json' };
import handoffToolInput from '../../../schemas/handoff-tool-input.schema.json' with { type: 'json' };
import handoffToolResult from '../../../schemas/handoff-tool-result.schema.json' with { type: 'json' };
import enquiryFormSettings from '../../../schemas/enquiry-form-settings.schema.json' with { type: 'json' };
import handoffRecord from '../../../schemas/handoff-record.schema.json' with { type: 'json' };
import insightsSettings from '../../../schemas/insights-settings.schema.json' with { type: 'json' };
import agentFamilies from '../../../schemas/agent-families.schema.json' with { type: 'json' };
import type { FieldError } from './errors.js';
import { LABELS_KEYWORD } from './schema-keywords.js';

/** Every schema of schemas/, keyed by its title; the single source of truth for shapes. */
export const SCHEMAS = {
  common,
  Problem: problem,
  Material: material,
  MaterialPicture: materialPicture,
  MaterialCatalog: materialCatalog,
  Recommendation: recommendation,
  RecommendationSetting: recommendationSetting,
  Company: company,
  CompanyInformation: companyInformation,
  HandoffRequest: handoffRequest,
  Handoff: handoff,
  AnswerVocabulary: answerVocabulary,
  DiscoveryTexts: discoveryTexts,
  SiteConfig: siteConfig,
  AskRequest: askRequest,
  AskAnswer: askAnswer,
  AskFailure: askFailure,
  ToolNoArguments: toolNoArguments,
  RecommendMaterialInput: recommendMaterialInput,
  HandoffGuideInput: handoffGuideInput,
  HandoffGuide: handoffGuide,
  HandoffToolInput: handoffToolInput,
  HandoffToolResult: handoffToolResult,
  // WordPress's alone (the enquiry form); here so that the build writes it for PHP and the tests check it.
  EnquiryFormSettings: enquiryFormSettings,
  // What the bridge reads of a handoff (its state included); written for PHP, never published.
  HandoffRecord: handoffRecord,
  // WordPress's option of the insights (insights/), written for PHP; the sidecar keeps it in the store.
  InsightsSettings: insightsSettings,
  // The data list of agent families (plugin/data/agent-families.json), checked by the tests.
  AgentFamilies: agentFamilies,
} as const;

export type SchemaName = Exclude<keyof typeof SCHEMAS, 'common'>;

/** Shapes only WordPress and its admin screen see: not part of the public interface, so not in openapi.json. */
export const INTERNAL_SCHEMAS: ReadonlySet<string> = new Set<SchemaName>(['EnquiryFormSettings', 'HandoffRecord', 'InsightsSettings', 'AgentFamilies']);

export const PRIORITIES: readonly string[] = common.$defs.Priority.enum;
export { LABELS_KEYWORD };
export const NEXT_STEPS: readonly string[] = common.$defs.NextStep.enum;
export const HANDOFF_STATES: readonly string[] = common.$defs.HandoffState.enum;

// ajv-formats is CommonJS; its default export arrives wrapped under esbuild and vitest alike.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/** The validators' Ajv, with every schema of SCHEMAS added; exported for the schema tests. */
export function createAjv(options: { coerceTypes?: boolean; useDefaults?: boolean } = {}): Ajv2020 {
  // inlineRefs: false compiles each referenced schema once as its own function instead of inlining it
  // at every $ref (SiteConfig reaches Material, Company, … several times): the same validation, about
  // half the compile time at start-up. validateSchema: false: the schemas are files of this repository,
  // checked against the JSON Schema 2020-12 meta-schema by tests/unit/schemas.test.ts; checking them
  // again at every start compiled the meta-schema and took about 60 of the sidecar's 440 ms start-up.
  const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true, inlineRefs: false, validateSchema: false, ...options });
  addFormats(ajv);
  // The interface names of an enumeration's values (German and English), beside the values: an annotation.
  ajv.addKeyword({ keyword: LABELS_KEYWORD, schemaType: 'object' });
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  return ajv;
}

const ajv = createAjv();
const compiled = new Map<SchemaName, ValidateFunction>();

export function validatorFor(name: SchemaName): ValidateFunction {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.getSchema(SCHEMAS[name].$id);
    if (!validate) throw new Error(`schema ${name} is not registered`);
    compiled.set(name, validate);
  }
  return validate;
}

/** Turns ajv's errors into one message per field, naming what was expected. */
export function toFieldErrors(errors: ErrorObject[] | null | undefined, prefix = ''): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors ?? []) {
    let field = prefix + error.instancePath;
    let message: string;
    switch (error.keyword) {
      case 'required':
        field = `${field}/${(error.params as { missingProperty: string }).missingProperty}`;
        message = 'is required';
        break;
      case 'additionalProperties':
        field = `${field}/${(error.params as { additionalProperty: string }).additionalProperty}`;
        message = 'is not an accepted field';
        break;
      case 'enum':
        message = `must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
        break;
      case 'const':
        message = `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
        break;
      case 'not':
        message = 'contains something that is not accepted (no personal data such as e-mail addresses)';
        break;
      case 'if':
      case 'anyOf':
      case 'oneOf':
        continue;
      default:
        message = error.message ?? 'is invalid';
    }
    const key = `${field} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ field: field || '/', message });
  }
  return out;
}

/** A reference to a schema of schemas/ by its $id, as routes declare their inputs: the validators' Ajv resolves it, openapi.json names it as a component. */
export const schemaIdRef = (name: SchemaName) => ({ $ref: SCHEMAS[name].$id });
/** A reference to one of the shared definitions of common.schema.json, by the same rule. */
export const commonDefRef = (def: keyof typeof common.$defs) => ({ $ref: `${common.$id}#/$defs/${def}` });

/** The Ajv of query strings, made when a route first declares one. */
let queryAjv: Ajv2020 | undefined;

/**
 * The validator of a schema a route declares (Fastify's validator compiler, server.ts): this Ajv, so
 * the route checks by JSON Schema 2020-12 against the same files, with the same messages, as the rest.
 * A query string's values arrive as text: its schemas are compiled by an Ajv of the same schemas that
 * reads "20" as 20 where they say integer and fills in their defaults, as Fastify's own does.
 */
export function routeValidator(schema: object, httpPart?: string): ValidateFunction {
  if (httpPart !== 'querystring') return ajv.compile(schema);
  queryAjv ??= createAjv({ coerceTypes: true, useDefaults: true });
  return queryAjv.compile(schema);
}

export function fieldList(errors: FieldError[]): string {
  return errors.map((e) => `${e.field} ${e.message}`).join('; ');
}
