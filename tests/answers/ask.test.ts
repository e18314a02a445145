import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/service.js';
import { api, postJson } from '../support/http.js';
import { ASK_PATH } from '../../plugin/sidecar/core/paths.js';
import { validatorFor } from '../../plugin/sidecar/core/schemas.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import type { SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { readEventStream } from './sse.js';
import { isWordPress, openTarget, type Target } from '../support/target.js';

// One suite, two targets: the sidecar alone with a public URL of its own (standalone project) or every
// request through WordPress, whose links are on the WordPress URL (wordpress project).
let target: Target;
/** The site URL the links in answers are built on. */
let PUBLIC_URL: string;

const ask = (query: string, headers: Record<string, string> = {}) => api(target, `${ASK_PATH}?query=${encodeURIComponent(query)}`, { headers });

beforeAll(async () => {
  target = await openTarget({ MANUFACTURER_AGENT_RATE_LIMIT: '100000', MANUFACTURER_AGENT_PUBLIC_URL: 'https://tapeten.example' });
  PUBLIC_URL = target.publicUrl;
});
afterAll(() => target.close());

describe('GET and POST /wp-json/nlweb/v1/ask', () => {
  it('answers a GET with the NLWeb envelope, the answer and what it is grounded on', async () => {
    const res = await ask('Welches Material eignet sich für ein Badezimmer?');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.json._meta).toEqual({ response_type: 'answer', version: '1.1.4' });
    expect(res.json.language).toBe('de');
    expect(res.json.routed).toBe(false);
    expect(res.json.results[0]).toMatchObject({ '@type': 'Product', id: 'vinyl-auf-vlies', kind: 'recommendation', priority: 'feuchtraum' });
    expect(res.json.answer).toContain('Vinyl auf Vlies 300');
    expect(res.json.answer).toContain('Spritzwasser');
  });

  it('answers a POST with {"query": …} and the NLWeb v0.54 form {"query": {"text": …}} alike', async () => {
    const plain = await postJson(target, ASK_PATH, { query: 'How long does delivery take?' });
    const nlweb = await postJson(target, ASK_PATH, {
      query: { text: 'How long does delivery take?' },
      prefer: { streaming: false },
      meta: { version: '0.54' },
    });
    expect(plain.status).toBe(200);
    expect(plain.json.results[0].id).toBe('company:delivery');
    expect(plain.json.answer).toMatch(/5–7 business days/);
    expect(nlweb.json).toEqual(plain.json);
  });

  it('needs no authentication and builds links on the public URL', async () => {
    const res = await ask('How do I get a material sample?');
    expect(res.status).toBe(200);
    expect(res.json.results.map((r: { id: string }) => r.id)).toEqual(['company:samples', 'contact']);
    for (const result of res.json.results) expect(result.url.startsWith(PUBLIC_URL) || result.url.startsWith('tel:')).toBe(true);
    expect(res.json.answer).toContain(`${PUBLIC_URL}/kontakt/`);
  });

  it('answers in the language of the question', async () => {
    const de = await ask('Wie lange dauert die Lieferung?');
    const en = await ask('How long does the delivery take?');
    expect([de.json.language, en.json.language]).toEqual(['de', 'en']);
    expect(de.json.answer).toContain('Werktage');
    expect(en.json.answer).toContain('business days');
    const deWallcheck = await ask('Was ist ein Wallcheck?');
    const enWallcheck = await ask('What is a Wallcheck?');
    expect(deWallcheck.json.answer).toContain('Qualitätsprüfung');
    expect(enWallcheck.json.answer).toContain('quality check');
  });

  it('routes a question the data does not answer to the contact form and the telephone line', async () => {
    for (const [query, language] of [
      ['Was kostet die Montage in Österreich nächste Woche?', 'de'],
      ['What is the price of our 40-room hotel project?', 'en'],
    ] as const) {
      const res = await ask(query);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ language, routed: true });
      expect(res.json.results).toHaveLength(1);
      expect(res.json.results[0]).toMatchObject({ '@type': 'ContactPoint', id: 'contact', url: `${PUBLIC_URL}/kontakt/` });
      expect(res.json.answer).toContain(`${PUBLIC_URL}/kontakt/`);
      expect(res.json.answer).toContain('+49 711 9876540');
      expect(res.json.answer).toContain(language === 'de' ? 'Mo–Fr 07:00–16:00 MEZ' : 'Mon–Fri 07:00–16:00 CET');
    }
  });

  it('answers from the configuration in force: a change shows in the next answer', async () => {
    const before = await ask('Which material do you recommend for a bathroom?');
    const phoneBefore = await ask('What are your telephone hours?');
    expect(before.json.results[0].id).toBe('vinyl-auf-vlies');
    expect(phoneBefore.json.answer).toContain('07:00–16:00');

    const original = await target.siteConfig();
    const changed: SiteConfig = structuredClone(original);
    changed.recommendations.feuchtraum = {
      material_id: 'glasfaser-a2',
      reason: { de: 'Feuchtigkeitsunempfindlicher Glasfaserträger.', en: 'Moisture-insensitive glass fibre backing.' },
    };
    changed.company.telephone.opens = '08:00';
    (changed.company as any).production_and_delivery = {
      ...(changed.company as any).production_and_delivery,
      business_days_min: 3,
      business_days_max: 4,
      note: { de: 'Wir liefern in 3–4 Werktagen.', en: 'We deliver within 3–4 business days.' },
    };
    await target.setConfig(changed);
    try {
      const after = await ask('Which material do you recommend for a bathroom?');
      expect(after.json.results[0].id).toBe('glasfaser-a2');
      expect(after.json.answer).toContain('Moisture-insensitive glass fibre backing.');
      expect((await ask('What are your telephone hours?')).json.answer).toContain('08:00–16:00');
      expect((await ask('Wie lange dauert die Lieferung?')).json.answer).toContain('3–4 Werktagen');
    } finally {
      await target.setConfig(original);
    }
    expect((await ask('What are your telephone hours?')).json.answer).toContain('07:00–16:00');
  });
});

