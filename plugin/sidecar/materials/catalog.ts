import { ProblemError, badRequest } from '../core/errors.js';
import { PRIORITIES, commonDefRef } from '../core/schemas.js';
import type { LocalizedText, Priority, SiteConfig } from '../core/site-config.js';
import { publishedMaterials } from './pictures.js';

export const TYPICAL_VALUES_NOTE: LocalizedText = {
  de: 'Alle technischen Werte sind typische Werte aus Prüfberichten, keine zugesicherten Mindestwerte. Ein Fachberater bestätigt die Eignung für Ihr Projekt.',
  en: 'All technical figures are typical values from test reports, not guaranteed minimums. An advisor confirms the suitability for your project.',
};

export const RECOMMENDATION_NEXT_STEP: LocalizedText = {
  de: 'Ein Fachberater bestätigt die Materialwahl für Ihr Projekt; Muster erhalten Sie über eine Musteranfrage (next_step: sample_request).',
  en: 'An advisor confirms the material for your project; samples are available through a sample request (next_step: sample_request).',
};

export function materialCatalog(config: SiteConfig) {
  return {
    count: config.materials.length,
    values_are_typical: true as const,
    note: TYPICAL_VALUES_NOTE,
    priorities: PRIORITIES,
    materials: publishedMaterials(config),
  };
}

/** The 400 for a priority that is missing or none of the allowed values, naming them. */
export function priorityProblem(raw: unknown): ProblemError {
  const allowed = PRIORITIES.join(', ');
  const missing = raw === undefined || raw === '';
  const message = missing ? `is required; allowed values: ${allowed}` : `must be one of: ${allowed}`;
  return badRequest(
    missing ? 'rest_missing_callback_param' : 'rest_invalid_param',
    missing ? `The query parameter priority is required. Allowed values: ${allowed}.` : `Unknown priority ${JSON.stringify(raw)}. Allowed values: ${allowed}.`,
    [{ field: 'query:priority', message }],
    { allowed_values: [...PRIORITIES] },
  );
}

/** The priority argument (the recommendation tool's), or a 400 that names the allowed values. */
export function parsePriority(raw: unknown): Priority {
  if (typeof raw === 'string' && PRIORITIES.includes(raw)) return raw as Priority;
  throw priorityProblem(raw);
}

/** What GET /materials/recommendation accepts: declared on the route, its openapi.json parameters derive from it. */
export const RECOMMENDATION_QUERY = {
  type: 'object',
  properties: { priority: commonDefRef('Priority') },
  required: ['priority'],
} as const;

export function recommendMaterial(config: SiteConfig, priority: Priority) {
  const setting = config.recommendations[priority];
  // The configuration check guarantees the material exists.
  const material = publishedMaterials(config).find((m) => m.id === setting.material_id)!;
  return { priority, material, reason: setting.reason, next_step: RECOMMENDATION_NEXT_STEP };
}
