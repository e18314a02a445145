import type { Criterion, Priority, SiteConfig } from '../core/site-config.js';
import {
  ADVISOR_CONFIRMS,
  compose,
  composeFact,
  composeRouting,
  contactResult,
  contactSentence,
  materialResult,
  say,
  type AskResult,
  type Composed,
} from './compose.js';
import { fireText, materialsOf, type CatalogMaterial, type Lang } from './documents.js';
import { fold } from './lexicon.js';
import type { Condition, Numeric, QuestionStructure, Superlative } from './understand.js';
import { CLEANABILITY_LEVELS, CRITERION_LABELS, type AttributeId } from './vocabulary.js';

/*
 * Answers decided from the materials' attributes: one attribute of a named material, yes/no with the
 * reason and what meets the requirement instead, lists that name exactly the matching set,
 * superlatives and comparisons. Every sentence is fixed wording around values of the live catalog.
 * Returns undefined when the question's structure does not call for one; the search index answers then.
 */

/** A structured answer: routed when the catalog does not publish what was asked. */
export interface CatalogAnswer extends Composed {
  routed: boolean;
  /** A list of the materials that meet the question's conditions. */
  list?: true;
}

/** true, false, or undefined when the catalog does not say. */
type Verdict = boolean | undefined;

const DIN_ORDER = ['A1', 'A2', 'B1', 'B2', 'B3'];

export function cleanabilityRank(m: CatalogMaterial): number {
  const text = m.cleanability.class.de.toLowerCase();
  for (let i = CLEANABILITY_LEVELS.length - 1; i >= 0; i--) if (text.includes(CLEANABILITY_LEVELS[i])) return i + 1;
  return 0;
}

/** Higher is better: DIN 4102 class first, the Euroclass (A2-s1, d0 before B-s1, d0 before C-s1, d0) next. */
function fireRank(m: CatalogMaterial): number {
  const din = m.fire_classification.din_4102;
  const euro = m.fire_classification.en_13501_1 ?? 'Z';
  const dinRank = din && DIN_ORDER.includes(din) ? DIN_ORDER.length - DIN_ORDER.indexOf(din) : 0;
  const euroRank = 1 - (euro.charCodeAt(0) - 65) / 100 - Number(/s(\d)/.exec(euro)?.[1] ?? 9) / 1000;
  return dinRank * 10 + euroRank;
}

const hasCertification = (m: CatalogMaterial, pattern: RegExp) => m.certifications.filter((c) => pattern.test(c));

export function meets(m: CatalogMaterial, criterion: Criterion): Verdict {
  const { din_4102: din, en_13501_1: euro } = m.fire_classification;
  switch (criterion) {
    case 'wet_room_suitable':
      return m.wet_room_suitable;
    case 'scrubbable':
      return cleanabilityRank(m) >= 4;
    case 'washable':
      return cleanabilityRank(m) >= 2;
    case 'heavy_duty':
      return /EN 259/.test(m.cleanability.standard) || hasCertification(m, /EN 259/).length > 0;
    case 'non_combustible':
      if (!din && !euro) return undefined;
      return din === 'A1' || din === 'A2' || Boolean(euro?.startsWith('A'));
    case 'flame_retardant':
      if (!din && !euro) return undefined;
      return (din !== null && ['A1', 'A2', 'B1'].includes(din)) || Boolean(euro && /^[AB]/.test(euro));
    case 'fsc_certified':
      return hasCertification(m, /FSC/i).length > 0;
    case 'imo_certified':
      return hasCertification(m, /\bIMO\b/).length > 0;
    case 'oeko_tex_certified':
      return hasCertification(m, /OEKO-?TEX/i).length > 0;
    case 'low_emission':
      return hasCertification(m, /emission|VOC|A\+/i).length > 0;
    case 'pvc_free': {
      const stated = [...m.certifications, m.base_material.de, m.base_material.en].some((t) => /PVC-frei|PVC-free/i.test(t));
      if (stated) return true;
      // A PVC or vinyl base says it is not; anything else the catalog leaves open.
      return /PVC|vinyl/i.test(`${m.base_material.de} ${m.base_material.en}`) ? false : undefined;
    }
  }
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
  return n.op === 'gt' ? value > n.value : n.op === 'lt' ? value < n.value : value === n.value;
}