describe('failures on /wp-json/nlweb/v1/ask', () => {
  const expectFailure = (res: { status: number; json: any; headers: Headers }, status: number, code: string) => {
    expect(res.status).toBe(status);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toEqual({ _meta: { response_type: 'failure', version: '1.1.4' }, error: { code, message: expect.any(String) } });
  };

  it('answers a missing or empty query with 400', async () => {
    expectFailure(await api(target, ASK_PATH), 400, 'missing_query');
    expectFailure(await api(target, `${ASK_PATH}?query=`), 400, 'missing_query');
    expectFailure(await api(target, `${ASK_PATH}?query=%20%20`), 400, 'missing_query');
    expectFailure(await postJson(target, ASK_PATH, {}), 400, 'missing_query');
    expectFailure(await postJson(target, ASK_PATH, { query: '' }), 400, 'missing_query');
    expectFailure(await postJson(target, ASK_PATH, { query: { text: ' ' } }), 400, 'missing_query');
    expectFailure(await api(target, ASK_PATH, { method: 'POST' }), 400, 'missing_query');
  });

  it('answers a query that is not a string, too long, or an invalid body with 400', async () => {
    expectFailure(await postJson(target, ASK_PATH, { query: 42 }), 400, 'invalid_query');
    expectFailure(await api(target, `${ASK_PATH}?query=a&query=b`), 400, 'invalid_query');
    expectFailure(await ask('x'.repeat(1001)), 400, 'query_too_long');
    expectFailure(await postJson(target, ASK_PATH, { query: 'y'.repeat(1001) }), 400, 'query_too_long');
    expectFailure(await postJson(target, ASK_PATH, ['What is a Wallcheck?']), 400, 'invalid_request');
    expectFailure(await postJson(target, ASK_PATH, { query: 'What is a Wallcheck?', prefer: 'stream' }), 400, 'invalid_request');
    expect((await ask('x'.repeat(1000))).status).toBe(200);
  });

  it('keeps its envelope for malformed JSON, a wrong content type and an oversized body', async () => {
    expectFailure(await postJson(target, ASK_PATH, '{"query": '), 400, 'rest_invalid_json');
    expectFailure(
      await api(target, ASK_PATH, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'What is a Wallcheck?' }),
      400,
      'rest_invalid_content_type',
    );
    expectFailure(await postJson(target, ASK_PATH, { query: 'a', padding: 'p'.repeat(64 * 1024) }), 413, 'payload_too_large');
  });

  // Standalone only: it plays the bridge (the secret and a stale revision) against a sidecar of its own.
  it.runIf(!isWordPress())('keeps its envelope when the shared bridge check refuses a stale configuration revision', async () => {
    const token = 'answers-test-bridge-token';
    const bridged = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: token });
    try {
      // Bridge-internal (the bridge pushes the configuration and retries), so not in openapi.json: plain fetch.
      const res = await fetch(`${bridged.baseUrl}${ASK_PATH}?query=Wallcheck`, {
        headers: { [BRIDGE_HEADERS.token]: token, [BRIDGE_HEADERS.configRevision]: 'not-the-current-one' },
      });
      expect(res.status).toBe(409);
      expect(res.headers.get(BRIDGE_HEADERS.configRevision)).toBe(bridged.service.site.revision);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ _meta: { response_type: 'failure' }, error: { code: 'config_revision_stale' } });
    } finally {
      await bridged.stop();
    }
  });

  it('answers an empty query with a JSON failure even when a stream is asked for', async () => {
    const res = await api(target, `${ASK_PATH}?query=`, { headers: { accept: 'text/event-stream' } });
    expectFailure(res, 400, 'missing_query');
  });
});

