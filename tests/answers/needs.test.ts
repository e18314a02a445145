import { describe, expect, it } from 'vitest';
import { answerFromCatalog } from '../../plugin/sidecar/answers/catalog-answers.js';
import { compareLevel, levelIndex, levelOf, meetsNeed, needsModelOf, rankByConditions, type NeedsModel } from '../../plugin/sidecar/answers/needs.js';
import { QuestionReader, type Condition } from '../../plugin/sidecar/answers/understand.js';
import { checkSiteConfig, defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';

// Issue 28, points 1 and 2: the needs model of the default configuration, read from questions, and
// materials ranked by the needs they meet. Expected materials come from the catalog's own values.
const config = defaultConfig();
const model = needsModelOf(config);
const base = 'https://tapeten.example';
const reader = new QuestionReader(config);
const byId = (id: string) => config.materials.find((m) => m.id === id)!;

function ask(question: string, lang: 'de' | 'en', site: SiteConfig = config, r: QuestionReader = reader) {
  return answerFromCatalog(site, base, lang, r.read(question));
}

/** The ids of the materials whose level on a scale compares with a level as asked, from the scale read directly. */
function idsWhere(m: NeedsModel, scale: string, op: 'ge' | 'gt' | 'lt', code: string): string[] {
  const wanted = levelIndex(m, scale, code)!;
  return config.materials.filter((x) => compareLevel(levelOf(m, scale, x), op, wanted) === true).map((x) => x.id);
}

describe('the ordered scales of the configuration', () => {
  it('reads each material’s class from its values, the longest matching level winning', () => {
    expect(levelOf(model, 'cleanability', byId('objektvinyl-typ-2'))).toBe(levelIndex(model, 'cleanability', 'hoch scheuerbeständig'));
    expect(levelOf(model, 'cleanability', byId('vinyl-auf-vlies'))).toBe(levelIndex(model, 'cleanability', 'scheuerbeständig'));
    expect(levelOf(model, 'cleanability', byId('textil-polyester'))).toBe(levelIndex(model, 'cleanability', 'wasserbeständig'));
    expect(levelOf(model, 'din_4102', byId('glasfaser-a2'))).toBe(levelIndex(model, 'din_4102', 'A2'));
    expect(levelOf(model, 'euroclass', byId('vlies-classic'))).toBe(levelIndex(model, 'euroclass', 'C'));
    expect(levelOf(model, 'smoke', byId('metallic-effekt'))).toBe(levelIndex(model, 'smoke', 's2'));
    expect(levelOf(model, 'droplets', byId('glasfaser-a2'))).toBe(levelIndex(model, 'droplets', 'd0'));
  });

  it('is undefined when the catalog has no class (a material without a DIN 4102 class)', () => {
    const m = { ...byId('vlies-fr-b1'), fire_classification: { en_13501_1: 'B-s1, d0', din_4102: null } };
    expect(levelOf(model, 'din_4102', m)).toBeUndefined();
    expect(meetsNeed(model, m, model.needById.get('flame_retardant')!)).toBe(true); // by the other standard
    expect(meetsNeed(model, m, model.needById.get('non_combustible')!)).toBe(false);
  });

  it.each([
    ['Welche Materialien sind mindestens B1 nach DIN 4102?', 'de', 'din_4102', 'ge', 'B1'],
    ['Which materials are better than B1 under DIN 4102?', 'en', 'din_4102', 'gt', 'B1'],
    ['Which materials are worse than B1 under DIN 4102?', 'en', 'din_4102', 'lt', 'B1'],
    ['Welche Materialien haben mindestens die Euroklasse C?', 'de', 'euroclass', 'ge', 'C'],
    ['Which materials are at least smoke class s2?', 'en', 'smoke', 'ge', 's2'],
    ['Welche Materialien sind mindestens waschbeständig?', 'de', 'cleanability', 'ge', 'waschbeständig'],
    ['Which materials are at least scrubbable?', 'en', 'cleanability', 'ge', 'scheuerbeständig'],
  ] as const)('"%s" lists exactly the materials the scale ranks so', (question, lang, scale, op, code) => {
    const q = reader.read(question);
    expect(q.conditions).toEqual([expect.objectContaining({ kind: 'scale', scale, op, level: levelIndex(model, scale, code) })]);
    const answer = ask(question, lang)!;
    const expected = idsWhere(model, scale, op, code);
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.results.map((r) => r.id).sort()).toEqual([...expected].sort());
  });

  it('reads a class without a comparator as exactly that class ("Baustoffklasse B1" is not A2)', () => {
    const answer = ask('Welche Materialien haben die Baustoffklasse B1?', 'de')!;
    expect(answer.results.map((r) => r.id)).not.toContain('glasfaser-a2');
    expect(answer.results.map((r) => r.id)).toContain('vlies-fr-b1');
  });

  it('reads "at least B-s1, d0" as each part at least its level', () => {
    const answer = ask('Which wallcoverings are rated at least B-s1, d0?', 'en')!;
    const ids = answer.results.map((r) => r.id);
    expect(ids).toContain('glasfaser-a2'); // A2-s1, d0 is better
    expect(ids).not.toContain('metallic-effekt'); // B-s2, d0: smoke s2
    expect(ids).not.toContain('vlies-classic'); // C-s1, d0
  });
});

