import { Memo } from '../../core/memo.js';
import type { Lang } from '../documents.js';
import { lowerBound } from '../search.js';
import type { FactCard } from './cards.js';

/*
 * A bounded, linear matcher over the fact cards. Cards and questions are tokenized by the search
 * index's tokenizer (Orama's stemmers and stop words of the question's language, German compounds
 * split), so a card is found by the same word forms as the search documents. A question's score for
 * a card is the share of the question's weight (inverse document frequency of each term over the
 * cards) that the card covers: 1 when the card contains every term. Terms no card knows count
 * against every card, so a question about something the data does not hold stays below the threshold.
 */

/** A question term of four letters or more matches the card words it begins; this many at most. */
const MAX_PREFIX_WORDS = 64;
const MEMO_GENERATION = 4096;
/** The first part of a compound a term ends has at least this many letters. */
const MIN_COMPOUND_PART = 3;
/** A term found only as the beginning of a card's word ("class" in "classic") counts this much of a whole word. */
const PREFIX_WEIGHT = 0.7;
/**
 * A term no card and no search document knows (a filler like "eigentlich", a typo) weighs this share of
 * the rarest term's weight: it lowers every card's score, without making a question with a few
 * ordinary extra words unanswerable.
 */
export const UNKNOWN_WEIGHT = 0.5;
const MAX_MEMO_TERM = 64;

export type Tokenize = (text: string, lang: Lang) => string[];

export interface CardHit {
  card: FactCard;
  /** Share of the question's weight the card covers, 0–1. */
  score: number;
  /** The question's terms the card contains. */
  matched: string[];
}

class LanguageCards {
  readonly #vocabulary: string[];
  /** German only: the words reversed and sorted, so the compounds a term ends are found like prefixes. */
  readonly #heads: string[] | undefined;
  readonly #postings = new Map<string, number[]>();
  readonly #lengths: Uint16Array;
  readonly #terms = new Memo<string, { exact: Uint32Array; prefix: Uint32Array }>(MEMO_GENERATION);

  constructor(cards: FactCard[], lang: Lang, tokenize: Tokenize) {
    this.#lengths = new Uint16Array(cards.length);
    cards.forEach((card, i) => {
      const tokens = new Set(tokenize(`${card.text[lang]} ${card.words[lang]}`, lang));
      this.#lengths[i] = Math.min(tokens.size, 65535);
      for (const token of tokens) {
        const list = this.#postings.get(token);
        if (list) list.push(i);
        else this.#postings.set(token, [i]);
      }
    });
    this.#vocabulary = [...this.#postings.keys()].sort();
    this.#heads = lang === 'de' ? this.#vocabulary.map((word) => [...word].reverse().join('')).sort() : undefined;
  }

  /**
   * The cards that contain a term as a whole word, and (four letters or more) the others with a word it
   * begins or, in German, a compound it ends.
   */
  cardsOf(term: string): { exact: Uint32Array; prefix: Uint32Array } {
    let found = this.#terms.get(term);
    if (found) return found;
    const exact = new Set<number>(this.#postings.get(term) ?? []);
    const prefix = new Set<number>();
    if (term.length >= 4) this.#addBeginning(term, exact, prefix);
    // A German compound's head: "zeit" finds "Telefonzeiten" (the head carries the compound's meaning).
    if (this.#heads && term.length >= 4) {
      const reversed = [...term].reverse().join('');
      for (let i = lowerBound(this.#heads, reversed), n = 0; i < this.#heads.length && n < MAX_PREFIX_WORDS; i++, n++) {
        const head = this.#heads[i];
        if (!head.startsWith(reversed)) break;
        if (head.length < reversed.length + MIN_COMPOUND_PART) continue;
        for (const id of this.#postings.get([...head].reverse().join(''))!) if (!exact.has(id)) prefix.add(id);
      }
    }
    // A German verb's "-t" ("liefert", "kostet") before the noun the cards use ("Lieferung", "Kosten"): its stem as a prefix.
    if (this.#heads && exact.size + prefix.size === 0 && term.length >= 6 && term.endsWith('t')) this.#addBeginning(term.slice(0, -1), exact, prefix);
    found = { exact: Uint32Array.from(exact), prefix: Uint32Array.from(prefix) };
    if (term.length <= MAX_MEMO_TERM) this.#terms.set(term, found);
    return found;
  }

  /** Into prefix: the cards (not in exact) with one of the first MAX_PREFIX_WORDS words that begin with start. */
  #addBeginning(start: string, exact: Set<number>, prefix: Set<number>): void {
    for (let i = lowerBound(this.#vocabulary, start), n = 0; i < this.#vocabulary.length && n < MAX_PREFIX_WORDS; i++, n++) {
      const word = this.#vocabulary[i];
      if (!word.startsWith(start)) break;
      for (const id of this.#postings.get(word)!) if (!exact.has(id)) prefix.add(id);
    }
  }

  length(id: number): number {
    return this.#lengths[id];
  }
}

export class CardIndex {
  readonly cards: FactCard[];
  readonly #langs: Record<Lang, LanguageCards>;

  constructor(cards: FactCard[], tokenize: Tokenize) {
    this.cards = cards;
    this.#langs = { de: new LanguageCards(cards, 'de', tokenize), en: new LanguageCards(cards, 'en', tokenize) };
  }

  /** Whether any card contains the term. */
  knows(term: string, lang: Lang): boolean {
    const { exact, prefix } = this.#langs[lang].cardsOf(term);
    return exact.length + prefix.length > 0;
  }

  /**
   * The best cards for the question's terms, best first (at most `limit`); only cards `accept` lets
   * through. known: whether the search documents know a term no card contains (else it is weighed as
   * unknown); unknown terms are left out when known is not given. Linear in the terms (each looks up
   * its cards once) plus one pass over the cards.
   */
  match(terms: string[], lang: Lang, accept: (card: FactCard) => boolean = () => true, limit = 3, known?: (term: string) => boolean): CardHit[] {
    if (terms.length === 0) return [];
    const index = this.#langs[lang];
    const n = this.cards.length;
    const covered = new Float64Array(n);
    const rarest = Math.log(1 + n);
    let total = 0;
    const lists = terms.map((term) => index.cardsOf(term));
    lists.forEach(({ exact, prefix }, i) => {
      const df = exact.length + prefix.length;
      if (df === 0) {
        if (known) total += known(terms[i]) ? rarest : rarest * UNKNOWN_WEIGHT;
        return;
      }
      const idf = Math.log(1 + n / df);
      total += idf;
      for (const id of exact) covered[id] += idf;
      for (const id of prefix) covered[id] += idf * PREFIX_WEIGHT;
    });
    if (total === 0) return [];
    const best: { id: number; score: number }[] = [];
    for (let id = 0; id < n; id++) {
      if (covered[id] === 0) continue;
      // Between equal coverage the shorter, more specific card wins.
      const score = covered[id] / total - index.length(id) * 1e-6;
      if (best.length === limit && score <= best[limit - 1].score) continue;
      if (!accept(this.cards[id])) continue;
      best.push({ id, score });
      best.sort((a, b) => b.score - a.score);
      if (best.length > limit) best.pop();
    }
    return best.map(({ id, score }) => ({
      card: this.cards[id],
      score: Math.max(0, score),
      matched: terms.filter((_, i) => lists[i].exact.includes(id) || lists[i].prefix.includes(id)),
    }));
  }
}
