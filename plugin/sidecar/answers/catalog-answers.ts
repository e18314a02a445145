import type { Priority, SiteConfig } from '../core/site-config.js';
import {
  ADVISOR_CONFIRMS,
  compose,
  composeFact,
  composeRouting,
  contactResult,
  contactSentence,
  materialResult,
  namesOf,
  say,
  type AskResult,
  type Composed,
} from './compose.js';
import { fireText, materialsOf, type CatalogMaterial, type Lang } from './documents.js';
import { fold, tokensOf } from './lexicon.js';
import {
  compareLevel,
  levelOf,
  meetsNeed,
  needById,
  needFields,
  needsModelOf,
  rankByConditions,
  shownCount,
  LIST_FEW,
  type Need,
  type NeedsModel,
  type Scale,
  type ScaleOp,
  type Verdict,
} from './needs.js';
import { INVERTS, asksEitherOr, denies, surfaceAsked, type Condition, type Numeric, type QuestionStructure, type Superlative } from './understand.js';
import type { AttributeId, FactId } from './vocabulary.js';

/*
 * Answers decided from the materials' attributes: one attribute of a named material, yes/no with the
 * reason and what meets the requirement instead, lists that name exactly the matching set,
 * superlatives and comparisons. Every sentence is fixed wording around values of the live catalog.
 * Returns undefined when the question's structure does not call for one; the search index answers then.
 */

/** A structured answer: routed when the catalog does not publish what was asked. */
export interface CatalogAnswer extends Composed {
  routed: boolean;
  /** A list of the materials that meet the question's conditions (not set when none meets them all). */
  list?: true;
}

/** The first scale that reads a material value (the scales are data, in any order). */
function scaleReading(model: NeedsModel, reads: Scale['reads']): string | undefined {
  for (const { scale } of model.scales.values()) if (scale.reads === reads) return scale.id;
  return undefined;
}

/** A material's level on the first scale reading a value, plus one (0 when it has none), for superlatives. */
function rankOn(model: NeedsModel, m: CatalogMaterial, reads: Scale['reads']): number {
  const id = scaleReading(model, reads);
  return id === undefined ? 0 : (levelOf(model, id, m) ?? -1) + 1;
}

export function cleanabilityRank(model: NeedsModel, m: CatalogMaterial): number {
  return rankOn(model, m, 'cleanability_class');
}

/** Higher is better: the DIN 4102 class first, the Euroclass next (its class, then smoke, then droplets as the scales read them). */
function fireRank(model: NeedsModel, m: CatalogMaterial): number {
  let rank = rankOn(model, m, 'din_4102');
  for (const { scale } of model.scales.values()) if (scale.reads === 'en_13501_1') rank = rank * 32 + (levelOf(model, scale.id, m) ?? -1) + 1;
  return rank;
}

function mentions(m: CatalogMaterial, words: string): boolean {
  const text = fold(`${m.applications.de} ${m.applications.en} ${m.summary.de} ${m.summary.en}`);
  return words
    .split(',')
    .map((w) => fold(w.trim()))
    .filter(Boolean)
    .some((w) => text.includes(w));
}

function numericHolds(m: CatalogMaterial, n: Numeric): boolean {
  const value = n.attribute === 'weight' ? m.weight_g_m2 : m.printable_width_cm;
  return compareLevel(value, n.op, n.value) === true;
}

/** A need a use case requires by id; undefined (not published) when the configuration has no such need. */
function requiredNeed(model: NeedsModel, m: CatalogMaterial, id: string): Verdict {
  const need = needById(model, id);
  return need ? meetsNeed(model, m, need) : undefined;
}

function holds(model: NeedsModel, m: CatalogMaterial, c: Condition): Verdict {
  let verdict: Verdict;
  if (c.kind === 'numeric') verdict = numericHolds(m, c.numeric);
  else if (c.kind === 'fire_class') verdict = c.code.includes('-') ? m.fire_classification.en_13501_1 === c.code : m.fire_classification.din_4102 === c.code;
  else if (c.kind === 'need') verdict = meetsNeed(model, m, c.need, c.stated);
  else if (c.kind === 'scale') verdict = compareLevel(levelOf(model, c.scale, m), c.op, c.level);
  else {
    const { requires, mentions: words } = c.useCase;
    const verdicts: Verdict[] = requires.map((r) => requiredNeed(model, m, r));
    if (words.de.trim() || words.en.trim()) verdicts.push(mentions(m, `${words.de},${words.en}`));
    verdict = verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true;
  }
  return verdict === undefined ? undefined : c.negated ? !verdict : verdict;
}

function allHold(model: NeedsModel, m: CatalogMaterial, conditions: Condition[]): Verdict {
  const verdicts = conditions.map((c) => holds(model, m, c));
  return verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true;
}

/** "Einsatzbereiche: …" / "applications: …", the evidence that the catalog names a material for a use. */
const applicationsOf = (m: CatalogMaterial, lang: Lang) => say(lang, `Einsatzbereiche: ${m.applications.de}`, `applications: ${m.applications.en}`);

const weightText = (m: CatalogMaterial) => `${m.weight_g_m2} g/m²`;
const widthText = (m: CatalogMaterial, lang: Lang) => say(lang, `${m.printable_width_cm} cm Druckbreite`, `${m.printable_width_cm} cm printable width`);
const cleanText = (m: CatalogMaterial, lang: Lang) => `${m.cleanability.class[lang]} (${m.cleanability.standard})`;
const wetText = (m: CatalogMaterial, lang: Lang) =>
  m.wet_room_suitable
    ? (m.wet_room_note?.[lang] ?? say(lang, 'für Feuchträume geeignet', 'suitable for wet rooms'))
    : say(lang, 'nicht für Feuchträume geeignet', 'not suitable for wet rooms');
// (?<![.\s]): the trailing run is matched from its start only (each start in a long run scanned it: quadratic).
const trim = (text: string) => text.replace(/(?<![.\s])[.\s]+$/, '');

/** The catalog value of a field a need reads, as evidence. */
function fieldEvidence(m: CatalogMaterial, field: string, lang: Lang): string {
  switch (field) {
    case 'din_4102':
    case 'en_13501_1':
      return fireText(m, lang);
    case 'cleanability_class':
    case 'cleanability_standard':
      return cleanText(m, lang);
    case 'wet_room_suitable':
      return trim(wetText(m, lang));
    case 'certifications':
      return say(lang, `Zertifizierungen: ${m.certifications.join(', ')}`, `certifications: ${m.certifications.join(', ')}`);
    case 'base_material':
      return say(lang, `Trägermaterial: ${m.base_material.de}`, `base material: ${m.base_material.en}`);
    case 'surface':
      return say(lang, `Oberfläche: ${m.surface.de}`, `surface: ${m.surface.en}`);
    case 'applications':
      return applicationsOf(m, lang);
    case 'summary':
      return trim(m.summary[lang]);
    case 'printable_width_cm':
      return widthText(m, lang);
    default:
      return weightText(m);
  }
}

