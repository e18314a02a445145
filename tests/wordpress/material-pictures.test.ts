// Pictures of materials through WordPress: attachments uploaded to the Media Library and chosen for a
// material appear, resolved to their files, in /materials, an MCP tool result, the question endpoint's
// results, llms-full.txt, the catalog block (cards and JSON-LD) and the handoff review; an attachment
// made private or deleted disappears from all of it and the admin screen names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/stack.mjs';
import { PLAYGROUND_COOKIE, adminRequest, basicAuth, runWordPressPhp, siteFetch, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { uploadPng } from '../support/media.js';
import { openSitePage } from '../browser/chromium.js';

const SHOTS = path.join(ROOT, 'test-results/material-pictures');
const MATERIAL = 'glasfaser-a2';
const anonymous = { cookie: PLAYGROUND_COOKIE };

let stack: WordPressStack;
let original: any;
let swatchId = 0;
let photoId = 0;
let swatchFile = '';
let photoFile = '';

const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await siteFetch(`${stack.url}${p}`, { headers: { ...anonymous, ...headers } });
  return { status: res.status, etag: res.headers.get('etag'), text: await res.text() };
};
const materialOf = (catalog: string) => JSON.parse(catalog).materials.find((m: { id: string }) => m.id === MATERIAL);

async function ask(query: string): Promise<any> {
  const res = await get(`/wp-json/nlweb/v1/ask?query=${encodeURIComponent(query)}`);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return JSON.parse(res.text).results.find((r: { id: string }) => r.id === MATERIAL);
}

