import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { PREFIX, ROOT, startService, type RunningService } from '../support/service.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { internalHeaders, relayedHeaders } from '../support/bridge-headers.js';
import { defaultConfig, MAX_SITE_URLS } from '../../plugin/sidecar/core/site-config.js';
import { HANDOFF_STATES, validatorFor } from '../../plugin/sidecar/core/schemas.js';

const TOKEN = 'test-bridge-secret-0123456789';
let running: RunningService;
let base: string;

beforeAll(async () => {
  running = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0' });
  base = running.baseUrl;
});
afterAll(() => running.stop());

const bridged = (extra: Record<string, string> = {}) => relayedHeaders(TOKEN, extra);
const internal = (extra: Record<string, string> = {}) => internalHeaders(TOKEN, extra);

async function push(body: unknown, query = '', token = TOKEN) {
  const res = await fetch(`${base}/_bridge/config${query}`, {
    method: 'PUT',
    headers: internalHeaders(token, { 'content-type': 'application/json' }),
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as any };
}

describe('bridge-only endpoints', () => {
  it.each([
    ['GET', '/_bridge/status'],
    ['PUT', '/_bridge/config'],
    ['GET', '/_bridge/handoffs'],
    ['GET', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa'],
    ['POST', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa/opened'],
    ['POST', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa/submitted'],
  ])('%s %s refuses without the secret, with a wrong one, and with the secret alone (a relayed public request)', async (method, path) => {
    const forged = internalHeaders('wrong');
    for (const headers of [
      {},
      { [BRIDGE_HEADERS.token]: 'wrong' },
      { [BRIDGE_HEADERS.token]: `${TOKEN}x` },
      bridged(),
      { ...bridged(), [BRIDGE_HEADERS.internal]: forged[BRIDGE_HEADERS.internal] },
      { [BRIDGE_HEADERS.internal]: internal()[BRIDGE_HEADERS.internal] },
    ]) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...headers } as Record<string, string>,
        body: method === 'PUT' ? '{}' : undefined,
      });
      expect(res.status).toBe(403);
      expect(((await res.json()) as any).code).toBe('bridge_only');
    }
  });

  it('refuses everyone when the sidecar has no secret configured', async () => {
    const open = await startService({});
    try {
      const res = await fetch(`${open.baseUrl}/_bridge/status`, { headers: { [BRIDGE_HEADERS.token]: '' } });
      expect(res.status).toBe(403);
    } finally {
      await open.stop();
    }
  });

  it('reports status to the bridge', async () => {
    const res = await fetch(`${base}/_bridge/status`, { headers: internal() });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      service: 'manufacturer-agent-sidecar',
      version: '1.1.4',
      revision: running.service.site.announcedRevision,
      store: 'sqlite',
      plugin_version: JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
      storage: { kind: 'sqlite', writable: true },
      handoff_retention_days: expect.any(Number),
      // The links of this site's answers: the configured public URL when the bridge names no site URL…
      public_base: base,
      public_url: base,
    });
    // …and the site URL the bridge names, as in a relayed request.
    const named = await fetch(`${base}/_bridge/status`, { headers: internal({ [BRIDGE_HEADERS.publicBase]: 'https://status-site.example/' }) });
    expect(((await named.json()) as any).public_base).toBe('https://status-site.example');
  });

  it('reports the retention run: none before the first, then when it ran and whether it succeeded', async () => {
    const status = async () => ((await (await fetch(`${base}/_bridge/status`, { headers: internal() })).json()) as any).retention;
    const before = await status();
    if (before.last_run_at === null) expect(before).toEqual({ last_run_at: null, last_ok: null, last_success_at: null });
    const started = Date.now();
    const run = await running.service.retention.run({ info: () => {}, error: () => {} });
    expect(run.ok).toBe(true);
    const after = await status();
    expect(Date.parse(after.last_run_at)).toBeGreaterThanOrEqual(started - 1000);
    expect(after.last_ok).toBe(true);
    expect(after.last_success_at).toBe(after.last_run_at);
  });

  it('reports a failed retention run with its error, and keeps the time of the last success', async () => {
    const service = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN });
    try {
      const quiet = { info: () => {}, error: () => {} };
      await service.service.retention.run(quiet);
      const succeeded = service.service.retention.lastSucceededAt!;
      const store = service.service.handoffs;
      const original = store.expireHandoffs.bind(store);
      store.expireHandoffs = async () => {
        throw new Error('disk full');
      };
      try {
        const run = await service.service.retention.run(quiet);
        expect(run).toMatchObject({ ok: false, error: 'expiring old handoffs: disk full' });
      } finally {
        store.expireHandoffs = original;
      }
      const res = await fetch(`${service.baseUrl}/_bridge/status`, { headers: internalHeaders(TOKEN) });
      const body = (await res.json()) as any;
      expect(body.retention).toMatchObject({ last_ok: false, error: 'expiring old handoffs: disk full', last_success_at: new Date(succeeded).toISOString() });
    } finally {
      await service.stop();
    }
  });
});

