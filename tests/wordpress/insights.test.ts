// Issue 31 through WordPress: a request with each agent family's User-Agent lands in its family (the
// bridge forwards the header), a question with contact data is kept without it, the funnel follows a
// handoff whose link was opened and whose form was sent, a question through the ability is kept as one
// through the endpoint, the settings reach the sidecar, the privacy text names what is recorded, and
// only administrators read any of it.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import {
  PLAYGROUND_COOKIE,
  adminRequest,
  atLeast,
  basicAuth,
  runWordPressPhp,
  sessionHeaders,
  siteFetch,
  wordpressStack,
  type WordPressStack,
} from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { formFields, hiddenFields, person } from '../support/enquiry-form.js';
import { FamilyClassifier } from '../../plugin/sidecar/insights/families.js';
import type { InsightsReport } from '../../plugin/sidecar/insights/report.js';

let stack: WordPressStack;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The form's time trap refuses what comes back within 3 s of rendering. */
const HUMAN_PAUSE_MS = 3_200;

beforeAll(() => {
  stack = wordpressStack()!;
});

async function report(days = 7): Promise<InsightsReport> {
  const res = await adminRequest(stack, 'GET', `/insights?days=${days}`);
  expect(res.status, res.text).toBe(200);
  return res.json as InsightsReport;
}

const countOf = (r: InsightsReport, channel: string, family?: string) =>
  r.requests.filter((x) => x.channel === channel && (!family || x.family === family)).reduce((n, x) => n + x.count, 0);