function needEvidence(model: NeedsModel, m: CatalogMaterial, need: Need, lang: Lang): string[] {
  return needFields(model, need).map((f) => fieldEvidence(m, f, lang));
}

/** The attribute each material field answers. */
const FIELD_ATTRIBUTES: Record<string, AttributeId> = {
  din_4102: 'fire',
  en_13501_1: 'fire',
  cleanability_class: 'cleanability',
  cleanability_standard: 'cleanability',
  wet_room_suitable: 'wet_room',
  certifications: 'certifications',
  base_material: 'base_material',
  surface: 'surface',
  applications: 'applications',
  summary: 'applications',
  printable_width_cm: 'width',
  weight_g_m2: 'weight',
};

/** The attributes a condition is decided by. */
function conditionAttributes(model: NeedsModel, c: Condition): AttributeId[] {
  if (c.kind === 'numeric') return [c.numeric.attribute];
  if (c.kind === 'fire_class') return ['fire'];
  if (c.kind === 'scale') return [FIELD_ATTRIBUTES[model.scales.get(c.scale)?.scale.reads ?? ''] ?? 'fire'];
  const needs = c.kind === 'need' ? [c.need] : c.useCase.requires.flatMap((id) => needById(model, id) ?? []);
  return needs.flatMap((n) => needFields(model, n).map((f) => FIELD_ATTRIBUTES[f]));
}

/** What a material's data says to each condition, each value once ("PVC-free and FSC" both read the certifications). */
function evidenceOf(model: NeedsModel, m: CatalogMaterial, conditions: readonly Condition[], lang: Lang): string {
  return [...new Set(conditions.flatMap((c) => conditionEvidence(model, m, c, lang)))].join('; ');
}

function conditionEvidence(model: NeedsModel, m: CatalogMaterial, c: Condition, lang: Lang): string[] {
  if (c.kind === 'numeric') return [c.numeric.attribute === 'weight' ? weightText(m) : widthText(m, lang)];
  if (c.kind === 'fire_class') return [fireText(m, lang)];
  if (c.kind === 'need') return needEvidence(model, m, c.need, lang);
  if (c.kind === 'scale') return [fieldEvidence(m, model.scales.get(c.scale)?.scale.reads ?? '', lang)];
  const parts = c.useCase.requires.flatMap((r) => {
    const need = needById(model, r);
    return need ? needEvidence(model, m, need, lang) : [];
  });
  if (c.useCase.mentions.de.trim() || c.useCase.mentions.en.trim()) parts.push(applicationsOf(m, lang));
  return parts;
}

const NUMERIC_WORDS: Record<Numeric['attribute'], Record<Numeric['op'], [string, string]>> = {
  width: {
    gt: ['breiter als', 'wider than'],
    lt: ['schmaler als', 'narrower than'],
    eq: ['mit einer Druckbreite von', 'with a printable width of'],
    ge: ['mindestens so breit wie', 'at least as wide as'],
    le: ['höchstens so breit wie', 'at most as wide as'],
  },
  weight: {
    gt: ['schwerer als', 'heavier than'],
    lt: ['leichter als', 'lighter than'],
    eq: ['mit einem Flächengewicht von', 'with a weight of'],
    ge: ['mit mindestens', 'with at least'],
    le: ['mit höchstens', 'with at most'],
  },
};

const SCALE_OPS: Record<ScaleOp, [string, string]> = {
  ge: ['mindestens', 'at least'],
  gt: ['besser als', 'better than'],
  eq: ['genau', 'exactly'],
  lt: ['schlechter als', 'worse than'],
  le: ['höchstens', 'at most'],
};

/** A level by its code ("B1"), or by its words in the answer's language where the code is the German word ("scheuerbeständig"). */
function levelName(level: { code: string; words?: { de: string; en: string } }, lang: Lang): string {
  const first = (text: string) => text.split(',')[0].trim();
  return level.words && level.code === first(level.words.de) ? first(level.words[lang]) : level.code;
}

function conditionLabel(model: NeedsModel, c: Condition, lang: Lang): string {
  let label: string;
  if (c.kind === 'numeric') {
    const [de, en] = NUMERIC_WORDS[c.numeric.attribute][c.numeric.op];
    label = `${say(lang, de, en)} ${c.numeric.value} ${c.numeric.attribute === 'weight' ? 'g/m²' : 'cm'}`;
  } else if (c.kind === 'fire_class') {
    label = say(lang, `der Klasse ${c.code}`, `of class ${c.code}`);
  } else if (c.kind === 'need') {
    label = c.need.label[lang];
    if (c.stated !== undefined) label += say(lang, ` (${c.stated} cm)`, ` (${c.stated} cm)`);
  } else if (c.kind === 'scale') {
    const scale = model.scales.get(c.scale)?.scale;
    const [de, en] = SCALE_OPS[c.op];
    const op = c.op === 'eq' ? '' : `${say(lang, de, en)} `;
    label = scale ? `${op}${levelName(scale.levels[c.level], lang)} (${scale.label[lang]})` : '';
  } else {
    const parts = c.useCase.requires.flatMap((r) => {
      const need = needById(model, r);
      return need ? [need.label[lang]] : [];
    });
    const words = c.useCase.mentions[lang].split(',')[0]?.trim();
    if (words) parts.push(say(lang, `vorgesehen für ${words}`, `intended for ${words}`));
    label = parts.join(say(lang, ' und ', ' and '));
  }
  return c.negated ? say(lang, `nicht ${label}`, `not ${label}`) : label;
}

const labels = (model: NeedsModel, conditions: Condition[], lang: Lang) =>
  [...new Set(conditions.map((c) => conditionLabel(model, c, lang)))].join(say(lang, ' und ', ' and '));
const withEvidence = (ms: CatalogMaterial[], evidence: (m: CatalogMaterial) => string, lang: Lang) =>
  ms.map((m) => `${m.name[lang]} (${evidence(m)})`).join('; ');

interface Context {
  config: SiteConfig;
  base: string;
  lang: Lang;
  model: NeedsModel;
  /** The question puts a claim to be confirmed ("I heard it's B-s1, d0, right?"). */
  claim?: boolean;
}

function results(ctx: Context, ms: CatalogMaterial[]): AskResult[] {
  return ms.map((m) => materialResult(ctx.config, ctx.base, m, ctx.lang));
}

function answered(ctx: Context, sentences: string[], ms: CatalogMaterial[], confirm = true): CatalogAnswer {
  return { answer: [...sentences, ...(confirm ? [ADVISOR_CONFIRMS[ctx.lang]] : [])].join(' '), results: results(ctx, ms), routed: false };
}