function holds(m: CatalogMaterial, c: Condition): Verdict {
  let verdict: Verdict;
  if (c.kind === 'numeric') verdict = numericHolds(m, c.numeric);
  else if (c.kind === 'fire_class') verdict = c.code.includes('-') ? m.fire_classification.en_13501_1 === c.code : m.fire_classification.din_4102 === c.code;
  else {
    const { requires, mentions: words } = c.useCase;
    const verdicts: Verdict[] = requires.map((r) => meets(m, r));
    if (words.de.trim() || words.en.trim()) verdicts.push(mentions(m, `${words.de},${words.en}`));
    verdict = verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true;
  }
  return verdict === undefined ? undefined : c.negated ? !verdict : verdict;
}

function allHold(m: CatalogMaterial, conditions: Condition[]): Verdict {
  const verdicts = conditions.map((c) => holds(m, c));
  return verdicts.includes(false) ? false : verdicts.includes(undefined) ? undefined : true;
}

const weightText = (m: CatalogMaterial) => `${m.weight_g_m2} g/m²`;
const widthText = (m: CatalogMaterial, lang: Lang) => say(lang, `${m.printable_width_cm} cm Druckbreite`, `${m.printable_width_cm} cm printable width`);
const cleanText = (m: CatalogMaterial, lang: Lang) => `${m.cleanability.class[lang]} (${m.cleanability.standard})`;
const wetText = (m: CatalogMaterial, lang: Lang) =>
  m.wet_room_suitable
    ? (m.wet_room_note?.[lang] ?? say(lang, 'für Feuchträume geeignet', 'suitable for wet rooms'))
    : say(lang, 'nicht für Feuchträume geeignet', 'not suitable for wet rooms');
// (?<![.\s]): the trailing run is matched from its start only (each start in a long run scanned it: quadratic).
const trim = (text: string) => text.replace(/(?<![.\s])[.\s]+$/, '');

/** The catalog value that decides a criterion for a material. */
function criterionEvidence(m: CatalogMaterial, criterion: Criterion, lang: Lang): string {
  switch (criterion) {
    case 'wet_room_suitable':
      return trim(wetText(m, lang));
    case 'scrubbable':
    case 'washable':
    case 'heavy_duty':
      return cleanText(m, lang);
    case 'non_combustible':
    case 'flame_retardant':
      return fireText(m, lang);
    case 'pvc_free': {
      const stated = m.certifications.filter((c) => /PVC-frei|PVC-free/i.test(c));
      return stated.length ? stated.join(', ') : say(lang, `Trägermaterial: ${m.base_material.de}`, `base material: ${m.base_material.en}`);
    }
    default: {
      const pattern = { fsc_certified: /FSC/i, imo_certified: /\bIMO\b/, oeko_tex_certified: /OEKO-?TEX/i, low_emission: /emission|VOC|A\+/i }[criterion];
      const found = hasCertification(m, pattern);
      return found.length ? found.join(', ') : say(lang, `Zertifizierungen: ${m.certifications.join(', ')}`, `certifications: ${m.certifications.join(', ')}`);
    }
  }
}

function conditionEvidence(m: CatalogMaterial, c: Condition, lang: Lang): string {
  if (c.kind === 'numeric') return c.numeric.attribute === 'weight' ? weightText(m) : widthText(m, lang);
  if (c.kind === 'fire_class') return fireText(m, lang);
  const parts = c.useCase.requires.map((r) => criterionEvidence(m, r, lang));
  if (c.useCase.mentions.de.trim() || c.useCase.mentions.en.trim())
    parts.push(say(lang, `Einsatzbereiche: ${m.applications.de}`, `applications: ${m.applications.en}`));
  return [...new Set(parts)].join('; ');
}

const NUMERIC_WORDS: Record<Numeric['attribute'], Record<Numeric['op'], [string, string]>> = {
  width: { gt: ['breiter als', 'wider than'], lt: ['schmaler als', 'narrower than'], eq: ['mit einer Druckbreite von', 'with a printable width of'] },
  weight: { gt: ['schwerer als', 'heavier than'], lt: ['leichter als', 'lighter than'], eq: ['mit einem Flächengewicht von', 'with a weight of'] },
};

