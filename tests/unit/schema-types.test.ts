// The committed core/schema-types.ts is what schemas/ gives: a schema changed without the build is caught here.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaTypesSource } from '../../plugin/sidecar/generate-schema-types.js';
import { ROOT } from '../support/service.js';

describe('the types derived from schemas/', () => {
  const file = path.join(ROOT, 'plugin/sidecar/core/schema-types.ts');

  it('are current (npm run build writes them)', async () => {
    expect(readFileSync(file, 'utf8')).toBe(await schemaTypesSource(file));
  });

  it('name each enumeration by its values and each reference by its component', async () => {
    const source = await schemaTypesSource(file);
    expect(source).toMatch(/export type Priority = 'brandschutz' \| 'robust' \| 'effekt' \| 'nachhaltig' \| 'feuchtraum';/);
    expect(source).toMatch(/export type HandoffRecord = \{[^]*?\n  state: HandoffState;/);
    expect(source).toMatch(/requirements: NonNullable<HandoffRequest\['requirements'\]>;/);
  });
});
