// Issue 31 in the sidecar alone: every answered request counted by channel, agent family and outcome
// (through Fastify and the fast door alike), questions kept without personal data, bounded under a flood,
// the handoff funnel, the settings, and two sidecars on one MariaDB adding up.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { internalHeaders, relayedHeaders } from '../support/bridge-headers.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { freshDatabase, type TestDatabase } from '../support/mariadb.js';
import { QUESTIONS_PER_HOUR } from '../../plugin/sidecar/insights/store.js';
import { FamilyClassifier } from '../../plugin/sidecar/insights/families.js';
import { OUTCOMES } from '../../plugin/sidecar/insights/channels.js';

const TOKEN = 'test-bridge-secret-insights-0123456789';
const ASK = '/wp-json/nlweb/v1/ask';
const HOUR = Math.floor(Date.now() / 3_600_000);
const env = {
  MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN,
  MANUFACTURER_AGENT_RATE_LIMIT: '0',
  MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0',
  MANUFACTURER_AGENT_INSIGHTS_FLUSH_MS: '60000',
};

interface Report {
  recording: boolean;
  requests: { date: string; channel: string; family: string; outcome: string; count: number }[];
  funnel: { next_step: string; created: number; opened: number; submitted: number }[];
  questions: { text_key: string; question: string; kind: string; count: number; materials: string; dismissed: boolean }[];
  unanswered: { text_key: string; question: string; kind: string; count: number; dismissed: boolean }[];
  overflow: number;
  settings: { recording: boolean; question_retention_days: number };
}

async function report(baseUrl: string, days = 7): Promise<Report> {
  const response = await fetch(`${baseUrl}/_bridge/insights?days=${days}`, { headers: internalHeaders(TOKEN) });
  expect(response.status).toBe(200);
  return (await response.json()) as Report;
}

const countOf = (r: Report, channel: string, family?: string, outcome?: string) =>
  r.requests.filter((x) => x.channel === channel && (!family || x.family === family) && (!outcome || x.outcome === outcome)).reduce((n, x) => n + x.count, 0);