describe('forwarded client address and site URL', () => {
  it(`answers for at most ${MAX_SITE_URLS} site URLs per configuration; further ones get the configured public URL`, async () => {
    const service = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0' });
    try {
      const contactLink = async (siteUrl: string) => {
        const res = await fetch(`${service.baseUrl}${PREFIX}/company${siteUrl.endsWith('-q.example') ? '?x=1' : ''}`, {
          headers: bridged({ [BRIDGE_HEADERS.publicBase]: siteUrl }),
        });
        return ((await res.json()) as any).links.contact_form as string;
      };
      const named = Array.from({ length: MAX_SITE_URLS + 3 }, (_, i) => `https://site-${i}${i % 2 ? '-q' : ''}.example`);
      const links = [];
      for (const siteUrl of named) links.push(await contactLink(siteUrl));
      expect(links).toEqual(named.map((siteUrl, i) => `${i < MAX_SITE_URLS ? siteUrl : service.baseUrl}/kontakt/`));
      // A URL answered for stays so; a new configuration counts anew.
      expect(await contactLink(named[0])).toBe(`${named[0]}/kontakt/`);
      service.service.site.replace(defaultConfig());
      expect(await contactLink(named.at(-1)!)).toBe(`${named.at(-1)}/kontakt/`);
    } finally {
      await service.stop();
    }
  });

  it('are ignored without the secret', async () => {
    const res = await fetch(`${base}${PREFIX}/company`, {
      headers: { [BRIDGE_HEADERS.publicBase]: 'https://evil.example', [BRIDGE_HEADERS.clientAddress]: '203.0.113.9' },
    });
    expect(((await res.json()) as any).links.contact_form).toBe(`${base}/kontakt/`);
  });

  it('are honoured with it: links use the WordPress site URL', async () => {
    const res = await fetch(`${base}${PREFIX}/company`, { headers: bridged({ [BRIDGE_HEADERS.publicBase]: 'https://tapeten.example/de' }) });
    expect(((await res.json()) as any).links.contact_form).toBe('https://tapeten.example/de/kontakt/');
    const handoff = await fetch(`${base}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: bridged({ [BRIDGE_HEADERS.publicBase]: 'https://tapeten.example/de', 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
      body: '{"next_step":"wallcheck"}',
    });
    expect(((await handoff.json()) as any).link).toMatch(/^https:\/\/tapeten\.example\/de\/wallcheck\?handoff=ho_/);
  });

  it('key the rate limit by the forwarded address only with the secret', async () => {
    const limited = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '2' });
    try {
      const get = (headers: Record<string, string>) => fetch(`${limited.baseUrl}${PREFIX}/company`, { headers }).then((r) => r.status);
      // A spoofed address without the secret does not escape the limit of the real socket address.
      expect([
        await get({}),
        await get({ [BRIDGE_HEADERS.clientAddress]: '198.51.100.1' }),
        await get({ [BRIDGE_HEADERS.clientAddress]: '198.51.100.2' }),
      ]).toEqual([200, 200, 429]);
      // Through the bridge, each forwarded client has its own budget.
      const viaBridge = (ip: string) => get({ [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.clientAddress]: ip });
      expect([await viaBridge('198.51.100.7'), await viaBridge('198.51.100.7'), await viaBridge('198.51.100.7'), await viaBridge('198.51.100.8')]).toEqual([
        200, 200, 429, 200,
      ]);
    } finally {
      await limited.stop();
    }
  });
});

describe('configuration push and revision', () => {
  it('validates without applying on a dry run, naming each field', async () => {
    const config = defaultConfig() as any;
    config.recommendations.effekt.material_id = 'unknown-material';
    config.materials[2].weight_g_m2 = -1;
    const { status, json } = await push({ revision: 'r-dry', config }, '?dry_run=1');
    expect(status).toBe(400);
    expect(json.code).toBe('invalid_site_config');
    expect(json.errors.map((e: { field: string }) => e.field).sort()).toEqual(['/config/materials/2/weight_g_m2']);
    const ok = await push({ revision: 'r-dry', config: defaultConfig() }, '?dry_run=1');
    expect(ok.json).toEqual({ revision: 'r-dry', applied: false });
    expect(running.service.site.revision).not.toBe('r-dry');
  });

  it('applies a pushed configuration: the next request shows it', async () => {
    const config = defaultConfig();
    config.company.name = 'Push Test GmbH';
    expect((await push({ revision: 'rev-42', config })).json).toEqual({ revision: 'rev-42', applied: true });
    const company = await fetch(`${base}${PREFIX}/company`).then((r) => r.json() as Promise<any>);
    expect(company.company.name).toBe('Push Test GmbH');
  });

  it('serves a changed configuration on both read paths even when a push repeats the revision name', async () => {
    const named = async (name: string) => {
      const config = defaultConfig();
      config.company.name = name;
      expect((await push({ revision: 'rev-same-name', config })).status).toBe(200);
    };
    // The exact target is the fast door's, the one with a query Fastify's; llms.txt names the company too.
    const served = async () =>
      Promise.all([
        fetch(`${base}${PREFIX}/company`).then(async (r) => ((await r.json()) as any).company.name),
        fetch(`${base}${PREFIX}/company?x=1`).then(async (r) => ((await r.json()) as any).company.name),
        fetch(`${base}${PREFIX}/company`, { headers: bridged({ [BRIDGE_HEADERS.configRevision]: 'rev-same-name' }) }).then(
          async (r) => ((await r.json()) as any).company.name,
        ),
        fetch(`${base}/llms.txt`).then(async (r) => (await r.text()).split('\n')[0]),
      ]);
    await named('Erste Fassung GmbH');
    expect(await served()).toEqual(['Erste Fassung GmbH', 'Erste Fassung GmbH', 'Erste Fassung GmbH', '# Erste Fassung GmbH']);
    await named('Zweite Fassung GmbH');
    expect(await served()).toEqual(['Zweite Fassung GmbH', 'Zweite Fassung GmbH', 'Zweite Fassung GmbH', '# Zweite Fassung GmbH']);
  });

  it('refuses an invalid push whole and keeps the configuration in force', async () => {
    const before = running.service.site.revision;
    const { status } = await push({ revision: 'rev-bad', config: { materials: [] } });
    expect(status).toBe(400);
    expect(running.service.site.revision).toBe(before);
  });

  it('answers 409 with its own revision when the bridge expects another', async () => {
    await push({ revision: 'rev-100', config: defaultConfig() });
    const stale = await fetch(`${base}${PREFIX}/materials`, { headers: bridged({ [BRIDGE_HEADERS.configRevision]: 'rev-101' }) });
    expect(stale.status).toBe(409);
    expect(stale.headers.get(BRIDGE_HEADERS.configRevision)).toBe('rev-100');
    expect(((await stale.json()) as any).code).toBe('config_revision_stale');
    const current = await fetch(`${base}${PREFIX}/materials`, { headers: bridged({ [BRIDGE_HEADERS.configRevision]: 'rev-100' }) });
    expect(current.status).toBe(200);
    // Without the secret the header means nothing.
    expect((await fetch(`${base}${PREFIX}/materials`, { headers: { [BRIDGE_HEADERS.configRevision]: 'rev-101' } })).status).toBe(200);
  });
});

describe('handoffs for review and the admin list', () => {
  it('reads one handoff by id and lists them newest first, filtered and paged', async () => {
    const created = [];
    for (const step of ['wallcheck', 'sample_request', 'wallcheck']) {
      const res = await fetch(`${base}${PREFIX}/handoffs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ next_step: step, requirements: { locale: 'en' } }),
      });
      created.push((await res.json()) as any);
      await new Promise((r) => setTimeout(r, 5));
    }
    const one = await fetch(`${base}/_bridge/handoffs/${created[1].id}`, { headers: internal() });
    const { status: _status, review: _review, ...createdFields } = created[1];
    expect(await one.json()).toEqual({ ...createdFields, state: 'created', opened_at: null, submitted_at: null, expired_at: null });
    expect((await fetch(`${base}/_bridge/handoffs/ho_doesnotexist00000000`, { headers: internal() })).status).toBe(404);

    const page = (await fetch(`${base}/_bridge/handoffs?next_step=wallcheck&limit=1`, { headers: internal() }).then((r) => r.json())) as any;
    expect(page.items.map((h: { id: string }) => h.id)).toEqual([created[2].id]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    const next = (await fetch(`${base}/_bridge/handoffs?next_step=wallcheck&limit=1&offset=1`, { headers: internal() }).then((r) => r.json())) as any;
    expect(next.items[0].id).toBe(created[0].id);
    expect((await fetch(`${base}/_bridge/handoffs?next_step=order`, { headers: internal() })).status).toBe(400);
    expect((await fetch(`${base}/_bridge/handoffs?limit=1000`, { headers: internal() })).status).toBe(400);
  });
});

