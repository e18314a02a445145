import { describe, expect, it } from 'vitest';
import { SiteState, checkSiteConfig, defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { PRIORITIES } from '../../plugin/sidecar/core/schemas.js';

describe('the built-in default data', () => {
  const config = defaultConfig();

  it('passes the schema and the cross-field rules', () => {
    expect(checkSiteConfig(config)).toEqual([]);
  });

  it('has at least 8 materials covering the kinds a digital-print wallpaper maker offers', () => {
    expect(config.materials.length).toBeGreaterThanOrEqual(8);
    const bases = config.materials.map((m) => (m.base_material as { en: string }).en.toLowerCase()).join(' | ');
    for (const kind of ['non-woven', 'flame-retardant', 'pvc coating', 'scrim', 'glass fibre', 'polyester fabric', 'metallised', 'pvc-free']) {
      expect(bases).toContain(kind);
    }
  });

  it('recommends, for every priority, a material that lists that priority', () => {
    for (const priority of PRIORITIES) {
      const setting = config.recommendations[priority as keyof typeof config.recommendations];
      const material = config.materials.find((m) => m.id === setting.material_id)!;
      expect(material.priorities).toContain(priority);
    }
  });

  it('states the facts of the specification', () => {
    const c = config.company as Record<string, any>;
    expect(c.ordering).toBe('human-mediated');
    expect(c.agent_auth).toBe('not_supported');
    expect(c.business_model).toBe('b2b');
    expect(c.telephone).toMatchObject({ days: 'Mon-Fri', opens: '07:00', closes: '16:00', timezone: 'CET' });
    expect(c.advisor_response_business_days).toBe(1);
    expect(c.production_and_delivery).toMatchObject({ business_days_min: 5, business_days_max: 7, neutral_shipping: true });
    expect(c.file_transfer).toMatchObject({ method: 'FTP', credentials_issued: 'after_order_confirmation' });
    expect(c.entry_points.contact_form).toBe('/kontakt/');
  });
});

describe('configuration checks', () => {
  it('refuses duplicate material ids', () => {
    const config = defaultConfig();
    config.materials.push({ ...config.materials[0] });
    expect(checkSiteConfig(config)).toContainEqual({ field: `/materials/${config.materials.length - 1}/id`, message: expect.stringMatching(/duplicates/) });
  });

  it('refuses a recommendation of a material that is not in the catalog', () => {
    const config = defaultConfig();
    config.recommendations.robust.material_id = 'does-not-exist';
    expect(checkSiteConfig(config)).toEqual([{ field: '/recommendations/robust/material_id', message: expect.stringMatching(/no material/) }]);
  });

  it('refuses schema violations, naming each field', () => {
    const config = defaultConfig() as any;
    config.materials[0].weight_g_m2 = 'heavy';
    config.materials[1].fire_classification.din_4102 = 'Z9';
    delete config.company.ordering;
    const fields = checkSiteConfig(config).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['/materials/0/weight_g_m2', '/materials/1/fire_classification/din_4102', '/company/ordering']));
  });

  it('keeps the old configuration when a replacement is invalid', () => {
    const state = new SiteState();
    const before = state.revision;
    const broken = defaultConfig() as any;
    broken.handoff_targets.wallcheck = 'https://elsewhere.example/';
    expect(() => state.replace(broken)).toThrow(/handoff_targets\/wallcheck/);
    expect(state.revision).toBe(before);
  });

  it('renders an answer once per revision and again after a change', () => {
    const state = new SiteState();
    let renders = 0;
    const render = (c: { materials: unknown[] }) => (renders++, c.materials.length);
    const first = state.entity('count', render);
    expect(state.entity('count', render)).toBe(first);
    const changed = defaultConfig();
    changed.materials.pop();
    state.replace(changed);
    const second = state.entity('count', render);
    expect(renders).toBe(2);
    expect(second.etag).not.toBe(first.etag);
  });
});

describe('If-None-Match', async () => {
  const { ifNoneMatchMatches } = await import('../../plugin/sidecar/core/http.js');
  it('matches by weak comparison, in lists and with *', () => {
    expect(ifNoneMatchMatches('"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('W/"abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"x", "abc"', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('*', '"abc"')).toBe(true);
    expect(ifNoneMatchMatches('"abcd"', '"abc"')).toBe(false);
    expect(ifNoneMatchMatches(undefined, '"abc"')).toBe(false);
  });
});
