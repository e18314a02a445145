import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';
import { ASK_PATH } from '../../plugin/sidecar/core/paths.js';
import { accuracyByClass, askRequest, gradeAnswer, loadEvalSet, type AnswerBody, type EvalQuestion } from '../../scripts/bench/lib/ask-eval.mjs';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };

// Issue 19: the question endpoint is right on at least 90 % of the evaluation set, in every class.
const questions = loadEvalSet();
const CLASSES = ['attribute', 'list', 'superlative', 'yesno', 'notpublished', 'comparison', 'usecase', 'process', 'routed', 'promise', 'robustness'];

let running: RunningService;
beforeAll(async () => {
  running = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '100000' });
});
afterAll(() => running.stop());

describe('answers evaluation set (issue 19)', () => {
  it('has at least 150 questions in German and English, every class, with unique ids', () => {
    expect(questions.length).toBeGreaterThanOrEqual(150);
    expect(questions.filter((q) => q.language === 'de').length).toBeGreaterThanOrEqual(70);
    expect(questions.filter((q) => q.language === 'en').length).toBeGreaterThanOrEqual(70);
    for (const name of CLASSES) expect(questions.filter((q) => q.class === name).length, name).toBeGreaterThanOrEqual(8);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
  });

  it('answers at least 90 % of the set right through the HTTP endpoint', async () => {
    const outcomes: { question: EvalQuestion; misses: string[] }[] = [];
    for (const question of questions) {
      const request = askRequest(question);
      const res = await api(running.baseUrl, `${ASK_PATH}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
      expect(res.status).toBe(200);
      outcomes.push({ question, misses: gradeAnswer(question, res.json as AnswerBody, defaults.materials) });
    }
    const table = accuracyByClass(outcomes);
    for (const row of table) console.log(`answers eval ${row.name}: ${row.correct}/${row.total} (${row.percent.toFixed(1)} %)`);
    for (const o of outcomes.filter((x) => x.misses.length)) console.log(`answers eval miss ${o.question.id} "${o.question.question}": ${o.misses.join('; ')}`);
    const all = table.find((row) => row.name === 'all')!;
    expect(all.percent).toBeGreaterThanOrEqual(90);
  });
});