describe('needs in everyday words', () => {
  it('maps a need to what satisfies it, also in a yes/no about one material', () => {
    const ship = ask('Is Contract vinyl Type II suitable for a cruise ship cabin?', 'en')!;
    expect(ship.answer).toMatch(/^Yes/);
    const no = ask('Eignet sich Vlies Classic 150 für ein Schiff?', 'de')!;
    expect(no.answer).toMatch(/^Nein/);
    expect(no.results.map((r) => r.id)).toContain('objektvinyl-typ-2');
  });

  it('answers a yes/no closed by "or not" or asked indirectly with its Yes or No; an either/or gets neither', () => {
    expect(ask('kann ich das vlies classic 150 auch in feuchten räumen verwenden oder eher nicht?', 'de')!.answer).toMatch(/^Nein/);
    expect(ask('Is Vinyl on non-woven 300 suitable for wet rooms or not?', 'en')!.answer).toMatch(/^Yes/);
    expect(reader.read('Is Vinyl on non-woven 300 suitable for wet rooms or not?').negatedQuestion).toBe(false);
    const indirect = ask('Mein Kunde plant ein Treppenhaus, das als Fluchtweg dient, und fragt, ob Vlies FR B1 dort verwendet werden darf.', 'de')!;
    expect(indirect.answer).toMatch(/^Nein/);
    expect(indirect.results.map((r) => r.id)).toContain('glasfaser-a2');
    expect(ask('I wonder whether Non-woven Classic 150 works in a bathroom.', 'en')!.answer).toMatch(/^No/);
    expect(ask('Is Vinyl on non-woven 300 glossy or matt?', 'en')!.answer).not.toMatch(/^(Yes|No)/);
  });

  it('reads a need to avoid ("avoid in bathrooms", "in Feuchträumen meiden") as not wanted', () => {
    const avoid = ask('Which materials should I avoid in bathrooms?', 'en')!;
    expect(avoid.answer).toMatch(/^According to the catalog, not suitable for wet rooms/);
    expect(avoid.results.map((r) => r.id).sort()).toEqual(
      config.materials
        .filter((m) => !m.wet_room_suitable)
        .map((m) => m.id)
        .sort(),
    );
    expect(ask('Welche Tapeten sollte man in Feuchträumen meiden?', 'de')!.answer).toMatch(/^Laut Katalog nicht für Feuchträume geeignet/);
  });

  it('reads dents in the wall as the uneven-wall need of the default data', () => {
    const dents = ask('Unsere Wände im Altbau haben ein paar kleine Dellen. Kaschiert das Strukturvlies Sand sowas?', 'de')!;
    expect(dents.answer).toMatch(/^Ja/);
    // "das Ding" is no dent.
    expect(reader.read('das ding muss später wieder runter, was nehmen wir da').conditions.some((c) => c.kind === 'need' && c.need.id === 'uneven_wall')).toBe(
      false,
    );
  });

  it('compares a seamless wall with the width the question states', () => {
    const q = reader.read('Die Wand ist 310 cm breit und soll nahtlos bedruckt werden – welche Materialien?');
    expect(q.conditions).toEqual([expect.objectContaining({ kind: 'need', stated: 310 })]);
    const answer = ask('Die Wand ist 310 cm breit und soll nahtlos bedruckt werden – welche Materialien?', 'de')!;
    const expected = config.materials.filter((m) => m.printable_width_cm >= 310).map((m) => m.id);
    expect(answer.results.map((r) => r.id).sort()).toEqual(expected.sort());
  });

  it('says a named material lacks what a stated combination asks, and what meets it instead', () => {
    const answer = ask('Is Vinyl on non-woven 300 PVC-free and suitable for wet rooms?', 'en')!;
    expect(answer.answer).toMatch(/^No/);
    expect(answer.answer).toContain('It lacks: PVC-free');
  });
});

