// Pictures of materials in everything the sidecar publishes: resolved pictures appear (REST, MCP tool
// results as resource links, the question endpoint's Product image, llms-full.txt), unresolved ones
// (no image files: WordPress found the attachment deleted or private) do not, and the catalog block's
// JSON-LD carries the very Products of the question endpoint's results.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';
import { internalHeaders } from '../support/bridge-headers.js';
import { defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { validatorFor } from '../../plugin/sidecar/core/schemas.js';

const TOKEN = 'test-bridge-secret-pictures-0123';
const SITE = 'http://127.0.0.1';
const swatchSizes = [
  { name: 'full', url: `${SITE}/wp-content/uploads/glasfaser.jpg`, width: 1600, height: 1200 },
  { name: 'medium', url: `${SITE}/wp-content/uploads/glasfaser-300x225.jpg`, width: 300, height: 225 },
  { name: 'thumbnail', url: `${SITE}/wp-content/uploads/glasfaser-150x150.jpg`, width: 150, height: 150, square: true },
];

/** The default catalog, glasfaser-a2 (the fire-safety recommendation) with a resolved swatch and one application photo WordPress could not resolve. */
function withPictures(): SiteConfig {
  const config = defaultConfig();
  const material = config.materials.find((m) => m.id === 'glasfaser-a2')!;
  material.pictures = {
    swatch: { attachment_id: 41, alt: { de: 'Glasfasergewebe, Nahaufnahme', en: 'Glass-fibre fabric, close-up' }, sizes: swatchSizes },
    applications: [{ attachment_id: 42, alt: { de: 'Gelöschtes Bild', en: 'Deleted picture' } }],
  };
  return config;
}

let plain: RunningService;
let pictured: RunningService;

beforeAll(async () => {
  const env = { MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0' };
  [plain, pictured] = await Promise.all([startService(env), startService(env, withPictures())]);
});
afterAll(() => Promise.all([plain?.stop(), pictured?.stop()]));

describe('pictures of materials', () => {
  it('the schema accepts a stored picture (id and alt) and a resolved one, and refuses a seventh application photo', () => {
    const validate = validatorFor('SiteConfig');
    expect(validate(withPictures())).toBe(true);
    const tooMany = withPictures();
    const picture = tooMany.materials[4].pictures!.swatch!;
    tooMany.materials[4].pictures!.applications = Array.from({ length: 7 }, () => picture);
    expect(validate(tooMany)).toBe(false);
  });

  it('GET /materials and the recommendation carry the resolved swatch only, and the ETag changes', async () => {
    const before = await api(plain.baseUrl, `${PREFIX}/materials`);
    const after = await api(pictured.baseUrl, `${PREFIX}/materials`);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    const material = after.json.materials.find((m: { id: string }) => m.id === 'glasfaser-a2');
    expect(material.pictures).toEqual({ swatch: withPictures().materials[4].pictures!.swatch });
    // Every other material publishes exactly what it did without pictures.
    const others = (json: any) => json.materials.filter((m: { id: string }) => m.id !== 'glasfaser-a2');
    expect(others(after.json)).toEqual(others(before.json));
    const { pictures: _pictures, ...rest } = material;
    expect(rest).toEqual(before.json.materials.find((m: { id: string }) => m.id === 'glasfaser-a2'));

    const cached = await api(pictured.baseUrl, `${PREFIX}/materials`, { headers: { 'if-none-match': after.headers.get('etag')! } });
    expect(cached.status).toBe(304);
    const recommendation = await api(pictured.baseUrl, `${PREFIX}/materials/recommendation?priority=brandschutz`);
    expect(recommendation.json.material.pictures.swatch.sizes[0].url).toBe(swatchSizes[0].url);
    expect(recommendation.json.material.pictures.applications).toBeUndefined();
  });

  it('the MCP tools return the pictures as resource links after the text', async () => {
    const client = new Client({ name: 'vitest-pictures', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${pictured.baseUrl}/mcp/`)));
    try {
      const result = (await client.callTool({ name: 'recommend_material', arguments: { priority: 'brandschutz' } })) as any;
      expect(result.content[0].type).toBe('text');
      expect(result.content.slice(1)).toEqual([
        expect.objectContaining({ type: 'resource_link', uri: swatchSizes[0].url, mimeType: 'image/jpeg', title: 'Glass-fibre fabric, close-up' }),
      ]);
      expect((result.structuredContent as any).material.pictures.swatch.attachment_id).toBe(41);
      const list = (await client.callTool({ name: 'list_materials', arguments: {} })) as any;
      expect(list.content.filter((c: { type: string }) => c.type === 'resource_link')).toHaveLength(1);
      const resource = await client.readResource({ uri: 'manufacturer-agent://materials/glasfaser-a2' });
      expect(JSON.parse((resource.contents[0] as { text: string }).text).pictures.swatch.sizes).toEqual(swatchSizes);
    } finally {
      await client.close();
    }
  });

  it('the question endpoint gives the Product its image and the manufacturer, and llms-full.txt lists the picture', async () => {
    const res = await api(pictured.baseUrl, `/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Was ist Glasfasergewebe A2?')}`);
    const product = res.json.results.find((r: { id: string }) => r.id === 'glasfaser-a2').schema_object;
    expect(product.image).toEqual([
      expect.objectContaining({
        '@type': 'ImageObject',
        contentUrl: swatchSizes[0].url,
        width: { '@type': 'QuantitativeValue', value: 1600, unitCode: 'E37' },
        caption: 'Glasfasergewebe, Nahaufnahme',
        thumbnailUrl: swatchSizes[2].url,
      }),
    ]);
    expect(product.manufacturer).toMatchObject({ '@type': 'Organization', name: defaultConfig().company.name });
    const plainAnswer = await api(plain.baseUrl, `/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Was ist Glasfasergewebe A2?')}`);
    expect(plainAnswer.json.results.find((r: { id: string }) => r.id === 'glasfaser-a2').schema_object.image).toBeUndefined();

    const llms = await fetch(`${pictured.baseUrl}/llms-full.txt`).then((r) => r.text());
    expect(llms).toContain(`Pictures: ${swatchSizes[0].url} (1600×1200 px, Glass-fibre fabric, close-up)`);
    expect(llms).not.toContain('Deleted picture');
  });

  it('the catalog JSON-LD for pages is the ItemList of the Products the question endpoint returns', async () => {
    const res = await fetch(`${pictured.baseUrl}/_bridge/catalog/json-ld?lang=de`, { headers: internalHeaders(TOKEN) });
    expect(res.status).toBe(200);
    const list = (await res.json()) as any;
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement).toHaveLength(defaultConfig().materials.length);
    const item = list.itemListElement.find((e: any) => e.item.productID === 'glasfaser-a2');
    const answer = await api(pictured.baseUrl, `/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Was ist Glasfasergewebe A2?')}`);
    const { '@context': _context, ...product } = answer.json.results.find((r: { id: string }) => r.id === 'glasfaser-a2').schema_object;
    expect(item.item).toEqual(product);
    // Internal only: a request without the plugin's credential learns nothing.
    expect((await fetch(`${pictured.baseUrl}/_bridge/catalog/json-ld?lang=de`)).status).toBe(403);
  });
});