function routedAnswer(ctx: Context, sentences: string[], ms: CatalogMaterial[]): CatalogAnswer {
  return {
    answer: [...sentences, contactSentence(ctx.config, ctx.base, ctx.lang)].join(' '),
    results: [...results(ctx, ms), contactResult(ctx.config, ctx.base, ctx.lang)],
    routed: true,
  };
}

/** "This information is not published for X (and Y)", routed, the materials and the contact point as results. */
function notPublishedFor(ctx: Context, ms: CatalogMaterial[]): CatalogAnswer {
  const names = (l: Lang) => namesOf(ms, l);
  return routedAnswer(
    ctx,
    [
      say(
        ctx.lang,
        `Diese Angabe ist für ${names('de')} in unseren Daten nicht veröffentlicht.`,
        `This information is not published for ${names('en')} in our data.`,
      ),
    ],
    ms,
  );
}

function attributeSentence(m: CatalogMaterial, attribute: AttributeId, lang: Lang): string {
  const name = m.name[lang];
  switch (attribute) {
    case 'weight':
      return say(lang, `${name}: Flächengewicht ${weightText(m)}.`, `${name}: weight ${weightText(m)}.`);
    case 'width':
      return say(lang, `${name}: Druckbreite bis ${m.printable_width_cm} cm.`, `${name}: printable width up to ${m.printable_width_cm} cm.`);
    case 'fire':
      return say(lang, `${name}: Brandverhalten ${fireText(m, lang)}.`, `${name}: reaction to fire ${fireText(m, lang)}.`);
    case 'cleanability':
      return say(
        lang,
        `${name}: Reinigung ${m.cleanability.class.de} nach ${m.cleanability.standard}.`,
        `${name}: cleanability ${m.cleanability.class.en} under ${m.cleanability.standard}.`,
      );
    case 'surface':
      return say(lang, `Oberfläche von ${name}: ${m.surface.de}.`, `Surface of ${name}: ${m.surface.en}.`);
    case 'base_material':
      return say(lang, `Trägermaterial von ${name}: ${m.base_material.de}.`, `Base material of ${name}: ${m.base_material.en}.`);
    case 'certifications':
      return say(lang, `Zertifizierungen von ${name}: ${m.certifications.join(', ')}.`, `Certifications of ${name}: ${m.certifications.join(', ')}.`);
    case 'applications':
      return say(lang, `Einsatzbereiche von ${name}: ${m.applications.de}.`, `Applications of ${name}: ${m.applications.en}.`);
    case 'wet_room':
      return `${name}: ${trim(wetText(m, lang))}.`;
  }
}

const COMPARED: AttributeId[] = ['weight', 'width', 'fire', 'cleanability', 'wet_room', 'surface', 'base_material', 'certifications', 'applications'];
const COMPARED_LABELS: Record<AttributeId, [string, string]> = {
  weight: ['Flächengewicht', 'Weight'],
  width: ['Druckbreite', 'Printable width'],
  fire: ['Brandverhalten', 'Reaction to fire'],
  cleanability: ['Reinigung', 'Cleanability'],
  wet_room: ['Feuchtraum', 'Wet rooms'],
  surface: ['Oberfläche', 'Surface'],
  base_material: ['Trägermaterial', 'Base material'],
  certifications: ['Zertifizierungen', 'Certifications'],
  applications: ['Einsatzbereiche', 'Applications'],
};

function attributeValue(m: CatalogMaterial, attribute: AttributeId, lang: Lang): string {
  switch (attribute) {
    case 'weight':
      return weightText(m);
    case 'width':
      return `${m.printable_width_cm} cm`;
    case 'fire':
      return fireText(m, lang);
    case 'cleanability':
      return cleanText(m, lang);
    case 'wet_room':
      return trim(wetText(m, lang));
    case 'surface':
      return m.surface[lang];
    case 'base_material':
      return m.base_material[lang];
    case 'certifications':
      return m.certifications.join(', ');
    case 'applications':
      return m.applications[lang];
  }
}

const SUPERLATIVE_TITLES: Record<Superlative['attribute'], Record<'high' | 'low', [string, string]>> = {
  weight: { high: ['Das schwerste Material', 'The heaviest material'], low: ['Das leichteste Material', 'The lightest material'] },
  width: { high: ['Die größte Druckbreite', 'The widest printable width'], low: ['Die kleinste Druckbreite', 'The narrowest printable width'] },
  cleanability: {
    high: ['Die höchste Reinigungsklasse', 'The most hard-wearing by cleanability class'],
    low: ['Die niedrigste Reinigungsklasse', 'The lowest cleanability class'],
  },
  fire: { high: ['Das beste Brandverhalten', 'The best reaction to fire'], low: ['Das schwächste Brandverhalten', 'The weakest reaction to fire'] },
};

function superlativeValue(model: NeedsModel, m: CatalogMaterial, s: Superlative): number {
  switch (s.attribute) {
    case 'weight':
      return m.weight_g_m2;
    case 'width':
      return m.printable_width_cm;
    case 'cleanability':
      return cleanabilityRank(model, m);
    case 'fire':
      return fireRank(model, m);
  }
}

function superlativeEvidence(m: CatalogMaterial, s: Superlative, lang: Lang): string {
  return s.attribute === 'weight'
    ? weightText(m)
    : s.attribute === 'width'
      ? `${m.printable_width_cm} cm`
      : s.attribute === 'cleanability'
        ? cleanText(m, lang)
        : fireText(m, lang);
}

function superlativeAnswer(ctx: Context, q: QuestionStructure, s: Superlative, named?: CatalogMaterial[]): CatalogAnswer {
  const { lang } = ctx;
  const from = named ?? materialsOf(ctx.config);
  const pool = from.filter((m) => allHold(ctx.model, m, q.conditions) === true);
  if (pool.length === 0)
    return answered(
      ctx,
      [
        say(
          lang,
          `Laut Katalog ist kein Material ${labels(ctx.model, q.conditions, lang)}.`,
          `According to the catalog, no material is ${labels(ctx.model, q.conditions, lang)}.`,
        ),
      ],
      [],
      false,
    );
  const values = pool.map((m) => superlativeValue(ctx.model, m, s));
  const extreme = s.highest ? Math.max(...values) : Math.min(...values);
  // "Which three are the lightest?": the first three of the ranking, else those tied for the extreme.
  const tied = q.count
    ? pool
        .map((m, i) => ({ m, v: values[i] }))
        .sort((a, b) => (s.highest ? b.v - a.v : a.v - b.v))
        .slice(0, q.count)
        .map((r) => r.m)
    : pool.filter((_, i) => values[i] === extreme);
  const best = q.count ? tied : tied.slice(0, shownCount(tied.length));
  const [de, en] = SUPERLATIVE_TITLES[s.attribute][s.highest ? 'high' : 'low'];
  const among = q.conditions.length
    ? say(lang, ` unter den Materialien, die ${labels(ctx.model, q.conditions, lang)} sind`, ` among the materials ${labels(ctx.model, q.conditions, lang)}`)
    : '';
  const sentence = `${say(lang, de, en)}${among}: ${withEvidence(best, (m) => superlativeEvidence(m, s, lang), lang)}.`;
  // Among materials the question names itself, the others with their values, so the ranking shows
  // (not for "those" of an earlier answer, which may be many).
  const others = q.those ? [] : (named ?? []).filter((m) => !best.includes(m));
  if (others.length) {
    const rest = `${say(lang, 'Zum Vergleich', 'For comparison')}: ${others.map((m) => `${m.name[lang]} ${superlativeEvidence(m, s, lang)}`).join('; ')}.`;
    return answered(ctx, [sentence, rest], [...best, ...others]);
  }
  return answered(ctx, [sentence, ...moreSentence(ctx, best.length, tied.length)], best);
}