describe('the internal routes check their declared inputs', () => {
  const list = (query: string, headers = internal()) => fetch(`${base}/_bridge/handoffs${query}`, { headers });

  it('reads the list query by its schema: numbers from text, defaults filled in, every fault named at once', async () => {
    const plain = (await list('').then((r) => r.json())) as any;
    expect([plain.limit, plain.offset]).toEqual([20, 0]);
    const page = (await list('?limit=3&offset=0').then((r) => r.json())) as any;
    expect(page.limit).toBe(3);
    expect(typeof page.limit).toBe('number');

    const refused = await list('?limit=0&offset=-1&state=lost&next_step=');
    expect(refused.status).toBe(400);
    const problem = (await refused.json()) as any;
    expect(problem.code).toBe('rest_invalid_param');
    expect(problem.errors.map((e: { field: string }) => e.field).sort()).toEqual(['query:limit', 'query:next_step', 'query:offset', 'query:state']);
    expect(problem.errors.find((e: { field: string }) => e.field === 'query:limit').message).toBe('must be a whole number from 1 to 100');
    expect(problem.errors.find((e: { field: string }) => e.field === 'query:state').message).toBe(`must be one of: ${HANDOFF_STATES.join(', ')}`);
    for (const bad of ['?limit=abc', '?limit=2.5', '?limit=101', '?limit=1&limit=2', '?offset=99999999999']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
    // The credential is checked first: a caller without it learns nothing of the query's rules.
    expect((await list('?limit=abc', bridged())).status).toBe(403);
  });

  it('knows nothing under a path that is no handoff id, on every handoff route', async () => {
    for (const id of ['ho_short', 'not-a-handoff-id-at-all-0000', 'ho_aaaaaaaaaaaaaaaa!', `ho_${'a'.repeat(65)}`, 'HO_aaaaaaaaaaaaaaaaaaaaaaaa']) {
      const get = await fetch(`${base}/_bridge/handoffs/${id}`, { headers: internal() });
      expect(get.status, id).toBe(404);
      expect(((await get.json()) as any).code).toBe('handoff_not_found');
      for (const transition of ['opened', 'submitted']) {
        expect((await fetch(`${base}/_bridge/handoffs/${id}/${transition}`, { method: 'POST', headers: internal() })).status, `${id} ${transition}`).toBe(404);
      }
    }
  });

  it('refuses a dry_run other than 0 or 1 and applies nothing', async () => {
    const before = running.service.site.revision;
    const { status, json } = await push({ revision: 'r-dry-yes', config: defaultConfig() }, '?dry_run=yes');
    expect(status).toBe(400);
    expect(json.errors.map((e: { field: string }) => e.field)).toEqual(['query:dry_run']);
    expect(running.service.site.revision).toBe(before);
    expect((await push({ revision: 'r-dry-0', config: defaultConfig() }, '?dry_run=0')).json.applied).toBe(true);
  });

  it('names every problem of a pushed body at once, the revision in words', async () => {
    const config = defaultConfig() as any;
    config.recommendations.effekt.material_id = 'unknown-material';
    config.materials.push({ ...config.materials[0] });
    const { status, json } = await push({ revision: 'bad revision!', config });
    expect(status).toBe(400);
    expect(json.code).toBe('invalid_site_config');
    expect(json.errors).toContainEqual({ field: '/revision', message: 'must be 1 to 64 letters, digits, dots, dashes or underscores' });
    // A body the schema accepts still has its references checked: the duplicate id and the unknown material.
    const references = await push({ revision: 'r-refs', config });
    expect(references.json.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      `/config/materials/${config.materials.length - 1}/id`,
      '/config/recommendations/effekt/material_id',
    ]);
    expect((await push([])).json.errors).toEqual([{ field: '/', message: 'must be an object with revision and config' }]);
  });
});