function conditionLabel(c: Condition, lang: Lang): string {
  let label: string;
  if (c.kind === 'numeric') {
    const [de, en] = NUMERIC_WORDS[c.numeric.attribute][c.numeric.op];
    label = `${say(lang, de, en)} ${c.numeric.value} ${c.numeric.attribute === 'weight' ? 'g/m²' : 'cm'}`;
  } else if (c.kind === 'fire_class') {
    label = say(lang, `der Klasse ${c.code}`, `of class ${c.code}`);
  } else {
    const parts = c.useCase.requires.map((r) => CRITERION_LABELS[r][lang]);
    const words = c.useCase.mentions[lang].split(',')[0]?.trim();
    if (words) parts.push(say(lang, `vorgesehen für ${words}`, `intended for ${words}`));
    label = parts.join(say(lang, ' und ', ' and '));
  }
  return c.negated ? say(lang, `nicht ${label}`, `not ${label}`) : label;
}

const labels = (conditions: Condition[], lang: Lang) => [...new Set(conditions.map((c) => conditionLabel(c, lang)))].join(say(lang, ' und ', ' and '));
const withEvidence = (ms: CatalogMaterial[], evidence: (m: CatalogMaterial) => string, lang: Lang) =>
  ms.map((m) => `${m.name[lang]} (${evidence(m)})`).join('; ');