/** A condition's weight in the ranking: a need or a limit 2, where the catalog says a material is used 1. */
const weightOf = (c: Condition) => (c.kind === 'use_case' && c.useCase.requires.length === 0 ? 1 : 2);

/** "N match in all; the full list: <catalog>", when a list names only the first of its matches. */
function moreSentence(ctx: Context, shown: number, total: number): string[] {
  if (shown >= total) return [];
  const link = materialResult(ctx.config, ctx.base, materialsOf(ctx.config)[0], ctx.lang).grounding.source;
  return [
    say(
      ctx.lang,
      `Das sind ${shown} von ${total} passenden Materialien; die vollständige Liste: ${link}.`,
      `These are ${shown} of ${total} matching materials; the full list: ${link}.`,
    ),
  ];
}

/** The bound a condition sets on a ranked value (a wall's width to reach, a weight not to exceed), if it sets one. */
function boundOf(c: Condition): Superlative | undefined {
  if (c.negated) return undefined;
  if (c.kind === 'numeric' && c.numeric.op !== 'eq') return { attribute: c.numeric.attribute, highest: c.numeric.op === 'ge' || c.numeric.op === 'gt' };
  if (c.kind !== 'need' || c.stated === undefined) return undefined;
  const test = c.need.met_by.flat().find((t) => 'stated' in t && t.stated !== undefined);
  if (!test || !('field' in test) || (test.field !== 'printable_width_cm' && test.field !== 'weight_g_m2')) return undefined;
  return { attribute: test.field === 'weight_g_m2' ? 'weight' : 'width', highest: test.stated === 'at_least' };
}

/** For a bound no material reaches ("4.2 m in one piece"): the catalog's extreme and the materials that have it. */
function bounds(ctx: Context, unmet: Condition[]): { sentences: string[]; materials: CatalogMaterial[] } {
  const materials: CatalogMaterial[] = [];
  const sentences = unmet.flatMap((c) => {
    const bound = boundOf(c);
    if (!bound) return [];
    const all = materialsOf(ctx.config);
    const values = all.map((m) => superlativeValue(ctx.model, m, bound));
    const extreme = bound.highest ? Math.max(...values) : Math.min(...values);
    const best = all.filter((_, i) => values[i] === extreme);
    const shown = best.slice(0, shownCount(best.length));
    const [de, en] = SUPERLATIVE_TITLES[bound.attribute][bound.highest ? 'high' : 'low'];
    materials.push(...shown.filter((m) => !materials.includes(m)));
    return [`${say(ctx.lang, `${de} im Katalog`, `${en} in the catalog`)}: ${withEvidence(shown, (m) => superlativeEvidence(m, bound, ctx.lang), ctx.lang)}.`];
  });
  return { sentences, materials };
}

/**
 * A setting whose use case requires needs ("Großküche": wet rooms, scrubbable) as those needs, the
 * materials the catalog names for it ranked first: when no material also has the setting among its
 * applications, those that meet what it requires are named. A use case without requirements stays the
 * condition it is (its mention is all it asks).
 */
function requirementsDecide(model: NeedsModel, q: QuestionStructure, materials: CatalogMaterial[], stated = false): QuestionStructure {
  const settings = q.conditions.filter((c) => c.kind === 'use_case' && !c.negated && (stated || c.useCase.requires.length > 0));
  if (settings.length === 0) return q;
  const conditions: Condition[] = [];
  const applications = new Map(q.applications);
  for (const c of q.conditions) {
    if (c.kind !== 'use_case' || !settings.includes(c)) {
      conditions.push(c);
      continue;
    }
    for (const id of c.useCase.requires) {
      const need = needById(model, id);
      if (need && !q.conditions.some((o) => o.kind === 'need' && o.need.id === id)) conditions.push({ kind: 'need', need, negated: false });
    }
    const { mentions: words } = c.useCase;
    if (words.de.trim() || words.en.trim())
      for (const m of materials) if (mentions(m, `${words.de},${words.en}`)) applications.set(m.id, Math.max(applications.get(m.id) ?? 0, 1));
  }
  return { ...q, conditions, applications };
}

/**
 * The materials that meet every condition, ranked; a handful of them at catalog scale, with how many
 * match in all. When none meets all: which condition no material meets, and the best partial matches
 * with what each lacks. among: the materials a follow-up narrows ("which of those …"); the whole
 * catalog otherwise.
 */
