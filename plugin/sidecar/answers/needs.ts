import { defaultConfig, type AnswerVocabulary, type SiteConfig } from '../core/site-config.js';
import type { NeedTest } from '../core/schema-types.js';
import type { CatalogMaterial } from './documents.js';
import { tokensOf } from './lexicon.js';

/*
 * The needs model (issue 28): what customers need and what satisfies each, and the ordered scales of
 * the standards needs are measured on, are data of the site configuration (discovery.vocabulary.needs
 * and .scales). This module only evaluates them: a material's level on a scale, whether it meets a need
 * (true, false, or undefined when the catalog does not say), and the ranking of materials by the
 * conditions they meet. Pure and linear in the catalog.
 */

export type Need = NonNullable<AnswerVocabulary['needs']>[number];
export type Scale = NonNullable<AnswerVocabulary['scales']>[number];
export type { NeedTest };
/** true, false, or undefined when the catalog does not say. */
export type Verdict = boolean | undefined;
/** How a class compares with a level: at least, better than, exactly, worse than, at most. */
export type ScaleOp = 'ge' | 'gt' | 'eq' | 'lt' | 'le';

interface CompiledScale {
  scale: Scale;
  /** Each level's phrases (its code and words, as tokens), worst level first. */
  phrases: string[][][];
}

export interface NeedsModel {
  needs: Need[];
  needById: Map<string, Need>;
  scales: Map<string, CompiledScale>;
  /** The widest printable width and the highest weight in the catalog: a stated test without a number asks for the most there is. */
  most: { printable_width_cm: number; weight_g_m2: number };
}

const models = new WeakMap<SiteConfig, NeedsModel>();
let defaults: { needs: Need[]; scales: Scale[] } | undefined;

/** The needs and scales in force: the configuration's, else (a configuration saved before they existed) the default's. */
export function needsModelOf(config: SiteConfig): NeedsModel {
  let model = models.get(config);
  if (model) return model;
  const vocabulary = config.discovery.vocabulary;
  defaults ??= (() => {
    const v = defaultConfig().discovery.vocabulary!;
    return { needs: v.needs ?? [], scales: v.scales ?? [] };
  })();
  const needs = vocabulary?.needs ?? defaults.needs;
  const scales = vocabulary?.scales ?? defaults.scales;
  const materials = config.materials;
  model = {
    needs,
    needById: new Map(needs.map((n) => [n.id, n])),
    scales: new Map(
      scales.map((scale) => [
        scale.id,
        {
          scale,
          phrases: scale.levels.map((level) =>
            [level.code, ...`${level.words?.de ?? ''},${level.words?.en ?? ''}`.split(',')].map(tokensOf).filter((t) => t.length),
          ),
        },
      ]),
    ),
    most: {
      printable_width_cm: Math.max(0, ...materials.map((m) => m.printable_width_cm)),
      weight_g_m2: Math.max(0, ...materials.map((m) => m.weight_g_m2)),
    },
  };
  models.set(config, model);
  return model;
}

/** The texts of a material a scale reads. */
function scaleTexts(m: CatalogMaterial, reads: Scale['reads']): string[] {
  switch (reads) {
    case 'din_4102':
      return m.fire_classification.din_4102 ? [m.fire_classification.din_4102] : [];
    case 'en_13501_1':
      return m.fire_classification.en_13501_1 ? [m.fire_classification.en_13501_1] : [];
    case 'cleanability_class':
      return [m.cleanability.class.de, m.cleanability.class.en];
  }
}

/** Whether `phrase` occurs in `tokens` as consecutive words. */
export function containsPhrase(tokens: string[], phrase: string[]): boolean {
  for (let i = 0; i + phrase.length <= tokens.length; i++) {
    let ok = true;
    for (let j = 0; j < phrase.length && ok; j++) ok = tokens[i + j] === phrase[j];
    if (ok) return true;
  }
  return false;
}

const levelMemo = new WeakMap<CatalogMaterial, Map<Scale, number | undefined>>();

