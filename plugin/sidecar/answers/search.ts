import { components, create, insert, search, type AnyDocument, type Results } from '@orama/orama';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stopwords as germanStopwords } from '@orama/stopwords/german';
import { stopwords as englishStopwords } from '@orama/stopwords/english';
import type { SiteConfig } from '../core/site-config.js';
import { buildDocuments, materialsOf, type AnswerDocument, type Lang } from './documents.js';
import * as vocabulary from './vocabulary.js';
import * as wording from './facts/wording.js';
import { Memo } from '../core/memo.js';

/*
 * Why Orama: a maintained full-text engine (BM25, prefix matching) with Snowball stemmers and stop-word
 * lists for German and English as companion packages, pure ESM, no native code, runs on Node 20 and is
 * small enough to rebuild the index whenever staff save the configuration. German needs real stemming
 * ("Bäder" → "bad", "Feuchträume" → "feuchtraum"); prefix matching finds the head of a compound
 * ("Brandschutz" finds "Brandschutzauflagen"), and the decompounding below the other direction.
 */

const LANGUAGE_NAMES = { de: 'german', en: 'english' } as const;
const STEMMERS = { de: germanStemmer, en: englishStemmer };
const STOPWORDS: Record<Lang, Set<string>> = {
  de: new Set([...germanStopwords, ...vocabulary.EXTRA_STOPWORDS.de]),
  en: new Set([...englishStopwords, ...vocabulary.EXTRA_STOPWORDS.en]),
};

/**
 * Words of the fixed question vocabulary (vocabulary.ts, facts/wording.ts) in one language only
 * ("cheapest", "günstigste"): +1 German, -1 English. They tell the language of a word no document has.
 */
const CODE_LEAD = (() => {
  const found: Record<Lang, Set<string>> = { de: new Set(), en: new Set() };
  const walk = (value: unknown, lang?: Lang): void => {
    if (typeof value === 'string') {
      if (lang) for (const word of words(value)) found[lang].add(word);
    } else if (Array.isArray(value)) for (const item of value) walk(item, lang);
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, key === 'de' || key === 'en' ? key : lang);
  };
  walk([vocabulary, wording]);
  const lead = new Map<string, number>();
  for (const word of found.de) if (!found.en.has(word)) lead.set(word, 1);
  for (const word of found.en) if (!found.de.has(word)) lead.set(word, -1);
  return lead;
})();

/** Overview texts (company summary, notes for agents, the catalog list) mention a bit of everything; a specific document wins. */
const OVERVIEW_WEIGHT_VALUE = 0.8;

/** How much a kind of document counts when two cover a question equally well. */
const KIND_WEIGHT: Record<AnswerDocument['grounding']['kind'], number> = {
  recommendation: 1.1,
  material: 1,
  fact: 1,
  faq: 1,
  catalog: 1,
};

function weightOf(doc: AnswerDocument): number {
  const { grounding } = doc;
  if (grounding.kind === 'fact' && (grounding.fact === 'company' || grounding.fact === 'agents')) return OVERVIEW_WEIGHT_VALUE;
  return KIND_WEIGHT[grounding.kind];
}

/** Endings of German verb forms the stemmer keeps ("druckt", "drucktest"), longest first. */
const VERB_FORM_ENDINGS = ['test', 'tet', 'est', 'et', 'st', 't'];

/** Longest word the decompounding looks at. */
const MAX_COMPOUND_LENGTH = 48;

const SCHEMA = { title: 'string', body: 'string', terms: 'string', parts: 'string' } as const;

/** The searched properties in the order Orama sums their scores, and their boosts. */
const PROPERTIES = ['title', 'body', 'terms', 'parts'] as const;
const BOOST: Record<string, number> = { title: 2 };
const SEARCH_LIMIT = 50;

/**
 * Memos of the question path, per index (so per revision): question words and terms recur across
 * questions, and stemming, decompounding and scoring them again was most of a question's cost.
 * Bounded (two generations of this many entries); longer words are computed, not stored.
 */
const MEMO_GENERATION = 4096;
const MEMO_MAX_WORD_LENGTH = 64;