function listAnswer(ctx: Context, asked: QuestionStructure, among?: CatalogMaterial[]): CatalogAnswer {
  const { lang, model } = ctx;
  const all = among ?? materialsOf(ctx.config);
  const meetAll = (q: QuestionStructure) => {
    const ranked = rankByConditions(all, q.conditions, (m, c) => holds(model, m, c), weightOf);
    return { q, ranked, matching: ranked.filter((r) => r.verdicts.every((v) => v === true)).map((r) => r.material) };
  };
  // A setting beside stated needs ranks: the needs decide, the materials the catalog names for the setting lead.
  const setting = (c: Condition) => c.kind === 'use_case' && !c.negated;
  const stated = new Set(asked.conditions.filter((c) => !setting(c) && !c.negated).flatMap((c) => conditionAttributes(model, c)));
  const ranks = asked.several && asked.conditions.some(setting) && stated.size >= 2;
  let decided = meetAll(ranks ? requirementsDecide(model, asked, all, true) : asked);
  // A width none meets exactly with the rest ("printed 300 cm wide", "the wall section is 90 cm wide") is one the
  // print must reach: at least that, also for what a setting's requirements decide next.
  const exactWidth = (c: Condition) => c.kind === 'numeric' && c.numeric.attribute === 'width' && c.numeric.op === 'eq' && !c.negated;
  if (decided.matching.length === 0 && asked.conditions.some(exactWidth)) {
    decided = meetAll({
      ...asked,
      conditions: asked.conditions.map((c) => (c.kind === 'numeric' && exactWidth(c) ? { ...c, numeric: { ...c.numeric, op: 'ge' as const } } : c)),
    });
  }
  // None meets a setting with its requirements and the rest: the requirements and the rest decide.
  if (decided.matching.length === 0) {
    const q = requirementsDecide(model, decided.q, materialsOf(ctx.config));
    if (q !== decided.q) {
      const again = meetAll(q);
      if (again.matching.length) decided = again;
    }
  }
  const { q, ranked, matching } = decided;
  const evidence = (m: CatalogMaterial) => evidenceOf(model, m, q.conditions, lang);
  const label = labels(model, q.conditions, lang);
  const applications = (m: CatalogMaterial) => `${evidence(m)}; ${applicationsOf(m, lang)}`;
  // A setting the catalog names for some of many matches ("abwischbar, für ein Restaurant"): those lead,
  // the others are counted with the link to the full list.
  // Up to a handful are all named, those the catalog names for the setting first.
  const meant = q.applications.size && !q.count && matching.length > LIST_FEW ? matching.filter((m) => q.applications.has(m.id)) : [];
  // The setting's own words when its requirements decided (the materials the catalog names for it come first).
  const settings = q === asked ? [] : asked.conditions.filter((c) => c.kind === 'use_case' && !q.conditions.includes(c));
  const bare = settings.map((c) => (c.kind === 'use_case' ? { ...c, useCase: { ...c.useCase, requires: [] } } : c));
  const listed = (m: CatalogMaterial) => bare.length > 0 && allHold(model, m, bare) === true;
  if (q.applications.size && matching.length <= LIST_FEW)
    matching.sort((a, b) => Number(listed(b)) - Number(listed(a)) || Number(q.applications.has(b.id)) - Number(q.applications.has(a.id)));
  if (meant.length && meant.length < matching.length) {
    const shown = meant.slice(0, shownCount(meant.length));
    const sentences = [
      say(lang, `Laut Katalog ${label} und für diesen Einsatz vorgesehen: `, `According to the catalog, ${label} and intended for this use: `) +
        withEvidence(shown, applications, lang) +
        '.',
      ...moreSentence(ctx, shown.length, matching.length),
    ];
    return { ...answered(ctx, [...sentences, ...reasonsOf(ctx, q.conditions)], shown), list: true };
  }
  if (matching.length) {
    // "Which three materials …": the first three of the ranking.
    const shown = matching.slice(0, q.count ?? shownCount(matching.length));
    // Where the catalog names materials for the setting, their applications say which.
    const named = (m: CatalogMaterial) => (q.applications.has(m.id) ? applications(m) : evidence(m));
    const sentences = [say(lang, `Laut Katalog ${label}: `, `According to the catalog, ${label}: `) + withEvidence(shown, named, lang) + '.'];
    sentences.push(...moreSentence(ctx, shown.length, matching.length));
    // Named for what the setting requires or beside it: which of them the catalog names for the setting itself, if any.
    if (settings.length) {
      const mentioned = labels(model, bare, lang);
      const expressly = shown.filter(listed);
      sentences.push(
        expressly.length
          ? say(lang, `Ausdrücklich ${mentioned}: ${namesOf(expressly, lang)}.`, `Expressly ${mentioned}: ${namesOf(expressly, lang)}.`)
          : say(lang, `Im Katalog ist dafür nicht ausdrücklich genannt: ${mentioned}.`, `The catalog does not list them expressly as ${mentioned}.`),
      );
    }
    if (shown.length === matching.length && ranked.some((r) => r.open.length && !r.lacking.length))
      sentences.push(say(lang, 'Für die übrigen Materialien ist das nicht veröffentlicht.', 'For the other materials this is not published.'));
    return { ...answered(ctx, [...sentences, ...reasonsOf(ctx, q.conditions)], shown), list: true };
  }
  if (q.conditions.length < 2) {
    const closest = bounds(ctx, q.conditions);
    const sentences = [
      noneAnswers(q, lang) + say(lang, `Laut Katalog ist kein Material ${label}.`, `According to the catalog, no material is ${label}.`),
      ...closest.sentences,
    ];
    if (ranked.some((r) => r.open.length))
      sentences.push(say(lang, 'Für die übrigen Materialien ist das nicht veröffentlicht.', 'For the other materials this is not published.'));
    return answered(ctx, [...sentences, ...reasonsOf(ctx, q.conditions)], closest.materials);
  }
  // Every need met, only the setting not among the catalog's applications ("for a trade-fair booth, B1,
  // 3 m, no PVC"): those materials lead, and the answer says the catalog does not list them for it.
  const soft = (c: Condition) => c.kind === 'use_case' && c.useCase.requires.length === 0;
  const hard = q.conditions.filter((c) => !soft(c));
  const meetsNeeds =
    hard.length && hard.length < q.conditions.length ? ranked.filter((r) => r.verdicts.every((v, i) => v === true || soft(q.conditions[i]))) : [];
  if (meetsNeeds.length) {
    const shown = meetsNeeds.slice(0, q.count ?? shownCount(meetsNeeds.length)).map((r) => r.material);
    const settings = labels(model, q.conditions.filter(soft), lang);
    const sentences = [
      say(lang, `Laut Katalog ${labels(model, hard, lang)}: `, `According to the catalog, ${labels(model, hard, lang)}: `) +
        withEvidence(shown, (m) => evidenceOf(model, m, hard, lang), lang) +
        '.',
      say(lang, `Im Katalog ist dafür nicht ausdrücklich genannt: ${settings}.`, `The catalog does not list them expressly as ${settings}.`),
      ...moreSentence(ctx, shown.length, meetsNeeds.length),
    ];
    return { ...answered(ctx, [...sentences, ...reasonsOf(ctx, hard)], shown), list: true };
  }
  // None meets all: say what no material meets, then the best partial matches and what each lacks.
  const unmet = q.conditions.filter((_, i) => ranked.every((r) => r.verdicts[i] !== true));
  const closest = bounds(ctx, unmet);
  const sentences = [
    noneAnswers(q, lang) +
      (unmet.length
        ? say(lang, `Laut Katalog ist kein Material ${labels(model, unmet, lang)}.`, `According to the catalog, no material is ${labels(model, unmet, lang)}.`)
        : say(lang, `Laut Katalog erfüllt kein Material alles zugleich: ${label}.`, `According to the catalog, no material meets all of: ${label}.`)),
    ...closest.sentences,
  ];
  // The best material for each condition first (so every need is represented), then the best overall; three at most.
  const partial: typeof ranked = [];
  for (let i = 0; i < q.conditions.length && partial.length < 3; i++) {
    const best = ranked.find((r) => r.verdicts[i] === true && !partial.includes(r));
    if (best) partial.push(best);
  }
  for (const r of ranked) if (partial.length < 3 && r.score > 0 && !partial.includes(r)) partial.push(r);
  partial.sort((a, b) => ranked.indexOf(a) - ranked.indexOf(b));
  if (partial.length) {
    const lacks = (r: (typeof partial)[number]) => {
      const missing = [...new Set([...r.lacking, ...r.open].map((c) => conditionLabel(model, c, lang)))];
      return say(lang, `es fehlt: ${missing.join(', ')}`, `lacks: ${missing.join(', ')}`);
    };
    sentences.push(
      say(lang, 'Am nächsten kommen: ', 'The closest matches: ') +
        partial.map((r) => `${r.material.name[lang]} (${evidence(r.material)}; ${lacks(r)})`).join('; ') +
        '.',
    );
  }
  return answered(
    ctx,
    [...sentences, ...reasonsOf(ctx, unmet)],
    [...partial.map((r) => r.material), ...closest.materials.filter((m) => !partial.some((r) => r.material === m))],
  );
}

