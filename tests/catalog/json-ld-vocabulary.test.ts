// The catalog block's JSON-LD and the question endpoint's Products are valid schema.org: every
// `@type` exists, every property is one of its type's, every value of a type the property takes
// (tests/support/schema-org.ts, schema.org's vocabulary through schema-dts). In both languages, with
// and without pictures; the checker itself is shown to refuse a misspelt property, a wrong value type
// and an unknown type, so a green run means something.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';
import { internalHeaders } from '../support/bridge-headers.js';
import { schemaOrgErrors, type SchemaOrgDocument } from '../support/schema-org.js';
import { defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';

const TOKEN = 'test-bridge-secret-json-ld-vocab-01';
const SITE = 'http://127.0.0.1';
const LANGS = ['de', 'en'] as const;
/** A question naming a material, per language: its answer's results carry the material's Product. */
const QUESTIONS = { de: 'Was ist Glasfasergewebe A2?', en: 'What is Glass fibre fabric A2?' };

/** Two materials with resolved pictures: a swatch with a square thumbnail and an application photo without. */
function withPictures(): SiteConfig {
  const config = defaultConfig();
  const size = (name: string, file: string, width: number, height: number, square?: boolean) => ({
    name,
    url: `${SITE}/wp-content/uploads/${file}`,
    width,
    height,
    ...(square ? { square } : {}),
  });
  config.materials.find((m) => m.id === 'glasfaser-a2')!.pictures = {
    swatch: {
      attachment_id: 41,
      alt: { de: 'Glasfasergewebe, Nahaufnahme', en: 'Glass-fibre fabric, close-up' },
      sizes: [size('full', 'glasfaser.jpg', 1600, 1200), size('thumbnail', 'glasfaser-150x150.jpg', 150, 150, true)],
    },
    applications: [{ attachment_id: 42, alt: { de: 'Flur eines Hotels', en: 'Hotel corridor' }, sizes: [size('full', 'flur.webp', 2400, 1600)] }],
  };
  config.materials.find((m) => m.id === 'vlies-classic')!.pictures = {
    swatch: { attachment_id: 43, alt: { de: 'Vlies, Nahaufnahme', en: 'Non-woven, close-up' }, sizes: [size('full', 'vlies.png', 800, 800, true)] },
  };
  return config;
}

/** One service per catalog: the default one, without pictures, and the pictured one. */
const services: { label: 'plain' | 'pictured'; config: SiteConfig; service?: RunningService }[] = [
  { label: 'plain', config: defaultConfig() },
  { label: 'pictured', config: withPictures() },
];
const serviceOf = (label: string) => services.find((s) => s.label === label)!.service!;

beforeAll(() =>
  Promise.all(
    services.map(async (entry) => {
      entry.service = await startService({ MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_RATE_LIMIT: '0' }, entry.config);
    }),
  ),
);
afterAll(() => Promise.all(services.map((entry) => entry.service?.stop())));

async function catalogJsonLd(service: RunningService, lang: string): Promise<any> {
  const res = await fetch(`${service.baseUrl}/_bridge/catalog/json-ld?lang=${lang}`, { headers: internalHeaders(TOKEN) });
  expect(res.status).toBe(200);
  return res.json();
}

async function askProducts(service: RunningService, lang: 'de' | 'en'): Promise<any[]> {
  const res = await api(service.baseUrl, `/wp-json/nlweb/v1/ask?query=${encodeURIComponent(QUESTIONS[lang])}`);
  const products = res.json.results.filter((r: any) => r.schema_object?.['@type'] === 'Product').map((r: any) => r.schema_object);
  expect(products.map((p: any) => p.productID)).toContain('glasfaser-a2');
  return products;
}

describe('schema.org vocabulary of the JSON-LD', () => {
  it('the catalog ItemList and the question endpoint Products are valid schema.org, with and without pictures, in both languages', async () => {
    const documents: Record<string, SchemaOrgDocument> = {};
    for (const { label, service } of services) {
      for (const lang of LANGS) {
        const list = await catalogJsonLd(service!, lang);
        documents[`catalog ${label} ${lang}`] = { type: 'ItemList', value: list };
        for (const product of await askProducts(service!, lang)) {
          documents[`ask ${label} ${lang} ${product.productID}`] = { type: 'Product', value: product };
          // The block's Product is the question endpoint's, without the context its list carries.
          const { '@context': _context, ...item } = product;
          expect(list.itemListElement.find((e: any) => e.item.productID === product.productID).item).toEqual(item);
        }
      }
    }
    // What is checked has what issue 30 asks of a Product: the pictured catalog has images, the plain one none.
    const catalog = documents['catalog pictured en'].value as any;
    const glass = catalog.itemListElement.find((e: any) => e.item.productID === 'glasfaser-a2').item;
    expect(Object.keys(glass)).toEqual(expect.arrayContaining(['name', 'description', 'image', 'material', 'additionalProperty', 'manufacturer']));
    expect(glass.image).toHaveLength(2);
    expect(JSON.stringify(documents['catalog plain en'].value)).not.toContain('ImageObject');

    const errors = schemaOrgErrors(documents);
    expect(Object.keys(errors)).toHaveLength(Object.keys(documents).length);
    for (const [name, found] of Object.entries(errors)) expect(found, name).toEqual([]);
  });

  it('the check refuses an unknown property, a wrong value type, a property on the wrong type and an unknown type', async () => {
    const list = await catalogJsonLd(serviceOf('pictured'), 'en');
    const product = list.itemListElement.find((e: any) => e.item.productID === 'glasfaser-a2').item;
    const changed = (change: (p: any) => void): SchemaOrgDocument => {
      const copy = structuredClone(list);
      change(copy.itemListElement.find((e: any) => e.item.productID === 'glasfaser-a2').item);
      return { type: 'ItemList', value: copy };
    };
    const errors = schemaOrgErrors({
      valid: { type: 'Product', value: { '@context': 'https://schema.org', ...product } },
      misspelt: changed((p) => {
        p.materiall = p.material;
        delete p.material;
      }),
      'additionalProperty as text': changed((p) => (p.additionalProperty = 'weight 200 g/m²')),
      'width as a bare number': changed((p) => (p.image[0].width = 1600)),
      'caption on the Organization': changed((p) => (p.manufacturer.caption = 'ours')),
      'unknown type': changed((p) => (p.additionalProperty[0]['@type'] = 'PropertyValu')),
      'context missing': { type: 'Product', value: product },
    });
    expect(errors.valid).toEqual([]);
    for (const [name, found] of Object.entries(errors)) if (name !== 'valid') expect(found, name).not.toEqual([]);
    expect(errors.misspelt.join('\n')).toMatch(/materiall.+does not exist in type 'ProductLeaf'/);
    expect(errors['additionalProperty as text'].join('\n')).toContain('additionalProperty');
  });
});