async function toolCall(name: string, args: Record<string, unknown>): Promise<any> {
  const res = await siteFetch(`${stack.url}/mcp/`, {
    method: 'POST',
    headers: { ...anonymous, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });
  const text = await res.text();
  expect(res.status, text.slice(0, 300)).toBe(200);
  return JSON.parse(text).result;
}

async function createPage(title: string, content: string): Promise<string> {
  const res = await siteFetch(`${stack.url}/wp-json/wp/v2/pages`, {
    method: 'POST',
    headers: { ...basicAuth(stack.admin), 'content-type': 'application/json' },
    body: JSON.stringify({ title, status: 'publish', content }),
  });
  const page = (await res.json()) as any;
  expect(res.status, JSON.stringify(page).slice(0, 300)).toBe(201);
  return page.link;
}

/** Every JSON-LD block of a page, parsed. */
function jsonLd(html: string): any[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

async function screenshot(url: string, file: string): Promise<void> {
  const problems: string[] = [];
  const { browser, page } = await openSitePage(stack.url, (p) => problems.push(p));
  try {
    await page.goto(url);
    await page.screenshot({ path: path.join(SHOTS, file), fullPage: true });
  } finally {
    await browser.close();
  }
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  stack = wordpressStack()!;
  mkdirSync(SHOTS, { recursive: true });
  original = (await adminRequest(stack, 'GET', '/config')).json;
  const swatch = await uploadPng(
    stack,
    `swatch-${randomUUID().slice(0, 8)}.png`,
    [1200, 900],
    [
      [196, 160, 112],
      [150, 120, 80],
    ],
    'Glasfasergewebe Muster',
  );
  const photo = await uploadPng(
    stack,
    `room-${randomUUID().slice(0, 8)}.png`,
    [800, 600],
    [
      [70, 110, 160],
      [230, 230, 230],
    ],
    '',
  );
  [swatchId, swatchFile, photoId, photoFile] = [swatch.id, swatch.file, photo.id, photo.file];
}, 120_000);

afterAll(async () => {
  if (original) await adminRequest(stack, 'PUT', '/config', { config: original.config });
});

describe('pictures of materials through WordPress', () => {
  let before: { etag: string | null; text: string };
  let catalogPage = '';

  it('staff choose a swatch and an application photo; everything agents read carries them', async () => {
    before = await get(`${PREFIX}/materials`);
    const config = structuredClone(original.config);
    const material = config.materials.find((m: { id: string }) => m.id === MATERIAL);
    material.pictures = {
      swatch: { attachment_id: swatchId, alt: { de: 'Glasfasergewebe, Nahaufnahme', en: 'Glass-fibre fabric, close-up' } },
      applications: [{ attachment_id: photoId, alt: { de: 'Flur mit Glasfasergewebe', en: 'Corridor with glass-fibre fabric' } }],
    };
    const saved = await adminRequest(stack, 'PUT', '/config', { config });
    expect(saved.status, saved.text.slice(0, 500)).toBe(200);
    // Stored as ids and alt texts; the admin screen gets previews and no unavailable picture.
    expect(saved.json.config.materials.find((m: { id: string }) => m.id === MATERIAL).pictures.swatch).toEqual(material.pictures.swatch);
    expect(saved.json.pictures.unavailable).toEqual({});
    expect(saved.json.pictures.previews[String(swatchId)]).toContain(swatchFile);

    const after = await get(`${PREFIX}/materials`);
    expect(after.etag).not.toBe(before.etag);
    const published = materialOf(after.text);
    const sizes = published.pictures.swatch.sizes;
    expect(sizes[0]).toMatchObject({ name: 'full', width: 1200, height: 900 });
    expect(sizes[0].url).toContain(`${swatchFile}.png`);
    for (let i = 1; i < sizes.length; i += 1) expect(sizes[i].width * sizes[i].height).toBeLessThanOrEqual(sizes[i - 1].width * sizes[i - 1].height);
    // WordPress generated its sizes: the square thumbnail among them.
    expect(sizes.find((s: { square?: boolean }) => s.square)).toMatchObject({ name: 'thumbnail', width: 150, height: 150 });
    expect(published.pictures.applications[0].sizes[0].url).toContain(`${photoFile}.png`);
    expect((await get(`${PREFIX}/materials`, { 'if-none-match': after.etag! })).status).toBe(304);

    const recommendation = JSON.parse((await get(`${PREFIX}/materials/recommendation?priority=brandschutz`)).text);
    expect(recommendation.material.pictures.swatch.sizes[0].url).toBe(sizes[0].url);

    const tool = await toolCall('recommend_material', { priority: 'brandschutz' });
    expect(tool.structuredContent.material.pictures.swatch.attachment_id).toBe(swatchId);
    expect(tool.content.filter((c: { type: string }) => c.type === 'resource_link').map((c: { uri: string }) => c.uri)).toEqual([
      sizes[0].url,
      published.pictures.applications[0].sizes[0].url,
    ]);
    const image = await fetch(sizes[0].url, { headers: anonymous });
    expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/png']);

    // The WordPress ability (WordPress checks its output against the schema it was registered with).
    const ability = await siteFetch(`${stack.url}/wp-json/wp-abilities/v1/abilities/manufacturer-agent/list-materials/run`, {
      headers: basicAuth(stack.admin),
    });
    const abilityText = await ability.text();
    expect(ability.status, abilityText.slice(0, 300)).toBe(200);
    expect(materialOf(abilityText).pictures.swatch.sizes[0].url).toBe(sizes[0].url);

    const result = await ask('Was ist Glasfasergewebe A2?');
    expect(result.schema_object.image[0]).toMatchObject({ '@type': 'ImageObject', contentUrl: sizes[0].url, caption: 'Glasfasergewebe, Nahaufnahme' });
    expect((await get('/llms-full.txt')).text).toContain(`Pictures: ${sizes[0].url} (1200×900 px, Glass-fibre fabric, close-up)`);
  });

  it('the catalog block shows the cards with the swatch and carries the same Products as JSON-LD', async () => {
    catalogPage = await createPage('Materialien', '<!-- wp:manufacturer-agent/catalog {"priority":"brandschutz"} /-->');
    const page = await get(new URL(catalogPage).pathname + new URL(catalogPage).search);
    expect(page.status).toBe(200);
    const language = /class="[^"]*manufacturer-agent-catalog[^"]*"[^>]*data-language="(de|en)"/.exec(page.text)?.[1];
    expect(language).toMatch(/^(de|en)$/);
    const card = /<article class="manufacturer-agent-material" data-material="glasfaser-a2">([\s\S]*?)<\/article>/.exec(page.text)?.[1] ?? '';
    expect(card).toContain(`${swatchFile}`);
    expect(card).toMatch(language === 'de' ? /alt="Glasfasergewebe, Nahaufnahme"/ : /alt="Glass-fibre fabric, close-up"/);
    // Only materials for fire safety: a material that serves other priorities only is not there.
    const config = original.config;
    const other = config.materials.find((m: { priorities: string[] }) => !m.priorities.includes('brandschutz'));
    expect(page.text).not.toContain(`data-material="${other.id}"`);

    const lists = jsonLd(page.text);
    expect(lists).toHaveLength(1);
    expect(lists[0]['@type']).toBe('ItemList');
    const shown = [...page.text.matchAll(/data-material="([^"]+)"/g)].map((m) => m[1]);
    expect(lists[0].itemListElement.map((e: any) => e.item.productID)).toEqual(shown);
    const product = lists[0].itemListElement.find((e: any) => e.item.productID === MATERIAL).item;
    const { '@context': _context, ...fromAsk } = (await ask(language === 'de' ? 'Was ist Glasfasergewebe A2?' : 'What is Glasfasergewebe A2?')).schema_object;
    expect(product).toEqual(fromAsk);
    expect(product.manufacturer['@type']).toBe('Organization');
    await screenshot(catalogPage, 'catalog-block.png');

    // The shortcode renders the same cards for classic themes.
    const shortcodePage = await createPage('Materialien (Shortcode)', `[manufacturer_agent_catalog materials="${MATERIAL}" filter="no"]`);
    const viaShortcode = await get(new URL(shortcodePage).pathname + new URL(shortcodePage).search);
    expect([...viaShortcode.text.matchAll(/data-material="([^"]+)"/g)].map((m) => m[1])).toEqual([MATERIAL]);
    expect(jsonLd(viaShortcode.text)[0].itemListElement).toHaveLength(1);
  });

  it.each(['en', 'de'])('the handoff review shows the chosen material in the handoff language (%s)', async (locale) => {
    const res = await siteFetch(`${stack.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { ...anonymous, 'content-type': 'application/json', 'idempotency-key': `pictures-${randomUUID()}` },
      body: JSON.stringify({ next_step: 'sample_request', requirements: { material_id: MATERIAL, priority: 'brandschutz', locale } }),
    });
    const handoff = (await res.json()) as any;
    expect(res.status, JSON.stringify(handoff)).toBe(201);
    const review = await siteFetch(handoff.link, { headers: anonymous });
    const html = await review.text();
    const material = /<div class="manufacturer-agent-handoff__material" lang="(de|en)">([\s\S]*?)<\/article><\/div>/.exec(html);
    expect(material?.[1]).toBe(locale);
    expect(material![2]).toContain(swatchFile);
    expect(material![2]).toContain(locale === 'de' ? 'Glasfasergewebe A2' : 'Glass fibre fabric A2');
    expect(material![2]).toContain(locale === 'de' ? '<dt>Brandklasse</dt>' : '<dt>Fire class</dt>');
    expect(material![2]).toContain('A2-s1, d0');
    await screenshot(handoff.link, `handoff-review-${locale}.png`);
  });

  it('a private swatch and a deleted photo disappear from everything published, and the admin screen names them', async () => {
    const etag = (await get(`${PREFIX}/materials`)).etag;
    runWordPressPhp(stack, `wp_update_post( array( 'ID' => ${swatchId}, 'post_status' => 'private' ) ); wp_delete_attachment( ${photoId}, true );`);
    const after = await get(`${PREFIX}/materials`);
    expect(after.etag).not.toBe(etag);
    expect(materialOf(after.text).pictures).toBeUndefined();
    // A client that ignores pictures sees the catalog it saw before any was chosen.
    expect(JSON.parse(after.text)).toEqual(JSON.parse(before.text));

    const tool = await toolCall('recommend_material', { priority: 'brandschutz' });
    expect(tool.content.filter((c: { type: string }) => c.type === 'resource_link')).toEqual([]);
    expect((await ask('Was ist Glasfasergewebe A2?')).schema_object.image).toBeUndefined();
    expect((await get('/llms-full.txt')).text).not.toContain(swatchFile);
    const page = await get(new URL(catalogPage).pathname + new URL(catalogPage).search);
    expect(page.text).not.toContain(swatchFile);
    expect(jsonLd(page.text)[0].itemListElement.find((e: any) => e.item.productID === MATERIAL).item.image).toBeUndefined();

    const config = await adminRequest(stack, 'GET', '/config');
    expect(config.json.pictures.unavailable).toEqual({ [MATERIAL]: [swatchId, photoId] });
    expect(config.json.pictures.previews[String(swatchId)]).toBeNull();
  });
});
