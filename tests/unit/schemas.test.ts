import { describe, expect, it } from 'vitest';
import { createAjv, SCHEMAS } from '../../plugin/sidecar/core/schemas.js';

// The sidecar adds its schemas without checking them against the meta-schema (a start-up cost); this
// is where they are checked, and where each compiles under strict mode.
describe('schemas/', () => {
  const ajv = createAjv();

  it.each(Object.entries(SCHEMAS))('%s is a valid JSON Schema 2020-12 and compiles in strict mode', (_name, schema) => {
    const valid = ajv.validateSchema(schema);
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors)).toEqual([]);
    expect(valid).toBe(true);
    expect(ajv.getSchema(schema.$id)).toBeTypeOf('function');
  });

  it('finds a schema that is not one', () => {
    const broken = { ...SCHEMAS.Company, $id: 'https://example.invalid/broken', properties: { name: { type: 'strin' } } };
    expect(ajv.validateSchema(broken)).toBe(false);
    expect(ajv.errors?.some((error) => error.instancePath === '/properties/name/type')).toBe(true);
  });
});
