// The committed core/schema-types.ts is what schemas/ gives: a schema changed without the build is caught here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaTypesSource } from '../../plugin/sidecar/generate-schema-types.js';
import { ROOT } from '../support/service.js';

describe('the types derived from schemas/', () => {
  it('are current (npm run build writes them)', () => {
    expect(readFileSync(path.join(ROOT, 'plugin/sidecar/core/schema-types.ts'), 'utf8')).toBe(schemaTypesSource());
  });

  it('name each enumeration by its values and each reference by its component', () => {
    const source = schemaTypesSource();
    expect(source).toMatch(/export type Priority = "brandschutz" \| "robust" \| "effekt" \| "nachhaltig" \| "feuchtraum";/);
    expect(source).toMatch(/export type HandoffRecord = \{[^]*?\n  state: HandoffState;/);
    expect(source).toMatch(/requirements: NonNullable<HandoffRequest\["requirements"\]>;/);
  });
});