// Standalone only: a sidecar with a limit of 3 a minute (the stack's limits are high for the whole run).
describe.runIf(!isWordPress())('fair use', () => {
  let limited: RunningService;
  beforeAll(async () => {
    limited = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '3' });
  });
  afterAll(() => limited.stop());

  it('does not count questions in the general per-client limit (the operator ceiling and shedding: fair-use.test.ts)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await api(limited.baseUrl, `${ASK_PATH}?query=${encodeURIComponent('What is a Wallcheck?')}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // The other endpoints still count in it.
    const materials = [];
    for (let i = 0; i < 4; i += 1) materials.push((await api(limited.baseUrl, '/wp-json/manufacturer-agent/v1/materials')).status);
    expect(materials.at(-1)).toBe(429);
  });
});

describe('streaming with Accept: text/event-stream', () => {
  it('sends start first, then results, content and complete, and end last, each as it is ready', async () => {
    const stream = await readEventStream(target, `${ASK_PATH}?query=${encodeURIComponent('Which material for high-traffic corridors?')}`);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(stream.headers['cache-control']).toBe('no-store');
    expect(stream.headers['x-accel-buffering']).toBe('no');
    // The headers the hooks set (CORS) go out with the stream's head, as with a JSON answer; no per-client
    // limit counts /ask by default (fair use, tests/answers/fair-use.test.ts), so neither has RateLimit-*.
    const json = await ask('Which material for high-traffic corridors?');
    expect(json.headers.get('access-control-allow-origin')).toBe('*');
    expect(stream.headers['access-control-allow-origin']).toBe('*');
    expect(json.headers.get('ratelimit-limit')).toBeNull();
    expect(stream.headers['ratelimit-limit']).toBeUndefined();

    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-2)).toBe('complete');
    expect(names.at(-1)).toBe('end');
    const middle = names.slice(1, -2).join(',');
    expect(middle).toMatch(/^(result,)+(content,)*content$/);

    const [start] = stream.events;
    expect(start.data._meta).toMatchObject({ response_type: 'answer', version: '1.1.4', streaming: true });
    const complete = stream.events.at(-2)!.data;
    expect(validatorFor('AskAnswer')(complete)).toBe(true);
    expect(complete.results[0].id).toBe('objektvinyl-typ-2');
    const results = stream.events.filter((e) => e.event === 'result');
    expect(results.map((e) => e.data.index)).toEqual(complete.results.map((_: unknown, i: number) => i));
    expect(results.map((e) => e.data.item)).toEqual(complete.results);
    const text = stream.events
      .filter((e) => e.event === 'content')
      .map((e) => e.data.text)
      .join('');
    expect(text).toBe(complete.answer);

    // The first event arrives before the answer is complete: in an earlier read, and earlier in time.
    const end = stream.events.at(-1)!;
    expect(start.read).toBeLessThan(end.read);
    expect(start.at).toBeLessThan(end.at);
  });

  it('streams a POST and a routed answer the same way, in the language of the question', async () => {
    const stream = await readEventStream(target, ASK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: 'Können Sie nächste Woche in Österreich montieren?' }),
    });
    expect(stream.status).toBe(200);
    const complete = stream.events.find((e) => e.event === 'complete')!.data;
    expect(complete).toMatchObject({ language: 'de', routed: true });
    expect(complete.answer).toContain(`${PUBLIC_URL}/kontakt/`);
    expect(stream.events.map((e) => e.event)).toEqual(['start', 'result', ...Array(stream.events.length - 4).fill('content'), 'complete', 'end']);
  });
});