/**
 * A list led by the staff's recommendation for the priority the search found, when the question asks
 * what to use and the recommended material is among the matches: its reason first, then the list.
 */
export function withRecommendation(config: SiteConfig, base: string, lang: Lang, list: CatalogAnswer, priority: Priority): CatalogAnswer {
  const setting = config.recommendations[priority];
  const index = list.results.findIndex((r) => r.id === setting.material_id);
  if (index < 0) return list;
  const recommended = compose(config, base, { kind: 'recommendation', priority }, lang).results[0];
  const lead = say(lang, `Wir empfehlen ${recommended.name}: ${setting.reason.de}`, `We recommend ${recommended.name}: ${setting.reason.en}`);
  return { ...list, answer: `${lead} ${list.answer}`, results: [recommended, ...list.results.filter((_, i) => i !== index)] };
}

/** The reasons of the needs and use cases a material does not meet (all stated ones when no material is given). */
function reasonsOf(ctx: Context, conditions: Condition[], m?: CatalogMaterial): string[] {
  const out = new Set<string>();
  for (const c of conditions) {
    if (c.negated || (c.kind !== 'use_case' && c.kind !== 'need')) continue;
    const reason = c.kind === 'need' ? c.need.reason : c.useCase.reason;
    if (reason && (!m || holds(ctx.model, m, c) === false)) out.add(reason[ctx.lang]);
  }
  return [...out];
}

/** Yes or no first, with the value that decides it and, for a no, what it lacks and which materials meet the question instead. */
/** A yes/no on the same conditions for each of several named materials: "Ja"/"Nein" with the evidence, one line each. */
function yesNoForEach(ctx: Context, q: QuestionStructure, named: CatalogMaterial[]): CatalogAnswer {
  const { lang, model } = ctx;
  const lines = named.map((m) => {
    const verdict = allHold(model, m, q.conditions);
    const lead =
      verdict === undefined ? say(lang, 'Nicht veröffentlicht: ', 'Not published: ') : verdict ? say(lang, 'Ja: ', 'Yes: ') : say(lang, 'Nein: ', 'No: ');
    return `${lead}${m.name[lang]} – ${evidenceOf(model, m, q.conditions, lang)}.`;
  });
  return answered(ctx, lines, named);
}

/** "Nein. " before what no material meets, when the question asks yes or no ("Könnt ihr 5 m ohne Naht drucken?"). */
function noneAnswers(q: QuestionStructure, lang: Lang): string {
  return q.yesNo && !q.negatedQuestion ? say(lang, 'Nein. ', 'No. ') : '';
}

function yesNoAnswer(ctx: Context, q: QuestionStructure, m: CatalogMaterial): CatalogAnswer {
  const { lang, model } = ctx;
  const verdict = allHold(model, m, q.conditions);
  const name = m.name[lang];
  const evidence = evidenceOf(model, m, q.conditions, lang);
  // Whether it contains what a need says it is free of ("Sind da Weichmacher drin?"): the alternatives are the materials
  // free of it, and the need is said as itself ("ob X PVC-frei ist"), not as its double negation.
  const containsAsked = q.conditions.length > 0 && q.conditions.every((c) => c.kind === 'need' && c.negated);
  const wanted = containsAsked ? q.conditions.map((c) => ({ ...c, negated: false })) : q.conditions;
  const label = labels(model, wanted, lang);
  const matching = materialsOf(ctx.config).filter((x) => x.id !== m.id && allHold(model, x, wanted) === true);
  const shown = matching.slice(0, shownCount(matching.length));
  // (Of a material free of it, no list: "Does X produce flaming droplets?" – "No" is the whole answer.)
  const instead =
    shown.length && !(containsAsked && verdict === false)
      ? [
          say(lang, `Laut Katalog ${label}: `, `According to the catalog, ${label}: `) +
            withEvidence(shown, (x) => evidenceOf(model, x, wanted, lang), lang) +
            '.',
          ...moreSentence(ctx, shown.length, matching.length),
        ]
      : containsAsked
        ? []
        : [say(lang, `Laut Katalog ist kein anderes Material ${label}.`, `According to the catalog, no other material is ${label}.`)];
  const others = instead.length ? shown : [];
  if (verdict === undefined) {
    const met = q.conditions.filter((c) => holds(model, m, c) === true);
    // (A need turned around is open exactly when the need is: said as the need.)
    const openLabel = labels(
      model,
      wanted.filter((c) => holds(model, m, c) === undefined),
      lang,
    );
    const known = met.length
      ? [say(lang, `${name} ist ${labels(model, met, lang)} (${evidence}).`, `${name} is ${labels(model, met, lang)} (${evidence}).`)]
      : [];
    return routedAnswer(
      ctx,
      [
        ...known,
        say(lang, `Ob ${name} ${openLabel} ist, ist in unseren Daten nicht veröffentlicht.`, `Whether ${name} is ${openLabel} is not published in our data.`),
        ...instead,
      ],
      [m, ...others],
    );
  }
  // The need holds, but its evidence denies what the question states ("dauernd nass" against "nicht für
  // dauerhaft nasse Flächen"): no.
  const limited = verdict && !q.negatedQuestion && denies(tokensOf(evidence), q.words);
  // Asked negatively ("Ist das Metallic nicht auch raucharm?"): "Nein" when it does not meet what is asked, whichever way
  // the "nicht" is read; when it does, no word that could be read either way.
  // Not when the question asks what speaks against it ("Is there anything against …?": unmet is a yes there).
  const unmet =
    q.negatedQuestion &&
    !q.words.some((w) => INVERTS.has(w)) &&
    allHold(
      model,
      m,
      q.conditions.map((c) => ({ ...c, negated: false })),
    ) === false;
  const lead = unmet ? say(lang, 'Nein: ', 'No: ') : q.negatedQuestion ? '' : verdict && !limited ? say(lang, 'Ja: ', 'Yes: ') : say(lang, 'Nein: ', 'No: ');
  const sentences = [`${lead}${name} – ${evidence}.`];
  if (!verdict) {
    const lacking = q.conditions.filter((c) => holds(model, m, c) === false);
    if (q.conditions.length > 1 && lacking.length)
      sentences.push(say(lang, `Es fehlt: ${labels(model, lacking, lang)}.`, `It lacks: ${labels(model, lacking, lang)}.`));
    // A claim of a value ("I heard it's rated B-s1, d0, right?", "wiegt nur 350 g/m²") is corrected by the true one; which other materials
    // have the value claimed is not asked (a claimed suitability still gets the materials that have it).
    const claimsValue = q.conditions.some(
      (c) =>
        c.kind === 'fire_class' ||
        (c.kind === 'scale' && c.op === 'eq') ||
        (c.kind === 'numeric' && c.numeric.op === 'eq') ||
        (c.kind === 'need' && c.stated !== undefined),
    );
    if (ctx.claim && claimsValue) return answered(ctx, [...sentences, ...reasonsOf(ctx, q.conditions, m)], [m]);
    sentences.push(...reasonsOf(ctx, q.conditions, m), ...instead);
    return answered(ctx, sentences, [m, ...others]);
  }
  return answered(ctx, sentences, [m]);
}