describe('conditions combine by rank', () => {
  const conditionsOf = (question: string): Condition[] => reader.read(question).conditions;

  it('leads with the materials that meet every need', () => {
    const answer = ask('Welche Materialien sind abwaschbar und mindestens 300 cm breit?', 'de')!;
    const expected = config.materials.filter(
      (m) => m.printable_width_cm >= 300 && (levelOf(model, 'cleanability', m) ?? -1) >= levelIndex(model, 'cleanability', 'waschbeständig')!,
    );
    expect(answer.results.map((r) => r.id).sort()).toEqual(expected.map((m) => m.id).sort());
  });

  it('reads a width no material has exactly as one to reach, also when a setting then gives way to its needs', () => {
    const answer = ask('small private clinic, patient bathrooms, non-combustible please, and the wall section is like 90 cm wide. the option?', 'en')!;
    expect(answer.answer).toContain('at least as wide as 90 cm');
    expect(answer.results.map((r) => r.id)).toEqual(['glasfaser-a2']);
  });

  it('names the need no material meets and the best partial matches with what each lacks', () => {
    const answer = ask('Which material is suitable for wet rooms and approved for rail vehicles?', 'en')!;
    expect(answer.answer).toContain('no material is approved for vehicles');
    expect(answer.answer).toContain('lacks: approved for vehicles');
    expect(answer.list).toBeUndefined(); // no staff recommendation leads an answer none of whose materials meets all
    const wet = config.materials.filter((m) => m.wet_room_suitable).map((m) => m.id);
    expect(answer.results.length).toBeGreaterThan(0);
    for (const r of answer.results) expect(wet).toContain(r.id);
  });

  it('when each need is met but never together, names a close match for each need', () => {
    const answer = ask('Wir brauchen etwas Feuchtraumgeeignetes und PVC-freies.', 'de')!;
    expect(answer.answer).toContain('erfüllt kein Material alles zugleich');
    const ids = answer.results.map((r) => r.id);
    expect(ids).toContain('oeko-vlies-pvc-frei'); // the PVC-free one, not wet-room suitable
    expect(ids.some((id) => byId(id).wet_room_suitable)).toBe(true);
    expect(answer.answer).toContain('es fehlt: für Feuchträume geeignet');
  });

  it('ranks by the weight of the conditions met, all-met first', () => {
    const conditions = conditionsOf('Welche Materialien sind PVC-frei und schwer entflammbar und scheuerbeständig?');
    expect(conditions).toHaveLength(3);
    const ranked = rankByConditions(
      config.materials,
      conditions,
      (m, c) => (c.kind === 'need' ? meetsNeed(model, m, c.need) : undefined),
      () => 1,
    );
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1].score).toBeGreaterThanOrEqual(ranked[i].score);
    expect(ranked[0].lacking.length + ranked[0].open.length).toBeLessThanOrEqual(ranked.at(-1)!.lacking.length + ranked.at(-1)!.open.length);
  });
});

