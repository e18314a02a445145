import type { AnswerKind } from './store.js';

/** What the insights read of an answer (answers/answer.ts: PreparedAnswer), and the kind once the engine names it. */
export interface AnswerForInsights {
  routed: boolean;
  results: readonly { kind: string; id: string }[];
  /** The engine's own kind of answer, where it gives one; read first. */
  kind?: string;
}

const KINDS = new Set<string>(['catalog', 'fact', 'routed', 'refused']);
/** Results that are facts of the site rather than catalog entries. */
const FACT_RESULTS = new Set(['company_fact', 'faq']);

/**
 * The kind of answer a question got: the engine's own `kind` when it has one; otherwise derived from what
 * the answer holds: routed (the data does not hold it), a fact (its first result is a company fact or FAQ
 * entry), else the catalog. "refused" comes only from the engine.
 */
export function answerKind(answer: AnswerForInsights): AnswerKind {
  if (answer.kind && KINDS.has(answer.kind)) return answer.kind as AnswerKind;
  if (answer.routed) return 'routed';
  return FACT_RESULTS.has(answer.results[0]?.kind ?? '') ? 'fact' : 'catalog';
}

/** The material ids an answer named, in order, at most ten. */
export function namedMaterials(answer: AnswerForInsights): string[] {
  return answer.results
    .filter((r) => r.kind === 'material')
    .map((r) => r.id)
    .slice(0, 10);
}