/** Hyphens and apostrophes split words; English tokenizing does not know umlauts, so they are folded there. */
function prepare(text: string, lang: Lang): string {
  const split = text.replace(/[-'’‘/]/g, ' ');
  if (lang === 'de') return split;
  return split
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case words of a text, as a person wrote them (for language detection and decompounding). */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Index in a sorted array of the first entry not below value. */
export function lowerBound(sorted: string[], value: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function hasPrefix(sorted: string[], prefix: string): boolean {
  const i = lowerBound(sorted, prefix);
  return i < sorted.length && sorted[i].startsWith(prefix);
}

/**
 * Whether a document's tokens contain a question term. Like the index, a term matches the words it
 * begins ("brandschutz" → "brandschutzauflag"); terms of three letters or fewer only match whole
 * words, or "spa" would match "space".
 */
function contains(sortedTokens: string[], term: string): boolean {
  if (term.length >= 4) return hasPrefix(sortedTokens, term);
  const i = lowerBound(sortedTokens, term);
  return sortedTokens[i] === term;
}

export interface Hit {
  doc: AnswerDocument;
  score: number;
  /** The question's terms this document contains. */
  matched: string[];
}

/** What the index knows about one question term; computed once per term and index. */
interface TermInfo {
  /** Inverse document frequency, matched as contains() matches. */
  idf: number;
  /** By Orama's internal document id: 1 when the document contains the term (contains()). */
  inDoc: Uint8Array;
}

export interface SearchOutcome {
  lang: Lang;
  /** The question's content terms: stemmed, without stop words, compounds split. */
  terms: string[];
  hits: Hit[];
}

/** One language's index over the documents, with the vocabulary it was built from. */
class LanguageIndex {
  readonly lang: Lang;
  readonly #db;
  readonly #vocabulary: string[];
  readonly #vocabularySet: Set<string>;
  readonly #docTokens = new Map<string, string[]>();
  /** Documents and their sorted tokens by Orama's internal document id. */
  readonly #byInternalId: AnswerDocument[] = [];
  readonly #tokensByInternalId: string[][] = [];
  readonly #terms = new Memo<string, TermInfo>(MEMO_GENERATION);

  constructor(lang: Lang, documents: AnswerDocument[]) {
    this.lang = lang;
    this.#db = create({
      schema: SCHEMA,
      components: {
        tokenizer: { language: LANGUAGE_NAMES[lang], stemming: true, stemmer: STEMMERS[lang], stopWords: [...STOPWORDS[lang]] },
      },
    });
    const fieldsOf = (doc: AnswerDocument) => ({
      title: prepare(doc.title[lang], lang),
      body: prepare(doc.body[lang], lang),
      terms: prepare(doc.terms[lang], lang),
    });
    // First the vocabulary of all documents, then each document's compounds split with it.
    this.#vocabularySet = new Set(documents.flatMap((doc) => Object.values(fieldsOf(doc)).flatMap((text) => this.tokens(text))));
    this.#vocabulary = [...this.#vocabularySet].sort();
    const vocabulary = new Set(this.#vocabularySet);
    for (const doc of documents) {
      const fields = fieldsOf(doc);
      const texts = Object.values(fields).join(' ');
      const parts = words(texts)
        .flatMap((word) => this.#split(word, false) ?? [])
        .join(' ');
      insert(this.#db, { id: doc.key, ...fields, parts });
      const tokens = [...new Set(this.tokens(`${texts} ${parts}`))].sort();
      tokens.forEach((t) => vocabulary.add(t));
      this.#docTokens.set(doc.key, tokens);
      const internalId = components.internalDocumentIDStore.getInternalDocumentId(this.#db.internalDocumentIDStore, doc.key);
      this.#byInternalId[internalId] = doc;
      this.#tokensByInternalId[internalId] = tokens;
    }
    this.#vocabulary = [...vocabulary].sort();
    this.#vocabularySet = vocabulary;
    this.#db.tokenizer.normalizationCache.clear();
  }

  /** Stemmed tokens without stop words, as the index sees them. */
  tokens(text: string): string[] {
    return this.#db.tokenizer.tokenize(text, LANGUAGE_NAMES[this.lang]);
  }

  /** Every distinct question word lands in the tokenizer's cache; it must not grow without bound. */
  boundCache(): void {
    if (this.#db.tokenizer.normalizationCache.size > 20_000) this.#db.tokenizer.normalizationCache.clear();
  }

  /** Whether any document has a word that starts with this term (the index matches prefixes). */
  knows(term: string): boolean {
    return term.length >= 4 ? hasPrefix(this.#vocabulary, term) : this.#vocabularySet.has(term);
  }

  /**
   * A German compound split into a head that is a word of the documents and a rest whose parts are
   * known too, with or without the linking "s" ("Projektanfrage" → Projekt + Anfrage,
   * "Feuchtraumtapete" → Feuchtraum + Tapete). Decided by the documents' own vocabulary, not by a word
   * list. Returns undefined when the word is no such compound.
   */
  #split(word: string, prefixRest: boolean, memo = new Map<string, string[] | undefined>()): string[] | undefined {
    // Real compounds are shorter; the limit and the memo keep a crafted word from costing much.
    if (this.lang !== 'de' || word.length < 8 || word.length > MAX_COMPOUND_LENGTH) return undefined;
    if (memo.has(word)) return memo.get(word);
    memo.set(word, undefined);
    const known = (part: string) => this.tokens(part).every((t) => (prefixRest ? this.knows(t) : this.#vocabularySet.has(t)));
    for (let i = word.length - 3; i >= 4; i -= 1) {
      const [headStem] = this.tokens(word.slice(0, i));
      if (!headStem || !this.#vocabularySet.has(headStem)) continue;
      for (const rest of word[i] === 's' ? [word.slice(i + 1), word.slice(i)] : [word.slice(i)]) {
        if (rest.length < 3 || this.tokens(rest).length === 0) continue;
        const restParts = this.#split(rest, prefixRest, memo) ?? [rest];
        if (restParts.every(known)) {
          const parts = [word.slice(0, i), ...restParts];
          memo.set(word, parts);
          return parts;
        }
      }
    }
    return undefined;
  }

  /** A question's word, split when it is a compound the documents do not contain whole. */
  decompound(word: string): string[] {
    const [stem] = this.tokens(word);
    if (!stem || this.knows(stem)) return [word];
    return this.#split(word, true) ?? [word];
  }

  /**
   * A German word written without its umlauts ("Auftragsbestaetigung", "pruefen"), as the documents write it
   * when only that form is known: the stemmer folds "ä" to "a", so "ae" would stay a word no document has.
   */
  #withUmlauts(word: string): string {
    if (this.lang !== 'de' || !/ae|oe|ue/.test(word)) return word;
    const [own] = this.tokens(word);
    if (!own || this.knows(own)) return word;
    const umlauts = word.replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/ue/g, 'ü');
    const [other] = this.tokens(umlauts);
    return other && this.knows(other) ? umlauts : word;
  }

  /**
   * A German verb form the documents do not have ("druckt", "gedruckt") as the root its noun has in them ("Druck"):
   * the stemmer leaves "-t" and "ge-" on, so the verb and its noun would not meet.
   */
  #verbRoot(word: string): string {
    if (this.lang !== 'de' || word.length < 6) return word;
    const [own] = this.tokens(word);
    if (!own || this.knows(own)) return word;
    const bare = word.startsWith('ge') && word.length >= 8 ? word.slice(2) : word;
    for (const ending of VERB_FORM_ENDINGS) {
      if (!bare.endsWith(ending)) continue;
      const root = bare.slice(0, -ending.length);
      const [stem] = this.tokens(root);
      if (stem && stem.length >= 5 && this.knows(stem)) return root;
    }
    return word;
  }

  /**
   * The index tokens of one question word (from words()): none for single letters and stop words,
   * else its parts when it is a compound, prepared and stemmed. Tokenizing works word by word, so the
   * tokens of the prepared question are its words' tokens in order, each once.
   */
  wordTokens(word: string): string[] {
    word = this.#verbRoot(this.#withUmlauts(word));
    // Single letters carry nothing and would match every word as a prefix.
    const tokens = word.length > 1 && !STOPWORDS[this.lang].has(word) ? this.tokens(prepare(this.decompound(word).join(' '), this.lang)) : [];
    this.boundCache();
    return tokens;
  }

  #term(term: string): TermInfo {
    let info = this.#terms.get(term);
    if (info === undefined) {
      info = this.#computeTerm(term);
      if (term.length <= MEMO_MAX_WORD_LENGTH) this.#terms.set(term, info);
    }
    return info;
  }

  /** Which documents contain the term and how rare it is (the coverage part of the ranking). */
  #computeTerm(term: string): TermInfo {
    const inDoc = new Uint8Array(this.#tokensByInternalId.length);
    let df = 0;
    this.#tokensByInternalId.forEach((tokens, id) => {
      if (contains(tokens, term)) {
        inDoc[id] = 1;
        df += 1;
      }
    });
    return { idf: Math.log(1 + this.#docTokens.size / Math.max(df, 1)), inDoc };
  }

  /**
   * Orama finds the candidates (BM25 over stemmed title, body, synonyms and compound parts). They are
   * then ranked by how much of the question each covers (the inverse document frequencies of the
   * question's terms it contains), the BM25 score scaled to 0–1 deciding between equal coverage. The
   * documents are short and uneven in length; a question is answered by the document that covers all
   * of it, not by the one that repeats one of its words most often.
   *
   * tokens: the prepared question's tokens (AnswerIndex.ask). The BM25 part is Orama's
   * search() of the question (all four properties, title boosted 2, threshold 1, limit 50).
   */
  search(tokens: string[], question: string): SearchOutcome {
    const terms = tokens.filter((t) => t.length > 1);
    if (terms.length === 0) return { lang: this.lang, terms, hits: [] };
    const infos = tokens.map((t) => this.#term(t));
    const termInfos = infos.filter((_, i) => tokens[i].length > 1);
    const ranked = this.#bm25(question);
    let best = Number.MIN_VALUE;
    for (const [, score] of ranked) if (score > best) best = score;
    const hits: Hit[] = [];
    for (const [id, bm25] of ranked) {
      const doc = this.#byInternalId[id];
      const matched: string[] = [];
      let coverage = 0;
      for (let i = 0; i < terms.length; i++) {
        if (termInfos[i].inDoc[id] === 1) {
          matched.push(terms[i]);
          coverage += termInfos[i].idf;
        }
      }
      if (matched.length > 0) hits.push({ doc, score: (coverage + bm25 / best) * weightOf(doc), matched });
    }
    hits.sort((a, b) => b.score - a.score);
    return { lang: this.lang, terms, hits };
  }

  /** Orama's own search() of a question: [internal id, score], score descending, then id; at most SEARCH_LIMIT. */
  #bm25(question: string): [number, number][] {
    const term = prepare(
      words(question)
        .filter((w) => w.length > 1 && !STOPWORDS[this.lang].has(w))
        .flatMap((w) => this.decompound(w))
        .join(' '),
      this.lang,
    );
    const result = search(this.#db, { term, properties: [...PROPERTIES], boost: BOOST, threshold: 1, limit: SEARCH_LIMIT }) as Results<AnyDocument>;
    this.boundCache();
    return result.hits.map((hit) => [components.internalDocumentIDStore.getInternalDocumentId(this.#db.internalDocumentIDStore, hit.id), hit.score]);
  }
}

/** A question word as the index sees it: its language points and, once asked for, its tokens per language. */
interface WordInfo {
  /** German points minus English points (detectLanguage). */
  lead: number;
  de?: string[];
  en?: string[];
}

/** The search index of one configuration revision: a German and an English index over the same documents. */
export class AnswerIndex {
  readonly documents: AnswerDocument[];
  readonly #indexes: Record<Lang, LanguageIndex>;
  readonly #words = new Memo<string, WordInfo>(MEMO_GENERATION);
  /** tokenize()'s words: the fact cards repeat theirs (names, attribute words) across many cards. */
  readonly #cardWords = new Memo<string, Partial<Record<Lang, string[]>>>(MEMO_GENERATION);

  /** Words of the material names in one language only ("woven", "Vlies"): +1 German, -1 English. */
  readonly #nameLead = new Map<string, number>();

  constructor(config: SiteConfig) {
    this.documents = buildDocuments(config);
    // Both indexes hold both names, so a name's words tell the language only by the catalog's names themselves.
    const nameWords = (lang: Lang) => new Set(materialsOf(config).flatMap((m) => words(m.name[lang])));
    const [de, en] = [nameWords('de'), nameWords('en')];
    for (const word of de) if (!en.has(word)) this.#nameLead.set(word, 1);
    for (const word of en) if (!de.has(word)) this.#nameLead.set(word, -1);
    this.#indexes = { de: new LanguageIndex('de', this.documents), en: new LanguageIndex('en', this.documents) };
  }

  /** The language of a question and what its search finds, each word of it looked at once. */
  ask(query: string, acceptLanguage?: string): { language: Lang; outcome: SearchOutcome } {
    const list = words(query);
    const infos = list.map((word) => this.#word(word));
    let lead = 0;
    for (const info of infos) lead += info.lead;
    const language = decide(lead, acceptLanguage);
    return { language, outcome: this.#indexes[language].search(this.#tokens(list, infos, language), query) };
  }

  /** A text's tokens as the question's terms are made (stemmed, no stop words, compounds split): the fact cards are matched with them. */
  tokenize(text: string, lang: Lang): string[] {
    return words(text).flatMap((word) => {
      const info = this.#cardWords.get(word) ?? {};
      if (info[lang] === undefined) {
        info[lang] = this.#indexes[lang].wordTokens(word);
        if (word.length <= MEMO_MAX_WORD_LENGTH) this.#cardWords.set(word, info);
      }
      return info[lang];
    });
  }

  /** Whether any document has a word that starts with this term (the term as tokenize() makes it). */
  knows(term: string, lang: Lang): boolean {
    return this.#indexes[lang].knows(term);
  }

  /**
   * The language of a question, cheaply: stop words only one of the languages has, umlauts and ß, and
   * words only one language's index knows. A tie goes to the client's Accept-Language, then to German
   * (the manufacturer's language).
   */
  detectLanguage(query: string, acceptLanguage?: string): Lang {
    let lead = 0;
    for (const word of words(query)) lead += this.#word(word).lead;
    return decide(lead, acceptLanguage);
  }

  #word(word: string): WordInfo {
    let info = this.#words.get(word);
    if (info === undefined) {
      info = { lead: this.#languageLead(word) };
      if (word.length <= MEMO_MAX_WORD_LENGTH) this.#words.set(word, info);
    }
    return info;
  }

  #tokens(list: string[], infos: WordInfo[], lang: Lang): string[] {
    const seen = new Set<string>();
    const out: string[] = [];
    for (let i = 0; i < list.length; i++) {
      const tokens = (infos[i][lang] ??= this.#indexes[lang].wordTokens(list[i]));
      for (const token of tokens) {
        if (!seen.has(token)) {
          seen.add(token);
          out.push(token);
        }
      }
    }
    return out;
  }

  /** German points minus English points of one word; only their difference decides. */
  #languageLead(word: string): number {
    let lead = 0;
    const inDe = STOPWORDS.de.has(word);
    const inEn = STOPWORDS.en.has(word);
    if (inDe && !inEn) lead += 1;
    if (inEn && !inDe) lead -= 1;
    if (/[äöüß]/.test(word)) lead += 2;
    if (!inDe && !inEn && this.#nameLead.has(word)) return lead + this.#nameLead.get(word)!;
    if (!inDe && !inEn) {
      const deKnows = this.#indexes.de.tokens(word).some((t) => this.#indexes.de.knows(t));
      const enKnows = this.#indexes.en.tokens(prepare(word, 'en')).some((t) => this.#indexes.en.knows(t));
      if (deKnows && !enKnows) lead += 1;
      if (enKnows && !deKnows) lead -= 1;
      if (!deKnows && !enKnows) lead += CODE_LEAD.get(word) ?? 0;
      this.#indexes.de.boundCache();
      this.#indexes.en.boundCache();
    }
    return lead;
  }
}

function decide(lead: number, acceptLanguage: string | undefined): Lang {
  if (lead !== 0) return lead > 0 ? 'de' : 'en';
  const preferred = /^\s*(de|en)\b/i.exec(acceptLanguage ?? '')?.[1]?.toLowerCase();
  return preferred === 'en' ? 'en' : 'de';
}

const MAX_CACHED_REVISIONS = 4;
const indexes = new Map<string, AnswerIndex>();

/**
 * The index for a configuration revision, built once. The revision is a hash of the whole
 * configuration, so a save in wp-admin (SiteState.replace) gives a new revision and a new index,
 * and services in one process that hold the same configuration share one.
 */
export function indexFor(revision: string, config: SiteConfig): AnswerIndex {
  let index = indexes.get(revision);
  if (!index) {
    index = new AnswerIndex(config);
    indexes.set(revision, index);
    while (indexes.size > MAX_CACHED_REVISIONS) indexes.delete(indexes.keys().next().value!);
  }
  return index;
}