describe('which N materials', () => {
  it.each([
    ['Nenne drei scheuerbeständige Materialien.', 'de', 3],
    ['Which two materials are suitable for wet rooms?', 'en', 2],
  ] as const)('"%s" names that many of the matches, the best first, and how many match in all', (question, lang, n) => {
    const all = ask(question.replace(/drei |two /, ''), lang)!;
    const some = ask(question, lang)!;
    expect(all.results.length).toBeGreaterThan(n);
    expect(some.results.map((r) => r.id)).toEqual(all.results.slice(0, n).map((r) => r.id));
    expect(some.answer).toContain(String(all.results.length));
  });
});

describe('catalog scale', () => {
  /** The default catalog repeated to 200 materials (the schema's most), each copy under its own id and name. */
  function bigConfig(): SiteConfig {
    const big = defaultConfig();
    const originals = big.materials;
    big.materials = Array.from({ length: 200 }, (_, i) => {
      const m = structuredClone(originals[i % originals.length]);
      if (i < originals.length) return m;
      m.id = `${m.id}-${i}`;
      m.name = { de: `Serie ${i} ${m.name.de}`, en: `Series ${i} ${m.name.en}` };
      return m;
    });
    return big;
  }

  it('names a handful of the best matches with how many match in all and the link to the full list', () => {
    const big = bigConfig();
    expect(checkSiteConfig(big)).toEqual([]);
    const bigReader = new QuestionReader(big);
    const answer = ask('Which materials are suitable for wet rooms?', 'en', big, bigReader)!;
    const total = big.materials.filter((m) => m.wet_room_suitable).length;
    expect(answer.results.length).toBeLessThanOrEqual(5);
    expect(answer.answer).toContain(`of ${total} matching materials`);
    expect(answer.answer).toContain(`${base}/wp-json/`);
    expect(answer.answer.length).toBeLessThan(3000);
  });

  it('keeps a yes/no readable too: what meets it instead is capped', () => {
    const big = bigConfig();
    const bigReader = new QuestionReader(big);
    const answer = ask('Is Non-woven Classic 150 suitable for wet rooms?', 'en', big, bigReader)!;
    expect(answer.answer).toMatch(/^No/);
    expect(answer.results.length).toBeLessThanOrEqual(6);
  });
});

describe('the needs in the configuration', () => {
  it('refuses a use case that requires an unknown need, and a test on an unknown level', () => {
    const broken = defaultConfig();
    broken.discovery.vocabulary!.use_cases[0].requires = ['no_such_need'];
    broken.discovery.vocabulary!.needs![0].met_by = [[{ scale: 'din_4102', at_least: 'Z9' }]];
    const fields = checkSiteConfig(broken).map((e) => e.field);
    expect(fields).toContain('/discovery/vocabulary/use_cases/0/requires/0');
    expect(fields).toContain('/discovery/vocabulary/needs/0/met_by/0/0/at_least');
  });

  it('answers from the staff’s needs: a new need with its own words is understood', () => {
    const edited = defaultConfig();
    edited.discovery.vocabulary!.needs!.push({
      id: 'heavy_backing',
      label: { de: 'mit schwerem Träger', en: 'with a heavy backing' },
      words: { de: 'Schwerlastträger', en: 'heavy backing' },
      met_by: [[{ field: 'weight_g_m2', at_least: 500 }]],
    });
    const answer = ask('Which materials have a heavy backing?', 'en', edited, new QuestionReader(edited))!;
    expect(answer.results.map((r) => r.id)).toEqual(edited.materials.filter((m) => m.weight_g_m2 >= 500).map((m) => m.id));
  });
});

describe('the metallic look (twelfth session)', () => {
  it('is a need of the default data met by a metallic surface, so it narrows a project with another need', () => {
    const need = model.needById.get('metallic_look')!;
    const metallic = config.materials.filter((m) => meetsNeed(model, m, need) === true).map((m) => m.id);
    expect(metallic).toEqual(config.materials.filter((m) => /metallic/i.test(m.surface.en)).map((m) => m.id));
    const a = ask(
      'Autohaus-Showroom: Die Rückwand soll je nach Licht metallisch glänzen, und die Reinigungsfirma schrubbt da regelmäßig drüber. Habt ihr was dafür?',
      'de',
    );
    expect(a!.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual(metallic);
  });
});
