import { INTERFACE_VERSION } from '../core/paths.js';
import type { SiteState } from '../core/site-config.js';
import { compose, composeRouting, type AskResult, type Composed } from './compose.js';
import type { Lang } from './documents.js';
import { indexFor, type Hit, type SearchOutcome } from './search.js';

/** The longest question accepted, in characters. */
export const MAX_QUERY_LENGTH = 1000;

/** A successful answer (schemas/ask-answer.schema.json). */
export interface AskAnswer {
  _meta: { response_type: 'answer'; version: string };
  query: string;
  language: Lang;
  answer: string;
  /** True when the site's data does not answer the question and it was routed to a human. */
  routed: boolean;
  results: AskResult[];
}

/** A failure (schemas/ask-failure.schema.json). */
export interface AskFailure {
  _meta: { response_type: 'failure'; version: string };
  error: { code: string; message: string };
}

export function failureBody(code: string, message: string): AskFailure {
  return { _meta: { response_type: 'failure', version: INTERFACE_VERSION }, error: { code, message } };
}

export interface AskContext {
  publicBase: string;
  acceptLanguage?: string;
}

/**
 * Whether the documents used cover the question well enough to answer from them. Each content term
 * of the question (stemmed, no stop words) must be found in them: at least half of the terms, and at
 * least two when the question has two or more. Terms no document knows (a price, a country, a date)
 * count against the answer, so a question about something the data does not contain is routed to a
 * human rather than answered with the nearest fact.
 */
export function isConfident(totalTerms: number, matchedTerms: number): boolean {
  return matchedTerms > 0 && matchedTerms * 2 >= totalTerms && matchedTerms >= Math.min(2, totalTerms);
}

const isOverview = (hit: Hit) => {
  const g = hit.doc.grounding;
  return g.kind === 'catalog' || (g.kind === 'fact' && (g.fact === 'company' || g.fact === 'agents'));
};
const isProjectSpecific = (hit: Hit | undefined) => hit?.doc.grounding.kind === 'fact' && hit.doc.grounding.fact === 'project_specific';

/**
 * A second document for a question with two parts ("how long is delivery, and can I get samples?"):
 * one that covers at least two terms the best one does not and scores at least half as well. It only
 * adds to an answer the best document already gives; it never makes a weak match confident.
 */
function complement(outcome: SearchOutcome, top: Hit): Hit | undefined {
  const covered = new Set(top.matched);
  return outcome.hits
    .slice(1, 6)
    .find((hit) => !isOverview(hit) && !isProjectSpecific(hit) && hit.score >= top.score / 2 && hit.matched.filter((t) => !covered.has(t)).length >= 2);
}

/** Whether the question also asks what only an advisor settles, beyond what the best document covers. */
function asksProjectSpecifics(outcome: SearchOutcome, top: Hit): boolean {
  const covered = new Set(top.matched);
  return outcome.hits.some((hit) => isProjectSpecific(hit) && hit.matched.some((t) => !covered.has(t)));
}

/** Everything the answer needs, without the envelope; kept apart so the stream can send events as it goes. */
export interface PreparedAnswer {
  language: Lang;
  routed: boolean;
  composed: Composed;
}

export async function prepareAnswer(site: SiteState, query: string, context: AskContext): Promise<PreparedAnswer> {
  const config = site.config;
  const index = indexFor(site.revision, config);
  const language = index.detectLanguage(query, context.acceptLanguage);
  const outcome = await index.search(query, language);
  const routing = (): PreparedAnswer => ({ language, routed: true, composed: composeRouting(config, context.publicBase, language) });
  const top = outcome.hits[0];
  if (!top || !isConfident(outcome.terms.length, top.matched.length) || isProjectSpecific(top)) return routing();
  // A question that also asks what only an advisor settles (a price, a date, installation) is routed
  // whole, even when another part of it matches a material or a fact.
  if (asksProjectSpecifics(outcome, top)) return routing();
  const second = complement(outcome, top);

  const composed = compose(config, context.publicBase, top.doc.grounding, language);
  composed.results[0].score = Number(top.score.toFixed(4));
  if (second) {
    const more = compose(config, context.publicBase, second.doc.grounding, language);
    const known = new Set(composed.results.map((r) => r.id));
    // Only when it adds a source of its own (a recommendation of the same material adds nothing).
    if (!known.has(more.results[0].id)) {
      composed.answer = `${composed.answer} ${more.answer}`;
      composed.results.push(...more.results.filter((r) => !known.has(r.id)));
    }
  }
  return { language, routed: false, composed };
}

export function answerBody(query: string, prepared: PreparedAnswer): AskAnswer {
  return {
    _meta: { response_type: 'answer', version: INTERFACE_VERSION },
    query,
    language: prepared.language,
    answer: prepared.composed.answer,
    routed: prepared.routed,
    results: prepared.composed.results,
  };
}

export async function answerQuestion(site: SiteState, query: string, context: AskContext): Promise<AskAnswer> {
  return answerBody(query, await prepareAnswer(site, query, context));
}
