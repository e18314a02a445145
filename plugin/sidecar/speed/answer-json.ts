import { INTERFACE_VERSION } from '../core/paths.js';
import type { PreparedAnswer } from '../answers/answer.js';
import type { AskResult } from '../answers/compose.js';

const ANSWER_META = JSON.stringify({ response_type: 'answer', version: INTERFACE_VERSION });

/** Results are composed once per configuration and shared by the answer memos, so each is serialised once too. */
const resultJson = new WeakMap<AskResult, string>();

function jsonOf(result: AskResult): string {
  let json = resultJson.get(result);
  if (json === undefined) resultJson.set(result, (json = JSON.stringify(result)));
  return json;
}

/**
 * Trick "answer-json" (README.md): the answer's results as JSON from each result's cached JSON, the score
 * spliced in as the first result's last member: JSON.stringify of answerResults(prepared), byte for byte.
 */
export function fastResultsJson(prepared: PreparedAnswer): string[] {
  const results = prepared.results.map(jsonOf);
  if (prepared.score !== undefined) results[0] = `${results[0].slice(0, -1)},"score":${JSON.stringify(prepared.score)}}`;
  return results;
}

/** Trick "answer-json": the whole answer written out member by member around fastResultsJson. */
export function fastAnswerJson(query: string, prepared: PreparedAnswer): string {
  const results = fastResultsJson(prepared);
  return `{"_meta":${ANSWER_META},"query":${JSON.stringify(query)},"language":${JSON.stringify(prepared.language)},"answer":${JSON.stringify(prepared.answer)},"routed":${prepared.routed},"results":[${results.join(',')}]}`;
}
