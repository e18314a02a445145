import { INTERFACE_VERSION } from '../core/paths.js';
import { Memo } from '../core/memo.js';
import type { PreparedAnswer } from '../answers/answer.js';
import type { AskResult } from '../answers/compose.js';

const ANSWER_META = JSON.stringify({ response_type: 'answer', version: INTERFACE_VERSION });

/**
 * Results and answer texts are composed once per configuration and shared by the answer memos, so
 * each is serialised once too: the result lists by identity, the texts (strings) in a bounded memo.
 */
const resultsJson = new WeakMap<readonly AskResult[], string[]>();
const resultJson = new WeakMap<AskResult, string>();
const textJson = new Memo<string, string>(1024);

/** A two-part answer joins two lists into a new one each time; its results are still the parts' own. */
function jsonOf(result: AskResult): string {
  let json = resultJson.get(result);
  if (json === undefined) resultJson.set(result, (json = JSON.stringify(result)));
  return json;
}

/**
 * Trick "answer-json" (README.md): the answer's results as JSON from the cached JSON of its result list,
 * the score spliced in as the first result's last member: JSON.stringify of each of the answer's
 * results (answerResults in answers/answer.ts), byte for byte.
 */
export function fastResultsJson(prepared: PreparedAnswer): string[] {
  let json = resultsJson.get(prepared.results);
  if (json === undefined) resultsJson.set(prepared.results, (json = prepared.results.map(jsonOf)));
  if (prepared.score === undefined) return json;
  return [`${json[0].slice(0, -1)},"score":${JSON.stringify(prepared.score)}}`, ...json.slice(1)];
}

/** Trick "answer-json": the whole answer written out member by member around fastResultsJson. */
export function fastAnswerJson(query: string, prepared: PreparedAnswer): string {
  let answer = textJson.get(prepared.answer);
  if (answer === undefined) textJson.set(prepared.answer, (answer = JSON.stringify(prepared.answer)));
  return `{"_meta":${ANSWER_META},"query":${JSON.stringify(query)},"language":${JSON.stringify(prepared.language)},"answer":${answer},"routed":${prepared.routed},"results":[${fastResultsJson(prepared).join(',')}]}`;
}
