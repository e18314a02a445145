import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { api, checkerFor, postJson } from '../support/http.js';
import { isWordPress, openTarget, type Target } from '../support/target.js';
import { PRIORITIES } from '../../plugin/sidecar/core/schemas.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { CONTACT_DATA, WALL_DESCRIPTIONS } from '../support/personal-data-samples.js';

// One suite, two targets: the sidecar alone (standalone project) or every request through WordPress
// (wordpress project); see tests/support/target.ts.
let target: Target;
/** The site URL the links in answers are built on. */
let base: string;

beforeAll(async () => {
  // The limits are raised so that this suite measures behaviour, not the limiter (tested below).
  target = await openTarget({ MANUFACTURER_AGENT_RATE_LIMIT: '100000', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '100000' });
  base = target.publicUrl;
});
afterAll(() => target.close());

const key = () => `test-${randomUUID()}`;
const handoff = (body: unknown, headers: Record<string, string> = {}) => postJson(target, `${PREFIX}/handoffs`, body, headers);

describe('GET materials', () => {
  it('returns the catalog with typical-value marking', async () => {
    const res = await api(target, `${PREFIX}/materials`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.json.count).toBe(res.json.materials.length);
    expect(res.json.count).toBeGreaterThanOrEqual(8);
    expect(res.json.values_are_typical).toBe(true);
    expect(res.json.materials.every((m: { values_are_typical: boolean }) => m.values_are_typical)).toBe(true);
  });

  it('sends ETag and Cache-Control and answers If-None-Match with 304', async () => {
    const first = await api(target, `${PREFIX}/materials`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(first.headers.get('cache-control')).toMatch(/^public/);
    const again = await api(target, `${PREFIX}/materials`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await api(target, `${PREFIX}/materials`, { headers: { 'if-none-match': `"other", ${etag}` } })).status).toBe(304);
    expect((await api(target, `${PREFIX}/materials`, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('shows a changed catalog on the next request with a new ETag', async () => {
    const before = await api(target, `${PREFIX}/materials`);
    const changed = defaultConfig();
    changed.materials[0].name = { de: 'Vlies Classic Neu', en: 'Non-woven Classic New' };
    await target.setConfig(changed);
    try {
      const after = await api(target, `${PREFIX}/materials`, { headers: { 'if-none-match': before.headers.get('etag')! } });
      expect(after.status).toBe(200);
      expect(after.json.materials[0].name.en).toBe('Non-woven Classic New');
    } finally {
      await target.setConfig(defaultConfig());
    }
  });

  it('answers HEAD without a body', async () => {
    const res = await target.fetch(`${PREFIX}/materials`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBeTruthy();
    expect(await res.text()).toBe('');
  });
});

describe('GET materials/recommendation', () => {
  it.each(PRIORITIES)('recommends one material for %s with reasons in German and English', async (priority) => {
    const res = await api(target, `${PREFIX}/materials/recommendation?priority=${priority}`);
    expect(res.status).toBe(200);
    expect(res.json.priority).toBe(priority);
    expect(res.json.material.priorities).toContain(priority);
    expect(res.json.reason.de).not.toBe(res.json.reason.en);
    expect(res.headers.get('etag')).toBeTruthy();
  });

  it('recommends the non-combustible glass fibre for fire safety', async () => {
    const res = await api(target, `${PREFIX}/materials/recommendation?priority=brandschutz`);
    expect(res.json.material.fire_classification.en_13501_1).toBe('A2-s1, d0');
  });

  it.each([
    ['missing', '', 'rest_missing_callback_param'],
    ['unknown', '?priority=billig', 'rest_invalid_param'],
    ['empty', '?priority=', 'rest_missing_callback_param'],
    ['wrong case', '?priority=Robust', 'rest_invalid_param'],
  ])('answers a %s priority with 400 naming the allowed values', async (_, query, code) => {
    const res = await api(target, `${PREFIX}/materials/recommendation${query}`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.json.code).toBe(code);
    expect(res.json.data.allowed_values).toEqual(['brandschutz', 'robust', 'effekt', 'nachhaltig', 'feuchtraum']);
    expect(res.json.detail).toContain('brandschutz, robust, effekt, nachhaltig, feuchtraum');
    expect(res.json.errors[0].field).toBe('query:priority');
  });
});

describe('GET company', () => {
  it('states the facts of the specification with links on the site', async () => {
    const res = await api(target, `${PREFIX}/company`);
    expect(res.status).toBe(200);
    const { company, links } = res.json;
    expect(company).toMatchObject({
      business_model: 'b2b',
      production: 'custom',
      ordering: 'human-mediated',
      agent_auth: 'not_supported',
      self_service: false,
    });
    expect(company.telephone).toMatchObject({ days: 'Mon-Fri', opens: '07:00', closes: '16:00', timezone: 'CET' });
    expect(company.advisor_response_business_days).toBe(1);
    expect(company.file_transfer).toMatchObject({ method: 'FTP', credentials_issued: 'after_order_confirmation', grants_interface_access: false });
    expect(company.production_and_delivery).toMatchObject({ business_days_min: 5, business_days_max: 7, neutral_shipping: true });
    expect(links.contact_form).toBe(`${base}/kontakt/`);
    expect(links.wallcheck).toBe(`${base}/wallcheck`);
    expect(links.telephone).toMatch(/^tel:\+49\d+$/);
  });
});

describe('POST handoffs', () => {
  const body = {
    next_step: 'project_enquiry',
    requirements: { dimensions: { width_cm: 480, height_cm: 265 }, priority: 'robust', motif_description: 'Waldmotiv, Querformat', locale: 'de' },
  };

  it('rule 1: a new key creates a handoff (201) on the site entry point', async () => {
    const res = await handoff(body, { 'idempotency-key': key() });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(res.json.link).toBe(`${base}/kontakt/?handoff=${res.json.id}`);
    expect(res.json.requirements).toEqual(body.requirements);
    expect(await target.handoff(res.json.id)).toMatchObject({ id: res.json.id, next_step: 'project_enquiry' });
  });

  it('rule 2: the same key again replays the identical answer with 200 and creates nothing', async () => {
    const k = key();
    const first = await handoff(body, { 'idempotency-key': k });
    const before = await target.handoffCount();
    const reordered = JSON.stringify({
      requirements: { locale: 'de', motif_description: 'Waldmotiv, Querformat', priority: 'robust', dimensions: { height_cm: 265, width_cm: 480 } },
      next_step: 'project_enquiry',
    });
    const second = await handoff(reordered, { 'idempotency-key': k });
    expect(second.status).toBe(200);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.text).toBe(first.text);
    expect(await target.handoffCount()).toBe(before);
  });

  it('accepts the key in RFC 8941 quoted form as the same key', async () => {
    const k = key();
    const first = await handoff({ next_step: 'wallcheck' }, { 'idempotency-key': k });
    const second = await handoff({ next_step: 'wallcheck' }, { 'idempotency-key': `"${k}"` });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.json.link).toBe(first.json.link);
    expect(first.json.link).toBe(`${base}/wallcheck?handoff=${first.json.id}`);
  });

  it('rule 4: the same key with another body is refused with 422 and nothing is created', async () => {
    const k = key();
    const first = await handoff({ next_step: 'sample_request' }, { 'idempotency-key': k });
    const before = await target.handoffCount();
    const other = await handoff({ next_step: 'wallcheck' }, { 'idempotency-key': k });
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('idempotency_key_reused');
    expect(await target.handoffCount()).toBe(before);
    const replay = await handoff({ next_step: 'sample_request' }, { 'idempotency-key': k });
    expect(replay.text).toBe(first.text);
  });

  it.each([
    ['a missing Idempotency-Key', {}, JSON.stringify({ next_step: 'wallcheck' }), 'missing_idempotency_key', 'header:Idempotency-Key'],
    ['a too short key', { 'idempotency-key': 'short' }, JSON.stringify({ next_step: 'wallcheck' }), 'invalid_idempotency_key', 'header:Idempotency-Key'],
    ['a too long key', { 'idempotency-key': 'x'.repeat(256) }, JSON.stringify({ next_step: 'wallcheck' }), 'invalid_idempotency_key', 'header:Idempotency-Key'],
    ['malformed JSON', { 'idempotency-key': 'k-malformed-1' }, '{"next_step": "wallcheck"', 'rest_invalid_json', undefined],
    ['an empty body', { 'idempotency-key': 'k-empty-body-1' }, '', 'rest_invalid_json', undefined],
    ['a JSON array', { 'idempotency-key': 'k-array-body-1' }, '[]', 'rest_invalid_param', '/'],
    // Thousands of levels fit in the byte limit; recursive code after the parser would overflow the stack (a 500).
    [
      'a body nested 5,000 levels deep',
      { 'idempotency-key': 'k-deep-body-1' },
      `{"next_step":"wallcheck","requirements":${'['.repeat(5000)}${']'.repeat(5000)}}`,
      'rest_invalid_json',
      undefined,
    ],
    ['a missing next_step', { 'idempotency-key': 'k-no-step-1' }, '{}', 'rest_invalid_param', '/next_step'],
    ['an unknown next_step', { 'idempotency-key': 'k-bad-step-1' }, '{"next_step":"order"}', 'rest_invalid_param', '/next_step'],
    ['a wrong type', { 'idempotency-key': 'k-wrong-type-1' }, '{"next_step":3}', 'rest_invalid_param', '/next_step'],
    ['an unknown field', { 'idempotency-key': 'k-unknown-1' }, '{"next_step":"wallcheck","phone":"+49 1"}', 'rest_invalid_param', '/phone'],
    [
      'an e-mail address in the motif',
      { 'idempotency-key': 'k-email-1' },
      '{"next_step":"wallcheck","requirements":{"motif_description":"mail me: a.b@c.de"}}',
      'rest_invalid_param',
      '/requirements/motif_description',
    ],
  ])('rule 3: %s is a 400 that names what was wrong', async (_, headers, rawBody, code, field) => {
    const res = await handoff(rawBody, headers as Record<string, string>);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.json).toMatchObject({ status: 400, code, data: { status: 400 } });
    expect(res.json.message).toBe(res.json.detail);
    if (field) expect(res.json.errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('rule 3: contact data in the motif, in every form, is a 400 naming the field and the kind; nothing is created', async () => {
    const before = await target.handoffCount();
    for (const [kind, text] of CONTACT_DATA) {
      const res = await handoff({ next_step: 'project_enquiry', requirements: { motif_description: text } }, { 'idempotency-key': key() });
      expect(res.status, text).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 400, code: 'rest_invalid_param' });
      expect(res.json.errors, text).toEqual([{ field: '/requirements/motif_description', message: expect.stringContaining(kind) }]);
    }
    expect(await target.handoffCount()).toBe(before);
  });

  it('rule 3: wall descriptions with dimensions, colours, years and quantities are accepted', async () => {
    for (const text of WALL_DESCRIPTIONS) {
      const res = await handoff({ next_step: 'project_enquiry', requirements: { motif_description: text } }, { 'idempotency-key': key() });
      expect(res.status, text).toBe(201);
      expect(res.json.requirements.motif_description).toBe(text);
    }
  });

  it('rule 3: a wrong content type is a 400', async () => {
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await api(target, `${PREFIX}/handoffs`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'idempotency-key': key() },
        body: 'next_step=wallcheck',
      });
      expect(res.status, contentType).toBe(400);
      expect(res.json.errors).toContainEqual({ field: 'header:Content-Type', message: 'must be application/json' });
    }
  });

  it('refuses a body over the size limit with 413 and stays up', async () => {
    const res = await handoff({ next_step: 'wallcheck', requirements: { motif_description: 'x'.repeat(40_000) } }, { 'idempotency-key': key() });
    expect(res.status).toBe(413);
    expect(res.json.code).toBe('payload_too_large');
    expect((await api(target, `${PREFIX}/materials`)).status).toBe(200);
  });

  // Through WordPress too: the playground serves one PHP request at a time here (one worker on two
  // cores), so the 100 requests queue in WordPress and reach the sidecar in a trickle (about 40 s).
  it('creates exactly one handoff for 100 concurrent requests with one key', { timeout: 180_000 }, async () => {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => handoff({ next_step: 'sample_request', requirements: { priority: 'nachhaltig' } }, { 'idempotency-key': k })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(99);
    expect(new Set(results.map((r) => r.json.link)).size).toBe(1);
    const stored = await target.handoffs('sample_request');
    expect(stored.filter((h) => h.link === results[0].json.link)).toHaveLength(1);
  });
});

describe('unknown paths and methods', () => {
  it.each([
    ['GET', `${PREFIX}/orders`],
    ['GET', `${PREFIX}/materials/vlies-classic/price`],
    ['DELETE', `${PREFIX}/materials`],
    ['PUT', `${PREFIX}/handoffs`],
    ['GET', `${PREFIX}/handoffs`],
    ['POST', `${PREFIX}/materials`],
    ['GET', '/wp-json/manufacturer-agent/v2/materials'],
  ])('%s %s is a 404 problem', async (method, path) => {
    const res = await api(target, path, {
      method,
      headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : '{}',
    });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe('rest_no_route');
    expect(res.json.detail).toContain(path);
  });
});

describe('CORS for browser-based agents', () => {
  it('allows the handoff preflight with the Idempotency-Key header', async () => {
    const res = await target.fetch(`${PREFIX}/handoffs`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('idempotency-key');
  });

  it('exposes the headers agents need to read', async () => {
    const res = await api(target, `${PREFIX}/company`, { headers: { origin: 'https://agent.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const exposed = res.headers.get('access-control-expose-headers')!.toLowerCase();
    for (const name of ['etag', 'retry-after', 'idempotent-replayed']) expect(exposed).toContain(name);
  });
});

// Standalone only: it needs a sidecar with limits of 6 and 2 requests a minute; the stack's sidecar
// runs with limits high enough for the whole contract suite (the limiter through WordPress is covered
// by tests/wordpress/forwarded-address.test.ts).
describe.runIf(!isWordPress())('rate limit', () => {
  let limited: RunningService;
  beforeAll(async () => {
    limited = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '6', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '2' });
    // Loading openapi.json for the answer checks is the first of the client's 6 requests.
    await checkerFor(limited.baseUrl);
  });
  afterAll(() => limited.stop());

  it('answers 429 with Retry-After: 60 beyond the per-client limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await api(limited.baseUrl, `${PREFIX}/materials`);
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.headers.get('retry-after')).toBe('60');
        expect(res.json).toMatchObject({ status: 429, code: 'rate_limited' });
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('limits handoff creation separately and more tightly, and still replays a created handoff over that limit', async () => {
    // A budget of its own: the test above used up this client's general limit.
    const creating = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '100', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '2' });
    try {
      const keys = [key(), key(), key()];
      const answers = [];
      for (const k of keys) answers.push(await postJson(creating.baseUrl, `${PREFIX}/handoffs`, { next_step: 'wallcheck' }, { 'idempotency-key': k }));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 429]);
      expect(answers[2].headers.get('retry-after')).toBe('60');
      const retry = await postJson(creating.baseUrl, `${PREFIX}/handoffs`, { next_step: 'wallcheck' }, { 'idempotency-key': keys[0] });
      expect(retry.status).toBe(200);
      expect(retry.json).toEqual(answers[0].json);
    } finally {
      await creating.stop();
    }
  });
});
