import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';
import { ASK_PATH } from '../../plugin/sidecar/core/paths.js';
import { accuracyByClass, askRequest, gradeAnswer, type AnswerBody, type EvalQuestion } from '../../scripts/bench/lib/ask-eval.mjs';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };

// Issue 28, point 4: the sealed sets (tests/answers/sealed/README.md), written blind, are answered right at least 90 %.
// Only totals per class are printed, never which question missed: reading the misses would unseal them. The paraphrase
// gap (sealed/paraphrases.json) is short of the 5 points and is reported in BENCHMARKS.md, not asserted.
const SEALED = ['sealed-questions.json', 'sealed-3-questions.json'];
const load = (name: string): EvalQuestion[] => JSON.parse(readFileSync(new URL(`sealed/${name}`, import.meta.url), 'utf8')).questions;

let running: RunningService;
beforeAll(async () => {
  running = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '100000' });
});
afterAll(() => running.stop());

async function accuracy(name: string) {
  const outcomes: { question: EvalQuestion; misses: string[] }[] = [];
  for (const question of load(name)) {
    const request = askRequest(question);
    const res = await api(running.baseUrl, `${ASK_PATH}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    // A refused request (a 400 for a question the endpoint's bounds reject) is a miss, as in bench:ask.
    outcomes.push({ question, misses: res.status === 200 ? gradeAnswer(question, res.json as AnswerBody, defaults.materials) : [`status ${res.status}`] });
  }
  const table = accuracyByClass(outcomes);
  for (const row of table) console.log(`sealed ${name} ${row.name}: ${row.correct}/${row.total} (${row.percent.toFixed(1)} %)`);
  return table.find((row) => row.name === 'all')!;
}

describe('sealed answer sets (issue 28)', () => {
  for (const name of SEALED) {
    it(`answers at least 90 % of ${name} right through the HTTP endpoint`, async () => {
      const all = await accuracy(name);
      expect(all.total).toBeGreaterThanOrEqual(120);
      expect(all.percent).toBeGreaterThanOrEqual(90);
    });
  }
});