function comparisonAnswer(ctx: Context, q: QuestionStructure): CatalogAnswer {
  const { lang } = ctx;
  const ms = q.named;
  const sentences: string[] = [];
  if (q.comparative && ms.length === 2) {
    const [a, b] = ms;
    const va = superlativeValue(ctx.model, a, q.comparative);
    const vb = superlativeValue(ctx.model, b, q.comparative);
    const word = {
      weight: q.comparative.highest ? ['Schwerer', 'Heavier'] : ['Leichter', 'Lighter'],
      width: q.comparative.highest ? ['Breiter', 'Wider'] : ['Schmaler', 'Narrower'],
    }[q.comparative.attribute as 'weight' | 'width'];
    if (word && va !== vb) {
      const [winner, loser] = va > vb === q.comparative.highest ? [a, b] : [b, a];
      const value = (m: CatalogMaterial) => superlativeEvidence(m, q.comparative!, lang);
      sentences.push(
        say(
          lang,
          `${word[0]} ist ${winner.name.de} (${value(winner)} gegenüber ${value(loser)}).`,
          `${word[1]}: ${winner.name.en} (${value(winner)} against ${value(loser)}).`,
        ),
      );
    }
  }
  const names = namesOf(ms, lang);
  sentences.push(say(lang, `${names} im Vergleich:`, `${names} compared:`));
  // What the question asks about first, also where they are the same ("both B-s2, d0"); the rest where they differ.
  const asked = COMPARED.filter((a) => q.attributes.includes(a));
  for (const attribute of [...asked, ...COMPARED.filter((a) => !asked.includes(a))]) {
    const values = ms.map((m) => attributeValue(m, attribute, lang));
    const [de, en] = COMPARED_LABELS[attribute];
    if (new Set(values).size === 1) {
      if (asked.includes(attribute)) sentences.push(`${say(lang, de, en)}: ${say(lang, 'bei beiden', 'the same for both')} – ${values[0]}.`);
      continue;
    }
    sentences.push(`${say(lang, de, en)}: ${ms.map((m, i) => `${m.name[lang]} ${values[i]}`).join('; ')}.`);
  }
  return answered(ctx, sentences, ms);
}

/**
 * A next step for named materials: the company fact that says how, opened with what it is for
 * (opening: the German and English opening around the materials' names), the materials after it.
 */
function stepAnswer(ctx: Context, named: CatalogMaterial[], fact: FactId, opening: (names: string) => [string, string]): CatalogAnswer {
  const names = namesOf(named, ctx.lang);
  const next = composeFact(ctx.config, ctx.base, fact, ctx.lang);
  const [de, en] = opening(names);
  return { answer: `${say(ctx.lang, de, en)} ${next.answer}`, results: [...next.results, ...results(ctx, named)], routed: false };
}