describe('insights through WordPress', () => {
  it('counts a request under the family its User-Agent names', async () => {
    const families = new FamilyClassifier().families.filter((f) => f.user_agent_tokens?.length);
    const before = await report();
    for (const family of families) {
      const res = await siteFetch(`${stack.url}${PREFIX}/company`, {
        headers: { cookie: PLAYGROUND_COOKIE, 'user-agent': `Mozilla/5.0 (compatible; ${family.user_agent_tokens![0]}/1.0; +https://vendor.example/bot)` },
      });
      expect(res.status).toBe(200);
      await res.text();
    }
    const browser = await siteFetch(`${stack.url}/llms.txt`, {
      headers: { cookie: PLAYGROUND_COOKIE, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0' },
    });
    await browser.text();
    const after = await report();
    for (const family of families) expect(countOf(after, 'rest:GET /company', family.id) - countOf(before, 'rest:GET /company', family.id), family.id).toBe(1);
    expect(countOf(after, 'document:/llms.txt', 'browser') - countOf(before, 'document:/llms.txt', 'browser')).toBe(1);
  });

  it('keeps a question asked through WordPress without the e-mail address, telephone number and street address', async () => {
    const tag = randomUUID().slice(0, 8);
    const asked = `Frage ${tag}: Ich bin unter erika.${tag}@kunde.example oder Tel. 089 1234567 erreichbar, Hauptstraße 12. Was kostet Glasfaser pro Rolle?`;
    const res = await siteFetch(`${stack.url}/wp-json/nlweb/v1/ask?query=${encodeURIComponent(asked)}`, {
      headers: { cookie: PLAYGROUND_COOKIE, 'user-agent': 'Claude-User/1.0' },
    });
    expect(res.status).toBe(200);
    await res.text();
    const r = await report();
    const kept = r.questions.find((q) => q.question.includes(tag));
    expect(kept, JSON.stringify(r.questions.slice(0, 5))).toBeDefined();
    expect(kept!.question).not.toMatch(/kunde\.example|erika\.|1234567|Hauptstraße 12/);
    expect(kept!.question).toContain('Was kostet Glasfaser pro Rolle?');
    expect(r.unanswered.map((q) => q.text_key)).toContain(kept!.text_key);
  });

  // The Abilities API is WordPress 6.9's; the ability goes through the bridge to the question endpoint.
  it.runIf(atLeast(wordpressStack()!, '6.9'))('keeps a question asked through the ability answer-question, counted under the question channel', async () => {
    const tag = randomUUID().slice(0, 8);
    const asked = `Frage ${tag}: Liefern Sie auch nach Island?`;
    const before = await report();
    const res = await siteFetch(
      `${stack.url}/wp-json/wp-abilities/v1/abilities/manufacturer-agent/answer-question/run?${new URLSearchParams({ 'input[query]': asked })}`,
      { headers: basicAuth(stack.subscriber) },
    );
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    const r = await report();
    const kept = r.questions.find((q) => q.question.includes(tag));
    expect(kept, JSON.stringify(r.questions.slice(0, 5))).toBeDefined();
    expect(kept!.count).toBe(1);
    expect(countOf(r, 'ask') - countOf(before, 'ask')).toBe(1);
  });

  it('follows a handoff through the funnel: created, its link opened, its form sent', async () => {
    const before = (await report()).funnel.find((s) => s.next_step === 'project_enquiry') ?? { created: 0, opened: 0, submitted: 0 };
    const created = await siteFetch(`${stack.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `insights-${randomUUID()}` },
      body: JSON.stringify({ next_step: 'project_enquiry', requirements: { material_id: 'vlies-classic' } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const url = `${stack.url}/kontakt/?handoff=${id}`;
    const page = await siteFetch(url, { headers: { cookie: PLAYGROUND_COOKIE } });
    const html = await page.text();
    expect(page.status).toBe(200);
    const opened = (await report()).funnel.find((s) => s.next_step === 'project_enquiry')!;
    expect([opened.created - before.created, opened.opened - before.opened, opened.submitted - before.submitted]).toEqual([1, 1, 0]);
    await sleep(HUMAN_PAUSE_MS);
    const sent = await siteFetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/x-www-form-urlencoded' },
      body: formFields(hiddenFields(html), person()),
    });
    expect(sent.status, (await sent.text()).slice(0, 1000)).toBe(303);
    const after = (await report()).funnel.find((s) => s.next_step === 'project_enquiry')!;
    expect([after.created - before.created, after.opened - before.opened, after.submitted - before.submitted]).toEqual([1, 1, 1]);
  });

  it('recording off through the admin route counts nothing more; the privacy text follows the settings', async () => {
    const off = await adminRequest(stack, 'PUT', '/insights/settings', { recording: false, question_retention_days: 14 });
    expect(off.status, off.text).toBe(200);
    const before = await report();
    expect(before.recording).toBe(false);
    await (await siteFetch(`${stack.url}/llms-full.txt`, { headers: { cookie: PLAYGROUND_COOKIE } })).text();
    expect(countOf(await report(), 'document:/llms-full.txt')).toBe(countOf(before, 'document:/llms-full.txt'));

    const on = await adminRequest(stack, 'PUT', '/insights/settings', { recording: true, question_retention_days: 14 });
    expect(on.json).toEqual({ recording: true, question_retention_days: 14 });
    const out = runWordPressPhp(stack, 'echo "\\n" . wp_json_encode( ManufacturerAgent\\Privacy\\Privacy::policy_text() );');
    const text = JSON.parse(out.trim().split('\n').pop()!) as string;
    expect(text).toContain('kept for 14 days');
    expect(text).toContain('no IP address, no User-Agent and no request content');
    await adminRequest(stack, 'PUT', '/insights/settings', { recording: true, question_retention_days: 30 });
    expect((await adminRequest(stack, 'PUT', '/insights/settings', { question_retention_days: 400 })).status).toBe(400);
  });

  it('only administrators read the insights', async () => {
    const res = await siteFetch(`${stack.url}/wp-json/manufacturer-agent-admin/v1/insights`, { headers: sessionHeaders(stack.subscriber) });
    expect(res.status).toBe(403);
    expect((await siteFetch(`${stack.url}/wp-json/manufacturer-agent-admin/v1/insights`, { headers: { cookie: PLAYGROUND_COOKIE } })).status).toBe(401);
  });
});