async function put(baseUrl: string, path: string, body: unknown) {
  return fetch(`${baseUrl}${path}`, { method: 'PUT', headers: internalHeaders(TOKEN, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
}

describe('insights in one sidecar (SQLite)', () => {
  let running: RunningService;
  beforeAll(async () => {
    running = await startService(env);
  });
  afterAll(async () => running?.stop());

  it('counts each agent family by its User-Agent, on the fast door and on Fastify routes', async () => {
    const classifier = new FamilyClassifier();
    const sent: [string, string][] = [];
    for (const family of classifier.families.filter((f) => f.user_agent_tokens?.length)) {
      const ua = `Mozilla/5.0 (compatible; ${family.user_agent_tokens![0]}/1.1; +https://example.org/bot)`;
      // The exact request-target of a reading route is the fast door's; with another query Fastify answers it.
      expect((await fetch(`${running.baseUrl}${PREFIX}/materials/recommendation?priority=robust`, { headers: { 'user-agent': ua } })).status).toBe(200);
      expect((await fetch(`${running.baseUrl}${PREFIX}/materials/recommendation?priority=robust&via=fastify`, { headers: { 'user-agent': ua } })).status).toBe(
        200,
      );
      sent.push([family.id, ua]);
    }
    await fetch(`${running.baseUrl}/llms.txt`, { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' } });
    await fetch(`${running.baseUrl}${PREFIX}/materials/recommendation?priority=none`, { headers: { 'user-agent': 'curl/8.5' } });
    const r = await report(running.baseUrl);
    for (const [id] of sent) {
      expect(countOf(r, 'rest:GET /materials/recommendation', id, '2xx'), id).toBe(2);
    }
    expect(countOf(r, 'document:/llms.txt', 'browser')).toBe(1);
    expect(countOf(r, 'rest:GET /materials/recommendation', 'other-agent', '4xx')).toBe(1);
    // Nothing of the plugin's own calls is counted.
    expect(r.requests.some((x) => x.channel.includes('_bridge'))).toBe(false);
  });

  it('counts a 304 as its own outcome', async () => {
    const first = await fetch(`${running.baseUrl}${PREFIX}/company`, { headers: { 'user-agent': 'GPTBot/1.2' } });
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${running.baseUrl}${PREFIX}/company`, { headers: { 'user-agent': 'GPTBot/1.2', 'if-none-match': etag } })).status).toBe(304);
    const r = await report(running.baseUrl);
    expect(countOf(r, 'rest:GET /company', 'gptbot', '304')).toBe(1);
  });

  it('an MCP client by the name initialize carries, tools by name', async () => {
    const post = (body: unknown, ua = 'node') =>
      fetch(`${running.baseUrl}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18', 'user-agent': ua },
        body: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'claude-ai', version: '0.1.0' } },
    });
    expect(init.status).toBe(200);
    await init.text();
    const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await list.text();
    const r = await report(running.baseUrl);
    expect(countOf(r, 'mcp:initialize', 'claude-mcp')).toBe(1);
    expect(countOf(r, 'mcp:tools/list', 'other-agent')).toBe(1);
  });

  it('keeps a question with its kind and count, without the e-mail address, telephone number and street address', async () => {
    const asked =
      'Hallo, ich bin erreichbar unter anna.beispiel@example.com oder Tel. 030 98765432, Lindenstraße 7: was kostet Vinyl auf Vlies pro Quadratmeter?';
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`${running.baseUrl}${ASK}?query=${encodeURIComponent(asked)}`, { headers: { 'user-agent': 'Claude-User/1.0' } });
      expect(response.status).toBe(200);
    }
    const answered = await fetch(`${running.baseUrl}${ASK}?query=${encodeURIComponent('Welches Material ist für Nassräume geeignet?')}`);
    expect(answered.status).toBe(200);
    const r = await report(running.baseUrl);
    const kept = r.questions.find((q) => q.question.includes('was kostet Vinyl'));
    expect(kept, JSON.stringify(r.questions)).toBeDefined();
    expect(kept!.count).toBe(3);
    expect(kept!.question).not.toMatch(/anna|example\.com|030|98765432|Lindenstraße 7/);
    expect(countOf(r, 'ask', 'claude-user', '2xx')).toBe(3);
    // A price is not in the data: routed, listed first among what the data could not answer.
    expect(r.unanswered.map((q) => q.question)).toContain(kept!.question);
    // Straight from the store: no column holds the address anywhere.
    const rows = JSON.stringify(await running.service.handoffs.insights.topQuestions(0, 1000));
    expect(rows).not.toMatch(/example\.com|98765432|Lindenstraße 7/);
  });

  // Abilities.php runs the ability answer-question through Bridge::exchange: its input as a JSON POST to
  // the question path, with the bridge's headers and no User-Agent of the caller. The MCP door has no
  // tool that asks; the ability is the only door to the question endpoint besides the endpoint itself.
  it('keeps a question the WordPress ability relays and counts it under the question channel', async () => {
    const before = await report(running.baseUrl);
    const asked = 'Liefern Sie auch nach Island?';
    const response = await fetch(`${running.baseUrl}${ASK}`, {
      method: 'POST',
      headers: relayedHeaders(TOKEN, {
        accept: 'application/json',
        'content-type': 'application/json',
        [BRIDGE_HEADERS.clientAddress]: '203.0.113.7',
        [BRIDGE_HEADERS.publicBase]: 'https://wandwerk.example',
      }),
      body: JSON.stringify({ query: asked }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { _meta: { response_type: string } })._meta.response_type).toBe('answer');
    const r = await report(running.baseUrl);
    const kept = r.questions.find((q) => q.question === asked);
    expect(kept, JSON.stringify(r.questions)).toBeDefined();
    expect(kept!.count).toBe(1);
    expect(countOf(r, 'ask', undefined, '2xx') - countOf(before, 'ask', undefined, '2xx')).toBe(1);
    // Delivery to a country the data does not name: among the questions it could not answer.
    expect(r.unanswered.map((q) => q.text_key)).toContain(kept!.text_key);
  });

  it('a question marked as not relevant stays marked', async () => {
    const r = await report(running.baseUrl);
    const q = r.unanswered[0]!;
    expect((await put(running.baseUrl, `/_bridge/insights/questions/${q.text_key}/dismissed`, { dismissed: true })).status).toBe(200);
    expect((await report(running.baseUrl)).unanswered.find((x) => x.text_key === q.text_key)!.dismissed).toBe(true);
    await put(running.baseUrl, `/_bridge/insights/questions/${q.text_key}/dismissed`, { dismissed: false });
    expect((await report(running.baseUrl)).unanswered.find((x) => x.text_key === q.text_key)!.dismissed).toBe(false);
  });

  it('the funnel follows a handoff from created to opened to submitted', async () => {
    const create = (next_step: string) =>
      fetch(`${running.baseUrl}${PREFIX}/handoffs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `insights-${randomUUID()}` },
        body: JSON.stringify({ next_step }),
      }).then((r) => r.json() as Promise<{ id: string }>);
    const a = await create('project_enquiry');
    await create('project_enquiry');
    await create('sample_request');
    const mark = (id: string, step: string) => fetch(`${running.baseUrl}/_bridge/handoffs/${id}/${step}`, { method: 'POST', headers: internalHeaders(TOKEN) });
    expect((await mark(a.id, 'opened')).status).toBe(200);
    expect((await mark(a.id, 'submitted')).status).toBe(200);
    const r = await report(running.baseUrl);
    expect(r.funnel).toEqual([
      { next_step: 'project_enquiry', created: 2, opened: 1, submitted: 1 },
      { next_step: 'sample_request', created: 1, opened: 0, submitted: 0 },
    ]);
  });

  it('is bounded under a flood of made-up agents and questions', async () => {
    const before = await running.service.handoffs.insights.rowsInHour(HOUR);
    const floods = [];
    for (let i = 0; i < 300; i++) floods.push(fetch(`${running.baseUrl}${PREFIX}/materials`, { headers: { 'user-agent': `Made-Up-Agent-${randomUUID()}` } }));
    await Promise.all(floods);
    // More distinct questions than an hour keeps, straight into the recorder (HTTP would take minutes here).
    for (let i = 0; i < QUESTIONS_PER_HOUR + 200; i++) running.service.insights.question(`made-up question number ${i} ${randomUUID()}`, 'en', 'routed', []);
    const r = await report(running.baseUrl);
    const after = await running.service.handoffs.insights.rowsInHour(HOUR);
    // Every made-up agent is one family: at most one new row per outcome for this channel.
    expect(after.requests - before.requests).toBeLessThanOrEqual(OUTCOMES.length);
    expect(countOf(r, 'rest:GET /materials', 'other-agent')).toBe(300);
    expect(after.questions).toBeLessThanOrEqual(QUESTIONS_PER_HOUR);
    expect(r.overflow).toBeGreaterThanOrEqual(200);
    // The flood's rows are the hour's rows: a bound per hour the documentation names.
    const classifier = new FamilyClassifier();
    expect(classifier.ids().length).toBeLessThan(40);
  });

  it('settings: recording off counts nothing; a retention of 0 keeps no question', async () => {
    expect((await put(running.baseUrl, '/_bridge/insights/settings', { recording: false, question_retention_days: 30 })).status).toBe(200);
    const before = countOf(await report(running.baseUrl), 'document:/llms-full.txt');
    await fetch(`${running.baseUrl}/llms-full.txt`);
    const off = await report(running.baseUrl);
    expect(off.recording).toBe(false);
    expect(countOf(off, 'document:/llms-full.txt')).toBe(before);
    await put(running.baseUrl, '/_bridge/insights/settings', { recording: true, question_retention_days: 0 });
    await fetch(`${running.baseUrl}/llms-full.txt`);
    await fetch(`${running.baseUrl}${ASK}?query=${encodeURIComponent('a question nobody keeps')}`);
    const on = await report(running.baseUrl);
    expect(countOf(on, 'document:/llms-full.txt')).toBe(before + 1);
    expect(on.questions).toEqual([]);
    expect((await put(running.baseUrl, '/_bridge/insights/settings', { recording: true, question_retention_days: 400 })).status).toBe(400);
    await put(running.baseUrl, '/_bridge/insights/settings', { recording: true, question_retention_days: 30 });
  });

  it('only the plugin reads or changes the insights', async () => {
    expect((await fetch(`${running.baseUrl}/_bridge/insights`)).status).toBe(403);
    const relayed = await fetch(`${running.baseUrl}/_bridge/insights/settings`, {
      method: 'PUT',
      headers: { 'x-manufacturer-agent-bridge-token': TOKEN, 'content-type': 'application/json' },
      body: '{"recording":false}',
    });
    expect(relayed.status).toBe(403);
  });
});

describe('two sidecars on one MariaDB', () => {
  let db: TestDatabase;
  const sidecars: RunningService[] = [];
  beforeAll(async () => {
    db = await freshDatabase();
    for (let i = 0; i < 2; i++) sidecars.push(await startService({ ...env, MANUFACTURER_AGENT_DATABASE_URL: db.url, MANUFACTURER_AGENT_TABLE_PREFIX: 'wp_' }));
  });
  afterAll(async () => {
    for (const s of sidecars) await s.stop();
    await db?.drop();
  });

  it('the counts and questions of both add up, and a setting saved through one holds for both', async () => {
    const [a, b] = sidecars as [RunningService, RunningService];
    for (let i = 0; i < 3; i++) await fetch(`${a.baseUrl}${PREFIX}/materials`, { headers: { 'user-agent': 'ChatGPT-User/1.0' } });
    for (let i = 0; i < 4; i++) await fetch(`${b.baseUrl}${PREFIX}/materials`, { headers: { 'user-agent': 'ChatGPT-User/1.0' } });
    const q = encodeURIComponent('Gibt es Lieferzeiten für Glasfaser?');
    await fetch(`${a.baseUrl}${ASK}?query=${q}`);
    await fetch(`${b.baseUrl}${ASK}?query=${q}`);
    await a.service.insights.flush();
    const r = await report(b.baseUrl);
    expect(countOf(r, 'rest:GET /materials', 'chatgpt-user', '2xx')).toBe(7);
    expect(r.questions.find((x) => x.question.startsWith('Gibt es Lieferzeiten'))?.count).toBe(2);
    expect((await db.query('SELECT SUM(count) AS n FROM wp_manufacturer_agent_insights_requests WHERE family = ?', ['chatgpt-user']))[0].n).toBe('7');

    await put(a.baseUrl, '/_bridge/insights/settings', { recording: false, question_retention_days: 30 });
    await b.service.insights.flush();
    expect(b.service.insights.recording).toBe(false);
  });
});
