// The sidecar stopped and restarted under a running WordPress: every public path class answers 503
// with a JSON body and Retry-After (never a PHP warning or an HTML page), the admin refuses to save
// (nothing saved), and once the sidecar is back everything recovers by itself, including the
// configuration: the restarted sidecar holds the built-in default, and the next bridged request
// shows WordPress's saved options again (the bridge pushes them on the sidecar's 409 "stale revision").
import { internalHeaders } from '../support/bridge-headers.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAYGROUND_COOKIE, adminRequest, startStackSidecar, stopStackSidecar, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';

let stack: WordPressStack;
const anonymous = { cookie: PLAYGROUND_COOKIE };
const SAVED_NAME = 'Nach dem Neustart GmbH';
let earlier: { id: string; link: string };

const jsonRpc = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
/** One request of each public path class. */
const PUBLIC: { name: string; path: string; init?: RequestInit }[] = [
  { name: 'REST read (pretty)', path: `${PREFIX}/materials` },
  { name: 'REST read (?rest_route)', path: '/?rest_route=/manufacturer-agent/v1/materials' },
  { name: 'REST recommendation', path: `${PREFIX}/materials/recommendation?priority=robust` },
  { name: 'REST company', path: `${PREFIX}/company` },
  {
    name: 'REST handoff',
    path: `${PREFIX}/handoffs`,
    init: { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': `down-${randomUUID()}` }, body: '{"next_step":"wallcheck"}' },
  },
  { name: 'question answering', path: '/wp-json/nlweb/v1/ask?query=Wallcheck' },
  { name: 'question answering, streamed', path: '/wp-json/nlweb/v1/ask?query=Wallcheck', init: { headers: { accept: 'text/event-stream' } } },
  {
    name: 'tool endpoint',
    path: '/mcp/',
    init: { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }, body: jsonRpc },
  },
  { name: 'llms.txt', path: '/llms.txt' },
  { name: 'llms-full.txt', path: '/llms-full.txt' },
  { name: 'openapi.json', path: '/openapi.json' },
  { name: 'agent card', path: '/.well-known/agent.json' },
  { name: 'agent card alias', path: '/.well-known/agent-card.json' },
  { name: 'mcp.json', path: '/.well-known/mcp.json' },
  { name: 'server card', path: '/.well-known/mcp/server-card.json' },
  { name: 'server card alias', path: '/mcp/server-card' },
];

const hit = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.url}${path}`, { ...init, redirect: 'manual', headers: { ...anonymous, ...(init.headers as Record<string, string> | undefined) } });

beforeAll(async () => {
  stack = wordpressStack()!;
  const config = defaultConfig();
  config.company.name = SAVED_NAME;
  expect((await adminRequest(stack, 'PUT', '/config', { config })).status).toBe(200);
  const created = await hit(`${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': `before-${randomUUID()}` },
    body: '{"next_step":"project_enquiry","requirements":{"priority":"robust","motif_description":"Bergpanorama im Foyer"}}',
  });
  earlier = (await created.json()) as any;
});
afterAll(async () => {
  // Whatever happened, leave the stack with a running sidecar and the default configuration.
  await startStackSidecar(stack).catch(() => {});
  await adminRequest(stack, 'PUT', '/config', { config: defaultConfig() });
});