/** The structured answer to a question, or undefined when the search index should answer it. */
export function answerFromCatalog(config: SiteConfig, base: string, lang: Lang, q: QuestionStructure, claim = false): CatalogAnswer | undefined {
  const ctx: Context = { config, base, lang, model: needsModelOf(config), claim };
  const named = q.named;
  // The file check or a call asked for with nothing to choose: that step, with its link or number.
  const choosing = q.conditions.length > 0 || q.superlative !== undefined || q.applications.size > 0;
  // Asking for a person ("I'd rather talk to a human") is that, whatever else the question names.
  if (q.step === 'telephone' && !named.length && !q.unpublished) return { ...composeFact(config, base, 'telephone', lang), routed: false };
  if (q.step === 'wallcheck' && !named.length && !choosing && !q.unpublished && !q.projectSpecific)
    return { ...composeFact(config, base, q.step, lang), routed: false };
  if (q.step && q.step !== 'ordering' && named.length && !q.unpublished && !q.projectSpecific) {
    // A sample, the file check or a call for a named material: that step with its link, the material after it.
    const samples = q.step === 'samples';
    return stepAnswer(ctx, named, q.step, (names) => (samples ? [`Muster von ${names}:`, `Samples of ${names}:`] : [`Für ${names}:`, `For ${names}:`]));
  }
  // "Which wallpaper should we order?" chooses a material: only an order for a named one is an order.
  if (q.action && (named.length || !(q.conditions.length && q.recommendation))) {
    if (named.length === 0) return undefined;
    // Ordering or committing to something for a named material: how ordering works, or routed.
    if (q.projectSpecific || q.unpublished) return { ...composeRouting(config, base, lang), routed: true };
    // Done by us ("Reservieren Sie 50 m² X", "Please confirm the order now"), not asked how: only an advisor can, so it is routed.
    const ordering = stepAnswer(ctx, named, 'ordering', (names) => [`Für ${names}:`, `For ${names}:`]);
    return q.step || q.words.some((w) => ASKS_HOW.has(w)) ? ordering : { ...ordering, routed: true };
  }
  if (q.step && named.length && !q.unpublished && !q.projectSpecific) {
    // The next step first (how ordering goes on, with the contact point), the materials after it.
    return stepAnswer(ctx, named, 'ordering', (names) => [`Der nächste Schritt für ${names}:`, `The next step for ${names}:`]);
  }
  // Not when it asks a value of them: "For a reception wall, which of these two is easier to clean: A or B?" compares them.
  const valueOfSettingOnly = q.attributes.some((a) => a !== 'applications') && q.conditions.every((c) => c.kind === 'use_case');
  if (q.those && named.length >= 2 && q.conditions.length && !valueOfSettingOnly) return listAnswer(ctx, q, named);
  // "Which of those is the widest?": the extreme among the materials named (two named side by side are compared).
  if (q.superlative && named.length >= 2 && (q.those || named.length >= 3) && !q.comparison) return superlativeAnswer(ctx, q, q.superlative, named);
  if (named.length >= 2 && (q.unpublished || q.projectSpecific) && !q.attributes.length)
    // "Und preislich – was macht der Unterschied aus?": what is compared is not published (a published attribute named is compared).
    return notPublishedFor(ctx, named);
  // "Sind X und Y beide feuchtraumgeeignet?": the yes/no for each, not a comparison of everything.
  if (named.length >= 2 && q.yesNo && !q.comparison && q.conditions.length && !q.attributes.length) return yesNoForEach(ctx, q, named);
  if (named.length >= 2) return comparisonAnswer(ctx, q);
  // "Welche Materialien sind schwerer als das Vinyl auf Vlies 300?": the materials beyond its value, not its card.
  const beyond = q.comparative?.attribute;
  const thanIt = q.words.some((w) => THAN.has(w)) && q.words.some((w) => WHICH.has(w));
  if (named.length === 1 && (beyond === 'weight' || beyond === 'width') && thanIt && q.asksMaterial && !q.yesNo) {
    const value = superlativeValue(ctx.model, named[0], q.comparative!);
    const numeric: Numeric = { attribute: beyond, op: q.comparative!.highest ? 'gt' : 'lt', value };
    return answerFromCatalog(config, base, lang, {
      ...q,
      named: [],
      comparative: undefined,
      conditions: [...q.conditions, { kind: 'numeric', numeric, negated: false }],
    });
  }
  if (named.length === 1) {
    const [m] = named;
    // Anything the catalog does not publish (a price, stock, a U-value) routes the whole question; who
    // asks ("our installer needs the grammage") does not, when a published value is asked.
    if (q.unpublished || (q.projectSpecific && !q.attributes.length)) {
      return notPublishedFor(ctx, [m]);
    }
    // A condition on the material is a yes/no, also when it names the attribute the condition reads ("wide enough for a 300 cm wall?").
    const decided = new Set(q.conditions.flatMap((c) => conditionAttributes(ctx.model, c)));
    if (q.conditions.length && (q.yesNo || q.attributes.length === 0 || !q.listWord || q.attributes.every((a) => decided.has(a))))
      return yesNoAnswer(ctx, q, m);
    if (q.yesNo && q.applications.size && q.attributes.every((a) => a === 'applications')) return suitabilityAnswer(ctx, q, m);
    if (q.attributes.length) {
      const sentences = q.attributes.map((a) => attributeSentence(m, a, lang));
      // "Lässt sich X in der Duschkabine einsetzen?" when its wet-room note says "nicht in Duschen": "Nein" first.
      const no = q.yesNo && !q.negatedQuestion && sentences.some((s) => denies(tokensOf(s), q.words));
      // "Hat X eine glatte Oberfläche?": its published surface says which.
      // Not for an either/or ("glossy or matt?"), which the surface itself answers.
      const surface = q.yesNo && !q.negatedQuestion && !asksEitherOr(q.words) && q.attributes.includes('surface') ? surfaceHas(m, q.words) : undefined;
      const opening = no || surface === false ? say(lang, 'Nein.', 'No.') : surface ? say(lang, 'Ja.', 'Yes.') : undefined;
      return answered(ctx, opening ? [opening, ...sentences] : sentences, [m]);
    }
    return undefined;
  }
  if (q.unpublished || q.projectSpecific) return undefined;
  if (q.superlative) return superlativeAnswer(ctx, q, q.superlative);
  if (q.conditions.length) return listAnswer(ctx, q);
  return undefined;
}

/** "Which … heavier than X": a list asked against one material's value. */
const THAN = new Set(tokensOf('als, than'));
const WHICH = new Set(tokensOf('welche, welcher, welches, which, what'));

/** Asking how or where an order is done ("wie bestell ich das?", "where do I order it?"), not asking us to do it. */
const ASKS_HOW = new Set(tokensOf('wie, wo, wohin, how, where'));

/**
 * Whether a material's published surface has every quality the question asks of it (undefined when it asks
 * none): the words of its own name ("Metallic-Effekt") ask nothing.
 */
function surfaceHas(m: CatalogMaterial, words: string[]): boolean | undefined {
  const surface = new Set(tokensOf(`${m.surface.de}, ${m.surface.en}`));
  const asked = surfaceAsked(m, words);
  if (asked.length === 0) return undefined;
  // "Sandstruktur": a surface word may head a compound of the published one.
  const has = (quality: Set<string>) => [...surface].some((w) => [...quality].some((q) => w === q || (q.length >= 5 && w.endsWith(q))));
  return asked.every(has);
}

/**
 * "Would X be fine for a hotel corridor?": yes when the catalog names X for the use the question names;
 * else no, with X's applications and the materials the catalog names for it.
 */
function suitabilityAnswer(ctx: Context, q: QuestionStructure, m: CatalogMaterial): CatalogAnswer {
  const { lang } = ctx;
  // A negated question ("Is there any reason not to …?") gets the fact without "Yes"/"No", whose sense it would turn.
  const lead = (yes: boolean) => (q.negatedQuestion ? '' : yes ? say(lang, 'Ja: ', 'Yes: ') : say(lang, 'Nein, ', 'No, '));
  if (q.applications.has(m.id)) return answered(ctx, [`${lead(true)}${m.name[lang]} – ${applicationsOf(m, lang)}.`], [m]);
  const meant = meantFor(ctx, q);
  const not = say(
    lang,
    `dafür ist ${m.name.de} im Katalog nicht vorgesehen (${applicationsOf(m, lang)}).`,
    `the catalog does not list ${m.name.en} for this (${applicationsOf(m, lang)}).`,
  );
  return answered(ctx, [q.negatedQuestion ? `${not[0].toUpperCase()}${not.slice(1)}` : `${lead(false)}${not}`, ...meant.sentences], [m, ...meant.materials]);
}

/** The materials whose applications the question names best, a handful of them, as the sentences that name them. */
function meantFor(ctx: Context, q: QuestionStructure): { sentences: string[]; materials: CatalogMaterial[] } {
  const { lang } = ctx;
  const best = Math.max(...q.applications.values());
  const all = materialsOf(ctx.config).filter((m) => q.applications.get(m.id) === best);
  const materials = all.slice(0, shownCount(all.length));
  return {
    sentences: [
      say(lang, 'Laut Katalog dafür vorgesehen: ', 'According to the catalog, intended for this: ') +
        withEvidence(materials, (m) => applicationsOf(m, lang), lang) +
        '.',
      ...moreSentence(ctx, materials.length, all.length),
    ],
    materials,
  };
}

/** Materials whose applications the question names best (for questions the search does not answer). */
export function applicationAnswer(config: SiteConfig, base: string, lang: Lang, q: QuestionStructure): CatalogAnswer | undefined {
  if (q.applications.size === 0 || q.named.length || q.unpublished || q.projectSpecific || q.action) return undefined;
  const ctx: Context = { config, base, lang, model: needsModelOf(config) };
  const meant = meantFor(ctx, q);
  return answered(ctx, meant.sentences, meant.materials);
}
