import { create, insert, search } from '@orama/orama';
import { stemmer as germanStemmer } from '@orama/stemmers/german';
import { stemmer as englishStemmer } from '@orama/stemmers/english';
import { stopwords as germanStopwords } from '@orama/stopwords/german';
import { stopwords as englishStopwords } from '@orama/stopwords/english';
import type { SiteConfig } from '../core/site-config.js';
import { buildDocuments, type AnswerDocument, type Lang } from './documents.js';
import { EXTRA_STOPWORDS } from './vocabulary.js';

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
  de: new Set([...germanStopwords, ...EXTRA_STOPWORDS.de]),
  en: new Set([...englishStopwords, ...EXTRA_STOPWORDS.en]),
};

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

/** Longest word the decompounding looks at. */
const MAX_COMPOUND_LENGTH = 48;

const SCHEMA = { title: 'string', body: 'string', terms: 'string', parts: 'string' } as const;

/** Hyphens and apostrophes split words; English tokenizing does not know umlauts, so they are folded there. */
function prepare(text: string, lang: Lang): string {
  const split = text.replace(/[-'’‘/]/g, ' ');
  if (lang === 'de') return split;
  return split.replace(/ß/g, 'ss').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
}

/** Lower-case words of a text, as a person wrote them (for language detection and decompounding). */
export function words(text: string): string[] {
  return text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Index in a sorted array of the first entry not below value. */
function lowerBound(sorted: string[], value: string): number {
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
  readonly #docs = new Map<string, AnswerDocument>();

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
      const parts = words(texts).flatMap((word) => this.#split(word, false) ?? []).join(' ');
      insert(this.#db, { id: doc.key, ...fields, parts });
      const tokens = [...new Set(this.tokens(`${texts} ${parts}`))].sort();
      tokens.forEach((t) => vocabulary.add(t));
      this.#docTokens.set(doc.key, tokens);
      this.#docs.set(doc.key, doc);
    }
    this.#vocabulary = [...vocabulary].sort();
    this.#vocabularySet = vocabulary;
    this.#db.tokenizer.normalizationCache.clear();
  }

  /** Stemmed tokens without stop words, as the index sees them. */
  tokens(text: string): string[] {
    return this.#db.tokenizer.tokenize(text, LANGUAGE_NAMES[this.lang]);
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

  /** Inverse document frequency of a term, matched as contains() matches. */
  #idf(term: string): number {
    let df = 0;
    for (const tokens of this.#docTokens.values()) if (contains(tokens, term)) df += 1;
    return Math.log(1 + this.#docTokens.size / Math.max(df, 1));
  }

  /**
   * Orama finds the candidates (BM25 over stemmed title, body, synonyms and compound parts). They are
   * then ranked by how much of the question each covers (the inverse document frequencies of the
   * question's terms it contains), the BM25 score scaled to 0–1 deciding between equal coverage. The
   * documents are short and uneven in length; a question is answered by the document that covers all
   * of it, not by the one that repeats one of its words most often.
   */
  async search(query: string): Promise<SearchOutcome> {
    // Single letters carry nothing and would match every word as a prefix.
    const parts = words(query)
      .filter((w) => w.length > 1 && !STOPWORDS[this.lang].has(w))
      .flatMap((w) => this.decompound(w));
    const term = prepare(parts.join(' '), this.lang);
    const terms = [...new Set(this.tokens(term))].filter((t) => t.length > 1);
    // Every distinct query word lands in the tokenizer's cache; it must not grow without bound.
    if (this.#db.tokenizer.normalizationCache.size > 20_000) this.#db.tokenizer.normalizationCache.clear();
    if (terms.length === 0) return { lang: this.lang, terms, hits: [] };
    const result = await search(this.#db, {
      term,
      properties: ['title', 'body', 'terms', 'parts'],
      boost: { title: 2 },
      threshold: 1,
      limit: 50,
    });
    const idf = new Map(terms.map((t) => [t, this.#idf(t)]));
    const best = Math.max(...result.hits.map((h) => h.score), Number.MIN_VALUE);
    const hits = result.hits
      .map((hit) => {
        const doc = this.#docs.get(hit.id)!;
        const docTokens = this.#docTokens.get(hit.id)!;
        const matched = terms.filter((t) => contains(docTokens, t));
        const coverage = matched.reduce((sum, t) => sum + idf.get(t)!, 0);
        return { doc, score: (coverage + hit.score / best) * weightOf(doc), matched };
      })
      .filter((hit) => hit.matched.length > 0)
      .sort((a, b) => b.score - a.score);
    return { lang: this.lang, terms, hits };
  }
}

/** The search index of one configuration revision: a German and an English index over the same documents. */
export class AnswerIndex {
  readonly documents: AnswerDocument[];
  readonly #indexes: Record<Lang, LanguageIndex>;

  constructor(config: SiteConfig) {
    this.documents = buildDocuments(config);
    this.#indexes = { de: new LanguageIndex('de', this.documents), en: new LanguageIndex('en', this.documents) };
  }

  search(query: string, lang: Lang): Promise<SearchOutcome> {
    return this.#indexes[lang].search(query);
  }

  /**
   * The language of a question, cheaply: stop words only one of the languages has, umlauts and ß, and
   * words only one language's index knows. A tie goes to the client's Accept-Language, then to German
   * (the manufacturer's language).
   */
  detectLanguage(query: string, acceptLanguage?: string): Lang {
    const score = { de: 0, en: 0 };
    for (const word of words(query)) {
      const inDe = STOPWORDS.de.has(word);
      const inEn = STOPWORDS.en.has(word);
      if (inDe && !inEn) score.de += 1;
      if (inEn && !inDe) score.en += 1;
      if (/[äöüß]/.test(word)) score.de += 2;
      if (inDe || inEn) continue;
      const deKnows = this.#indexes.de.tokens(word).some((t) => this.#indexes.de.knows(t));
      const enKnows = this.#indexes.en.tokens(prepare(word, 'en')).some((t) => this.#indexes.en.knows(t));
      if (deKnows && !enKnows) score.de += 1;
      if (enKnows && !deKnows) score.en += 1;
    }
    if (score.de !== score.en) return score.de > score.en ? 'de' : 'en';
    const preferred = /^\s*(de|en)\b/i.exec(acceptLanguage ?? '')?.[1]?.toLowerCase();
    return preferred === 'en' ? 'en' : 'de';
  }
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