/** A material's level on a scale (0 = worst): the level whose code or words its value contains, the longest when several do. */
export function levelOf(model: NeedsModel, scaleId: string, m: CatalogMaterial): number | undefined {
  const compiled = model.scales.get(scaleId);
  if (!compiled) return undefined;
  let memo = levelMemo.get(m);
  if (!memo) levelMemo.set(m, (memo = new Map()));
  if (memo.has(compiled.scale)) return memo.get(compiled.scale);
  const best = levelInTexts(compiled, scaleTexts(m, compiled.scale.reads));
  memo.set(compiled.scale, best);
  return best;
}

function levelInTexts(compiled: CompiledScale, texts: string[]): number | undefined {
  const values = texts.map(tokensOf);
  let best: number | undefined;
  let bestLength = 0;
  compiled.phrases.forEach((phrases, level) => {
    for (const phrase of phrases) {
      if (phrase.length >= bestLength && values.some((v) => containsPhrase(v, phrase))) {
        best = level;
        bestLength = phrase.length;
      }
    }
  });
  return best;
}

/** The levels a class written out ("B-s1, d0") has on each scale that reads such a value; undefined when one has none. */
export function levelsOfText(model: NeedsModel, reads: Scale['reads'], text: string): { scale: string; level: number }[] | undefined {
  const out: { scale: string; level: number }[] = [];
  for (const compiled of model.scales.values()) {
    if (compiled.scale.reads !== reads) continue;
    const level = levelInTexts(compiled, [text]);
    if (level === undefined) return undefined;
    out.push({ scale: compiled.scale.id, level });
  }
  return out.length ? out : undefined;
}

/** The index of a level by its code, or undefined. */
export function levelIndex(model: NeedsModel, scaleId: string, code: string): number | undefined {
  const levels = model.scales.get(scaleId)?.scale.levels ?? [];
  const i = levels.findIndex((l) => l.code.toLowerCase() === code.toLowerCase());
  return i < 0 ? undefined : i;
}

export function compareLevel(level: number | undefined, op: ScaleOp, wanted: number): Verdict {
  if (level === undefined) return undefined;
  switch (op) {
    case 'ge':
      return level >= wanted;
    case 'gt':
      return level > wanted;
    case 'eq':
      return level === wanted;
    case 'lt':
      return level < wanted;
    case 'le':
      return level <= wanted;
  }
}

type TextField = 'certifications' | 'base_material' | 'surface' | 'applications' | 'summary' | 'cleanability_standard';
const fieldMemo = new WeakMap<CatalogMaterial, Map<TextField, string[]>>();

/** A field of a material as the tokens of its texts in both languages (once per material object). */
function fieldTokens(m: CatalogMaterial, field: TextField): string[] {
  let memo = fieldMemo.get(m);
  if (!memo) fieldMemo.set(m, (memo = new Map()));
  let tokens = memo.get(field);
  if (!tokens) memo.set(field, (tokens = readFieldTokens(m, field)));
  return tokens;
}

function readFieldTokens(m: CatalogMaterial, field: TextField): string[] {
  switch (field) {
    case 'certifications':
      return tokensOf(m.certifications.join(' , '));
    case 'cleanability_standard':
      return tokensOf(m.cleanability.standard);
    default:
      return tokensOf(`${m[field].de} , ${m[field].en}`);
  }
}

/**
 * Whether a field names one of the words: as consecutive words, a word of four letters or more also
 * inside a compound ("Unebenheiten" in "Wandunebenheiten", "Vinyl" in "Vinylbeschichtung").
 */
const phraseMemo = new Map<string, string[][]>();

export function fieldContains(tokens: string[], words: string): boolean {
  let phrases = phraseMemo.get(words);
  if (!phrases) {
    phrases = words.split(',').map(tokensOf);
    // Words come from the configuration (a bounded set); the memo is cleared rather than let grow.
    if (phraseMemo.size > 1000) phraseMemo.clear();
    phraseMemo.set(words, phrases);
  }
  return phrases.some((phrase) => {
    if (phrase.length === 0) return false;
    if (phrase.length === 1 && phrase[0].length >= 4) return tokens.some((t) => t.includes(phrase[0]));
    return containsPhrase(tokens, phrase);
  });
}