describe('questions over the catalog (issue 19)', () => {
  it('names exactly the materials that meet a filter, with schema.org Products carrying the values', async () => {
    const res = await ask('Which materials are FSC certified?');
    expect(res.status).toBe(200);
    expect(res.json.routed).toBe(false);
    expect(validatorFor('AskAnswer')(res.json)).toBe(true);
    const products = res.json.results.filter((r: { '@type': string }) => r['@type'] === 'Product');
    expect(products.map((r: { id: string }) => r.id).sort()).toEqual(['oeko-vlies-pvc-frei', 'vlies-classic']);
    const classic = products.find((r: { id: string }) => r.id === 'vlies-classic');
    expect(classic.schema_object.additionalProperty).toContainEqual({ '@type': 'PropertyValue', name: 'certification', value: 'FSC Mix' });
    expect(res.json.answer).not.toContain('Vinyl on non-woven 300');
  });

  it('answers a follow-up through NLWeb prev, and streams the same answer when prefer.streaming asks for it', async () => {
    const body = { query: { text: 'And how heavy is it?', prev: ['Tell me about Glass fibre fabric A2'] }, prefer: { streaming: false } };
    const plain = await postJson(target, ASK_PATH, body);
    expect(plain.status).toBe(200);
    expect(plain.json.language).toBe('en');
    expect(plain.json.results[0].id).toBe('glasfaser-a2');
    expect(plain.json.answer).toContain('210 g/m²');
    // Without prev the same words name no material and get no such answer.
    expect((await postJson(target, ASK_PATH, { query: 'And how heavy is it?' })).json.answer).not.toContain('210 g/m²');

    const stream = await readEventStream(target, ASK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ ...body, prefer: { streaming: true } }),
    });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const complete = stream.events.find((e) => e.event === 'complete')!.data;
    expect(complete).toEqual(plain.json);
    expect(
      stream.events
        .filter((e) => e.event === 'content')
        .map((e) => e.data.text)
        .join(''),
    ).toBe(plain.json.answer);
  });

  it('says what the catalog does not publish about a named material and routes it, never its card instead', async () => {
    const res = await ask('Welchen U-Wert hat Glasfasergewebe A2?');
    expect(res.json.routed).toBe(true);
    expect(res.json.answer).toContain('nicht veröffentlicht');
    expect(res.json.answer).toContain(`${PUBLIC_URL}/kontakt/`);
    expect(res.json.answer).not.toContain('210 g/m²');
    expect(res.json.results.map((r: { id: string }) => r.id)).toEqual(['glasfaser-a2', 'contact']);
  });
});