describe('the handoff lifecycle through the bridge', () => {
  let service: RunningService;
  let url: string;
  beforeAll(async () => {
    service = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0' });
    url = service.baseUrl;
  });
  afterAll(() => service.stop());

  const record = validatorFor('HandoffRecord');
  /** A bridge call's status and JSON, each handoff record in it checked against its schema. */
  async function bridge(method: string, path: string) {
    const res = await fetch(`${url}/_bridge${path}`, { method, headers: internal() });
    const json = (await res.json()) as any;
    const records = res.status !== 200 ? [] : path.startsWith('/handoffs?') ? json.items : path.endsWith('/submitted') ? [json.handoff] : [json];
    for (const r of records) expect(record(r), JSON.stringify(record.errors)).toBe(true);
    return { status: res.status, json, contentType: res.headers.get('content-type'), cache: res.headers.get('cache-control') };
  }
  async function create(nextStep: string, key = randomUUID()) {
    const body = JSON.stringify({ next_step: nextStep, requirements: { locale: 'de', priority: 'robust' } });
    const res = await fetch(`${url}${PREFIX}/handoffs`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body });
    return { key, body, status: res.status, text: await res.text(), replayed: res.headers.get('idempotent-replayed') };
  }

  it('records opened and submitted, each once; the creation answer and its replay stay byte for byte what they were', async () => {
    const made = await create('project_enquiry');
    expect(made.status).toBe(201);
    const { id } = JSON.parse(made.text);

    const first = await bridge('POST', `/handoffs/${id}/opened`);
    expect(first).toMatchObject({ status: 200, cache: 'no-store', json: { id, state: 'opened', submitted_at: null, expired_at: null } });
    expect(first.contentType).toMatch(/^application\/json/);
    expect((await bridge('POST', `/handoffs/${id}/opened`)).json.opened_at).toBe(first.json.opened_at);

    const sent = await bridge('POST', `/handoffs/${id}/submitted`);
    expect(sent).toMatchObject({ status: 200, json: { changed: true, handoff: { id, state: 'submitted', opened_at: first.json.opened_at } } });
    expect(Object.keys(sent.json).sort()).toEqual(['changed', 'handoff']);
    const again = await bridge('POST', `/handoffs/${id}/submitted`);
    expect(again.json).toEqual({ changed: false, handoff: sent.json.handoff });
    expect((await bridge('GET', `/handoffs/${id}`)).json).toEqual(sent.json.handoff);

    const replay = await fetch(`${url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': made.key },
      body: made.body,
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    const replayed = await replay.text();
    expect(replayed).toBe(made.text);
    expect(JSON.parse(replayed).status).toBe('awaiting_human_review');
  });

  it('records a submission without a view: opened_at stays null', async () => {
    const { id } = JSON.parse((await create('sample_request')).text);
    const sent = await bridge('POST', `/handoffs/${id}/submitted`);
    expect(sent.json).toMatchObject({ changed: true, handoff: { state: 'submitted', opened_at: null } });
    expect(Date.parse(sent.json.handoff.submitted_at)).toBeGreaterThanOrEqual(Date.parse(sent.json.handoff.created_at));
  });

  it('lists by state and next step, each item a record; refuses an unknown state as it does an unknown next step', async () => {
    const ids = [];
    for (const step of ['wallcheck', 'wallcheck', 'wallcheck']) ids.push(JSON.parse((await create(step)).text).id);
    await bridge('POST', `/handoffs/${ids[0]}/opened`);
    await bridge('POST', `/handoffs/${ids[2]}/submitted`);
    const list = (query: string) => bridge('GET', `/handoffs?${query}`);
    const opened = await list('state=opened&next_step=wallcheck');
    expect(opened.json).toMatchObject({ total: 1, limit: 20, offset: 0, items: [{ id: ids[0], state: 'opened' }] });
    expect(Object.keys(opened.json)).toEqual(['total', 'limit', 'offset', 'items']);
    expect((await list('state=submitted&next_step=wallcheck')).json.items.map((h: { id: string }) => h.id)).toEqual([ids[2]]);
    expect((await list('state=created&next_step=wallcheck&limit=1')).json).toMatchObject({ total: 1, items: [{ id: ids[1] }] });
    const all = await list('limit=100');
    expect(all.json.items.length).toBe(all.json.total);
    expect(new Set(all.json.items.map((h: { state: string }) => h.state))).toEqual(new Set(['created', 'opened', 'submitted']));
    for (const bad of ['state=sent', 'state=EXPIRED', 'state=created,opened', 'state=%20created', 'state=created&state=opened']) {
      const refused = await list(bad);
      expect(refused.status, bad).toBe(400);
      expect(refused.json.code).toBe('rest_invalid_param');
      expect(refused.json.detail).toContain(HANDOFF_STATES.join(', '));
    }
  });

  it('answers 409 handoff_expired to a submission after the expiry and changes nothing; a view gets the expired record', async () => {
    const { id } = JSON.parse((await create('wallcheck')).text);
    await bridge('POST', `/handoffs/${id}/opened`);
    await new Promise((r) => setTimeout(r, 5));
    // As the hourly task does at the retention; everything created before now expires.
    expect(await service.service.handoffs.expireHandoffs(Date.now(), Date.now())).toBeGreaterThan(0);
    const before = (await bridge('GET', `/handoffs/${id}`)).json;
    expect(before).toMatchObject({ state: 'expired', submitted_at: null });
    const refused = await bridge('POST', `/handoffs/${id}/submitted`);
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ status: 409, code: 'handoff_expired' });
    expect(refused.contentType).toMatch(/^application\/problem\+json/);
    expect((await bridge('POST', `/handoffs/${id}/opened`)).json).toEqual(before);
    expect((await bridge('GET', `/handoffs/${id}`)).json).toEqual(before);
    expect((await bridge('GET', '/handoffs?state=expired&limit=100')).json.items.map((h: { id: string }) => h.id)).toContain(id);
  });

  /** Sent as written: fetch would resolve dot segments before they reach the sidecar. */
  function raw(method: string, path: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const { hostname, port } = new URL(url);
      const req = http.request({ hostname, port, method, path, headers: internal() }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it.each(['opened', 'submitted', ''])('answers an unknown or hostile id with 404 or 400, never more (%s)', async (action) => {
    const suffix = action ? `/${action}` : '';
    const method = action ? 'POST' : 'GET';
    const hostile = [
      'ho_doesnotexist0000000000',
      '..',
      '../status',
      '..%2fstatus',
      '%2e%2e',
      'ho_%2e%2e%2fconfig',
      `ho_${'a'.repeat(65)}`,
      'ho_aaaaaaaaaaaaaaaa%00',
      "ho_aaaaaaaaaaaaaaaa'--",
      'HO_AAAAAAAAAAAAAAAAAAAA',
    ];
    for (const id of hostile) {
      const res = await raw(method, `/_bridge/handoffs/${id}${suffix}`);
      expect([400, 404], `${method} ${id}${suffix}: ${res.status} ${res.body.slice(0, 200)}`).toContain(res.status);
      expect(JSON.parse(res.body).status).toBe(res.status);
    }
    // Longer than any path parameter the server takes (Fastify's maxParamLength): refused before any route runs.
    const huge = await raw(method, `/_bridge/handoffs/ho_${'a'.repeat(5000)}${suffix}`);
    expect(huge.status).toBe(414);
    expect(JSON.parse(huge.body).status).toBe(414);
    expect(JSON.parse((await raw(method, `/_bridge/handoffs/ho_doesnotexist0000000000${suffix}`)).body).code).toBe('handoff_not_found');
  });
});