interface Context {
  config: SiteConfig;
  base: string;
  lang: Lang;
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

function superlativeValue(m: CatalogMaterial, s: Superlative): number {
  switch (s.attribute) {
    case 'weight':
      return m.weight_g_m2;
    case 'width':
      return m.printable_width_cm;
    case 'cleanability':
      return cleanabilityRank(m);
    case 'fire':
      return fireRank(m);
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

function superlativeAnswer(ctx: Context, q: QuestionStructure, s: Superlative): CatalogAnswer {
  const { lang } = ctx;
  const pool = materialsOf(ctx.config).filter((m) => allHold(m, q.conditions) === true);
  if (pool.length === 0)
    return answered(
      ctx,
      [say(lang, `Laut Katalog ist kein Material ${labels(q.conditions, lang)}.`, `According to the catalog, no material is ${labels(q.conditions, lang)}.`)],
      [],
      false,
    );
  const values = pool.map((m) => superlativeValue(m, s));
  const extreme = s.highest ? Math.max(...values) : Math.min(...values);
  const best = pool.filter((_, i) => values[i] === extreme);
  const [de, en] = SUPERLATIVE_TITLES[s.attribute][s.highest ? 'high' : 'low'];
  const among = q.conditions.length
    ? say(lang, ` unter den Materialien, die ${labels(q.conditions, lang)} sind`, ` among the materials ${labels(q.conditions, lang)}`)
    : '';
  const sentence = `${say(lang, de, en)}${among}: ${withEvidence(best, (m) => superlativeEvidence(m, s, lang), lang)}.`;
  return answered(ctx, [sentence], best);
}

function listAnswer(ctx: Context, q: QuestionStructure): CatalogAnswer {
  const { lang } = ctx;
  const all = materialsOf(ctx.config);
  const verdicts = all.map((m) => allHold(m, q.conditions));
  const matching = all.filter((_, i) => verdicts[i] === true);
  const label = labels(q.conditions, lang);
  const sentences = matching.length
    ? [
        say(lang, `Laut Katalog ${label}: `, `According to the catalog, ${label}: `) +
          withEvidence(matching, (m) => q.conditions.map((c) => conditionEvidence(m, c, lang)).join('; '), lang) +
          '.',
      ]
    : [say(lang, `Laut Katalog ist kein Material ${label}.`, `According to the catalog, no material is ${label}.`)];
  if (verdicts.includes(undefined))
    sentences.push(say(lang, 'Für die übrigen Materialien ist das nicht veröffentlicht.', 'For the other materials this is not published.'));
  const reasons = q.conditions.flatMap((c) => (c.kind === 'use_case' && c.useCase.reason && !c.negated ? [c.useCase.reason[lang]] : []));
  return { ...answered(ctx, [...sentences, ...new Set(reasons)], matching), list: true };
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

function yesNoAnswer(ctx: Context, q: QuestionStructure, m: CatalogMaterial): CatalogAnswer {
  const { lang } = ctx;
  const verdict = allHold(m, q.conditions);
  const name = m.name[lang];
  const evidence = [...new Set(q.conditions.map((c) => conditionEvidence(m, c, lang)))].join('; ');
  const label = labels(q.conditions, lang);
  const others = materialsOf(ctx.config).filter((x) => x.id !== m.id && allHold(x, q.conditions) === true);
  const instead = others.length
    ? say(lang, `Laut Katalog ${label}: `, `According to the catalog, ${label}: `) +
      withEvidence(others, (x) => q.conditions.map((c) => conditionEvidence(x, c, lang)).join('; '), lang) +
      '.'
    : say(lang, `Laut Katalog ist kein anderes Material ${label}.`, `According to the catalog, no other material is ${label}.`);
  if (verdict === undefined) {
    return routedAnswer(
      ctx,
      [say(lang, `Ob ${name} ${label} ist, ist in unseren Daten nicht veröffentlicht.`, `Whether ${name} is ${label} is not published in our data.`), instead],
      [m, ...others],
    );
  }
  const lead = q.negatedQuestion ? '' : verdict ? say(lang, 'Ja: ', 'Yes: ') : say(lang, 'Nein: ', 'No: ');
  const sentences = [`${lead}${name} – ${evidence}.`];
  if (!verdict) {
    const reasons = q.conditions.flatMap((c) => (c.kind === 'use_case' && c.useCase.reason && holds(m, c) === false ? [c.useCase.reason[lang]] : []));
    sentences.push(...new Set(reasons), instead);
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
    const va = superlativeValue(a, q.comparative);
    const vb = superlativeValue(b, q.comparative);
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
  const names = ms.map((m) => m.name[lang]).join(say(lang, ' und ', ' and '));
  sentences.push(say(lang, `${names} im Vergleich:`, `${names} compared:`));
  for (const attribute of COMPARED) {
    const values = ms.map((m) => attributeValue(m, attribute, lang));
    if (new Set(values).size === 1) continue;
    const [de, en] = COMPARED_LABELS[attribute];
    sentences.push(`${say(lang, de, en)}: ${ms.map((m, i) => `${m.name[lang]} ${values[i]}`).join('; ')}.`);
  }
  return answered(ctx, sentences, ms);
}

/** The structured answer to a question, or undefined when the search index should answer it. */
export function answerFromCatalog(config: SiteConfig, base: string, lang: Lang, q: QuestionStructure): CatalogAnswer | undefined {
  const ctx: Context = { config, base, lang };
  const named = q.named;
  if (q.action) {
    if (named.length === 0) return undefined;
    // Ordering or committing to something for a named material: how ordering works, or routed.
    if (q.projectSpecific || q.unpublished) return { ...composeRouting(config, base, lang), routed: true };
    return { ...composeFact(config, base, 'ordering', lang), routed: false };
  }
  if (named.length >= 2) return comparisonAnswer(ctx, q);
  if (named.length === 1) {
    const [m] = named;
    // Anything the catalog does not publish (a price, stock, a U-value) routes the whole question.
    if (q.unpublished || q.projectSpecific) {
      return routedAnswer(
        ctx,
        [say(lang, `Diese Angabe ist für ${m.name.de} in unseren Daten nicht veröffentlicht.`, `This figure is not published for ${m.name.en} in our data.`)],
        [m],
      );
    }
    if (q.conditions.length && (q.yesNo || q.attributes.length === 0 || !q.listWord)) return yesNoAnswer(ctx, q, m);
    if (q.attributes.length)
      return answered(
        ctx,
        q.attributes.map((a) => attributeSentence(m, a, lang)),
        [m],
      );
    return undefined;
  }
  if (q.unpublished || q.projectSpecific) return undefined;
  if (q.superlative) return superlativeAnswer(ctx, q, q.superlative);
  if (q.conditions.length) return listAnswer(ctx, q);
  return undefined;
}

/** Materials whose applications the question names best (for questions the search does not answer). */
export function applicationAnswer(config: SiteConfig, base: string, lang: Lang, q: QuestionStructure): CatalogAnswer | undefined {
  if (q.applications.size === 0 || q.named.length || q.unpublished || q.projectSpecific || q.action) return undefined;
  const best = Math.max(...q.applications.values());
  const ms = materialsOf(config).filter((m) => q.applications.get(m.id) === best);
  const ctx: Context = { config, base, lang };
  return answered(
    ctx,
    [
      say(lang, 'Laut Katalog dafür vorgesehen: ', 'According to the catalog, intended for this: ') +
        withEvidence(ms, (m) => say(lang, `Einsatzbereiche: ${m.applications.de}`, `applications: ${m.applications.en}`), lang) +
        '.',
    ],
    ms,
  );
}