describe('sidecar stopped', () => {
  it('stops', async () => {
    await stopStackSidecar(stack);
    const direct = await fetch(`${stack.sidecarUrl}/_bridge/status`).then(
      () => 'answered',
      () => 'refused',
    );
    expect(direct).toBe('refused');
  });

  it.each(PUBLIC)('$name: 503, a JSON body, Retry-After, not cached', async ({ path, init }) => {
    const res = await hit(path, init);
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(503);
    expect(res.headers.get('content-type')).toMatch(/^application\/(problem\+)?json/);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = JSON.parse(text);
    expect(JSON.stringify(body)).toMatch(/unavailable/i);
    expect(text).not.toMatch(/<b>(Warning|Notice|Fatal error)<\/b>|<html/i);
  });

  it('admin: saving is refused with 503 and nothing is saved; status says unreachable; the list is 503', async () => {
    const before = await adminRequest(stack, 'GET', '/config');
    expect(before.status).toBe(200);
    const config = defaultConfig();
    config.company.name = 'Nie angekommen GmbH';
    const put = await adminRequest(stack, 'PUT', '/config', { config });
    expect(put.status).toBe(503);
    expect(put.json.data.status).toBe(503);
    expect((await adminRequest(stack, 'GET', '/config')).json).toEqual(before.json);
    const status = await adminRequest(stack, 'GET', '/status');
    expect(status.status).toBe(200);
    expect(status.json.sidecar.reachable).toBe(false);
    expect(status.json.in_sync).toBe(false);
    expect((await adminRequest(stack, 'GET', '/handoffs')).status).toBe(503);
  });

  it('the review page shows a plain note instead of the details', async () => {
    const res = await hit(`/kontakt/?handoff=${earlier.id}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.includes('Bergpanorama im Foyer')).toBe(false);
    expect(html.includes('manufacturer-agent-handoff')).toBe(true);
    expect(/<b>(Warning|Notice|Fatal error)<\/b>/.exec(html)?.[0]).toBeUndefined();
  });
});

describe('sidecar restarted', () => {
  it('starts again with the built-in default configuration', async () => {
    await startStackSidecar(stack);
    const status = await fetch(`${stack.sidecarUrl}/_bridge/status`, { headers: internalHeaders(stack.token) });
    expect(status.status).toBe(200);
    const wordpressRevision = (await adminRequest(stack, 'GET', '/config')).json.revision;
    expect(((await status.json()) as any).revision).not.toBe(wordpressRevision);
  });

  it('the next public request shows the options saved in WordPress (pushed on the stale revision), and the sidecar is in sync', async () => {
    const company = await hit(`${PREFIX}/company`);
    expect(company.status).toBe(200);
    expect(((await company.json()) as any).company.name).toBe(SAVED_NAME);
    const status = await adminRequest(stack, 'GET', '/status');
    expect(status.json.in_sync).toBe(true);
    expect(status.json.sidecar.reachable).toBe(true);
  });

  it.each(PUBLIC)('$name: answers again', async ({ path, init }) => {
    const fresh =
      init?.headers && 'idempotency-key' in (init.headers as Record<string, string>)
        ? { ...init, headers: { ...(init.headers as Record<string, string>), 'idempotency-key': `up-${randomUUID()}` } }
        : init;
    const res = await hit(path, fresh);
    await res.arrayBuffer();
    expect(res.status, path).toBeLessThan(300);
  });

  it('kept the handoffs created before the stop (stored before the 201)', async () => {
    const list = await adminRequest(stack, 'GET', '/handoffs?next_step=project_enquiry&per_page=100');
    expect(list.json.items.map((h: { id: string }) => h.id)).toContain(earlier.id);
    const page = await (await hit(`/kontakt/?handoff=${earlier.id}`)).text();
    expect(page.includes('Bergpanorama im Foyer')).toBe(true);
  });
});

// Issue 29: right after a restart, before any public request has pushed, the operator's screens say
// what is true: the Status tab's route and Site Health's configuration test push the saved
// configuration themselves and report it, instead of showing "in sync: no" on a site that works.
describe('sidecar restarted, looked at before any public request', () => {
  const sidecarRevision = async () =>
    ((await (await fetch(`${stack.sidecarUrl}/_bridge/status`, { headers: internalHeaders(stack.token) })).json()) as any).revision as string;

  it('the Status tab’s route pushes the saved configuration and says so; nothing is critical', async () => {
    await stopStackSidecar(stack);
    await startStackSidecar(stack);
    const saved = (await adminRequest(stack, 'GET', '/config')).json.revision;
    const held = await sidecarRevision();
    expect(held).not.toBe(saved);
    const status = await adminRequest(stack, 'GET', '/status');
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({ in_sync: true, wordpress_revision: saved, sync: { needed: true, pushed: true, from: held, error: null } });
    expect(status.json.sidecar.revision).toBe(saved);
    expect(status.json.checks.filter((c: { status: string }) => c.status === 'critical')).toEqual([]);
    expect(await sidecarRevision()).toBe(saved);
    // Looked at again: nothing left to push.
    expect((await adminRequest(stack, 'GET', '/status')).json.sync).toMatchObject({ needed: false, pushed: false });
  });

  it('Site Health’s asynchronous configuration test (its REST route, as an administrator) pushes it and is good', async () => {
    await stopStackSidecar(stack);
    await startStackSidecar(stack);
    const saved = (await adminRequest(stack, 'GET', '/config')).json.revision;
    expect(await sidecarRevision()).not.toBe(saved);
    const test = await adminRequest(stack, 'GET', '/site-health/config_sync');
    expect(test.status).toBe(200);
    expect(test.json).toMatchObject({ status: 'good', test: 'manufacturer_agent_config_sync' });
    expect(test.json.description).toContain(`WordPress has just sent it the saved configuration, revision ${saved}`);
    expect(await sidecarRevision()).toBe(saved);
  });
});
