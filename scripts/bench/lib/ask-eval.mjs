// The evaluation set of the question endpoint (tests/answers/eval-questions.json) and how one answer
// is graded against it; shared by tests/answers/eval-questions.test.ts and scripts/bench/ask.mjs so
// the test and the benchmark count the same thing.
import { readdirSync, readFileSync } from 'node:fs';

export const EVAL_SET_URL = new URL('../../../tests/answers/eval-questions.json', import.meta.url);

/**
 * The questions of the development set: eval-questions.json and every tests/answers/dev-*.json beside
 * it (same format), so questions added for one part of the engine live in their own file.
 */
export function loadEvalSet() {
  const folder = new URL('./', EVAL_SET_URL);
  const extra = readdirSync(folder)
    .filter((name) => /^dev-[a-z0-9-]+\.json$/.test(name))
    .sort();
  return [EVAL_SET_URL, ...extra.map((name) => new URL(name, folder))].flatMap((url) => JSON.parse(readFileSync(url, 'utf8')).questions);
}

/**
 * The request of a question: GET with its query; the Accept-Language a one-word question comes with; a
 * follow-up (prev) as the NLWeb POST that carries its earlier question.
 */
export function askRequest(question) {
  const headers = question.accept_language ? { 'accept-language': question.accept_language } : {};
  if (question.prev) {
    const body = JSON.stringify({ query: { text: question.question, prev: [question.prev] }, prefer: { streaming: false } });
    return { method: 'POST', path: '', headers: { ...headers, 'content-type': 'application/json' }, body };
  }
  return { method: 'GET', path: `?query=${encodeURIComponent(question.question)}`, headers };
}

const fold = (text) => text.toLowerCase().replace(/\s+/g, ' ');

/**
 * Why an answer misses what the set expects (empty when right). materials: catalog entries of the
 * site configuration ({id, name: {de, en}}), to check which materials the answer names.
 */
export function gradeAnswer(question, body, materials) {
  const misses = [];
  const expect = question.expect;
  if (question.language !== 'any' && body.language !== question.language) misses.push(`language ${body.language}`);
  const answer = fold(body.answer ?? '');
  const ids = new Set((body.results ?? []).map((r) => r.id));
  if (expect.routed !== 'either' && Boolean(expect.routed) !== Boolean(body.routed)) misses.push(expect.routed ? 'not routed' : 'routed');
  if (body.routed && !(ids.has('contact') && answer.includes('/kontakt/'))) misses.push('routed without the contact point');
  const named = (m) => [body.language === 'en' ? m.name.en : m.name.de].some((name) => answer.includes(fold(name)));
  for (const id of expect.materials ?? []) {
    const material = materials.find((m) => m.id === id);
    if (!material || !named(material)) misses.push(`does not name ${id}`);
    if (!ids.has(id)) misses.push(`${id} not in results`);
  }
  if (expect.only) {
    for (const m of materials) if (!expect.materials.includes(m.id) && named(m)) misses.push(`also names ${m.id}`);
  }
  for (const text of expect.has ?? []) if (!answer.includes(fold(text))) misses.push(`lacks "${text}"`);
  for (const text of expect.lacks ?? []) if (answer.includes(fold(text))) misses.push(`contains "${text}"`);
  for (const id of expect.ids ?? []) if (!ids.has(id)) misses.push(`${id} not in results`);
  return misses;
}

/** Correct answers per class and in all, as "n/m (p %)". */
export function accuracyByClass(outcomes) {
  const classes = new Map();
  for (const { question, misses } of outcomes) {
    for (const key of [question.class, 'all']) {
      const entry = classes.get(key) ?? { correct: 0, total: 0 };
      entry.total += 1;
      if (misses.length === 0) entry.correct += 1;
      classes.set(key, entry);
    }
  }
  return [...classes].map(([name, { correct, total }]) => ({ name, correct, total, percent: (100 * correct) / total }));
}
