import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { internalHeaders, relayedHeaders } from '../support/bridge-headers.js';
import { defaultConfig, MAX_SITE_URLS } from '../../plugin/sidecar/core/site-config.js';

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
  const res = await fetch(`${base}/_bridge/config${query}`, { method: 'PUT', headers: internalHeaders(token, { 'content-type': 'application/json' }), body: JSON.stringify(body) });
  return { status: res.status, json: (await res.json()) as any };
}

describe('bridge-only endpoints', () => {
  it.each([
    ['GET', '/_bridge/status'],
    ['PUT', '/_bridge/config'],
    ['GET', '/_bridge/handoffs'],
    ['GET', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa'],
  ])('%s %s refuses without the secret, with a wrong one, and with the secret alone (a relayed public request)', async (method, path) => {
    const forged = internalHeaders('wrong');
    for (const headers of [{}, { [BRIDGE_HEADERS.token]: 'wrong' }, { [BRIDGE_HEADERS.token]: `${TOKEN}x` }, bridged(), { ...bridged(), [BRIDGE_HEADERS.internal]: forged[BRIDGE_HEADERS.internal] }, { [BRIDGE_HEADERS.internal]: internal()[BRIDGE_HEADERS.internal] }]) {
      const res = await fetch(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers } as Record<string, string>, body: method === 'PUT' ? '{}' : undefined });
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
    expect(await res.json()).toMatchObject({ service: 'manufacturer-agent-sidecar', version: '1.1.4', revision: running.service.site.announcedRevision, store: 'sqlite' });
  });
});

describe('forwarded client address and site URL', () => {
  it(`answers for at most ${MAX_SITE_URLS} site URLs per configuration; further ones get the configured public URL`, async () => {
    const service = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0' });
    try {
      const contactLink = async (siteUrl: string) => {
        const res = await fetch(`${service.baseUrl}${PREFIX}/company${siteUrl.endsWith('-q.example') ? '?x=1' : ''}`, { headers: bridged({ [BRIDGE_HEADERS.publicBase]: siteUrl }) });
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
    const res = await fetch(`${base}${PREFIX}/company`, { headers: { [BRIDGE_HEADERS.publicBase]: 'https://evil.example', [BRIDGE_HEADERS.clientAddress]: '203.0.113.9' } });
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
      expect([await get({}), await get({ [BRIDGE_HEADERS.clientAddress]: '198.51.100.1' }), await get({ [BRIDGE_HEADERS.clientAddress]: '198.51.100.2' })]).toEqual([200, 200, 429]);
      // Through the bridge, each forwarded client has its own budget.
      const viaBridge = (ip: string) => get({ [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.clientAddress]: ip });
      expect([await viaBridge('198.51.100.7'), await viaBridge('198.51.100.7'), await viaBridge('198.51.100.7'), await viaBridge('198.51.100.8')]).toEqual([200, 200, 429, 200]);
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
        fetch(`${base}${PREFIX}/company`, { headers: bridged({ [BRIDGE_HEADERS.configRevision]: 'rev-same-name' }) }).then(async (r) => ((await r.json()) as any).company.name),
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
      const res = await fetch(`${base}${PREFIX}/handoffs`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: JSON.stringify({ next_step: step, requirements: { locale: 'en' } }) });
      created.push((await res.json()) as any);
      await new Promise((r) => setTimeout(r, 5));
    }
    const one = await fetch(`${base}/_bridge/handoffs/${created[1].id}`, { headers: internal() });
    expect(await one.json()).toEqual(created[1]);
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