/** One test on a material; `stated` is the number the question states for a stated comparison. */
export function testHolds(model: NeedsModel, m: CatalogMaterial, test: NeedTest, stated?: number): Verdict {
  if ('scale' in test) {
    const wanted = levelIndex(model, test.scale, test.at_least);
    return wanted === undefined ? undefined : compareLevel(levelOf(model, test.scale, m), 'ge', wanted);
  }
  if ('is' in test) return m.wet_room_suitable === test.is;
  if ('contains' in test) return fieldContains(fieldTokens(m, test.field), test.contains);
  const value = m[test.field];
  let verdict = true;
  if (test.at_least !== undefined) verdict &&= value >= test.at_least;
  if (test.at_most !== undefined) verdict &&= value <= test.at_most;
  if (test.stated) {
    const limit = stated ?? (test.stated === 'at_least' ? model.most[test.field] : 0);
    verdict &&= test.stated === 'at_least' ? value >= limit : value <= limit;
  }
  return verdict;
}

const allOf = (verdicts: Verdict[]): Verdict => (verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true);

/**
 * Whether a material meets a need: one alternative whose tests all hold; else, with ruled_out_by, false
 * when one of its tests holds and undefined (not published) otherwise; without, false when the catalog
 * decides an alternative against it, undefined when it leaves them all open.
 */
export function meetsNeed(model: NeedsModel, m: CatalogMaterial, need: Need, stated?: number): Verdict {
  const alternatives = need.met_by.map((tests) => allOf(tests.map((t) => testHolds(model, m, t, stated))));
  if (alternatives.includes(true)) return true;
  if (need.ruled_out_by) return need.ruled_out_by.some((t) => testHolds(model, m, t, stated)) ? false : undefined;
  // An alternative the catalog decides against is a no, though another is open (a Euroclass B and no DIN 4102 class is not non-combustible).
  return alternatives.includes(false) ? false : undefined;
}

/** The need by id, for use cases that require it; undefined when the configuration has no such need. */
export const needById = (model: NeedsModel, id: string) => model.needById.get(id);

/** Whether a need compares with a number the question states (a wall's width). */
export const needsStatedNumber = (need: Need) => need.met_by.some((tests) => tests.some((t) => 'stated' in t && t.stated !== undefined));

/** The material fields a need reads, for the evidence an answer shows. */
export function needFields(model: NeedsModel, need: Need): string[] {
  const fields = new Set<string>();
  for (const test of need.met_by.flat()) {
    if ('scale' in test) fields.add(model.scales.get(test.scale)?.scale.reads ?? '');
    else fields.add(test.field);
  }
  fields.delete('');
  return [...fields];
}

/** A material with the verdict of each condition, and how well it meets them. */
export interface Ranked<C> {
  material: CatalogMaterial;
  verdicts: Verdict[];
  /** Conditions it does not meet (false), and those the catalog leaves open (undefined). */
  lacking: C[];
  open: C[];
  score: number;
}

/**
 * Materials ranked by the conditions they meet: all met first, then by the weight of those met (a
 * condition of weight 2 is a need, 1 a softer preference such as where the catalog says it is used),
 * then by fewer unmet, then in catalog order. Linear in materials × conditions, plus the sort.
 */
export function rankByConditions<C>(
  materials: CatalogMaterial[],
  conditions: C[],
  verdictOf: (m: CatalogMaterial, c: C) => Verdict,
  weightOf: (c: C) => number,
): Ranked<C>[] {
  const ranked = materials.map((material, order) => {
    const verdicts = conditions.map((c) => verdictOf(material, c));
    const lacking = conditions.filter((_, i) => verdicts[i] === false);
    const open = conditions.filter((_, i) => verdicts[i] === undefined);
    const score = conditions.reduce((sum, c, i) => sum + (verdicts[i] === true ? weightOf(c) : 0), 0);
    return { material, verdicts, lacking, open, score, order };
  });
  ranked.sort(
    (a, b) =>
      Number(b.lacking.length + b.open.length === 0) - Number(a.lacking.length + a.open.length === 0) ||
      b.score - a.score ||
      a.lacking.length - b.lacking.length ||
      a.order - b.order,
  );
  return ranked.map(({ order: _order, ...rest }) => rest);
}

/** How many materials a list or a choice names: all up to LIST_ALL, else the first LIST_FEW of the ranking. */
export const LIST_ALL = 10;
export const LIST_FEW = 5;
export const shownCount = (total: number) => (total <= LIST_ALL ? total : LIST_FEW);
