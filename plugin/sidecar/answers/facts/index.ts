import type { LocalizedText, SiteConfig } from '../../core/site-config.js';
import { Memo } from '../../core/memo.js';
import {
  ADVISOR_CONFIRMS,
  compose,
  composeRouting,
  contactResult,
  contactSentence,
  materialResult,
  namesOf,
  say,
  type AskResult,
  type Composed,
} from '../compose.js';
import { companyOf, materialsOf, type CatalogMaterial, type Lang } from '../documents.js';
import { COMPANY_NOUNS, SEAT_WORDS, UNPUBLISHED_WORDS, type AttributeId } from '../vocabulary.js';
import { both, fold, Lexicon, phrases, tokensOf } from '../lexicon.js';
import type { AnswerIndex, SearchOutcome } from '../search.js';
import { askingClause, denies, readNumbers, readerFor } from '../understand.js';
import { compareLevel } from '../needs.js';
import { buildCards, type FactCard } from './cards.js';
import { countryNames, type Country } from './countries.js';
import { CardIndex, type CardHit } from './match.js';
import { clockWords } from './yes-no.js';
import {
  ASSERTION_TAGS,
  ASSERTION_TAG_CLAUSES,
  ASSERTION_WORDS,
  CIRCUMSTANCE_WORDS,
  UNTIL_WORDS,
  DELIVERY_WORDS,
  FILLER_WORDS,
  FREE_OF_CHARGE,
  NEED_ASKS,
  GENERAL_WORDS,
  NOT_PUBLISHED,
  OFFER_ASKS,
  OFFER_WORDS,
  PREPARATION_WORDS,
  STAFF_NAME,
  TIME_WORDS,
  LASTING_WORDS,
} from './wording.js';

/**
 * What an answer is, for the insights (not published in the response): answered from the catalog, from
 * a fact card or company fact, routed to a person because the data does not hold it, or refused
 * because it is out of scope or not offered.
 */
export type AnswerKind = 'catalog' | 'fact' | 'routed' | 'refused';

/** An answer the fact cards give (answer.ts's PreparedAnswer without the search score). */
export interface FactAnswer {
  language: Lang;
  routed: boolean;
  answer: string;
  results: AskResult[];
  kind: AnswerKind;
  /** The fact card it was answered from, when it was (internal, like kind). */
  card?: string;
}

/**
 * The share of a question's weight the best card must cover to be answered from it. Chosen on the
 * development set (tests/answers/dev-*.json; docs/decisions.md has its precision and recall).
 */
export const CARD_THRESHOLD = 0.6;

/**
 * For a question asking for a time ("Wie lange dauert die Fertigung?"), a card that states one needs
 * this share of the threshold: the asking words are the time the card states, so fewer other words
 * need to match (0.4 at the threshold of 0.6).
 */
export const TIMED_CARD_SHARE = 2 / 3;

/** A card that states a time or a duration: a number of working days, days, hours or weeks, or a clock time ("16:00", "6 pm", "18 Uhr"). */
const STATES_TIME = /\d\s*(?:werktag|arbeitstag|tag|stunde|woche|business day|working day|day|hour|week|uhr\b|pm\b|am\b)|\d:\d\d/i;

/** Counts and units of a duration in a folded claim, one list for the two patterns below. */
const DURATION_COUNTS = 'a|an|one|two|three|four|few|couple of|ein|eine|einen|einem|einer|zwei|drei|vier|paar';
const DURATION_UNIT = '(werktag|arbeitstag|tag|woche|monat|stunde|business day|working day|day|week|month|hour)(?:e|en|n|s)?\\b';

/** A duration said in words, in a folded claim ("about a week", "eine Woche", "ein paar Tage"): its unit. */
export const DURATION_IN_WORDS = new RegExp(`\\b(?:${DURATION_COUNTS})\\s+${DURATION_UNIT}`);

/** A duration with what introduces it, in a folded claim ("innerhalb von 2 werktagen", "within three weeks", "in 5 tagen"). */
export const DURATION_SPAN = new RegExp(`\\b(?:innerhalb von|innerhalb|binnen|within|in)\\s+(?:\\d+|${DURATION_COUNTS})\\s+${DURATION_UNIT}`);

/** Words before a product that make it one the asker already has ("unser Teppich", "this plaster"). */
const OWNED_BEFORE = new Set(tokensOf('our, my, their, this, unser, unsere, unseren, unserem, unserer, mein, meine, meinen, meinem, dieser, diese, diesen'));

/**
 * An article makes it one unless the asking words come before it ("Macht ihr auch die Fahrzeugfolierung?"
 * asks for it; "The plaster in our room has bumps. Which print material …?" does not).
 */
const ARTICLES = new Set(tokensOf('the, der, die, das, den, dem'));

/** Words before a product that make it the surface or place of the work ("auf Fliesen tapezieren", "over tiles"). */
const SURFACE_BEFORE = new Set(tokensOf('auf, über, unter, hinter, neben, on, onto, over, under, behind'));

/** Question words that make an offer verb ask what is offered ("Was bieten Sie an?", "What can you offer?"). */
const ASKS_WHAT = new Set(tokensOf('was, welche, welches, welcher, what, which'));

/** "als", "as" (with "a", "ein") before a product: the form something is wanted in. */
const AS_BEFORE = new Set(tokensOf('als, as'));
const A_BEFORE = new Set(tokensOf('a, an, ein, eine, einen'));
/** "im", "in" right before a product: the place of something else ("Haarrisse im Putz"); "auf"/"on" is printing onto it. */
const IN_BEFORE = new Set(tokensOf('im, in'));

/** Printing onto a product makes it the product asked for ("auf Vorhänge drucken"), not a surface to hang on. */
const PRINT_WORDS = new Set(tokensOf('drucken, druckt, bedrucken, print, prints, printed'));

