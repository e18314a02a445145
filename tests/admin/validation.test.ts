// The form validates with the server's own schemas: every change below is judged the same way by the
// form (admin-ui/src/validation.ts) and by the service (plugin/sidecar/core/site-config.ts).
import { describe, expect, it } from 'vitest';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };
import { checkSiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { validateSiteConfig } from '../../admin-ui/src/validation.js';
import { setAt } from '../../admin-ui/src/pointer.js';
import type { SiteConfig } from '../../admin-ui/src/types.js';

const base = (): SiteConfig => structuredClone(defaults) as unknown as SiteConfig;
const fields = (errors: { field: string }[]) => [...new Set(errors.map((error) => error.field))].sort();

function withValue(pointer: string, value: unknown): SiteConfig {
  return setAt(base(), pointer, value);
}

const CASES: [string, unknown, string][] = [
  ['/materials/0/name/de', '', 'Must not be empty.'],
  ['/materials/0/weight_g_m2', 20, 'Must be at least 50.'],
  ['/materials/0/weight_g_m2', 150.5, 'Enter a whole number.'],
  ['/materials/0/weight_g_m2', 'abc', 'Enter a whole number.'],
  ['/materials/0/printable_width_cm', 0, 'Must be greater than 0.'],
  ['/materials/0/printable_width_cm', 601, 'Must be at most 600.'],
  ['/materials/0/id', 'Vlies Classic', 'Use lower-case letters (a–z), digits and single hyphens, for example vlies-classic.'],
  ['/materials/0/fire_classification/en_13501_1', 'B1', 'Enter a Euroclass such as B-s1, d0 or A2-s1, d0, or leave the field empty.'],
  ['/materials/0/fire_classification/din_4102', 'X9', 'Choose one of the offered values.'],
  ['/materials/0/cleanability/standard', 'EN 999', 'Choose one of the offered values.'],
  ['/materials/0/certifications', ['CE', 'CE'], 'Entries 2 and 1 are the same.'],
  ['/materials/2/wet_room_note/en', '', 'Must not be empty.'],
  ['/handoff_targets/wallcheck', 'https://evil.example/', 'Enter a path on this site that starts with a single slash, for example /kontakt/.'],
  ['/handoff_targets/sample_request', '//evil.example/', 'Enter a path on this site that starts with a single slash, for example /kontakt/.'],
  ['/company/telephone/number', '0711 123', 'Enter the number in international form, for example +49 711 9876540.'],
  ['/company/telephone/opens', '7 Uhr', 'Enter a time as HH:MM, for example 07:00.'],
  ['/company/country', 'de', 'Enter a two-letter country code in capitals, for example DE.'],
  ['/company/advisor_response_business_days', 11, 'Must be at most 10.'],
  ['/company/name', '', 'Must not be empty.'],
  ['/discovery/summary/en', '', 'Must not be empty.'],
  ['/discovery/faq/0/id', 'Frage 1', 'Use lower-case letters (a–z), digits and single hyphens, for example vlies-classic.'],
  ['/recommendations/effekt/material_id', 'gibt-es-nicht', 'No material in the catalog has the id "gibt-es-nicht". Choose one of the catalog.'],
  ['/materials/1/id', 'vlies-classic', 'Another material already has the id "vlies-classic".'],
  ['/company/production_and_delivery/business_days_min', 9, 'Must not be more than the largest number of business days.'],
];

describe('site configuration validation in the form', () => {
  it('accepts the default configuration, as the server does', () => {
    expect(validateSiteConfig(base())).toEqual([]);
    expect(checkSiteConfig(base())).toEqual([]);
  });

  it.each(CASES)('%s = %j: the message is shown at that field', (pointer, value, message) => {
    const errors = validateSiteConfig(withValue(pointer, value));
    expect(errors).toContainEqual({ field: pointer, message });
  });

  it.each(CASES)('%s = %j: the server refuses it at the same field', (pointer, value) => {
    const config = withValue(pointer, value);
    const server = checkSiteConfig(config);
    expect(server.length).toBeGreaterThan(0);
    expect(fields(validateSiteConfig(config))).toEqual(expect.arrayContaining(fields(server)));
  });

  it('names a missing field and an unknown one by pointer', () => {
    const config = base() as unknown as Record<string, unknown>;
    const material = (config.materials as Record<string, unknown>[])[0];
    delete material.summary;
    material.colour = 'red';
    expect(validateSiteConfig(config)).toEqual(
      expect.arrayContaining([
        { field: '/materials/0/summary', message: 'Required.' },
        { field: '/materials/0/colour', message: 'This field is not accepted.' },
      ]),
    );
  });

  it('keeps a material without fire classification (null) and without wet-room note valid', () => {
    let config = withValue('/materials/0/fire_classification', { en_13501_1: null, din_4102: null });
    config = setAt(config, '/materials/0/wet_room_note', undefined);
    expect(validateSiteConfig(config)).toEqual([]);
    expect(checkSiteConfig(config)).toEqual([]);
  });

  it('refuses an empty catalog', () => {
    const config = withValue('/materials', []);
    expect(validateSiteConfig(config)).toContainEqual({ field: '/materials', message: 'Keep at least 1 entry.' });
  });
});
