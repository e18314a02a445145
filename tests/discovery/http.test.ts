import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { api } from '../support/http.js';
import { isWordPress, openTarget, type Target } from '../support/target.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { DOCUMENT_PATHS } from '../../plugin/sidecar/core/paths.js';
import { READ_CACHE_CONTROL } from '../../plugin/sidecar/core/http.js';
import { parseLlmsTxt } from './markdown-structure.js';

const TOKEN = 'discovery-test-bridge-token';
const DOCUMENTS = [
  { path: DOCUMENT_PATHS.llms, type: 'text/plain; charset=utf-8' },
  { path: DOCUMENT_PATHS.llmsFull, type: 'text/plain; charset=utf-8' },
  { path: DOCUMENT_PATHS.agentCard, type: 'application/json; charset=utf-8' },
  { path: DOCUMENT_PATHS.agentCardAlias, type: 'application/json; charset=utf-8' },
  { path: DOCUMENT_PATHS.openapi, type: 'application/json; charset=utf-8' },
];

// One suite, two targets: the sidecar alone (standalone project) or every request through WordPress
// (wordpress project); see tests/support/target.ts.
let target: Target;
/** fetch on the target (with the headers every request to it carries). */
const hit = (path: string, init: RequestInit = {}) => target.fetch(path, init);

beforeAll(async () => {
  target = await openTarget({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0' });
});
afterAll(() => target.close());

describe('discovery documents over HTTP', () => {
  it.each(DOCUMENTS)('$path: 200, $type, cacheable with an ETag, nosniff for the documents', async ({ path, type }) => {
    const response = await api(target, path);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('cache-control')).toBe(READ_CACHE_CONTROL);
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    if (path !== DOCUMENT_PATHS.openapi) expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.text.length).toBeGreaterThan(100);
  });

  it.each(DOCUMENTS)('$path: If-None-Match with the current ETag answers 304 without a body', async ({ path }) => {
    const first = await hit(path);
    const etag = first.headers.get('etag')!;
    const again = await hit(path, { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
  });

  it.each(DOCUMENTS)('$path: readable from any browser origin (CORS), HEAD included', async ({ path }) => {
    const response = await hit(path, { headers: { origin: 'https://agent.example' } });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/ETag/i);
    const preflight = await hit(path, {
      method: 'OPTIONS',
      headers: { origin: 'https://agent.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/i);
    const head = await hit(path, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(response.headers.get('etag'));
  });

  it('openapi.json, now describing the documents too, is accepted by a third-party OpenAPI validator', async () => {
    const doc = (await api(target, DOCUMENT_PATHS.openapi)).json;
    const result = await validate(structuredClone(doc));
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    for (const { path } of DOCUMENTS) expect(doc.paths[path]?.get?.operationId).toBeTruthy();
    const ids = Object.values(doc.paths).flatMap((item: any) => Object.values(item).map((op: any) => op.operationId));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('follows the site configuration: a renamed material, a new company name, another ETag', async () => {
    const before = await Promise.all(DOCUMENTS.map(({ path }) => hit(path)));
    const etags = before.map((r) => r.headers.get('etag')!);
    const original = await target.siteConfig();
    const config = structuredClone(original);
    config.materials[0].name.en = 'Renamed Classic 999';
    config.company.name = 'Neuer Name GmbH';
    config.discovery.faq[0].question.en = 'A brand-new question?';
    await target.setConfig(config);
    try {
      const after = await Promise.all(DOCUMENTS.map(({ path }, i) => hit(path, { headers: { 'if-none-match': etags[i] } })));
      for (const [i, response] of after.entries()) {
        expect(response.status, DOCUMENTS[i].path).toBe(200);
        expect(response.headers.get('etag'), DOCUMENTS[i].path).not.toBe(etags[i]);
      }
      const [llms, full, card, alias] = await Promise.all(after.slice(0, 4).map((r) => r.text()));
      expect(parseLlmsTxt(llms).title).toBe('Neuer Name GmbH');
      expect(full).toContain('Renamed Classic 999');
      expect(full).toContain('A brand-new question?');
      expect(card).toBe(alias);
      expect(JSON.parse(card).skills[0].description).toContain('Renamed Classic 999');
      expect(JSON.parse(card).provider.organization).toBe('Neuer Name GmbH');
    } finally {
      await target.setConfig(original);
    }
  });

  // Standalone only: it plays the bridge with the sidecar's secret (tests/wordpress covers spoofed bridge headers sent to WordPress).
  it.runIf(!isWordPress())('builds every link on the site URL the bridge names, and only when the bridge is authenticated', async () => {
    const running = target.running!;
    const site = 'https://www.wandwerk.example';
    const viaBridge = { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.publicBase]: site };
    const spoofed = { [BRIDGE_HEADERS.token]: 'wrong', [BRIDGE_HEADERS.publicBase]: 'https://evil.example' };

    const bridged = parseLlmsTxt(await (await fetch(`${running.baseUrl}${DOCUMENT_PATHS.llms}`, { headers: viaBridge })).text());
    for (const link of bridged.sections.flatMap((s) => s.links)) {
      if (!link.url.startsWith('tel:')) expect(link.url.startsWith(`${site}/`)).toBe(true);
    }
    const card = (await (await fetch(`${running.baseUrl}${DOCUMENT_PATHS.agentCard}`, { headers: viaBridge })).json()) as any;
    expect(card.url.startsWith(`${site}/`)).toBe(true);
    const full = await (await fetch(`${running.baseUrl}${DOCUMENT_PATHS.llmsFull}`, { headers: viaBridge })).text();
    expect(full).toContain(`(${site}/kontakt/)`);
    expect(full).not.toContain(running.baseUrl);

    // A request without the secret cannot choose the links, and the bridged rendering is not served to it.
    const direct = await fetch(`${running.baseUrl}${DOCUMENT_PATHS.llms}`, { headers: spoofed });
    const text = await direct.text();
    expect(text).not.toContain('evil.example');
    expect(text).not.toContain(site);
    expect(text).toContain(`${running.baseUrl}/kontakt/`);
  });
});