/** Whether the product at start is one the asker has or works on, given where the asking words end. */
/** Units after a figure, as tokens ("g/m²" is "g", "m2"). */
const UNIT_ATTRIBUTE = new Map<string, AttributeId | undefined>([
  ['g', 'weight'],
  ['gsm', 'weight'],
  ['gramm', 'weight'],
  ['gram', 'weight'],
  ['grams', 'weight'],
  ['kg', undefined],
  ['m2', undefined],
  ['qm', undefined],
  ['cm', 'width'],
  ['m', 'width'],
  ['mm', undefined],
]);
const FIGURE_UNITS = new Set(UNIT_ATTRIBUTE.keys());

/** Units of an amount ordered, never of a published value ("40 m²", "12 Rollen"). */
const QUANTITY_UNITS = new Set(tokensOf('m2, qm, quadratmeter, sqm, rollen, rolls, stück, pieces, bahnen'));

/** The attributes the units after the question's figures measure ("3,20 m": the width; "150 g/m²": the weight). */
function unitAttributes(tokens: string[]): AttributeId[] {
  const found = tokens.flatMap((t, i) => (i > 0 && /\d$/.test(tokens[i - 1]) ? [UNIT_ATTRIBUTE.get(t)] : []));
  return [...new Set(found.filter((a) => a !== undefined))];
}

const owned = (tokens: string[], start: number, askEnds: number[]) =>
  OWNED_BEFORE.has(tokens[start - 1] ?? '') ||
  (SURFACE_BEFORE.has(tokens[start - 1] ?? '') && !tokens.some((t) => PRINT_WORDS.has(t))) ||
  (ARTICLES.has(tokens[start - 1] ?? '') && !askEnds.some((end) => end <= start - 1 && start - 1 - end <= 2));

/** The words a place follows in a delivery question ("nach Hamburg", "in Basel", "to Leeds"). */
// Not "aus"/"from": where the asker is from ("ein Raumausstatter aus Freiburg") is no place to deliver to.
const PLACE_AFTER = new Set(['nach', 'in', 'ins', 'bis', 'to', 'into']);
const PLACE_AFTER_UNCASED = new Set(['nach', 'to']);

/**
 * What the question's structure says of a claim: whether it is that one named material meets a need
 * (the structure's yes/no answers it), the materials it names and the attributes it asks or states.
 */
export interface ClaimContext {
  onNeed: boolean;
  named: readonly CatalogMaterial[];
  attributes: readonly AttributeId[];
  /** The question asks yes or no ("Ist der Wallcheck kostenpflichtig?"). */
  yesNo?: boolean;
  /**
   * It asks for an act besides confirming ("… can you confirm the order now?"): with a quantity ("that's 40 m²
   * for us"), an order put to us, not a claim.
   */
  acts?: boolean;
  /** It asks which materials meet its conditions ("…, he says. Which materials are narrower than 150 cm?"): a list, not a claim. */
  lists?: boolean;
}
const NO_CLAIM_CONTEXT: ClaimContext = { onNeed: false, named: [], attributes: [] };

const lexicon = (list: string, strict = false) =>
  new Lexicon(
    phrases(list).map((tokens) => ({ tokens, value: true as const })),
    strict ? { known: new Set<string>(), parts: new Set<string>(), strict } : undefined,
  );
const COMPOSED_PER_DESK = 1024;
const DECIDED_PER_DESK = 2048;

/** The fact cards of one index (one configuration revision) and what reads questions for them; built once. */
export class FactDesk {
  readonly cards: CardIndex;
  /** The share of the question's weight a card must cover (CARD_THRESHOLD; the development set's sweep sets others). */
  threshold = CARD_THRESHOLD;
  readonly #config: SiteConfig;
  readonly #index: AnswerIndex;
  readonly #assertions = lexicon(both(ASSERTION_WORDS));
  readonly #tags = new Set(tokensOf(both(ASSERTION_TAGS)));
  readonly #tagClauses = new Set(phrases(both(ASSERTION_TAG_CLAUSES)).map((tokens) => tokens.join(' ')));
  readonly #offers = lexicon(both(OFFER_WORDS), true);
  readonly #asks = lexicon(both(OFFER_ASKS), true);
  readonly #needs = lexicon(both(NEED_ASKS), true);
  readonly #time = lexicon(both(TIME_WORDS), true);
  readonly #lasting = lexicon(both(LASTING_WORDS), true);
  readonly #delivery = lexicon(both(DELIVERY_WORDS), true);
  readonly #circumstance = lexicon(both(CIRCUMSTANCE_WORDS), true);
  readonly #until = lexicon(both(UNTIL_WORDS), true);
  readonly #staffAsks = lexicon(both(STAFF_NAME.asks), true);
  readonly #staff = lexicon(both(STAFF_NAME.staff), true);
  readonly #timeTerms: Record<Lang, Set<string>>;
  /** The cards that state a time or a duration, per language (STATES_TIME over their text, once). */
  readonly #timed: Record<Lang, Set<FactCard>>;
  /** The cards that say something costs nothing, per language: a price asked of it is published. */
  readonly #free: Record<Lang, Set<FactCard>>;
  /** FREE_OF_CHARGE's words per language. */
  readonly #freeWords: Record<Lang, Set<string>>;
  /** The products the site's data says the company does not make (discovery.vocabulary.not_offered), each as staff wrote it. */
  readonly #products: Lexicon<{ text: string; lang: Lang }>;
  /** Tokens with digits in the material names ("150", "b1"): part of a name, not a figure a claim states. */
  readonly #nameFigures: Set<string>;
  readonly #offerTerms: Record<Lang, Set<string>>;
  readonly #generalTerms: Record<Lang, Set<string>>;
  readonly #assertionTerms: Record<Lang, Set<string>>;
  readonly #unpublishedTerms: Record<Lang, Set<string>>;
  /** Per language: the words of that language read with a typo, the other language's as written ("later" is no "Lager"). */
  readonly #notPublished: [keyof typeof NOT_PUBLISHED, Record<Lang, [Lexicon<true>, Lexicon<true>]>][];
  readonly #countries: Lexicon<Country>;
  readonly #ownCountry: Country | undefined;
  /** The company's country and its language by name, folded ("deutschland", "germany", "deutsch", "german"). */
  readonly #ownCountryWords: string[];
  /** A company or where it sits ("eine deutsche Firma", "based in Germany"). */
  readonly #seat = new Set(tokensOf(`${both(COMPANY_NOUNS)}, ${both(SEAT_WORDS)}`));
  readonly #composed = new Memo<string, Composed>(COMPOSED_PER_DESK);
  readonly #decided = new Memo<string, FactAnswer | false>(DECIDED_PER_DESK);

