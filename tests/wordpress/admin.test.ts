// The admin REST routes of the plugin (namespace manufacturer-agent-admin/v1) through WordPress:
// an option changed and visible on the next request, invalid configurations refused whole, the
// handoff list and status, and non-administrators refused on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ADMIN_PREFIX, PLAYGROUND_COOKIE, adminRequest, basicAuth, sessionHeaders, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';

let stack: WordPressStack;
const anonymous = { cookie: PLAYGROUND_COOKIE };

async function get(path: string): Promise<any> {
  const res = await fetch(`${stack.url}${path}`, { headers: anonymous });
  expect(res.status, path).toBe(200);
  return res.json();
}

async function createHandoff(nextStep: string): Promise<any> {
  const res = await fetch(`${stack.url}${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { ...anonymous, 'content-type': 'application/json', 'idempotency-key': `admin-${randomUUID()}` },
    body: JSON.stringify({ next_step: nextStep, requirements: { locale: 'en' } }),
  });
  expect(res.status).toBe(201);
  return res.json();
}

beforeAll(() => {
  stack = wordpressStack()!;
});
afterAll(async () => {
  await adminRequest(stack, 'PUT', '/config', { config: defaultConfig() });
});

describe('configuration through wp-admin', () => {
  it('GET /config gives the revision and the configuration in force (the default on a fresh site)', async () => {
    const res = await adminRequest(stack, 'GET', '/config');
    expect(res.status).toBe(200);
    expect(typeof res.json.revision).toBe('string');
    expect(res.json.config).toEqual(defaultConfig());
  });

  it('an option changed is visible on the next public request, and the sidecar holds the new revision', async () => {
    const before = await adminRequest(stack, 'GET', '/config');
    const config = defaultConfig();
    config.company.name = 'Gespeichert im Admin GmbH';
    config.materials[0].name = { de: 'Vlies Admin', en: 'Non-woven Admin' };
    const saved = await adminRequest(stack, 'PUT', '/config', { config });
    expect(saved.status).toBe(200);
    expect(saved.json.revision).not.toBe(before.json.revision);
    expect(saved.json.config).toEqual(config);

    expect((await get(`${PREFIX}/company`)).company.name).toBe('Gespeichert im Admin GmbH');
    expect((await get(`${PREFIX}/materials`)).materials[0].name.en).toBe('Non-woven Admin');
    const llms = await (await fetch(`${stack.url}/llms.txt`, { headers: anonymous })).text();
    expect(llms.startsWith('# Gespeichert im Admin GmbH')).toBe(true);

    const status = await adminRequest(stack, 'GET', '/status');
    expect(status.status).toBe(200);
    expect(status.json).toMatchObject({
      sidecar: { reachable: true, version: '1.1.4', revision: saved.json.revision, store: 'sqlite' },
      wordpress_revision: saved.json.revision,
      in_sync: true,
      // The save pushed it: nothing for the status route to push.
      sync: { needed: false, pushed: false },
    });
    expect(status.json.checks.map((c: { id: string }) => c.id)).toEqual(['reachable', 'version', 'config_sync', 'secret', 'storage', 'retention', 'site_url']);
    expect(status.json.checks.filter((c: { status: string }) => c.status === 'critical')).toEqual([]);
    expect((await adminRequest(stack, 'GET', '/config')).json).toEqual(saved.json);
  });

  it('refuses an invalid configuration whole with 400 naming each field, and saves nothing', async () => {
    const before = await adminRequest(stack, 'GET', '/config');
    const config = defaultConfig() as any;
    config.company.name = 'Nie gespeichert GmbH';
    config.materials[2].weight_g_m2 = -1;
    const res = await adminRequest(stack, 'PUT', '/config', { config });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: expect.any(String), message: expect.any(String), data: { status: 400 } });
    expect(res.json.data.errors).toContainEqual({ field: expect.stringMatching(/materials\/2\/weight_g_m2$/), message: expect.any(String) });
    expect((await adminRequest(stack, 'GET', '/config')).json).toEqual(before.json);
    expect((await get(`${PREFIX}/company`)).company.name).toBe(before.json.config.company.name);
  });

  it('validates without saving: POST /config/validate', async () => {
    const before = await adminRequest(stack, 'GET', '/config');
    const valid = await adminRequest(stack, 'POST', '/config/validate', { config: defaultConfig() });
    expect(valid.status).toBe(200);
    expect(valid.json).toEqual({ valid: true });
    const config = defaultConfig() as any;
    config.recommendations.effekt.material_id = 'no-such-material';
    const invalid = await adminRequest(stack, 'POST', '/config/validate', { config });
    expect(invalid.status).toBe(400);
    expect(invalid.json.data.status).toBe(400);
    expect(invalid.json.data.errors.length).toBeGreaterThan(0);
    for (const error of invalid.json.data.errors) expect(error).toEqual({ field: expect.any(String), message: expect.any(String) });
    expect((await adminRequest(stack, 'GET', '/config')).json.revision).toBe(before.json.revision);
  });
});

describe('handoffs in wp-admin', () => {
  it('lists handoffs newest first, paged and filtered by next step', async () => {
    const a = await createHandoff('wallcheck');
    const b = await createHandoff('sample_request');
    const c = await createHandoff('wallcheck');
    const first = await adminRequest(stack, 'GET', '/handoffs?next_step=wallcheck&per_page=1&page=1');
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ page: 1, per_page: 1 });
    expect(first.json.total).toBeGreaterThanOrEqual(2);
    expect(first.json.items.map((h: { id: string }) => h.id)).toEqual([c.id]);
    const second = await adminRequest(stack, 'GET', '/handoffs?next_step=wallcheck&per_page=1&page=2');
    expect(second.json.items.map((h: { id: string }) => h.id)).toEqual([a.id]);
    const all = await adminRequest(stack, 'GET', '/handoffs?per_page=100');
    expect(all.json.items.map((h: { id: string }) => h.id).slice(0, 3)).toEqual([c.id, b.id, a.id]);
    // The sidecar's HandoffRecord of the creation, in its first state, with no enquiry yet.
    const { id, next_step, link, requirements, created_at } = b;
    expect(all.json.items[1]).toEqual({
      id,
      next_step,
      link,
      requirements,
      created_at,
      state: 'created',
      opened_at: null,
      submitted_at: null,
      expired_at: null,
      enquiry: null,
    });
    expect((await adminRequest(stack, 'GET', '/handoffs?next_step=order')).status).toBe(400);
  });
});

describe('non-administrators are refused on every admin route', () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/config'],
    ['PUT', '/config', { config: { ...defaultConfig(), company: { ...defaultConfig().company, name: 'Übernommen GmbH' } } }],
    ['POST', '/config/validate', { config: defaultConfig() }],
    ['GET', '/handoffs'],
    ['GET', '/status'],
    ['GET', '/site-health/reachable'],
  ];
  const call = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
    fetch(`${stack.url}${ADMIN_PREFIX}${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it.each(routes)('%s %s: anonymous 401, subscriber 403 (cookie + nonce and application password), nothing changed', async (method, path, body) => {
    const revision = (await adminRequest(stack, 'GET', '/config')).json.revision;
    const cases: [string, Record<string, string>, number][] = [
      ['anonymous', anonymous, 401],
      ['subscriber with cookie and nonce', sessionHeaders(stack.subscriber), 403],
      ['subscriber with an application password', basicAuth(stack.subscriber), 403],
      // Cookie authentication without the nonce is no authentication (CSRF protection).
      ['administrator cookie without the nonce', { cookie: stack.admin.cookie }, 401],
      // A forged or stale nonce with a valid administrator cookie is refused outright.
      ['administrator cookie with a forged nonce', { cookie: stack.admin.cookie, 'x-wp-nonce': 'forged0000' }, 403],
    ];
    for (const [who, headers, status] of cases) {
      const res = await call(method, path, headers, body);
      expect(res.status, who).toBe(status);
      const json = (await res.json()) as any;
      expect(json.code, who).toMatch(/^rest_/);
    }
    const after = await adminRequest(stack, 'GET', '/config');
    expect(after.json.revision).toBe(revision);
    expect(after.json.config.company.name).not.toBe('Übernommen GmbH');
  });

  it('accepts an administrator with an application password (WP_ENVIRONMENT_TYPE local)', async () => {
    const res = await call('GET', '/status', basicAuth(stack.admin));
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).sidecar.reachable).toBe(true);
  });
});
