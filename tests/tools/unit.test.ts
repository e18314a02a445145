import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { SCHEMAS, validatorFor, type SchemaName } from '../../plugin/sidecar/core/schemas.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { IDEMPOTENCY_KEY_MAX, IDEMPOTENCY_KEY_MIN } from '../../plugin/sidecar/handoffs/idempotency.js';
import { materialCatalog } from '../../plugin/sidecar/materials/catalog.js';
import { dereferencedSchema } from '../../plugin/sidecar/core/schema-refs.js';
import { isOriginAllowed } from '../../plugin/sidecar/tools/origin.js';
import { serverName, shortDescription } from '../../plugin/sidecar/tools/server-info.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

describe('dereferenced tool schemas', () => {
  const names: SchemaName[] = [
    'MaterialCatalog',
    'Recommendation',
    'CompanyInformation',
    'HandoffToolInput',
    'HandoffToolResult',
    'HandoffGuide',
    'HandoffGuideInput',
    'RecommendMaterialInput',
    'ToolNoArguments',
  ];

  it.each(names)('%s has no reference left and judges like the original', (name) => {
    const inlined = dereferencedSchema(name);
    expect(JSON.stringify(inlined)).not.toMatch(/"\$(ref|id|defs|schema)"/);
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const standalone = ajv.compile(inlined);
    const original = validatorFor(name);
    const samples: unknown[] = [
      {},
      { priority: 'robust' },
      { priority: 'cheap' },
      materialCatalog(defaultConfig()),
      { next_step: 'wallcheck', idempotency_key: 'abcdefgh' },
      [],
    ];
    for (const sample of samples) expect(standalone(sample), JSON.stringify(sample).slice(0, 60)).toBe(original(sample));
  });

  it('keeps a sibling description of a $ref and refuses nothing the files say', () => {
    const guide = dereferencedSchema('HandoffGuide') as any;
    expect(guide.properties.telephone.description).toBe('The telephone line and its hours.');
    expect(guide.properties.telephone.required).toContain('opens');
  });

  it('gives tool clients the Idempotency-Key length the REST door enforces', () => {
    const key = (dereferencedSchema('HandoffToolInput') as any).properties.idempotency_key;
    expect([key.minLength, key.maxLength, key.pattern]).toEqual([IDEMPOTENCY_KEY_MIN, IDEMPOTENCY_KEY_MAX, SCHEMAS.common.$defs.IdempotencyKey.pattern]);
  });
});

describe('allowed origins', () => {
  it('accepts no Origin, the site itself and the configured ones, nothing else', () => {
    const site = 'https://www.wandwerk.example';
    expect(isOriginAllowed(undefined, site, [])).toBe(true);
    expect(isOriginAllowed('https://www.wandwerk.example', site, [])).toBe(true);
    expect(isOriginAllowed('HTTPS://WWW.WANDWERK.EXAMPLE/', site, [])).toBe(true);
    expect(isOriginAllowed('https://partner.example', site, ['https://partner.example'])).toBe(true);
    expect(isOriginAllowed('https://www.wandwerk.example.evil', site, [])).toBe(false);
    expect(isOriginAllowed('http://www.wandwerk.example', site, [])).toBe(false);
    expect(isOriginAllowed('null', site, ['null'])).toBe(false);
    expect(isOriginAllowed('https://partner.example, https://evil.example', site, ['https://partner.example'])).toBe(false);
  });
});

describe('server identity', () => {
  it('names the server by the reverse host and keeps the description short', () => {
    expect(serverName('https://www.wandwerk.example')).toBe('example.wandwerk.www/manufacturer-agent');
    expect(serverName('http://127.0.0.1:8787')).toBe('127.0.0.1/manufacturer-agent');
    expect(serverName('http://[::1]:8787')).toBe('--1/manufacturer-agent');
    const config = defaultConfig();
    config.discovery.summary.en = `${'A very long sentence without an end '.repeat(5)}. Second.`;
    expect(shortDescription(config)).toHaveLength(100);
    expect(shortDescription(defaultConfig())).toMatch(/\.$/);
  });
});