  constructor(index: AnswerIndex, config: SiteConfig) {
    this.#config = config;
    this.#index = index;
    // The cards read with the staff's synonyms replaced, as the questions are: a question's "Logo" is
    // asked as "Motiv", so a card that says "ohne Logo" must say it the same way.
    const reader = readerFor(index, config);
    this.cards = new CardIndex(buildCards(config), (text, lang) => index.tokenize(reader.rewrite(text, lang), lang));
    const termsOf = (text: LocalizedText) => ({ de: new Set(index.tokenize(text.de, 'de')), en: new Set(index.tokenize(text.en, 'en')) });
    this.#offerTerms = termsOf(OFFER_WORDS);
    this.#generalTerms = termsOf({ de: `${GENERAL_WORDS.de}, ${FILLER_WORDS.de}`, en: `${GENERAL_WORDS.en}, ${FILLER_WORDS.en}` });
    this.#timeTerms = termsOf(TIME_WORDS);
    const timed = (lang: Lang) => new Set(this.cards.cards.filter((card) => STATES_TIME.test(card.text[lang])));
    this.#timed = { de: timed('de'), en: timed('en') };
    this.#freeWords = { de: new Set(tokensOf(FREE_OF_CHARGE.de)), en: new Set(tokensOf(FREE_OF_CHARGE.en)) };
    const free = (lang: Lang) => new Set(this.cards.cards.filter((card) => this.#saysFree(card.text[lang], lang)));
    this.#free = { de: free('de'), en: free('en') };
    this.#assertionTerms = termsOf({ de: `${ASSERTION_WORDS.de} ${ASSERTION_TAGS.de}`, en: `${ASSERTION_WORDS.en} ${ASSERTION_TAGS.en}` });
    this.#unpublishedTerms = termsOf({
      de: [...Object.values(NOT_PUBLISHED).map((n) => n.words.de), UNPUBLISHED_WORDS.de].join(', '),
      en: [...Object.values(NOT_PUBLISHED).map((n) => n.words.en), UNPUBLISHED_WORDS.en].join(', '),
    });
    this.#notPublished = (Object.keys(NOT_PUBLISHED) as (keyof typeof NOT_PUBLISHED)[]).map((what) => {
      const words = NOT_PUBLISHED[what].words;
      return [what, { de: [lexicon(words.de), lexicon(words.en, true)], en: [lexicon(words.en), lexicon(words.de, true)] }];
    });
    this.#nameFigures = new Set(materialsOf(config).flatMap((m) => tokensOf(`${m.name.de} ${m.name.en}`).filter((t) => /\d/.test(t))));
    const notOffered = config.discovery.vocabulary?.not_offered;
    this.#products = new Lexicon(
      notOffered
        ? (['de', 'en'] as const).flatMap((l) => notOffered[l].split(',').map((p) => ({ tokens: tokensOf(p), value: { text: p.trim(), lang: l } })))
        : [],
      { known: new Set(), parts: new Set(), strict: true },
    );
    // Countries the data names (the company's own) are not "not named"; the configuration's words are never read as a country's typo.
    const known = new Set(tokensOf(JSON.stringify(config)));
    const named = companyOf(config).country;
    // Also a retired code shown with its name ("DD" is shown as "Germany").
    this.#ownCountry = countryNames().find((c) => c.code === named);
    const own = this.#ownCountry?.name;
    // Its name and the name of its language ("German", "deutsch"), which says a company's country as an adjective.
    const language = named ? new Intl.Locale(`und-${named}`).maximize().language : undefined;
    this.#ownCountryWords = [
      ...(own ? [own.de, own.en] : []),
      ...(language ? [new Intl.DisplayNames(['de'], { type: 'language' }).of(language), new Intl.DisplayNames(['en'], { type: 'language' }).of(language)] : []),
    ]
      .filter((w): w is string => Boolean(w))
      .map((w) => fold(w));
    this.#countries = new Lexicon(
      countryNames()
        .filter((c) => c.code !== named && c.name.en !== own?.en && c.name.de !== own?.de)
        .flatMap((c) => [tokensOf(c.name.de), tokensOf(c.name.en)].map((tokens) => ({ tokens, value: c }))),
      { known, parts: new Set(), strict: true },
    );
  }

  /** A card's answer and its grounding, composed once per language and public base. */
  #answerOf(card: FactCard, base: string, lang: Lang): Composed {
    const key = `${lang}\n${card.id}\n${base}`;
    let part = this.#composed.get(key);
    if (!part) {
      const source = compose(this.#config, base, card.grounding, lang);
      // A whole company fact or FAQ entry is answered as the search answers it (with its links); a
      // workflow step, a text section or a material attribute by its own text.
      if (card.id.startsWith('fact:') || card.id.startsWith('faq:')) part = source;
      else if (card.material) part = { answer: `${card.text[lang]} ${ADVISOR_CONFIRMS[lang]}`, results: source.results };
      else part = { answer: card.text[lang], results: source.results };
      this.#composed.set(key, part);
    }
    return part;
  }

  #routing(base: string, lang: Lang, sentences: string[], first: AskResult[] = []): FactAnswer {
    const known = new Set(first.map((r) => r.id));
    const contact = contactResult(this.#config, base, lang);
    return {
      language: lang,
      routed: true,
      kind: 'routed',
      answer: [...sentences, contactSentence(this.#config, base, lang)].join(' '),
      results: [...first, ...(known.has(contact.id) ? [] : [contact])],
    };
  }

  /** A country the question names that the data does not (the company's own country is named). */
  #countryIn(tokens: string[]): Country | undefined {
    return this.#countries.findAll(tokens)[0]?.value;
  }

  /**
   * A place a delivery question names that no word of the site's data knows ("Liefert ihr nach
   * Hamburg?", "Wir sitzen in Basel – Lieferung möglich?"): a capitalized word neither the search
   * documents nor the cards know. Countries are found by name before this.
   */
  #placeOf(query: string, tokens: string[], lang: Lang): string | undefined {
    if (this.#delivery.findAll(tokens).length === 0) return undefined;
    // A question typed all in lower case ("liefert ihr auch nach zürich?") says nothing by its capitals: every word may be the place.
    // Then only after "nach"/"to" ("bis ende monat" is no place).
    const cased = /\p{Lu}/u.test(query);
    const after = cased ? PLACE_AFTER : PLACE_AFTER_UNCASED;
    for (const match of query.matchAll(cased ? /\p{Lu}[\p{L}-]{2,}/gu : /\p{L}[\p{L}-]{2,}/gu)) {
      const word = match[0];
      // After a preposition of place only: every German noun is capitalized ("Wir sind Raumausstatter").
      if (!after.has(tokensOf(query.slice(0, match.index)).at(-1) ?? '')) continue;
      const terms = this.#index.tokenize(word, lang);
      if (terms.length && terms.every((t) => !this.#index.knows(t, lang) && !this.cards.knows(t, lang)))
        return cased ? word : word[0].toUpperCase() + word.slice(1);
    }
    return undefined;
  }

  /** The question's terms that are not asking-words of a shape (offer verbs, "tell me about"). */
  #content(outcome: SearchOutcome, lang: Lang): string[] {
    return this.#contentOf(outcome.terms, lang);
  }

  #contentOf(terms: string[], lang: Lang): string[] {
    return terms.filter((t) => !this.#offerTerms[lang].has(t) && !this.#generalTerms[lang].has(t));
  }

  /** Whether a text says something costs nothing; hyphenated words stay whole ("PVC-free" says nothing of a price). */
  #saysFree(text: string, lang: Lang): boolean {
    return (text.match(/[\p{L}-]+/gu) ?? []).some((w) => this.#freeWords[lang].has(fold(w)));
  }

  /**
   * What the question asks the company to make that it does not: a product the data lists as not
   * offered, asked for ("Macht ihr auch Vorhänge?"), or, asked with an offer verb, something no word of
   * the site's data knows ("Verkaufen Sie Holzpaneele?": '' when it has no name for it).
   */
  #notOffered(tokens: string[], outcome: SearchOutcome, lang: Lang): string | undefined {
    const offers = this.#offers.findAll(tokens);
    const offerVerb = offers.length > 0;
    const askEnds = [...offers, ...this.#asks.findAll(tokens)].map((a) => a.end);
    // "Wir bräuchten Sichtschutzfolie": a need said for a product right after it ("we need a tile-look mural" names none).
    const needEnds = this.#needs.findAll(tokens).map((n) => n.end);
    if (askEnds.length || needEnds.length) {
      // Where both languages' lists have the word ("Poster"), it is named as the question's language writes it.
      const products = this.#products.findAll(tokens).sort((a, b) => a.start - b.start || Number(a.value.lang !== lang) - Number(b.value.lang !== lang));
      // "the plaster is bumpy", "unser Teppich": a thing the asker has, not one asked for.
      // "ein Foto als Leinwanddruck", "our logo as a poster": the form the asker wants it in.
      const asForm = (p: { start: number }) =>
        AS_BEFORE.has(tokens[p.start - 1] ?? '') || (A_BEFORE.has(tokens[p.start - 1] ?? '') && AS_BEFORE.has(tokens[p.start - 2] ?? ''));
      // "Haarrisse im Putz", "cracks in plaster": where something is, not what is asked for.
      const where = (p: { start: number }) => IN_BEFORE.has(tokens[p.start - 1] ?? '');
      const product =
        products.find(asForm) ??
        (askEnds.length ? products.find((p) => !owned(tokens, p.start, askEnds) && !where(p)) : undefined) ??
        products.find((p) => needEnds.some((end) => p.start >= end && p.start - end <= 1) && !where(p) && !owned(tokens, p.start, needEnds));
      if (product) return product.value.text;
    }
    // "Was können Sie uns anbieten?": what is offered is asked, no product the data does not know.
    if (!offerVerb || offers.some((o) => tokens.slice(0, o.start).some((t) => ASKS_WHAT.has(t)))) return undefined;
    const content = this.#content(outcome, lang);
    return content.length > 0 && content.every((t) => !this.#index.knows(t, lang) && !this.cards.knows(t, lang)) ? '' : undefined;
  }

  /** Whether the question puts a claim to be confirmed. */
  asserts(query: string): boolean {
    return this.#asserts(query, tokensOf(query));
  }

  /** A claim put to be confirmed ("Confirm that …", "Stimmt es, dass …", "…, right?", "…, right? I'd call after work."). */
  #asserts(query: string, words: string[]): boolean {
    const polite = (t: string) => t !== 'bitte' && t !== 'please';
    const tokens = words.filter(polite);
    if (this.#assertions.findAll(tokens).length > 0 || this.#tags.has(tokens[tokens.length - 1] ?? '')) return true;
    // The clause after the last comma is only a tag ("…, is it?").
    const tag = query.includes(',') ? tokensOf(query.slice(query.lastIndexOf(',') + 1)).join(' ') : '';
    if (this.#tagClauses.has(tag)) return true;
    // The tag of a question followed by more ("Open until 8, right? I'd call after work.").
    const asked = query.split('?');
    return asked.slice(0, -1).some((sentence) => this.#tags.has(tokensOf(sentence).filter(polite).at(-1) ?? ''));
  }

  /** The best card stating a time for the terms, when it covers the timed share of the threshold; known as for match(). */
  #timedCard(terms: string[], lang: Lang, known?: (term: string) => boolean): CardHit | undefined {
    const [timed] = this.cards.match(terms, lang, (card) => this.#timed[lang].has(card), 1, known);
    return timed && timed.score >= this.threshold * TIMED_CARD_SHARE ? timed : undefined;
  }

  /** The terms of the clause around a span of a folded text, the span's own words left out. */
  #clauseAround(folded: string, start: number, end: number, lang: Lang): string[] {
    const before = folded.slice(0, start);
    const from = Math.max(...[',', ';', '.', '!', '?', '–'].map((mark) => before.lastIndexOf(mark))) + 1;
    const rest = folded.slice(end).search(/[,;.!?–]/);
    return this.#index.tokenize(`${folded.slice(from, start)} ${folded.slice(end, rest < 0 ? undefined : end + rest)}`, lang);
  }

  /** The best card for the terms when it covers enough of them. */
  best(terms: string[], lang: Lang, accept?: (card: FactCard) => boolean): CardHit | undefined {
    const [top] = this.cards.match(terms, lang, accept, 1, (t) => this.#index.knows(t, lang));
    return top && top.score >= this.threshold ? top : undefined;
  }

  /** The FAQ entry on what to have ready for an enquiry or a quote, found by PREPARATION_WORDS; null when no entry says it. */
  preparation(lang: Lang, base: string): FactAnswer | null {
    const hit = this.best(this.#index.tokenize(PREPARATION_WORDS[lang], lang), lang, (card) => card.grounding.kind === 'faq');
    return hit ? this.#cardAnswer(hit, base, lang) : null;
  }

  #cardAnswer(hit: CardHit, base: string, lang: Lang, opening?: string): FactAnswer {
    const part = this.#answerOf(hit.card, base, lang);
    return {
      language: lang,
      routed: false,
      kind: hit.card.material ? 'catalog' : 'fact',
      answer: opening ? `${opening} ${part.answer}` : part.answer,
      results: part.results,
      card: hit.card.id,
    };
  }

  /**
   * Before the question's structure is read: a country the data does not name (said so and routed,
   * never answered with the delivery time as if yes), a product the company does not make (said so,
   * no stand-in material), and a claim to confirm (answered with the true fact, corrected when its
   * figures differ). claimOnNeed: the claim is that one named material meets a need, which the
   * structure answers with its yes or no.
   */
  before(query: string, outcome: SearchOutcome, lang: Lang, base: string, claim: ClaimContext = NO_CLAIM_CONTEXT): FactAnswer | null {
    // Decided once per question (a repeated question is one lookup, not five word scans); false for none.
    const key = `${lang}\n${base}\n${claim.onNeed}\n${claim.yesNo ?? false}\n${claim.named.map((m) => m.id).join(' ')}\n${claim.attributes.join(' ')}\n${claim.acts ?? false}\n${claim.lists ?? false}\n${query}`;
    const known = this.#decided.get(key);
    if (known !== undefined) return known || null;
    const decided = this.#decideBefore(query, outcome, lang, base, claim);
    if (query.length <= 1000) this.#decided.set(key, decided ?? false);
    return decided;
  }

  #decideBefore(
    query: string,
    outcome: SearchOutcome,
    lang: Lang,
    base: string,
    { onNeed: claimOnNeed, named, attributes, yesNo, acts, lists }: ClaimContext,
  ): FactAnswer | null {
    const tokens = tokensOf(query);
    // "Are you a German company?", "Sitzt ihr in Deutschland?": the company's own country, asked yes or no (not a delivery).
    // Of the company only: no material or value named ("Is the German DIN 4102 class of X B2?").
    if (
      yesNo &&
      !named.length &&
      !attributes.length &&
      this.#delivery.findAll(tokens).length === 0 &&
      tokens.some((t) => this.#ownCountryWords.some((w) => t.startsWith(w))) &&
      tokens.some((t) => this.#seat.has(t))
    ) {
      const company = companyOf(this.#config);
      const facts = compose(this.#config, base, { kind: 'fact', fact: 'company' }, lang);
      const where = this.#ownCountry?.name[lang] ?? company.country;
      return {
        language: lang,
        routed: false,
        kind: 'fact',
        answer: `${say(lang, `Ja, ${company.name} hat seinen Sitz in ${where}.`, `Yes, ${company.name} is based in ${where}.`)} ${facts.answer}`,
        results: facts.results,
      };
    }
    const country = this.#countryIn(tokens);
    if (country) {
      const name = country.name[lang];
      return this.#routing(base, lang, [
        say(
          lang,
          `Für ${name} ist in unseren Daten nicht veröffentlicht, ob wir dorthin liefern.`,
          `Whether we deliver to ${name} is not published in our data.`,
        ),
      ]);
    }
    if (this.#staffAsks.findAll(tokens).length && this.#staff.findAll(tokens).length) return this.#routing(base, lang, [STAFF_NAME.says[lang]]);
    const place = this.#placeOf(query, tokens, lang);
    if (place) {
      return this.#routing(base, lang, [
        say(lang, `Ob wir nach ${place} liefern, ist in unseren Daten nicht veröffentlicht.`, `Whether we deliver to ${place} is not published in our data.`),
      ]);
    }
    const product = this.#notOffered(tokens, outcome, lang);
    if (product !== undefined) {
      // Said so and routed: an advisor may know a partner; no wallcovering is offered in its place.
      const company = companyOf(this.#config);
      const facts = compose(this.#config, base, { kind: 'fact', fact: 'company' }, lang);
      const no = product
        ? say(lang, `Nein, ${product} stellen wir nicht her und verkaufen wir nicht.`, `No, we do not make or sell ${product}.`)
        : say(lang, 'Nein, das stellen wir nicht her und bieten es nicht an.', 'No, that is not something we make or sell.');
      return { ...this.#routing(base, lang, [no, company.description[lang]], facts.results), kind: 'refused' };
    }
    // The price of what costs nothing is published, whatever else the search finds ("Der Wallcheck ist
    // kostenpflichtig, oder? Was zahlt man dafür?" found a FAQ whose answer begins "Ja."); a claim that it costs is false.
    if (this.#unpublished(query, lang).includes(NOT_PUBLISHED.price.says[lang])) {
      const free = this.#freeOfCharge(query, outcome, lang);
      if (free) {
        // Asked whether it costs ("Ist der Wallcheck kostenpflichtig?"): no; whether it is free of charge: yes.
        const verdict = this.#asserts(query, tokens)
          ? say(lang, 'Nein, das stimmt so nicht:', 'No, that is not correct:')
          : yesNo
            ? this.#saysFree(query, lang)
              ? say(lang, 'Ja:', 'Yes:')
              : say(lang, 'Nein:', 'No:')
            : undefined;
        return this.#cardAnswer(free, base, lang, this.#verdict(query, free.card, lang) ?? verdict);
      }
    }
    // Asked whether it is free ("Is the Wallcheck free?"; not "PVC-free"): yes, from the card that says so.
    if (yesNo && this.#saysFree(query, lang)) {
      const free = this.#freeOfCharge(query, outcome, lang);
      if (free) return this.#cardAnswer(free, base, lang, this.#verdict(query, free.card, lang) ?? say(lang, 'Ja:', 'Yes:'));
    }
    const orders = acts && tokens.some((t, i) => /\d$/.test(t) && QUANTITY_UNITS.has(tokens[i + 1] ?? ''));
    if (!claimOnNeed && !orders && !lists && this.#asserts(query, tokens)) {
      // Words no card knows ("besetzt", "20 Uhr") are left out: the claim is about what the cards do
      // know, and its figures are checked against the card found.
      // A figure no card states is the claim, checked against the card found, not what finds it.
      // A duration said in words ("about a week") is the claim too: its unit does not pick the card.
      const folded = fold(query);
      const duration = DURATION_IN_WORDS.exec(folded);
      const unit = duration ? new Set(this.#index.tokenize(duration[0], lang)) : undefined;
      const terms = this.#content(outcome, lang).filter(
        (t) => !this.#assertionTerms[lang].has(t) && !(/^\d+$/.test(t) && !this.cards.knows(t, lang)) && !unit?.has(t),
      );
      // The words of a stated duration ("innerhalb von 2 Werktagen") are the claim's figure: what it is said of picks
      // the card ("Ihr liefert ja innerhalb von 2 Werktagen" is the delivery's, not the advisor's "innerhalb von 1 Werktag").
      // What it is said of is the rest of the duration's clause ("I read that you produce and deliver within 2 business days,
      // so we'll plan the install for Thursday": produce and deliver).
      const span = DURATION_SPAN.exec(folded);
      const subject = span ? this.#clauseAround(folded, span.index, span.index + span[0].length, lang).filter((t) => terms.includes(t)) : [];
      // A claim about a named material is checked against its own cards ("Das Objektvinyl wiegt 300 g/m²" is not about
      // "Vinyl auf Vlies 300"), and one about a value against the card of that value ("150 g/m²": the weight).
      // A duration in words is checked against a card that states a time.
      // A figure's unit says the value when no attribute is named ("in 3,20 m wie beim normalen Vlies": the width, not "normal entflammbar").
      const stated = attributes.length ? attributes : unitAttributes(tokens);
      const about = (card: FactCard) =>
        (!card.material || named.length === 0 || named.some((m) => m.id === card.material!.id)) &&
        (stated.length === 0 || (card.attribute ? stated.includes(card.attribute) : !card.material)) &&
        (!(duration || span) || this.#timed[lang].has(card));
      // One named material and a value its unit names: that card is the claim's, whatever other words there are.
      const own =
        !attributes.length && stated.length === 1 && named.length === 1
          ? this.cards.cards.find((c) => c.material?.id === named[0].id && c.attribute === stated[0])
          : undefined;
      if (own) return this.#cardAnswer({ card: own, score: 1, matched: [] }, base, lang, this.#verdict(query, own, lang));
      const hit = (subject.length ? this.cards.match(subject, lang, about, 1)[0] : undefined) ?? this.cards.match(terms, lang, about, 1)[0];
      if (hit && hit.score >= this.threshold) return this.#cardAnswer(hit, base, lang, this.#verdict(query, hit.card, lang));
      // A claim about a time ("brauchen 3–4 Tage, oder?") is checked against the card that states one.
      const timed = STATES_TIME.test(folded) || duration ? this.#timedCard(terms, lang) : undefined;
      if (timed) return this.#cardAnswer(timed, base, lang, this.#verdict(query, timed.card, lang));
    }
    return null;
  }

  /**
   * "Nein"/"No" when a figure of the claim is not the card's, or the card denies what the claim affirms
   * ("… ist für Duschen geeignet" against "Nicht für Feuchträume geeignet"); "Ja"/"Yes" when all its
   * figures are the card's; nothing otherwise. The figures of names ("FR B1", "300") are no claim.
   */
  #verdict(query: string, card: FactCard, lang: Lang): string | undefined {
    const asked = tokensOf(query);
    // A unit ("m2") is no figure; a name's figure is one only with a unit after it ("wiegt 150 g/m²").
    const unit = (i: number) => FIGURE_UNITS.has(asked[i + 1] ?? '');
    const figures = asked.filter((t, i) => /\d/.test(t) && !FIGURE_UNITS.has(t) && (!this.#nameFigures.has(t) || unit(i)));
    if (denies(tokensOf(card.text[lang]), asked, true)) return say(lang, 'Nein, das stimmt so nicht:', 'No, that is not correct:');
    if (figures.length === 0) {
      // "about a week" against "1 business day": a time the card states in another unit is not its time.
      const unit = DURATION_IN_WORDS.exec(fold(query))?.[1];
      return unit && this.#timed[lang].has(card) && !fold(card.text[lang]).includes(unit)
        ? say(lang, 'Nein, das stimmt so nicht:', 'No, that is not correct:')
        : undefined;
    }
    const stated = new Set(tokensOf(`${card.text.de} ${card.text.en}`));
    // A figure with a comparator ("weighs more than 500 g/m²") holds when a figure of the card compares so (560).
    const limits = readNumbers(fold(query)).filter((n) => n.op !== 'eq');
    const cardFigures = [...stated].filter((t) => /^\d+$/.test(t)).map(Number);
    const holds = (f: string) => {
      const limit = limits.find((n) => n.value === Number(f) || n.value === Number(f) * 100);
      return limit ? cardFigures.some((x) => compareLevel(x, limit.op, limit.value) === true) : stated.has(f);
    };
    return figures.every(holds) ? say(lang, 'Ja, das stimmt:', 'Yes, that is correct:') : say(lang, 'Nein, das stimmt so nicht:', 'No, that is not correct:');
  }

  /**
   * A question about one named material that neither the structure nor the search settles: the material's attribute
   * card that covers what it asks beyond the name, or, when it asks for something no card of the
   * material holds (a word the data does not know), that this is not published; null to go on.
   */
  forMaterial(material: CatalogMaterial, outcome: SearchOutcome, lang: Lang, base: string, unknownOnly = false, inFull = true): FactAnswer | null {
    const nameTerms = new Set(this.#index.tokenize(`${material.name.de} ${material.name.en}`, lang));
    const rest = this.#content(outcome, lang).filter((t) => !nameTerms.has(t));
    if (rest.length === 0) return null;
    const own = (card: FactCard) => card.material?.id === material.id;
    const [top] = this.cards.match(rest, lang, own, 1, (t) => this.#index.knows(t, lang));
    // unknownOnly: the search found the material; only a value the data does not know changes that.
    if (!unknownOnly && top && top.score >= this.threshold) return this.#cardAnswer(top, base, lang);
    // What it asks beyond the name is a company or process fact ("Wohin schicke ich die Druckdatei, wenn wir X
    // bestellen?"): that fact, not that the material's value is unpublished.
    const [fact] = this.cards.match(
      rest,
      lang,
      (card) => !card.material,
      1,
      (t) => this.#index.knows(t, lang),
    );
    if (!unknownOnly && fact && fact.score >= this.threshold) {
      const answer = this.#cardAnswer(fact, base, lang, say(lang, `Für ${material.name.de}:`, `For ${material.name.en}:`));
      const card = compose(this.#config, base, { kind: 'material', materialId: material.id }, lang).results;
      return { ...answer, results: [...answer.results, ...card.filter((r) => !answer.results.some((a) => a.id === r.id))] };
    }
    // Only for a material named in full: "a glamorous wall with a metallic sheen" wishes for it, and asks no value of it.
    if (inFull && rest.some((t) => !this.#index.knows(t, lang) && !this.cards.knows(t, lang))) {
      // What is published about it follows, so a question asked in words the data does not use still gets its answer.
      const source = compose(this.#config, base, { kind: 'material', materialId: material.id }, lang);
      const published = this.cards.cards.filter(own).map((card) => card.text[lang]);
      return this.#routing(
        base,
        lang,
        [
          say(
            lang,
            `Falls Sie nach einem anderen Wert fragen: Er ist für ${material.name.de} in unseren Daten nicht veröffentlicht. Veröffentlicht ist:`,
            `If you are asking for another value: it is not published for ${material.name.en} in our data. What is published:`,
          ),
          ...published,
        ],
        source.results,
      );
    }
    return null;
  }

  /** Instead of refusing: the best-matching card when it matches well enough (not for a price or stock, which no card holds). */
  retrieve(query: string, outcome: SearchOutcome, lang: Lang, base: string): FactAnswer | null {
    if (this.#unpublished(query, lang).length) return null;
    const clock = new Set(this.#index.tokenize(clockWords(tokensOf(query)).join(' '), lang));
    const content = this.#content(outcome, lang).filter((t) => !clock.has(t));
    const hit = this.best(content, lang);
    if (hit) return this.#cardAnswer(hit, base, lang);
    if (!this.asksTime(query)) return null;
    // Making words stay: "Wie viel Zeit braucht die Herstellung?" asks the time of the making, not whether it is offered.
    const asking = (terms: string[]) => terms.filter((t) => !this.#generalTerms[lang].has(t) && !this.#timeTerms[lang].has(t));
    const known = (t: string) => this.#index.knows(t, lang);
    // Then with the time words kept: "lead time", "5 to 7 days" name the card's own fact.
    const timed = this.#mainClauseTime(query, lang) ?? this.#timedCard(asking(outcome.terms), lang, known) ?? this.#timedCard(content, lang, known);
    return timed ? this.#cardAnswer(timed, base, lang) : null;
  }

  /**
   * A time asked after an opening circumstance ("Once I've filled in the form, how long until an advisor
   * gets back to me?"): the card that states the time of the main clause, before the search, whose best
   * document the circumstance's words may pick (the sample request, which names the contact form).
   */
  timeAfterCircumstance(query: string, lang: Lang, base: string): FactAnswer | null {
    if (!this.asksTime(query) || this.#unpublished(query, lang).length) return null;
    const timed = this.#mainClauseTime(query, lang);
    return timed ? this.#cardAnswer(timed, base, lang) : null;
  }

  /** The card stating the time the main clause after a circumstance asks for ("how soon will someone get back to me"). */
  #mainClauseTime(query: string, lang: Lang): CardHit | undefined {
    const main = this.#afterCircumstance(query) ?? this.#untilEvent(query);
    if (main === undefined) return undefined;
    // Its grammar words stay: "get back to me" is how the card's fact is asked for.
    const terms = this.#index.tokenize(main, lang).filter((t) => !this.#timeTerms[lang].has(t));
    return this.#timedCard(terms, lang, (t) => this.#index.knows(t, lang));
  }

  /** Whether the question asks for a time or a duration. */
  asksTime(query: string): boolean {
    const tokens = tokensOf(query);
    const lasting = this.#lasting.findAll(tokens);
    return this.#time.findAll(tokens).some((f) => !lasting.some((l) => l.start <= f.start && f.start < l.end));
  }

  /** The event a time is asked up to: the words after "bis"/"until" that follow the time asked ("bis wann" is itself a time word). */
  #untilEvent(query: string): string | undefined {
    const tokens = tokensOf(query);
    const times = this.#time.findAll(tokens);
    const until = this.#until.findAll(tokens).find((f) => times.some((t) => t.end <= f.start) && !times.some((t) => t.start <= f.start && f.start < t.end));
    return until && until.end < tokens.length ? tokens.slice(until.end).join(' ') : undefined;
  }

  /**
   * The main clause of a question with a clause of circumstance, opening it up to the first comma ("After I
   * send the form, how soon …") or closing it after a comma ("Wie schnell meldet sich jemand, nachdem ich
   * das Formular abgeschickt habe?"), when it has one.
   */
  #afterCircumstance(query: string): string | undefined {
    const startsCircumstance = (text: string) => this.#circumstance.findAll(tokensOf(text)).some((f) => f.start === 0);
    const first = query.indexOf(',');
    if (first < 0) return undefined;
    if (startsCircumstance(query.slice(0, first))) return query.slice(first + 1);
    const last = query.lastIndexOf(',');
    return startsCircumstance(query.slice(last + 1)) ? query.slice(0, last) : undefined;
  }

  /** Whether a search hit was found only by words that ask what is not published ("what does that cost?" finds the free Wallcheck). */
  foundByUnpublished(matched: string[], lang: Lang): boolean {
    return matched.length > 0 && matched.every((t) => this.#unpublishedTerms[lang].has(t));
  }

  /** What the question asks that the data does not publish (a price, stock), as the sentences that say so. */
  #unpublished(query: string, lang: Lang): string[] {
    const tokens = tokensOf(query);
    return this.#notPublished.filter(([, words]) => words[lang].some((w) => w.findAll(tokens).length > 0)).map(([what]) => NOT_PUBLISHED[what].says[lang]);
  }

  /**
   * A refusal that says what is not published (a price, stock) and routes to the contact form and
   * telephone; but the price of what the data says costs nothing ("Muss ich für den Wallcheck bezahlen?")
   * is published: that card answers, "No" to a claim with a figure ("kostet 49 Euro, stimmt das?").
   */
  refusal(query: string, lang: Lang, base: string, outcome?: SearchOutcome, named: CatalogMaterial[] = []): FactAnswer {
    const says = this.#unpublished(query, lang);
    if (says.length === 0) {
      const generic = composeRouting(this.#config, base, lang);
      // About one named material ("… ein verbindliches Angebot für Vlies FR B1 …"): that material is named and grounds it too.
      if (named.length === 1) {
        const material = materialResult(this.#config, base, named[0], lang);
        return { language: lang, routed: true, kind: 'routed', answer: `${namesOf(named, lang)}: ${generic.answer}`, results: [...generic.results, material] };
      }
      return { language: lang, routed: true, kind: 'routed', answer: generic.answer, results: generic.results };
    }
    const free = outcome && says.includes(NOT_PUBLISHED.price.says[lang]) ? this.#freeOfCharge(query, outcome, lang) : undefined;
    if (free) return this.#cardAnswer(free, base, lang, this.#verdict(query, free.card, lang));
    if (named.length === 0) return this.#routing(base, lang, says);
    // Of a named material ("Is there stock of X?"): what is not published, said of it, and the material among the results.
    const materials = named.map((m) => materialResult(this.#config, base, m, lang));
    return this.#routing(base, lang, [`${namesOf(named, lang)}: ${says.join(' ')}`], materials);
  }

  /** The card that says what the question asks the price of costs nothing, when it covers the rest of the question. */
  #freeOfCharge(query: string, outcome: SearchOutcome, lang: Lang): CardHit | undefined {
    if (this.#free[lang].size === 0) return undefined;
    const usable = (terms: string[]) =>
      this.#contentOf(terms, lang).filter((t) => !this.#unpublishedTerms[lang].has(t) && !this.#assertionTerms[lang].has(t) && !/\d/.test(t));
    // Words no card knows are left out ("a paid add-on at around 50 euros"): the claim's own words.
    const find = (terms: string[]) => {
      const [hit] = this.cards.match(usable(terms), lang, (card) => this.#free[lang].has(card), 1);
      return hit && hit.score >= this.threshold ? hit : undefined;
    };
    // Context before the asking clause ("Quick one before my meeting starts: is the Wallcheck free?") is not what is priced.
    const clause = askingClause(query);
    return find(outcome.terms) ?? (clause ? find(this.#index.tokenize(clause, lang)) : undefined);
  }
}

const desks = new WeakMap<AnswerIndex, FactDesk>();

/** The fact desk of an index, built once per configuration revision. */
export function factDeskFor(index: AnswerIndex, config: SiteConfig): FactDesk {
  let desk = desks.get(index);
  if (!desk) desks.set(index, (desk = new FactDesk(index, config)));
  return desk;
}
