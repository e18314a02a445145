import { defaultConfig, type AnswerVocabulary, type LocalizedText, type SiteConfig } from '../core/site-config.js';
import { materialsOf, type CatalogMaterial } from './documents.js';
import { Lexicon, both, fold, isFunctionWord, phrases, stem, tokenize, tokensOf, type Entry, type Found } from './lexicon.js';
import { containsPhrase, levelsOfText, meetsNeed, needsModelOf, needsStatedNumber, type Need, type NeedsModel, type ScaleOp } from './needs.js';
import {
  ACTION_WORDS,
  CONFIRM_WORDS,
  INVERTING_WORDS,
  REQUIREMENT_WORDS,
  PHRASE_PARTICLES,
  ATTRIBUTE_WORDS,
  CATALOG_WORDING,
  CHECKOUT_WORDS,
  COMPANY_NOUNS,
  COMPARATOR_WORDS,
  COUNT_WORDS,
  FACT_WORDING,
  OWNERS,
  PRIVATIVE_WORDS,
  CONCERNED_WORDS,
  SEPARABLE_PARTICLES,
  CONTAINS_WORDS,
  PRINCIPALS,
  PAYING_WORDS,
  PRIORITY_WORDING,
  RECOMMENDATION_WORDS,
  QUESTION_SHAPE_WORDS,
  QUOTE_WORDS,
  REPORTED_QUESTION_WORDS,
  REPORTING_WORDS,
  SURFACE_QUALITIES,
  STEP_PAIRS,
  UNPUBLISHED_WORDS,
  type AttributeId,
} from './vocabulary.js';
import { BEFORE_WORDS, CIRCUMSTANCE_WORDS, NOT_PUBLISHED } from './facts/wording.js';

/*
 * The structure of a question over the live catalog: which materials it names, which attribute it
 * asks for, which criteria (use cases, numeric limits, fire classes) it filters by, and whether it
 * asks for a list, a superlative, a comparison or a yes/no. Built from the words of the site
 * configuration (names, applications, the staff's synonyms and use cases) and the fixed question
 * words of vocabulary.ts.
 */

export type UseCase = AnswerVocabulary['use_cases'][number];
export type Numeric = { attribute: 'weight' | 'width'; op: 'gt' | 'lt' | 'eq' | 'ge' | 'le'; value: number };
export type Superlative = { attribute: 'weight' | 'width' | 'cleanability' | 'fire'; highest: boolean };

/**
 * One condition on a material: a use case (a setting), a need of the configured needs model (with the
 * number the question states for it, a wall's width), a class compared with a level of an ordered
 * scale, a numeric limit or a whole Euroclass; negated by "not".
 */
export type Condition =
  | { kind: 'use_case'; useCase: UseCase; negated: boolean }
  | { kind: 'need'; need: Need; stated?: number; negated: boolean }
  | { kind: 'scale'; scale: string; level: number; op: ScaleOp; negated: boolean }
  | { kind: 'numeric'; numeric: Numeric; negated: boolean }
  | { kind: 'fire_class'; code: string; negated: boolean };

/** A level of a scale as a question may write it: its code, or its words (read only after a comparator). */
type LevelMention = { options: { scale: string; level: number }[]; code: boolean };
type Comparator = keyof typeof COMPARATOR_WORDS;

export interface QuestionStructure {
  /** Named materials, in the order the question names them. */
  named: CatalogMaterial[];
  attributes: AttributeId[];
  conditions: Condition[];
  /** Materials whose applications the question names, with how many of its words each matched. */
  applications: Map<string, number>;
  superlative?: Superlative;
  /** A comparative between two named materials ("leichter", "wider"). */
  comparative?: Superlative;
  comparison: boolean;
  /** Materials named only as what another is likened to ("3,20 m wie beim Vinyl auf Vlies?", "s1 like the FR B1?"). */
  likened: CatalogMaterial[];
  yesNo: boolean;
  negatedQuestion: boolean;
  unpublished: boolean;
  action: boolean;
  /** The only action asked is to confirm (a claim, when the question states one). */
  confirms: boolean;
  projectSpecific: boolean;
  listWord: boolean;
  /** Asks for every material that qualifies ("Welche Materialien …", "Options?"), not for the one to use. */
  several: boolean;
  /** A word for materials or a choice among them ("welche Tapete", "what materials", "recommend"). */
  asksMaterial: boolean;
  /** Asks what to use ("empfehlen", "suitable"): a staff recommendation among the matches leads. */
  recommendation: boolean;
  /** Refers to all the materials of the previous answer ("which of those"). */
  those: boolean;
  /**
   * The next step it asks for ("wie geht es weiter?", "ein Muster"), as the company fact that says how
   * (a sample, the file check, a call, an enquiry): how to go on leads, not the material's card.
   */
  step?: Step;
  /** Asks what to have ready for an enquiry or a quote (answered by the FAQ entry that says so). */
  prepares: boolean;
  /** How many materials a list question asks for ("which three materials …"), when it says. */
  count?: number;
  /** The question's words, folded. */
  words: string[];
}

type Shape = keyof typeof QUESTION_SHAPE_WORDS;

/** The vocabulary in force: the configuration's, else the built-in default's. */
export function vocabularyOf(config: SiteConfig): AnswerVocabulary {
  return config.discovery.vocabulary ?? defaultConfig().discovery.vocabulary!;
}

const entries = <T>(list: string, value: T): Entry<T>[] => phrases(list).map((tokens) => ({ tokens, value }));

/** Words compounds commonly go on with besides the configuration's own ("Feuchtraumtapete"). */
const COMPOUND_PARTS = 'tapete tapeten wand waende raum raeume bereich bereiche belag material tauglich geeignet fest kabine zelle zone ecke nische';

/** Every word of the fixed question vocabulary: known words are never read as typos of others. */
const CODE_WORDS = tokensOf(
  JSON.stringify([
    ATTRIBUTE_WORDS,
    QUESTION_SHAPE_WORDS,
    UNPUBLISHED_WORDS,
    NOT_PUBLISHED,
    ACTION_WORDS,
    CONFIRM_WORDS,
    FACT_WORDING,
    CATALOG_WORDING,
    RECOMMENDATION_WORDS,
    PRIORITY_WORDING,
    COMPARATOR_WORDS,
  ]),
);

/** Words of names that do not tell materials apart: joining words and the words for any material. */
const NAME_FILLERS = new Set([
  // "frei"/"free" of "PVC-frei" alone is no name: "Is the Wallcheck free?".
  ...['auf', 'on', 'und', 'and', 'mit', 'with', 'frei', 'free'],
  ...tokensOf(`${CATALOG_WORDING.terms.de} ${CATALOG_WORDING.terms.en} ${RECOMMENDATION_WORDS.de} ${RECOMMENDATION_WORDS.en}`),
]);

export class QuestionReader {
  readonly #materials: CatalogMaterial[];
  readonly #synonyms: [string[], string[]][];
  readonly #synonymPatterns: [RegExp, Map<string, string>, 'de' | 'en'][];
  readonly #fullNames: Lexicon<CatalogMaterial>;
  readonly #nameWords: Lexicon<string>;
  readonly #nameTokens = new Map<string, Set<string>>();
  readonly #nameDf = new Map<string, number>();
  /** Two consecutive words of one material's name that no other name has, with that material ('' when shared). */
  readonly #namePairs = new Map<string, string>();
  /** The level codes of the ordered scales ("b1", "a2"), folded. */
  readonly #levelCodes = new Set<string>();
  readonly #useCases: Lexicon<UseCase>;
  readonly #attributes: Lexicon<AttributeId>;
  readonly #unpublished: Lexicon<true>;
  readonly #actions: Lexicon<boolean>;
  /** The acts said with a particle ("zurücklegen"): the particle and the root of the verb it is split from. */
  readonly #splitActions: { particle: string; verb: string }[];
  readonly #projectSpecific: Lexicon<true>;
  readonly #shapes: Lexicon<Shape>;
  readonly #stepPairs: { shape: Shape; acts: Lexicon<true>; objects?: Lexicon<true> }[];
  readonly #applications: Lexicon<{ material: string; size: number }>;
  readonly #needs: Lexicon<Need>;
  /** What each need says its material is free of ("Weichmacher" of "ohne Weichmacher"). */
  readonly #contained: Lexicon<Need>;
  readonly #levels: Lexicon<LevelMention>;
  readonly #scaleWords: Lexicon<string>;
  readonly #comparators: Lexicon<Comparator>;
  readonly #scaleReads = new Map<string, string>();
  readonly #model: NeedsModel;

  constructor(config: SiteConfig) {
    const vocabulary = vocabularyOf(config);
    this.#materials = materialsOf(config);
    const parts = new Set(tokensOf(`${JSON.stringify(config)} ${JSON.stringify(vocabulary)} ${COMPOUND_PARTS}`).flatMap((t) => [t, stem(t)]));
    // Acronyms the staff wrote in capitals ("LEED", "IMO") are matched only as they are.
    const acronyms = new Set(
      [...needsModelOf(config).needs, ...vocabulary.use_cases].flatMap((n) =>
        [n.words.de, n.words.en].flatMap((text) =>
          text
            .split(/[^\p{L}\p{N}+]+/u)
            .filter((w) => /^\p{Lu}[\p{Lu}\d]{1,5}$/u.test(w))
            .map(fold),
        ),
      ),
    );
    const known = { known: new Set([...parts, ...CODE_WORDS]), parts };
    const needWords = { ...known, exact: acronyms };
    // One pattern per language over all its synonyms, longer words first; a match is looked up by its folded spelling.
    // A need's or use case's phrase that contains a synonym stays as it is ("protected stairway" is an escape
    // route, not a "protected stairwell"): it is in the pattern too, standing for itself, and longer.
    const phrasesOf = (lang: 'de' | 'en') =>
      [...needsModelOf(config).needs, ...vocabulary.use_cases].flatMap((n) => n.words[lang].split(',').map((w) => w.trim()));
    this.#synonymPatterns = (['de', 'en'] as const).flatMap((lang): [RegExp, Map<string, string>, 'de' | 'en'][] => {
      const means = new Map<string, string>();
      const written: string[] = [];
      for (const s of vocabulary.synonyms) {
        for (const word of s.words[lang].split(',').filter((w) => w.trim())) {
          means.set(tokensOf(word).join(' '), s.means[lang]);
          written.push(word.trim());
        }
      }
      const synonyms = [...means.keys()];
      for (const phrase of phrasesOf(lang)) {
        const key = tokensOf(phrase).join(' ');
        if (means.has(key) || !synonyms.some((w) => key !== w && ` ${key} `.includes(` ${w} `))) continue;
        means.set(key, phrase);
        written.push(phrase);
      }
      return written.length ? [[synonymPattern(written), means, lang]] : [];
    });
    // Each language's words are read as that language's word; longer phrases first, and a need's or use
    // case's phrase that contains a synonym as itself (as in the pattern above).
    const synonyms = vocabulary.synonyms.flatMap((s) =>
      (['de', 'en'] as const).flatMap((lang) => phrases(s.words[lang]).map((words): [string[], string[]] => [words, tokensOf(s.means[lang])])),
    );
    const keys = synonyms.map(([words]) => ` ${words.join(' ')} `);
    const guarded = (['de', 'en'] as const)
      .flatMap((lang) => phrasesOf(lang).map((phrase) => tokensOf(phrase)))
      .filter((words) => words.length > 1 && keys.some((k) => ` ${words.join(' ')} `.includes(k)))
      .map((words): [string[], string[]] => [words, words]);
    this.#synonyms = [...synonyms, ...guarded].sort((a, b) => b[0].length - a[0].length);
    // A name is also said without its closing number ("Vinyl auf Vlies" for "Vinyl auf Vlies 300").
    const spoken = (name: string) => {
      const tokens = tokensOf(name);
      return tokens.length >= 3 && /^\d+$/.test(tokens[tokens.length - 1]) ? [tokens, tokens.slice(0, -1)] : [tokens];
    };
    this.#fullNames = new Lexicon(
      this.#materials.flatMap((m) => [m.name.de, m.name.en].flatMap((name) => spoken(name).map((tokens) => ({ tokens, value: m })))),
      known,
    );
    // A name word another material is described by ("fabric" of "Glass fibre fabric A2", "polyester fabric
    // on …") does not name a material alone: its count includes the materials whose descriptions use it.
    // By stem: "fibres" in a description counts for the name word "fibre".
    const described = (m: CatalogMaterial) =>
      new Set(tokensOf([m.summary, m.base_material, m.surface].flatMap((text) => [text.de, text.en]).join(' ')).map((t) => stem(t)));
    const descriptions = new Map(this.#materials.map((m) => [m.id, described(m)]));
    for (const m of this.#materials) {
      const names = [tokensOf(m.name.de), tokensOf(m.name.en)];
      this.#nameTokens.set(m.id, new Set(names.flat().filter((t) => !NAME_FILLERS.has(t))));
      for (const words of names) {
        for (let i = 1; i < words.length; i++) {
          const pair = `${words[i - 1]} ${words[i]}`;
          const seen = this.#namePairs.get(pair);
          this.#namePairs.set(pair, seen === undefined || seen === m.id ? m.id : '');
        }
      }
    }
    for (const m of this.#materials)
      for (const t of this.#nameTokens.get(m.id)!)
        if (!this.#nameDf.has(t))
          this.#nameDf.set(t, this.#materials.filter((o) => this.#nameTokens.get(o.id)!.has(t) || descriptions.get(o.id)!.has(stem(t))).length);
    this.#nameWords = new Lexicon(
      [...this.#nameDf.keys()].map((t) => ({ tokens: [t], value: t })),
      known,
      true,
    );
    const model = needsModelOf(config);
    this.#model = model;
    for (const { scale } of model.scales.values()) for (const level of scale.levels) for (const t of tokensOf(level.code)) this.#levelCodes.add(t);
    this.#needs = new Lexicon(
      model.needs.flatMap((n) => entries(both(n.words), n)),
      needWords,
    );
    this.#contained = new Lexicon(
      model.needs.flatMap((n) =>
        phrases(both(n.words)).flatMap((tokens) => {
          const privative = PRIVATIVES.find((p) => p.every((t, i) => tokens[i] === t) && tokens.length > p.length);
          return privative ? [{ tokens: tokens.slice(privative.length), value: n }] : [];
        }),
      ),
      needWords,
    );
    // Each level's code and words; one phrase may name levels of several scales (A2 under DIN 4102 and EN 13501-1).
    const mentions = new Map<string, LevelMention>();
    for (const { scale, phrases: levelPhrases } of model.scales.values()) {
      this.#scaleReads.set(scale.id, scale.reads);
      levelPhrases.forEach((list, level) =>
        list.forEach((tokens, i) => {
          const key = `${i === 0 ? 'code' : 'word'} ${tokens.join(' ')}`;
          const mention = mentions.get(key) ?? { options: [], code: i === 0 };
          mention.options.push({ scale: scale.id, level });
          mentions.set(key, mention);
        }),
      );
    }
    this.#levels = new Lexicon(
      [...mentions].map(([key, value]) => ({ tokens: key.split(' ').slice(1), value })),
      known,
    );
    this.#scaleWords = new Lexicon(
      [...model.scales.values()].flatMap(({ scale }) => entries(both(scale.words), scale.id)),
      known,
    );
    this.#comparators = new Lexicon((Object.keys(COMPARATOR_WORDS) as Comparator[]).flatMap((c) => entries(both(COMPARATOR_WORDS[c]), c)));
    this.#useCases = new Lexicon(
      vocabulary.use_cases.flatMap((u) => entries(both(u.words), u)),
      needWords,
    );
    this.#attributes = new Lexicon(
      (Object.keys(ATTRIBUTE_WORDS) as AttributeId[]).flatMap((a) => entries(both(ATTRIBUTE_WORDS[a]), a)),
      known,
    );
    // Words that route a question to a person: one edit at most, so an ordinary word is not read as a typo of one.
    const routing = { ...known, maxTypos: 1 };
    this.#unpublished = new Lexicon(
      [UNPUBLISHED_WORDS, NOT_PUBLISHED.price.words, NOT_PUBLISHED.stock.words].flatMap((words) => entries(both(words), true as const)),
      routing,
    );
    this.#actions = new Lexicon([...entries(both(ACTION_WORDS), false), ...entries(both(CONFIRM_WORDS), true)]);
    this.#splitActions = tokensOf(ACTION_WORDS.de).flatMap((word) => {
      const particle = SPLIT_PARTICLES.find((p) => word.startsWith(p) && word.length >= p.length + 4);
      // The verb's root, its forms the root and up to two letters ("leg": lege, legt, legen; "halt": halte, haltet).
      return particle ? [{ particle, verb: word.slice(particle.length).replace(/e?n$/, '') }] : [];
    });
    const specific = FACT_WORDING.project_specific.terms;
    // Its words one by one, without the short and generic ones of its phrases ("on site", "price list").
    // Hanging and fitting a wallcovering are also what a suitability question says ("Are we allowed to
    // hang X in an escape route?"); asked of the company, the search's project-specific document routes them.
    const specificWords = `${specific.de} ${specific.en}`
      .split(/\s+/)
      .filter((w) => w.length >= 4 && w !== 'list' && w !== 'site' && !NAME_FILLERS.has(fold(w)) && !SUITABILITY_VERBS.has(w));
    this.#projectSpecific = new Lexicon(
      specificWords.map((w) => ({ tokens: tokensOf(w), value: true as const })),
      routing,
    );
    this.#shapes = new Lexicon((Object.keys(QUESTION_SHAPE_WORDS) as Shape[]).flatMap((s) => entries(both(QUESTION_SHAPE_WORDS[s]), s)));
    this.#stepPairs = (Object.entries(STEP_PAIRS) as [Shape, { acts: LocalizedText; objects?: LocalizedText }[]][]).flatMap(([shape, pairs]) =>
      pairs.map((pair) => ({
        shape,
        acts: new Lexicon(entries(both(pair.acts), true as const)),
        objects: pair.objects ? new Lexicon(entries(both(pair.objects), true as const)) : undefined,
      })),
    );
    this.#applications = new Lexicon(
      this.#materials.flatMap((m) =>
        [m.applications.de, m.applications.en].flatMap((list) =>
          phrases(list).map((tokens) => ({ tokens: tokens.filter((t) => !NAME_FILLERS.has(t)), value: { material: m.id, size: tokens.length } })),
        ),
      ),
      known,
    );
  }

  /** The question with the staff's synonyms replaced by the words they stand for (for the search index too). */
  rewrite(query: string, lang: 'de' | 'en'): string {
    let out = query;
    for (const [pattern, means, patternLang] of this.#synonymPatterns) {
      if (patternLang === lang) out = out.replace(pattern, (match) => means.get(tokensOf(match).join(' ')) ?? match);
    }
    // Paying at a checkout ("ein Onlineshop, wo ich in den Warenkorb lege und bezahle") is ordering, not a price asked.
    if (out.search(CHECKOUT_PATTERN) >= 0) out = out.replace(PAYING_PATTERN, ORDERING_VERB[lang]);
    // "without any PVC", "ohne jegliches PVC": the quantifier says nothing the need's words ("without PVC") do not.
    out = out.replace(WITHOUT_ANY, '$1 ');
    // "I would like to know how …", "möchte wissen, wie …": the reported question is the question (its own wants are not the asker's).
    out = out.replace(WANTS_TO_KNOW, '');
    // A greeting, a sign-off or "one question:" around the question says nothing of it ("Good morning", "best", "Tag" would).
    out = out.replace(OPENING, '').replace(SIGN_OFF, '');
    // The asker's company ("our company logo", "unserer Firma") is not ours: its word would find our company's facts.
    return out.replace(ASKERS_COMPANY, '$1$2');
  }

  /** The language of the named materials' names when the question names them in one language only. */
  nameLanguage(query: string): { lang: 'de' | 'en'; rest: string } | undefined {
    const tokens = this.#words(query);
    const found = this.#fullNames.find(
      tokens,
      tokens.map(() => false),
    );
    let lead = 0;
    for (const f of found) {
      const phrase = tokens.slice(f.start, f.end).join(' ');
      const de = tokensOf(f.value.name.de).join(' ') === phrase;
      const en = tokensOf(f.value.name.en).join(' ') === phrase;
      lead += de && !en ? 1 : en && !de ? -1 : 0;
    }
    if (lead === 0) return undefined;
    const rest = tokens.filter((_, i) => !found.some((f) => i >= f.start && i < f.end)).join(' ');
    return { lang: lead > 0 ? 'de' : 'en', rest };
  }

  /** The question's words with the staff's synonyms read as the words they stand for. */
  #words(query: string): string[] {
    const tokens = tokenize(fold(query));
    if (this.#synonyms.length === 0) return tokens;
    const out: string[] = [];
    for (let i = 0; i < tokens.length;) {
      const hit = this.#synonyms.find(([words]) => words.every((w, j) => tokens[i + j] === w));
      if (hit) {
        out.push(...hit[1]);
        i += hit[0].length;
      } else {
        out.push(tokens[i]);
        i += 1;
      }
    }
    return out;
  }

  /**
   * Classes compared with a level of a scale: a level's code after a comparator or beside a word naming
   * a scale ("mindestens B1", "Rauchklasse s1", "B1 nach DIN 4102"), a level's words after a comparator
   * ("mindestens scheuerbeständig"). Without a comparator a class is read as exactly that class.
   */
  /**
   * The levels read with a comparator or their scale near; and apart, the codes with a digit named alone
   * ("der Brandschutz verlangt B1"), which readAlone decides once the needs are read.
   */
  #readScales(tokens: string[], taken: boolean[], negatedBefore: (start: number) => boolean): { read: Condition[]; alone: Found<LevelMention>[] } {
    const comparators = this.#comparators.find(tokens, taken.slice());
    const scaleWords = this.#scaleWords.findAll(tokens);
    const read: Condition[] = [];
    const alone: Found<LevelMention>[] = [];
    for (const f of this.#levels.find(tokens, taken.slice())) {
      const before = comparators.find(
        (c) => c.value !== 'or_better' && c.end <= f.start && f.start - c.end <= 1 + (scaleWords.some((w) => w.start >= c.end && w.end <= f.start) ? 3 : 0),
      );
      const after = comparators.find((c) => c.value === 'or_better' && c.start >= f.end && c.start - f.end <= 3);
      const near = scaleWords.filter(
        (w) => f.value.options.some((o) => o.scale === w.value) && ((w.end <= f.start && f.start - w.end <= 3) || (w.start >= f.end && w.start - f.end <= 3)),
      );
      // "laufen nach DIN 4102 unter B1", "fällt unter B1": filed under the class, not below it.
      const filed =
        before?.value === 'lt' && tokens[before.start] === 'unter' && tokens.slice(Math.max(0, before.start - 5), before.start).some((t) => FILED.has(t));
      const comparator = after ? 'ge' : filed ? 'eq' : before?.value;
      if (!(comparator || (f.value.code && near.length))) {
        // A code with a digit ("B1", "A2", "s1") names its level alone; a letter ("B") needs its scale near.
        if (f.value.code && f.end - f.start === 1 && /^[a-z]\d$/.test(tokens[f.start])) alone.push(f);
        continue;
      }
      const option = f.value.options.find((o) => near.some((w) => w.value === o.scale)) ?? f.value.options[0];
      for (let i = f.start; i < f.end; i++) taken[i] = true;
      for (const c of [before, after]) if (c) for (let i = c.start; i < c.end; i++) taken[i] = true;
      read.push({ kind: 'scale', scale: option.scale, level: option.level, op: (comparator ?? 'eq') as ScaleOp, negated: negatedBefore(f.start) });
    }
    return { read, alone };
  }

  /**
   * The codes named alone that no need or level read says already ("at least flame-retardant (B1)", "raucharm
   * (s1)"), each a bar to meet: "Ist X B1?" is met by A2 too.
   */
  #readAlone(alone: Found<LevelMention>[], taken: boolean[], negatedBefore: (start: number) => boolean, said: Condition[]): Condition[] {
    const out: Condition[] = [];
    for (const f of alone) {
      if (taken[f.start] || f.value.options.some((o) => said.some((c) => this.#says(c, o.scale, o.level)))) continue;
      taken[f.start] = true;
      const [option] = f.value.options;
      out.push({ kind: 'scale', scale: option.scale, level: option.level, op: 'ge', negated: negatedBefore(f.start) });
    }
    return out;
  }

  /** Whether the material fails a need among the conditions (the catalog decides it does not meet it). */
  #failsNeed(m: CatalogMaterial, conditions: Condition[]): boolean {
    return conditions.some((c) => c.kind === 'need' && !c.negated && meetsNeed(this.#model, m, c.need, c.stated) === false);
  }

  /** Whether a condition read already tests that level of that scale (itself, or a need met by it). */
  #says(c: Condition, scale: string, level: number): boolean {
    if (c.kind === 'scale') return c.scale === scale && c.level === level;
    if (c.kind !== 'need') return false;
    const levels = this.#model.scales.get(scale)?.scale.levels;
    return c.need.met_by.flat().some((t) => 'scale' in t && t.scale === scale && levels?.findIndex((l) => l.code === t.at_least) === level);
  }

  #euroParts(code: string) {
    return levelsOfText(this.#model, 'en_13501_1', code);
  }

  /** The catalog material of an id (a result of an earlier answer). */
  material(id: string): CatalogMaterial | undefined {
    return this.#materials.find((m) => m.id === id);
  }

  /** Whether a next step is said by an act and its object (STEP_PAIRS); one without objects needs a named material. */
  #pairedStep(shape: Shape, tokens: string[], named: boolean, circumstance: (start: number) => boolean): boolean {
    return this.#stepPairs.some((pair) => {
      if (pair.shape !== shape) return false;
      const acts = pair.acts.findAll(tokens).filter((a) => !circumstance(a.start));
      if (acts.length === 0) return false;
      if (!pair.objects) return named;
      // Two words: "Anfrage" is not both the act and its object.
      return pair.objects.findAll(tokens).some((o) => acts.some((a) => a.end <= o.start || o.end <= a.start));
    });
  }

  read(query: string): QuestionStructure {
    const folded = fold(query);
    const tokens = this.#words(query);
    const taken = tokens.map(() => false);
    const found = this.#shapes.findAll(tokens);
    // The shape's phrases with the particles inside them left out.
    const kept = tokens.flatMap((t, i) => (PARTICLES.has(t) ? [] : [i]));
    if (kept.length < tokens.length)
      for (const f of this.#shapes.findAll(kept.map((i) => tokens[i]))) {
        const start = kept[f.start];
        if (f.end - f.start > 1 && !found.some((g) => g.value === f.value && g.start === start))
          found.push({ value: f.value, start, end: kept[f.end - 1] + 1 });
      }
    // A word read both as a comparative and as a superlative ("schwerer" is two letters from
    // "schwerster", "narrowest" from "narrower"), or as both extremes ("maximale" from "minimale"), is the one it is written as.
    const written = (f: { value: Shape; start: number }) => SHAPE_TOKENS.get(f.value)?.has(tokens[f.start]) ?? false;
    const graded = found.filter((f) => SHAPE_TOKENS.has(f.value));
    // "höchstens 200 g/m²" is a limit, not "die höchste": a comparator with a number after it.
    const limits = new Set(
      this.#comparators
        .findAll(tokens)
        .filter((c) => tokens.slice(c.end, c.end + 3).some((t) => /^\d/.test(t)))
        .flatMap((c) => Array.from({ length: c.end - c.start }, (_, k) => c.start + k)),
    );
    // A need's own words are no extreme or comparative ("schwer entflammbar" is not "schwerer").
    const needWordAt = new Set(this.#needs.findAll(tokens).flatMap((f) => Array.from({ length: f.end - f.start }, (_, k) => f.start + k)));
    const shapes = found
      .filter((f) => !((f.value in SUPERLATIVES || f.value === 'most' || f.value === 'least') && limits.has(f.start)))
      .filter((f) => !(SHAPE_TOKENS.has(f.value) && needWordAt.has(f.start)))
      .filter((f) => !graded.includes(f) || written(f) || !graded.some((g) => g !== f && g.start === f.start && written(g)))
      // "the lowest maximum printable width": "maximum" names the data's value when another word asks the extreme.
      .filter((f) => !(f.value === 'most' && MAXIMUM.has(tokens[f.start]) && found.some((g) => g.value === 'least' && g.start !== f.start && written(g))))
      .map((f) => f.value);
    const has = (shape: Shape) => shapes.includes(shape);

    // Whole names first, so their words ("PVC-frei", "FR B1") are not read as criteria.
    const named: { m: CatalogMaterial; at: number }[] = this.#fullNames.find(tokens, taken).map((f) => ({ m: f.value, at: f.start }));

    const conditions: Condition[] = [];
    // "instead of s1", "statt B1": the condition after it is not wanted.
    // A negation inside a need's own words ("ohne PVC", "nicht brennbar") negates nothing else.
    const ownWords = needWordAt;
    const tag = orNotTag(tokens);
    const negations = tokens.flatMap((t, i) =>
      NEGATIONS.has(t) && !ownWords.has(i) && !(t === 'instead' && tokens[i + 1] !== 'of') && !(tag >= 0 && i > tag) && !withoutClause(tokens, i) ? [i] : [],
    );
    // Within four words, short ones not counted ("can't be used in a wet room": be, in, a).
    const wordsBetween = (from: number, to: number) => tokens.slice(from + 1, to).filter((t) => t.length > 3).length;
    const euroclasses = [...folded.matchAll(EUROCLASS)].map((match) => ({ match, at: tokenize(folded.slice(0, match.index)).length }));
    // Where a stated class ends: "not accepted" after it says it falls short ("für Fluchtwege nicht zulässig" is no class).
    const classEnds = euroclasses.map((e) => e.at + 3);
    // "flame-retardant isn't good enough", "B1 reicht nicht", "B-s1, d0 won't be accepted": what comes before
    // falls short; nothing after is negated.
    const shortOf = (i: number) =>
      ENOUGH.has(tokens[i + 1] ?? '') ||
      ENOUGH.has(tokens[i + 2] ?? '') ||
      SUFFICES.has(tokens[i - 1] ?? '') ||
      ([1, 2, 3].some((k) => ACCEPTED.has(tokens[i + k] ?? '')) && classEnds.some((end) => end <= i && wordsBetween(end - 1, i) < 4));
    const insufficientAt = negations.filter(shortOf);
    const negationAt = negations.filter((i) => !shortOf(i));
    const insufficientAfter = (end: number) => insufficientAt.some((i) => i >= end && wordsBetween(end - 1, i) < 4);
    // "für Feuchträume ungeeignet", "für Fluchtwege nicht zulässig", "unsuitable for wet rooms": the need said unsuited.
    const unsuitedAround = (start: number, end: number) =>
      [end, end + 1].some((i) => UNSUITED.has(tokens[i] ?? '')) ||
      // Before, with at most one longer word between ("unsuitable for use in wet rooms", "ungeeignet für den Einsatz in …").
      // Not across another need or a conjunction ("avoid PVC and want low off-gassing").
      [1, 2, 3, 4, 5].some(
        (k) =>
          UNSUITED.has(tokens[start - k] ?? '') &&
          wordsBetween(start - k, start) < 2 &&
          !tokens.slice(start - k + 1, start).some((t, j) => CONJUNCTIONS.has(t) || needWordAt.has(start - k + 1 + j)),
      ) ||
      KEPT_AWAY.some((p) => p.every((w, k) => tokens[start - p.length + k] === w)) ||
      (NEGATIONS.has(tokens[end] ?? '') && SUITED.has(tokens[end + 1] ?? '')) ||
      // German puts "nicht" before the verb at the end: "in Feuchträumen (besser) nicht verwenden".
      [end, end + 1].some((i) => NEGATIONS.has(tokens[i] ?? '') && (i === end || RATHER.has(tokens[end] ?? '')) && USED.has(tokens[i + 1] ?? ''));
    // A negation ends with its clause: "Brennt X nicht, also ist es unbrennbar?" does not negate "unbrennbar".
    const clauseEnds = [...folded.matchAll(CLAUSE_END)].map((m) => tokenize(folded.slice(0, m.index)).length);
    const sameClause = (i: number, start: number) => !clauseEnds.some((b) => i < b && b <= start);
    // Words in parentheses are an aside ("behind our kitchen worktop (not right behind the sink)?"): their "not" puts no question negatively.
    const aside = new Set(
      [...folded.matchAll(/\([^()]*\)/g)].flatMap((m) => {
        const start = tokenize(folded.slice(0, m.index)).length;
        return Array.from({ length: tokenize(m[0]).length }, (_, k) => start + k);
      }),
    );
    const negatedBefore = (start: number, end = start) =>
      negationAt.some((i) => i < start && wordsBetween(i, start) < 4 && !taken[i] && sameClause(i, start)) || (end > start && unsuitedAround(start, end));
    // "No fire or moisture requirements", "keine Anforderungen an Brandschutz": no condition at all, not its opposite.
    const waived = (start: number, end: number) =>
      negationAt.some(
        (i) =>
          i < start &&
          wordsBetween(i, start) < 6 &&
          sameClause(i, start) &&
          tokens.slice(i + 1, end + 3).some((t, k) => REQUIRED.has(t) && sameClause(i, i + 1 + k)),
      );
    // "Rettungswege sind nicht betroffen", "escape routes are not affected": the need said to be no concern, no condition.
    const concernsNot = (end: number) =>
      tokens.slice(end, end + 3).some((t, k) => NEGATIONS.has(t) && CONCERNED.has(tokens[end + k + 1] ?? '') && sameClause(end, end + k + 1));
    // "nichtbrennbar, nicht bloß schwer entflammbar", "not just washable": a lower bar than the one asked, no condition.
    const merelyBefore = (start: number) => negationAt.some((i) => i < start && MERELY.has(tokens[i + 1] ?? '') && wordsBetween(i + 1, start) < 4);
    // Fire classes: "Baustoffklasse B1", "DIN 4102 B1", and Euroclasses written out ("B-s1, d0").
    for (const { match, at } of euroclasses) {
      for (let i = at; i < at + 3 && i < tokens.length; i++) taken[i] = true;
      const code = `${match[1].toUpperCase()}-s${match[2]}, d${match[3]}`;
      const parts = this.#euroParts(code);
      // "B-s1, d0 or better" as "at least B-s1, d0".
      const orBetter = this.#comparators.find(tokens.slice(at + 3, at + 6), [])[0];
      // "B-s1, d0 won't be accepted": better than it.
      const comparator =
        orBetter?.start === 0 && orBetter.value === 'or_better'
          ? 'ge'
          : insufficientAfter(at + 3)
            ? 'gt'
            : this.#comparators.find(tokens.slice(Math.max(0, at - 4), at), []).at(-1)?.value;
      if (parts && (comparator === 'ge' || comparator === 'le')) {
        // "at least B-s1, d0": each part of the class at least (at most) its level.
        for (const part of parts) conditions.push({ kind: 'scale', ...part, op: comparator, negated: false });
      } else if (parts && (comparator === 'gt' || comparator === 'lt')) {
        // "better than B-s1, d0": each part at least as good, and not that class itself.
        for (const part of parts) conditions.push({ kind: 'scale', ...part, op: comparator === 'gt' ? 'ge' : 'le', negated: false });
        conditions.push({ kind: 'fire_class', code, negated: true });
      } else conditions.push({ kind: 'fire_class', code, negated: false });
    }
    const scales = this.#readScales(tokens, taken, negatedBefore);
    conditions.push(...scales.read);
    const numerics = readNumbers(folded);

    const needEnds = new Set<number>();
    for (const f of this.#needs.find(tokens, taken)) {
      const need = f.value;
      needEnds.add(f.end);
      if (merelyBefore(f.start) || insufficientAfter(f.end) || waived(f.start, f.end) || concernsNot(f.end)) continue;
      // A need compared with a number the question states (a wall's width) takes that number.
      let stated: number | undefined;
      if (needsStatedNumber(need)) {
        const field = need.met_by.flat().find((t) => 'stated' in t && t.stated !== undefined);
        const attribute = field && 'field' in field && field.field === 'weight_g_m2' ? 'weight' : 'width';
        const i = numerics.findIndex((n) => n.attribute === attribute);
        if (i >= 0) stated = numerics.splice(i, 1)[0].value;
      }
      if (!conditions.some((c) => c.kind === 'need' && c.need.id === need.id))
        conditions.push({ kind: 'need', need, stated, negated: negatedBefore(f.start, f.end) });
    }
    for (const numeric of numerics) conditions.push({ kind: 'numeric', numeric, negated: false });
    conditions.push(...this.#readAlone(scales.alone, taken, negatedBefore, conditions));

    const useCases = this.#useCases.find(tokens, taken);
    for (const f of useCases) conditions.push({ kind: 'use_case', useCase: f.value, negated: negatedBefore(f.start, f.end) });

    // Named by their distinctive words: a word only one material's name has, or rarer words together;
    // a question word counts for the best name word it matches (itself when it is one).
    const scores = new Map<string, { score: number; at: number; words: number; numbers: number }>();
    tokens.forEach((token, i) => {
      // A number with its unit is a value ("wiegt 300 g/m²"), not the number of a name ("Vinyl auf Vlies 300").
      if (taken[i] || (/^\d+$/.test(token) && VALUE_UNITS.has(tokens[i + 1] ?? ''))) return;
      const matches = this.#nameWords.matchesOf(token);
      const candidates = matches.has(token) ? [token] : [...matches];
      for (const m of this.#materials) {
        if (named.some((n) => n.m.id === m.id)) continue;
        const own = candidates.filter((w) => this.#nameTokens.get(m.id)!.has(w));
        if (own.length === 0) continue;
        const entry = scores.get(m.id) ?? { score: 0, at: i, words: 0, numbers: 0 };
        // Numbers and class codes in names ("150", "A2", "B1") only count beside a word of the name:
        // "must be B1" asks for a class, not for "Vlies FR B1".
        if (own.every((w) => /^\d+$/.test(w) || this.#levelCodes.has(w))) entry.numbers += 1;
        else entry.score += Math.max(...own.map((w) => 1 / this.#nameDf.get(w)!));
        // Two words of its name in its order that no other name has ("polyester textile"): that name.
        if (i > 0 && this.#namePairs.get(`${tokens[i - 1]} ${token}`) === m.id) entry.score += 1;
        entry.words += 1;
        scores.set(m.id, entry);
      }
    });
    // Materials named by one word of their name only ("lots of glass", "Struktur im Bild").
    const byOneWord = new Set<string>();
    for (const [id, entry] of scores) {
      if (entry.score + (entry.score > 0 ? entry.numbers : 0) >= 1) {
        named.push({ m: this.#materials.find((x) => x.id === id)!, at: entry.at });
        if (entry.words === 1) byOneWord.add(id);
      }
    }
    named.sort((a, b) => a.at - b.at);

    const applications = new Map<string, number>();
    for (const f of this.#applications.findAll(tokens)) {
      if (taken.slice(f.start, f.end).some(Boolean)) continue;
      applications.set(f.value.material, Math.max(applications.get(f.value.material) ?? 0, f.end - f.start));
    }

    // "permanently wet surfaces", "nasse Flächen": a surface a need qualifies is a place, not the attribute asked.
    const attributes = [
      ...new Set(
        this.#attributes
          .find(tokens, taken.slice())
          .filter((f) => !(f.value === 'surface' && needEnds.has(f.start)))
          .map((f) => f.value),
      ),
    ];
    // Named by an attribute's own words; a scale's words ("rated", "class") name one less surely.
    const namedAttributes = [...attributes];
    // A scale named without a level ("Welche Rauchklasse hat …") asks for the attribute it reads.
    if (!conditions.some((c) => c.kind === 'scale'))
      for (const f of this.#scaleWords.find(tokens, taken.slice())) {
        const attribute: AttributeId = this.#scaleReads.get(f.value) === 'cleanability_class' ? 'cleanability' : 'fire';
        if (!attributes.includes(attribute)) attributes.push(attribute);
      }
    // "und kann ich die …", "but is it …": the yes/no verb after a leading conjunction.
    const first = withoutLeading(tokens)[0] ?? '';
    // Whether a word of `opening` (at i, meeting where(i)) opens the clause of the word at start.
    const opened = (opening: ReadonlySet<string>, start: number, where: (i: number) => boolean = () => true) =>
      tokens.some((t, i) => opening.has(t) && i <= start && sameClause(i, start) && where(i));
    // What a "before" clause says comes later ("bevor sie zusagt", "before we order") is no act asked for.
    const later = (start: number) => opened(BEFORE, start);
    // An act in a "when" clause after the question's own verb is its circumstance ("…, wenn wir X bestellen").
    const circumstance = (start: number) => opened(CIRCUMSTANCE, start, (i) => clauseEnds.some((b) => b > 0 && b <= i));
    const actions = this.#actions.find(tokens, taken.slice()).filter((f) => !later(f.start) && !circumstance(f.start));
    // "Legen Sie mir 50 m² zurück": the verb and its particle at the end of the clause are the act ("zurücklegen").
    const clauseLast = (j: number) => j === tokens.length - 1 || !sameClause(j, j + 1);
    for (const { particle, verb } of this.#splitActions)
      tokens.forEach((t, j) => {
        if (t !== particle || !clauseLast(j)) return;
        const i = tokens.findIndex((v, k) => k < j && sameClause(k, j) && v.startsWith(verb) && v.length - verb.length <= 2);
        if (i >= 0 && !later(i) && !circumstance(i)) actions.push({ value: false, start: i, end: i + 1 });
      });
    // "Wir überlegen, X im Fluchtweg zu nehmen – ist das erlaubt?": the clause that asks gives the shape too.
    const clause = askingClause(query);
    // What the context before the asking clause says of prices or installation ("Wir möchten die Wand in einem
    // Stück tapezieren. Was können Sie anbieten?") is not asked, unless the context asks a question of its own.
    // Only a context of whole sentences: "Und preislich – was macht der Unterschied aus?" asks the price.
    const context = clause === undefined ? '' : query.slice(0, query.lastIndexOf(clause)).trimEnd();
    // And only when the clause asks for a material ("Who do I send the RFQ to?" still asks about the quote before it).
    const clauseWords = clause === undefined ? [] : this.#words(clause);
    const choice = clauseWords.some((t) => MATERIAL_TERMS.has(t) || OFFER_WORDS.has(t));
    // A statement after it ("… heavier than 300 g/m²? Our installer prefers the heavy stuff.") is context too.
    const after = clause === undefined ? '' : query.slice(query.lastIndexOf(clause) + clause.length).trim();
    const trailing = choice && after && !after.includes('?') ? this.#words(after).length : 0;
    // So is what comes before a question reported in the same sentence ("the fitter wants the right paste and asked me
    // which of your wallcoverings weigh more than 300 g/m²"), when the reported question asks for a material.
    const reported = reportedAt(tokens);
    const reportedChoice = reported > 0 && tokens.slice(reported).some((t) => MATERIAL_TERMS.has(t) || OFFER_WORDS.has(t));
    // A clause before a dash is such a context too when it is a sentence of its own ("the fitter wants something on the
    // light side – which …"), not a word or two ("Und preislich – …").
    const wholeContext = /[.!]$/.test(context) || (/[–—]$/.test(context) && this.#words(context).length >= 4);
    // A clause of its own words ("…: how long do production and delivery take?"), not one that points back ("Who do I send it to?").
    const ownTopic = clause !== undefined && clauseWords.length >= 4 && !tokensOf(clause).some((t) => REFERS_BACK.has(t));
    // Such a clause after a colon has its context before it too ("I'm an AI assistant planning a schedule for my user: …").
    const before = (choice && wholeContext) || (ownTopic && (wholeContext || (/:$/.test(context) && this.#words(context).length >= 4)));
    const asked = Math.max(before && !context.includes('?') ? tokens.length - clauseWords.length - trailing : 0, reportedChoice ? reported : 0);
    const askedEnd = tokens.length - trailing;
    const asksYesNo =
      has('whether') ||
      QUESTION_SHAPE_WORDS_AUX.has(first) ||
      QUESTION_SHAPE_WORDS_AUX.has(withoutLeading(clauseWords)[0] ?? '') ||
      verbFirst(withoutLeading(clause === undefined ? tokens : clauseWords), (clause ?? query).trimEnd().endsWith('?'), nounAfterVerb(clause ?? query));
    // "Sind da Weichmacher drin?", "Does X produce flaming droplets?" of a named material: the need that says it is free of
    // them, turned around. (In a choice, "nothing with PVC in it" wants the need itself.) A word of the name is no substance.
    if (asksYesNo && named.length && CONTAINS.some((phrase) => containsPhrase(tokens, phrase))) {
      const nameWords = new Set(named.flatMap(({ m }) => [...this.#nameTokens.get(m.id)!]));
      for (const f of this.#contained.find(tokens, taken))
        if (!tokens.slice(f.start, f.end).some((t) => nameWords.has(t)) && !conditions.some((c) => c.kind === 'need' && c.need.id === f.value.id))
          conditions.push({ kind: 'need', need: f.value, negated: !negatedBefore(f.start, f.end) });
    }
    // A surface quality asked yes or no of one named material ("Is X glossy or matt?") asks for its surface; not a word of its name ("Metallic").
    if (asksYesNo && named.length === 1 && !attributes.includes('surface') && surfaceAsked(named[0].m, tokens).length) attributes.push('surface');
    const comparative = readComparative(shapes);
    let superlative =
      readSuperlative(shapes) ??
      // "most"/"least" with one value the catalog ranks: the extreme of that value.
      // ("Von den Materialien mit FSC-Zertifikat: welches hat das geringste Flächengewicht?": the one ranked value.)
      // ("among the materials rated for wet rooms, which has the lowest weight": the weight, not the fire class of "rated".)
      (has('most') !== has('least') ? (mostOf(attributes, has('most')) ?? mostOf(namedAttributes, has('most'))) : undefined) ??
      (has('best') && !has('least') ? mostOf(attributes, true, GRADED) : undefined);
    // "the maximum print width below 150 cm": the data's maximum with a limit, not the widest.
    if (superlative && conditions.some((c) => c.kind === 'numeric' && c.numeric.attribute === superlative?.attribute)) superlative = undefined;
    // An act in a circumstance clause that ends before the question ("If I reach out, when can I expect …") is no step asked for.
    const leading = (start: number) => opened(CIRCUMSTANCE, start, () => clauseEnds.some((b) => b > start && b < tokens.length));
    // A surface word beside a next step asked ("feel it in person. What do I do?", "Strukturvlies … in der Hand haben. Was müssen
    // wir tun?") is the act, not the attribute asked.
    const actsAlone = named.length > 0 && (attributes.length === 0 || (has('next_step') && attributes.every((a) => a === 'surface')));
    let step = STEPS.find(([shape]) => has(shape) || this.#pairedStep(shape, tokens, actsAlone, leading))?.[1];
    // What the context before the asking clause says is a wish, not the question, when the clause asks
    // for something else: a list with a limit ("möglichst leichte Ware – welche wiegen unter 200 g/m²?"),
    // an attribute ("before we show her a sample – what kind of surface does it have?").
    if (clause !== undefined && (superlative || step)) {
      const asked = this.read(clause);
      if (superlative && !asked.superlative && asked.conditions.length) superlative = undefined;
      // So is a need the clause asks of it ("… people will touch it. How washable is it?").
      // And the applications asked in a sentence of their own ("Wir haben X als Muster gesehen. Für was für Räume ist das gedacht?").
      const ownSentence = /[.!]$/.test(query.slice(0, query.lastIndexOf(clause)).trimEnd());
      if (
        step &&
        !asked.step &&
        named.length > 0 &&
        (asked.attributes.some((a) => a !== 'applications' || (ownSentence && !asked.words.some((w) => WHERE.has(w)))) || asked.conditions.length > 0)
      )
        step = undefined;
    }
    return {
      // A project that states needs and asks no yes/no ("… lots of glass … takes the edge off the noise … what would you
      // suggest?"): one word of the name of a material that fails a need it states is the thing itself, not the material.
      named: named.filter((n) => asksYesNo || !byOneWord.has(n.m.id) || !this.#failsNeed(n.m, conditions)).map((n) => n.m),
      attributes,
      conditions,
      applications,
      superlative,
      comparative,
      comparison: has('compare') || (comparative !== undefined && named.length >= 2),
      likened: named
        .filter((n) => LIKENED.has(tokens[n.at - 1] ?? '') || (LIKENED_ARTICLE.has(tokens[n.at - 1] ?? '') && LIKENED.has(tokens[n.at - 2] ?? '')))
        .map((n) => n.m),
      yesNo: asksYesNo,
      negatedQuestion: asksYesNo && (negationAt.some((i) => !taken[i] && !aside.has(i)) || tokens.some((t) => INVERTS.has(t))),
      // "how long does it take"/"wie lange dauert" asks for a time, not for a length ("wie lang ist eine Rolle").
      // "available in 320 cm" / "lieferbar in 320 cm" asks for a variant the data states, not for stock.
      unpublished: this.#unpublished
        .find(tokens, taken.slice())
        .some((f) => f.start >= asked && !asksDuration(tokens, f.start) && !asksVariant(tokens, f.end) && !describesLength(tokens, f.start)),
      action: actions.length > 0,
      confirms: actions.length > 0 && actions.every((f) => f.value),
      // A quote asked for as a next step ("How do I get a quote?") is how to get it, not what it will say.
      projectSpecific: this.#projectSpecific
        .find(tokens, taken.slice())
        .some(
          (f) =>
            f.start >= asked && f.start < askedEnd && !later(f.start) && !(step === 'ordering' && tokens.slice(f.start, f.end).every((t) => QUOTES.has(t))),
        ),
      listWord: has('list') || !asksYesNo,
      several: has('several'),
      asksMaterial: has('list') || has('recommend') || tokens.some((t) => MATERIAL_TERMS.has(t)),
      recommendation: has('recommend'),
      // "those walls", "diesen Räumen": a demonstrative before another noun is not the materials named before.
      those: has('those') && !tokens.some((t, i) => DEMONSTRATIVES.has(t) && OTHER_NOUN_AFTER(tokens[i + 1])),
      step,
      prepares: has('prepare_step') || this.#pairedStep('prepare_step', tokens, false, leading),
      count: readCount(tokens),
      words: tokens,
    };
  }
}

const SURFACE_WORDS = SURFACE_QUALITIES.map((quality) => new Set(tokensOf(`${quality.de}, ${quality.en}`)));

/** The surface qualities a question asks of a material ("glossy", "glatt"); the words of its own name ("Metallic-Effekt") ask nothing. */
export function surfaceAsked(m: CatalogMaterial, words: string[]): Set<string>[] {
  const name = new Set(tokensOf(`${m.name.de} ${m.name.en}`));
  return SURFACE_WORDS.filter((quality) => words.some((w) => quality.has(w) && !name.has(w)));
}

const DEMONSTRATIVES = new Set(tokensOf('those, these, diesen'));
/** A word after a demonstrative that is a noun of something else: not the end, a material word, a count, "ones" or a function word. */
const OTHER_NOUN_AFTER = (next: string | undefined) =>
  next !== undefined && !MATERIAL_TERMS.has(next) && !COUNTS.has(next) && !/^\d/.test(next) && !BACK_WORDS.has(next) && !isFunctionWord(next);
const BACK_WORDS = new Set(tokensOf('ones, one, options, two, three, beiden, drei, zwei, materialien, tapeten, produkte, varianten'));

const QUOTES = new Set(tokensOf(`${QUOTE_WORDS.de}, ${QUOTE_WORDS.en}`));

const PARTICLES = new Set(tokensOf(`${PHRASE_PARTICLES.de}, ${PHRASE_PARTICLES.en}`));

/** Count words by token, and the words for materials they must stand before. */
const COUNTS = new Map(Object.entries(COUNT_WORDS).flatMap(([n, words]) => tokensOf(`${words.de} ${words.en}`).map((t): [string, number] => [t, Number(n)])));
/** Conjunctions a follow-up starts with before its verb ("und kann ich …", "but is it …"). */
const LEADING = new Set(tokensOf('und, and, aber, but, also, so, ok, okay'));

/** A question's words from its verb on: a leading conjunction left out. */
export const withoutLeading = (tokens: string[]): string[] => {
  // "ok, and do you …": every leading one.
  let i = 0;
  while (LEADING.has(tokens[i] ?? '')) i++;
  return i ? tokens.slice(i) : tokens;
};

/** "Was können Sie anbieten?", "What can you offer?": a choice of material asked in other words. */
const OFFER_WORDS = new Set(tokensOf('anbieten, bieten, offer, offers'));
const REPORTING = new Set(tokensOf(both(REPORTING_WORDS)));
const REPORTED_ASKS = new Set(tokensOf(both(REPORTED_QUESTION_WORDS)));

/** Where a question reported by a verb of asking starts ("… and asked me which …", "… fragt, welche …"); 0 when none is. */
function reportedAt(tokens: string[]): number {
  for (let i = tokens.length - 2; i > 0; i--) {
    if (!REPORTED_ASKS.has(tokens[i])) continue;
    if ([1, 2, 3].some((k) => REPORTING.has(tokens[i - k] ?? ''))) return i;
  }
  return 0;
}
const MATERIAL_TERMS = new Set(tokensOf(`${CATALOG_WORDING.terms.de} ${CATALOG_WORDING.terms.en} ${RECOMMENDATION_WORDS.de} ${RECOMMENDATION_WORDS.en}`));

/** "drei Materialien", "which 2 wallpapers", "top 3": a count right before a word for materials (one word between). */
function readCount(tokens: string[]): number | undefined {
  for (let i = 0; i < tokens.length; i++) {
    const n = /^\d{1,2}$/.test(tokens[i]) ? Number(tokens[i]) : COUNTS.get(tokens[i]);
    // A figure with its unit ("3 m – welche …") is a value, not how many.
    if (!n || n > 20 || VALUE_UNITS.has(tokens[i + 1] ?? '')) continue;
    if (tokens[i - 1] === 'top' || MATERIAL_TERMS.has(tokens[i + 1] ?? '') || MATERIAL_TERMS.has(tokens[i + 2] ?? '')) return n;
  }
  return undefined;
}

/** Who is asked, or asks, after a German verb that opens a question ("Prüfen Sie …?", "Liefert ihr …?", "Bekomme ich …?", "Meldet sich …?"). */
const ADDRESSED = new Set(['sie', 'ihr', 'du', 'man', 'ich', 'wir', 'sich', 'es']);
/** The words that open a question asking for something other than yes or no. */
const ASKS_WHICH = new Set(tokensOf('was, wer, wie, wo, wann, warum, wieso, weshalb, woher, wohin, womit, wofür, welche, welcher, welches, welchen'));

/**
 * A German question that opens with its verb and then whom it asks ("Prüfen Sie die Daten kostenlos?",
 * "Bedruckt ihr auch Vorhänge?") asks yes or no; with its question mark, as the same words without one ask for an act ("Nennen Sie …").
 */
function verbFirst(tokens: string[], asked: boolean, nounNext = false): boolean {
  if (!asked || tokens.length <= 2 || ASKS_WHICH.has(tokens[0]) || /\d/.test(tokens[0])) return false;
  // Or a verb's ending before an article or a noun: "Dauert die Lieferung …?", "Reicht das …?", "Dauern Produktion und
  // Lieferung …?" (a noun first rarely ends so and takes one). Not with a negation: "Brennt das X nicht, also ist es …?"
  // states what it then asks about.
  return ADDRESSED.has(tokens[1]) || (VERB_ENDING.test(tokens[0]) && (ARTICLE_AFTER_VERB.has(tokens[1]) || nounNext) && !tokens.some((t) => NEGATIONS.has(t)));
}

/**
 * "Does it start when we order or later?", "glossy or matt?" ask which, not whether ("…, oder?" and "… oder eher nicht?"
 * at the end are only tags).
 */
export const asksEitherOr = (words: string[]): boolean => {
  const tag = orNotTag(words);
  return words.some((w, i) => ALTERNATIVE.has(w) && i < words.length - 1 && i !== tag);
};
const ALTERNATIVE = new Set(['or', 'oder']);

/** Where a closing "or not" ("oder nicht", "oder eher nicht", "or not") has its "or": a tag, negating nothing; -1 without one. */
function orNotTag(words: string[]): number {
  const last = words.length - 1;
  if (NEGATIONS.has(words[last] ?? '')) {
    const before = RATHER.has(words[last - 1] ?? '') ? last - 2 : last - 1;
    if (ALTERNATIVE.has(words[before] ?? '')) return before;
  }
  // The same said as a clause ("… oder ist das da nicht erlaubt?", "… or is that not allowed?"): a negation and
  // nothing but function words and words of being allowed after the last "or".
  const or = words.findLastIndex((w) => ALTERNATIVE.has(w));
  const rest = or < 0 ? [] : words.slice(or + 1);
  return rest.length > 0 &&
    rest.length <= 6 &&
    rest.some((w) => NEGATIONS.has(w)) &&
    rest.every((w) => NEGATIONS.has(w) || isFunctionWord(w) || PERMITTED.has(w))
    ? or
    : -1;
}
/** Verbs that file something under a class ("läuft unter B1"). */
const FILED = new Set(tokensOf('laufen, läuft, fallen, fällt'));
/** "Where" asks where a step is taken ("Where can I have it checked?") as often as where a material is used. */
const WHERE = new Set(tokensOf('wo, wohin, where'));
/** Words of being allowed or possible, in a negated alternative clause. */
const PERMITTED = new Set(tokensOf('erlaubt, zulässig, geeignet, möglich, gestattet, ok, okay, da, dort, allowed, permitted, suitable, possible, fine, there'));

/** Whether the word after the first (a leading "und"/"and" aside) is written as a German noun, with a capital letter. */
function nounAfterVerb(text: string): boolean {
  const words = text.trim().split(/\s+/);
  const from = LEADING.has(fold(words[0] ?? '')) ? 1 : 0;
  return /^\p{Lu}/u.test(words[from + 1] ?? '');
}

const VERB_ENDING = /(?:[^s]t|en|ern)$/;
const ARTICLE_AFTER_VERB = new Set(['der', 'die', 'das', 'den', 'dem', 'ein', 'eine', 'einen', 'einem', 'eure', 'euer', 'ihre', 'ihr']);

/** Words a yes/no question starts with. */
const QUESTION_SHAPE_WORDS_AUX = new Set(tokensOf(`${QUESTION_SHAPE_WORDS.aux.de}, ${QUESTION_SHAPE_WORDS.aux.en}`));

/** The verbs of a duration: "how long does it take", "wie lange dauert/brauchen Sie". */
const DURATION_VERBS = new Set(['take', 'takes', 'dauert', 'dauern', 'brauchen', 'braucht', 'need', 'needs']);

/** Words right after "available"/"lieferbar" that ask for a variant ("available in 320 cm", "lieferbar mit …"), not for stock. */
const OPTION_NEXT = new Set(['in', 'with', 'as', 'mit', 'als']);
const AVAILABLE = new Set(tokensOf('available, verfügbar, lieferbar, erhältlich'));

/** Whether the unpublished word ending before `end` is "available"/"lieferbar" asking for a variant ("available in 320 cm", "available 320 cm wide"; not "price in euros"). */
function asksVariant(tokens: string[], end: number): boolean {
  return AVAILABLE.has(tokens[end - 1] ?? '') && (OPTION_NEXT.has(tokens[end] ?? '') || /^\d/.test(tokens[end] ?? ''));
}

/** Words right after "how long"/"wie lange" that make it ask for a time ("how long until …", "wie lange bis …"), not a length ("how long is a roll"). */
const DURATION_NEXT = new Set([
  'until',
  'till',
  'before',
  'after',
  'from',
  'will',
  'would',
  'does',
  'do',
  'did',
  'should',
  'bis',
  'bevor',
  'nach',
  'ab',
  'von',
  'wird',
  'würde',
]);

/** Whether the word at i is "long"/"lang(e)" of "how long … take" / "wie lange … dauert" / "how long until …". */
function asksDuration(tokens: string[], i: number): boolean {
  if (tokens[i - 1] !== 'how' && tokens[i - 1] !== 'wie') return false;
  return DURATION_NEXT.has(tokens[i + 1] ?? '') || tokens.slice(i + 1, i + 6).some((t) => DURATION_VERBS.has(t));
}

/** "lang"/"long" as the words say a length, not of the question ("der lange Flur", "a long wall"). */
const LONG = new Set(['lang', 'lange', 'langen', 'langer', 'langes', 'long']);

/** Whether the unpublished word at i is "long"/"lang(e)" describing something ("der lange Flur") rather than asking a length ("wie lang ist eine Rolle"). */
function describesLength(tokens: string[], i: number): boolean {
  if (!LONG.has(tokens[i])) return false;
  // "so long story", "so lange Flure": before a noun it describes that noun, after "so" too.
  if (tokens[i - 1] === 'so') return tokens[i + 1] !== undefined && !isFunctionWord(tokens[i + 1]);
  return tokens[i - 1] !== 'how' && tokens[i - 1] !== 'wie';
}

/** The words that open a clause of what comes later ("bevor sie zusagt", "before we order"). */
export const BEFORE = new Set(tokensOf(both(BEFORE_WORDS)));
/** The one-word circumstance words ("wenn", "once"): an act after one of them in its clause is not the act asked for. */
export const CIRCUMSTANCE = new Set(
  both(CIRCUMSTANCE_WORDS)
    .split(',')
    .map(tokensOf)
    .filter((words) => words.length === 1)
    .flat(),
);
/** Words that ask what speaks against something ("anything against", "dagegen"): a question put negatively. */
export const INVERTS = new Set(tokensOf(both(INVERTING_WORDS)));

/** Words that say a condition is asked for: after a negation, the condition is waived ("no special fire requirements"). */
const REQUIRED = new Set(tokensOf(both(REQUIREMENT_WORDS)));
const CONCERNED = new Set(tokensOf(both(CONCERNED_WORDS)));

/** Words that join two wishes ("avoid PVC and want low off-gassing"): an unsuited word before one does not reach past them. */
const CONJUNCTIONS = new Set(tokensOf('and, or, but, und, oder, aber, sowie'));
/** Said of a need, these make it one not wanted ("ungeeignet"), and after "nicht" ("nicht zulässig"). */
const UNSUITED = new Set(tokensOf('ungeeignet, untauglich, unzulässig, meiden, vermeiden, fernhalten, unsuitable, unsuited, unfit, avoid'));
/** "ohne dass es leidet", "without it getting damaged", "without damaging it": a clause of what must not happen, no negated question. */
function withoutClause(tokens: string[], i: number): boolean {
  const next = tokens[i + 1] ?? '';
  return (tokens[i] === 'ohne' && next === 'dass') || (tokens[i] === 'without' && (next === 'it' || next === 'them' || next.endsWith('ing')));
}

/** Said right before a need's words, they make it unwanted: "keep out of bathrooms", "stay away from wet rooms". */
const KEPT_AWAY = phrases('keep out of, keep away from, stay out of, stay away from, keep it out of, keep them out of');
const SUITED = new Set(tokensOf('geeignet, zulässig, erlaubt, zugelassen, tauglich, passend'));
/** Verbs of using something, which a negation before them at a clause's end says not to ("im Bad besser nicht verwenden"). */
const USED = new Set(tokensOf('verwenden, verwendet, nehmen, einsetzen, eingesetzt, benutzen, nutzen, verarbeiten, kleben, tapezieren'));
/** Words between a need and "nicht" that leave the negation its own ("besser nicht", "lieber nicht", "eher nicht"). */
const RATHER = new Set(tokensOf('besser, lieber, eher'));

/** Words that negate the condition after them. */
export const NEGATIONS = new Set([
  'nicht',
  'not',
  'no',
  'kein',
  'keine',
  'keinen',
  'keiner',
  'keinem',
  'keinerlei',
  'ohne',
  'without',
  'statt',
  'anstatt',
  'instead',
]);

/**
 * Whether a text denies a word the question states plainly: "nicht"/"not" up to three words before it
 * there, none in the question; the text's word may head a compound of the question ("nicht in Duschen" –
 * "Duschkabine"). compounds: or the two begin alike for six letters ("keine Bestellschnittstelle" – "Bestellung").
 */
export function denies(text: string[], claim: string[], compounds = false): boolean {
  const negated = (tokens: string[], i: number) => tokens.slice(Math.max(0, i - 3), i).some((t) => NEGATIONS.has(t));
  return text.some((t, i) => {
    if (t.length < 5 || !negated(text, i)) return false;
    const denied = stem(t);
    const same = (c: string) =>
      stem(c) === denied ||
      (denied.length >= 5 && c.startsWith(denied)) ||
      (compounds && c.length >= 5 && sharedStart(stem(c), denied) >= Math.min(6, stem(c).length));
    return claim.some((c, j) => same(c) && !negated(claim, j));
  });
}

/** How many letters two words begin with alike ("bestell" of "Bestellung" and "Bestellschnittstelle"). */
function sharedStart(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return n;
}

/** Punctuation that ends a clause (a comma not between two digits; a Euroclass's "s1, d0" is read before). */
const CLAUSE_END = /[;:!?–—]|,(?!\s*d[012]\b)(?!\d)/g;
/** Euroclasses written out ("B-s1, d0", "A2-s1 d0"). */
const EUROCLASS = /\b([a-f][12]?)\s*-\s*s([123])\s*(?:,\s*)?d([012])\b/g;

/** After a negation, a stated class that is refused ("B-s1, d0 won't be accepted", "A2-s1, d0 ist nicht zulässig"). */
const ACCEPTED = new Set(['accepted', 'acceptable', 'allowed', 'permitted', 'approved', 'akzeptiert', 'zulaessig', 'erlaubt', 'zugelassen']);

/** Around a negation, a bar that falls short ("not good enough", "nicht ausreichend", "reicht nicht"): the words after it, and the verbs before it. */
const ENOUGH = new Set(['enough', 'sufficient', 'adequate', 'ausreichend', 'genug']);
const SUFFICES = new Set(['reicht', 'reichen', 'genuegt', 'genuegen']);

/** After a negation, a lower bar than the one asked ("nicht bloß", "not just"). */
const MERELY = new Set(['bloss', 'nur', 'lediglich', 'einfach', 'just', 'only', 'merely', 'simply']);

/** Project-specific words that a suitability question uses too. */
const SUITABILITY_VERBS = new Set(['hanging', 'hanger', 'fitting', 'anbringen']);

/** A next step a question asks for, as the company fact that says how. */
type Step = 'samples' | 'wallcheck' | 'telephone' | 'ordering' | 'workflow';

/** The shapes of the next steps, the more particular first (a sample request is also a next step). */
const STEPS: [Shape, Step][] = [
  ['sample_step', 'samples'],
  ['file_check_step', 'wallcheck'],
  ['person_step', 'telephone'],
  // What follows a step ("What happens after I submit the enquiry?"), or how it all goes ("Wie läuft das ab?"), is the workflow, not a step again.
  ['after_step', 'workflow'],
  ['next_step', 'ordering'],
];

const wordsOf = (text: LocalizedText) =>
  both(text)
    .split(',')
    .map((w) => w.trim());
const PRIVATIVES = phrases(both(PRIVATIVE_WORDS));
const SPLIT_PARTICLES = tokensOf(SEPARABLE_PARTICLES.de);
const CONTAINS = phrases(both(CONTAINS_WORDS));
const WANTS_TO_KNOW =
  /\b(?:would like to know|would love to know|wants? to know|(?:could|can|would) you tell me|möchten? (?:gerne? )?wissen|würden? (?:gerne? )?wissen|wüssten? gerne?|(?:können|könnten) sie mir sagen)[,:]?\s+(?=(?:how|what|which|when|where|wie|was|welche[mnrs]?|wann|wo)\b)/giu;
const OPENING =
  /^(?:(?:good morning|good afternoon|good evening|hello there|hi there|guten morgen|guten tag|guten abend|hallo zusammen|tell me|sagen sie mal|sag mal)[,:!.]?|(?:one question|quick question|a quick question|eine frage|kurze frage):)\s+/iu;
const SIGN_OFF =
  /\s(?:best regards|kind regards|many thanks|thanks in advance|viele grüße|beste grüße|freundliche grüße|mit freundlichen grüßen|danke im voraus|vielen dank)[.!,]?$/iu;
const WITHOUT_ANY = /\b(without|ohne)\s+(?:any|jegliche[mnrs]?|irgendwelche[mnrs]?)\s+/gi;
const CHECKOUT_PATTERN = synonymPattern(wordsOf(CHECKOUT_WORDS));
const PAYING_PATTERN = synonymPattern(wordsOf(PAYING_WORDS));
const ORDERING_VERB = { de: 'bestellen', en: 'order' };
export const ASKERS_COMPANY = new RegExp(
  `(?<![\\p{L}])(${wordsOf(OWNERS).join('|')})(\\s+(?:own|eigene|eigenen|eigenes|eigener|eigenem))?\\s+(?:${wordsOf(COMPANY_NOUNS).join('|')})(?![\\p{L}])`,
  'giu',
);

export const ASKERS_PRINCIPAL = new RegExp(`(?<![\\p{L}])(${wordsOf(OWNERS).join('|')})\\s+(?:${wordsOf(PRINCIPALS).join('|')})(?:'s)?(?![\\p{L}])`, 'giu');

/** What a material is likened to follows ("wie beim X", "like the X", "same as X"), perhaps after an article. */
const LIKENED = new Set(tokensOf('wie, like, as'));
const LIKENED_ARTICLE = new Set(tokensOf('beim, bei, das, der, die, dem, den, the'));

/** The values a superlative ranks materials by. */
const RANKED = new Set<AttributeId>(['weight', 'width', 'cleanability', 'fire']);

const SUPERLATIVES: Partial<Record<Shape, Superlative>> = {
  lightest: { attribute: 'weight', highest: false },
  heaviest: { attribute: 'weight', highest: true },
  widest: { attribute: 'width', highest: true },
  narrowest: { attribute: 'width', highest: false },
  most_cleanable: { attribute: 'cleanability', highest: true },
  best_fire: { attribute: 'fire', highest: true },
};

const COMPARATIVES: Partial<Record<Shape, Superlative>> = {
  lighter: { attribute: 'weight', highest: false },
  heavier: { attribute: 'weight', highest: true },
  wider: { attribute: 'width', highest: true },
  narrower: { attribute: 'width', highest: false },
};

/** The words of the data's "maximum printable width" ("max", "maximale"). */
const MAXIMUM = new Set(tokensOf('max, maximum, maximal, maximale, maximalen, maximales'));

/** The words of each comparative and superlative as written, to tell a typo of one from the other. */
const SHAPE_TOKENS = new Map(
  [...Object.keys(SUPERLATIVES), ...Object.keys(COMPARATIVES), 'most', 'least'].map((shape) => [
    shape as Shape,
    new Set(tokensOf(`${QUESTION_SHAPE_WORDS[shape as Shape].de} ${QUESTION_SHAPE_WORDS[shape as Shape].en}`)),
  ]),
);

/** The values graded better or worse (a class), whose best is their highest ("performs best in terms of fire classification"). */
const GRADED = new Set<AttributeId>(['cleanability', 'fire']);

/** The extreme of the one value among the attributes that `among` ranks (every ranked value by default), when there is one. */
function mostOf(attributes: AttributeId[], highest: boolean, among: ReadonlySet<AttributeId> = RANKED): Superlative | undefined {
  const ranked = attributes.filter((a) => among.has(a));
  return ranked.length === 1 ? { attribute: ranked[0] as Superlative['attribute'], highest } : undefined;
}

function readSuperlative(shapes: Shape[]): Superlative | undefined {
  for (const s of shapes) if (SUPERLATIVES[s]) return SUPERLATIVES[s];
  return undefined;
}

function readComparative(shapes: Shape[]): Superlative | undefined {
  for (const s of shapes) if (COMPARATIVES[s]) return COMPARATIVES[s];
  return undefined;
}

/**
 * One pattern over staff's synonyms, longer words first: each word literal, its spaces and hyphens any run of
 * them. Built from configuration, so tests/unit/regex-linear.test.ts checks it like the literals.
 */
const readers = new WeakMap<object, QuestionReader>();

/** The reader of one search index (so of one configuration revision), built once and shared by the structure and the fact cards. */
export function readerFor(index: object, config: SiteConfig): QuestionReader {
  let reader = readers.get(index);
  if (!reader) readers.set(index, (reader = new QuestionReader(config)));
  return reader;
}

/** Pronouns and pronominal adverbs for what came before ("it", "die", "dafür"). */
export const REFERS_BACK = new Set(
  tokensOf('it, that, this, they, them, those, es, sie, er, die, der, das, diese, dieses, dieser, damit, dafür, dazu, darauf, darüber'),
);

/**
 * The clause that asks, of a question with context before it: the last part ending in "?" after a
 * sentence end, a colon or a dash ("Wir sanieren ein Amt – ist X dort erlaubt?"); undefined when the
 * question is one clause.
 */
export function askingClause(query: string): string | undefined {
  const clauses = query.split(/(?<=[.!?:;])\s+|\s[–—-]\s/).filter((s) => s.trim());
  if (clauses.length < 2) return undefined;
  return clauses.findLast((s) => s.includes('?'));
}

export function synonymPattern(words: readonly string[]): RegExp {
  const escape = (word: string) =>
    word
      .trim()
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/[\s-]+/g, '[\\s-]+');
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escape);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
}

const GREATER = /(breiter|schwerer|groesser|mehr|ueber|wider|heavier|more|over|above|greater|larger)(\s+(als|than))?\s*$/;
const LESS = /(leichter|schmaler|weniger|unter|lighter|narrower|less|under|below|smaller)(\s+(als|than))?\s*$/;
/** One and a half said in words. */
const HALVES = /\b(anderthalb|eineinhalb|one and a half)\b/g;
// A negation up to two words before a comparator ("can not be printed wider than", "nicht breiter als").
const NEGATED_END = /\b(?:not|no|nicht|kein|keine)\s+(?:\S+\s+){0,2}$/;
const AT_LEAST = /(mindestens|wenigstens|zumindest|minimum|at least|ab)\s*$/;
const AT_MOST = /(hoechstens|maximal|maximum|at most|bis)\s*$/;
// The same said after the number ("310 cm wide or more", "300 g/m² oder weniger"), the value's word between.
const OR_MORE =
  /^(?:[a-z]+\s+)?(?:or more|oder mehr|und mehr|or above|and above|and up|or wider|oder breiter|or heavier|oder schwerer|at least|minimum|mindestens)\b/;
const OR_LESS =
  /^(?:[a-z]+\s+)?(?:or less|oder weniger|und weniger|or below|and below|or lighter|oder leichter|or narrower|oder schmaler|at most|at the most|maximum|max|hoechstens|maximal)\b/;

const WIDTH_STEMS = ['breit', 'schmal', 'wide', 'narrow', 'width'];
const WEIGHT_STEMS = ['schwer', 'leicht', 'heav', 'light', 'weigh'];
const WORD_CHAR = /\w/;
// "wider than", and comparing words or "of" between the value's word and the number ("print widths below 1.5 metres",
// "Breite von mehr als 3 m").
const LINKING_WORDS = new Set(
  'als than below under over above unter ueber of von mehr weniger more less mindestens hoechstens maximal minimum maximum at least most bis zu up to'.split(
    ' ',
  ),
);

/**
 * Whether `before` ends in a word containing one of `stems`, then whitespace, then perhaps up to three
 * LINKING_WORDS and whitespace ("Breite von mehr als"), read from the end (as a pattern, a run of words and
 * spaces made it cubic).
 */
function endsWithWordOf(before: string, stems: readonly string[]): boolean {
  const wordBefore = (text: string): boolean => {
    const word = text.trimEnd();
    if (word.length === text.length) return false;
    let start = word.length;
    while (start > 0 && WORD_CHAR.test(word[start - 1]!)) start--;
    const run = word.slice(start);
    return stems.some((stem) => run.includes(stem));
  };
  if (wordBefore(before)) return true;
  // Up to three comparing words between ("Druckbreite von mehr als 3 m", "a width of at least 3 m").
  let rest = before.trimEnd();
  for (let i = 0; i < 3; i++) {
    let start = rest.length;
    while (start > 0 && WORD_CHAR.test(rest[start - 1]!)) start--;
    if (start === rest.length || !LINKING_WORDS.has(rest.slice(start))) return false;
    rest = rest.slice(0, start);
    if (wordBefore(rest)) return true;
    rest = rest.trimEnd();
  }
  return false;
}

/** The units readNumbers reads after a number, as tokens ("g/m²" is "g", "m2"). */
const VALUE_UNITS = new Set(['cm', 'metern', 'meters', 'meter', 'metres', 'metre', 'm', 'g', 'qm', 'gsm', 'gram', 'grams', 'gramm']);

/** Numeric limits: "breiter als 300 cm", "under 150 cm", "weniger als 200 g/m²", "von 137 cm". */
export function readNumbers(text: string): Numeric[] {
  const out: Numeric[] = [];
  // "anderthalb Meter", "one and a half metres": the figure.
  const folded = text.replace(HALVES, (_, word: string) => (word === 'one and a half' ? '1.5' : '1,5'));
  // (?<!\d): a number is read from its first digit (a later start found nothing the first did not, but made
  // a long run of digits quadratic).
  for (const match of folded.matchAll(
    /(?<!\d)(\d+(?:[.,]\d+)?)\s*(cm|metern|meters|meter|metres|metre|m|g\s*\/\s*m2|g\/qm|gsm|grams?|gramm|g)?(?![a-z0-9])/g,
  )) {
    // Metres count as a width only beside a word for width ("3 m breit"): "3 x 2,5 m" is a wall, not a limit.
    const metres = match[2] !== undefined && match[2].startsWith('m');
    const value = Number(match[1].replace(',', '.')) * (metres ? 100 : 1);
    const unit = metres ? undefined : match[2];
    const before = folded.slice(Math.max(0, match.index - 30), match.index);
    const after = folded.slice(match.index + match[0].length, match.index + match[0].length + 32).trimStart();
    let attribute: Numeric['attribute'] | undefined = unit === 'cm' ? 'width' : unit ? 'weight' : undefined;
    // "3 m breit", "3 m Druckbreite": the word after, or the head of that compound.
    const next = /^[a-z]*/.exec(after)![0];
    if (metres && WIDTH_STEMS.some((w) => after.startsWith(w) || (next.length > w.length + 2 && next.endsWith(`${w}e`)))) attribute = 'width';
    if (!attribute && endsWithWordOf(before, WIDTH_STEMS)) attribute = 'width';
    if (!attribute && endsWithWordOf(before, WEIGHT_STEMS)) attribute = 'weight';
    if (!attribute) continue;
    let op: Numeric['op'] =
      AT_LEAST.test(before) || OR_MORE.test(after)
        ? 'ge'
        : AT_MOST.test(before) || OR_LESS.test(after)
          ? 'le'
          : GREATER.test(before)
            ? 'gt'
            : LESS.test(before)
              ? 'lt'
              : 'eq';
    // "can't be printed wider than 1.40 m", "nicht schwerer als 300 g/m²": at most (at least) the value.
    if (op === 'gt' || op === 'lt') {
      const lead = folded.slice(Math.max(0, match.index - 60), match.index).replace(op === 'gt' ? GREATER : LESS, '');
      if (NEGATED_END.test(lead)) op = op === 'gt' ? 'le' : 'ge';
    }
    // A width in metres is a wall's ("the wall is 3 m wide"): the printable width must be at least that.
    out.push({ attribute, op: metres && attribute === 'width' && op === 'eq' ? 'ge' : op, value });
  }
  return out;
}
