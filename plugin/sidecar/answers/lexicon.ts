import { stopwords as germanStopwords } from '@orama/stopwords/german';
import { stopwords as englishStopwords } from '@orama/stopwords/english';
import { Memo } from '../core/memo.js';
import type { LocalizedText } from '../core/site-config.js';
import { EXTRA_STOPWORDS } from './vocabulary.js';

/*
 * Word matching of the question-structure layer: spellings without umlauts (oe, ae, ue, ss), small
 * typos in longer words, German compounds and simple inflection, decided against a fixed vocabulary
 * (the catalog's words, the configured customer words and the fixed question words). Pure functions
 * and one bounded memo per vocabulary.
 */

/** Lower case, umlauts and ß as their two-letter spellings, other accents dropped, "n't" as "not". */
export function fold(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/ä/g, 'ae')
      .replace(/ö/g, 'oe')
      .replace(/ü/g, 'ue')
      .replace(/ß/g, 'ss')
      .replace(/²/g, '2')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      // "can't" and "won't" lose more than "n't": "ca not" would be no yes/no.
      .replace(/\bcan['’]?t\b/g, 'can not')
      .replace(/\bwon['’]?t\b/g, 'will not')
      .replace(/n['’]t\b/g, ' not')
      // "stimmt's", "geht's": one word, as typed without the apostrophe.
      .replace(/(?<=[a-z])['’]s\b/g, 's')
      // The same without the apostrophe, as people type it ("doesnt burn").
      .replace(/\b(does|do|did|is|are|was|were|should|would|could|has|have)nt\b/g, '$1 not')
  );
}

/** Chat shorthand as the words it stands for, so the search reads them as the stop words they are. */
const SHORTHAND: Record<string, string> = {
  u: 'you',
  ur: 'your',
  whats: 'what is',
  wats: 'what is',
  pls: 'please',
  plz: 'please',
  gibts: 'gibt es',
  wies: 'wie es',
  nich: 'nicht',
  un: 'und',
};

/** The shorthand words as whole words, not inside a hyphenated one: "U-Wert" is no "you". */
export const SHORTHAND_WORD = new RegExp(`(?<![\\w-])(?:${Object.keys(SHORTHAND).join('|')})(?![\\w-])`, 'gi');

/** A question with chat shorthand written out ("whats ur phone numbr" → "what is your phone numbr"). */
export function expandShorthand(text: string): string {
  // "Telefonnr" is "Telefonnummer"; "10% off" is "10 percent off" (the matcher's words have no "%").
  return text
    .replace(SHORTHAND_WORD, (word) => SHORTHAND[word.toLowerCase()] ?? word)
    .replace(/(?<=\p{L}{3})nr(?![\p{L}\d])/giu, 'nummer')
    .replace(/(?<=\d) ?% off\b/gi, ' percent off');
}

/** Words of a folded text; "+" stays part of a word ("a+"). */
export function tokenize(folded: string): string[] {
  return folded.match(/[a-z0-9+]+/g) ?? [];
}

/** The tokens of a text as the matcher sees them. */
export const tokensOf = (text: string): string[] => tokenize(fold(text));

/** The stop words of both languages (Orama's lists and the search's additions, folded). */
const FUNCTION_WORDS = new Set([...germanStopwords, ...englishStopwords, ...EXTRA_STOPWORDS.de, ...EXTRA_STOPWORDS.en].map((w) => fold(w)));

/** Whether a token is a stop word of either language. */
export const isFunctionWord = (token: string): boolean => FUNCTION_WORDS.has(token);

const ENDINGS = ['ungen', 'ern', 'en', 'er', 'es', 'e', 's', 'n'];

/** A crude common stem of German and English inflections ("Kliniken" → "klinik", "rooms" → "room"). */
export function stem(token: string): string {
  if (token.length < 5 || /\d/.test(token)) return token;
  for (const ending of ENDINGS) {
    if (token.endsWith(ending) && token.length - ending.length >= 4) return token.slice(0, -ending.length);
  }
  return token;
}

const plain = (folded: string) => folded.replace(/ae/g, 'a').replace(/oe/g, 'o').replace(/ue/g, 'u');

/** A word with its stem and umlaut-free forms. Speed: computed once per vocabulary word and question word, not per pair. */
interface Forms {
  text: string;
  stem: string;
  plain: string;
  plainStem: string;
  digit: boolean;
}

function formsOf(text: string): Forms {
  const wordStem = stem(text);
  return { text, stem: wordStem, plain: plain(text), plainStem: plain(wordStem), digit: /\d/.test(text) };
}

/** Optimal string alignment distance, stopped early once it exceeds max. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prevPrev: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, prevPrev[j - 2] + 1);
      row.push(value);
      if (value < best) best = value;
    }
    if (best > max) return max + 1;
    prevPrev = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * Whether a question word stands for a vocabulary word: the same, the same stem, a typo (one edit in
 * words of five letters or more, two from eight), or a compound that contains it ("Klinikflur" →
 * "klinik"). Codes and numbers ("a2", "259") only match exactly.
 */
export function wordMatches(
  question: string,
  word: string,
  known?: ReadonlySet<string>,
  parts: ReadonlySet<string> | undefined = known,
  maxTypos = 2,
): boolean {
  return formsMatch(formsOf(question), formsOf(word), known, parts, maxTypos);
}

function formsMatch(q: Forms, w: Forms, known?: ReadonlySet<string>, parts: ReadonlySet<string> | undefined = known, maxTypos = 2): boolean {
  const question = q.text;
  const word = w.text;
  if (question === word) return true;
  if (word.length <= 2 || w.digit || question.length <= 2) return false;
  // Words apart only by umlauts: one written without them is the word ("fur" is "für"); one written with an
  // umlaut the word lacks is another word ("zählen" is not "zahlen").
  if (q.plain === w.plain) return question.length < word.length;
  // Plurals with umlaut: "Räume" is "Raum", "Bäder" is "Bad".
  if (q.plainStem === w.plainStem) return true;
  // One of them inflected, the other not, where the crude stem cuts the base form ("Treppenhaus", "Treppenhäuser").
  if (question.length >= 5 && word.length >= 5 && (q.plain === w.plainStem || q.plainStem === w.plain)) return true;
  // A word the vocabulary knows as it is ("class") is no typo of another ("glass").
  // A typo keeps the first letter ("neben" is no typo of "uneben").
  // A word that only adds or lacks letters at the end is another word more often than a typo ("contractor"
  // is no "contract", "complain" no "complaint"); inflections are the stems' to find, compounds below.
  const extended = word.startsWith(question) || question.startsWith(word);
  if (question.length >= 5 && word.length >= 5 && question[0] === word[0] && !known?.has(question) && !extended) {
    const max = Math.min(maxTypos, Math.min(question.length, word.length) >= 8 ? 2 : 1);
    // Another last letter of a short word is another word's form more often than a typo ("Halle" is no "hallt").
    const lastOnly = question.length === word.length && question.length <= 6 && question.slice(0, -1) === word.slice(0, -1);
    if (!lastOnly && editDistance(question, word, max) <= max) return true;
  }
  // A vowel left out of a short word ("hevy", "havy" for "heavy"); not of a word the vocabulary knows ("fire" is no "fibre").
  if (question.length === 4 && word.length === 5 && question[0] === word[0] && !known?.has(question) && !w.digit && oneLeftOut(question, word)) return true;
  const wordStem = w.stem;
  // A short head after a whole known word ("Hotelbädern" → "Hotel" + "Bad", "Hotelflur"): the known word
  // before it is what a lone short head ("Zeitraum") lacks.
  if (wordStem.length < 5) return Boolean(parts) && wordStem.length >= 3 && shortHead(q, w, parts!);
  if (question.length < wordStem.length + 3) return false;
  // A compound whose head is the word ("Großküche" → "küche"), or that starts with it and goes on
  // with another known word ("Klinikflur" → "klinik" + "flur"; not "Geschäftsführer").
  // With a short ending cut too ("Flusskreuzfahrtschiffs" ends in "Kreuzfahrtschiff" once its genitive s is;
  // not a long one: "Anforderungen" cut to "anforder" does not end in "order").
  // Not "-en": a verb's infinitive with "zu" inside ("vorzuschlagen") is no compound of "Zuschlag".
  const shortEnding = question.length - q.stem.length <= 2 && q.stem.length >= wordStem.length + 3 && !question.endsWith('en');
  if (question.endsWith(word) || question.endsWith(wordStem) || (shortEnding && q.stem.endsWith(word))) return true;
  if (!parts || !question.startsWith(wordStem)) return false;
  const rest = question.slice(question.startsWith(word) ? word.length : wordStem.length);
  return [rest, rest.replace(/^s/, '')].some((r) => r.length >= 3 && (parts.has(r) || parts.has(stem(r))));
}

/** Whether the word is the shorter one with one vowel added (a vowel is what a hasty typist drops; "tick" is no "thick"). */
function oneLeftOut(shorter: string, word: string): boolean {
  for (let i = 1; i < word.length; i++) if ('aeiou'.includes(word[i]) && word.slice(0, i) + word.slice(i + 1) === shorter) return true;
  return false;
}

/** Whether the question word is a known word of four letters or more followed by the short word, inflected or not. */
function shortHead(q: Forms, w: Forms, parts: ReadonlySet<string>): boolean {
  for (const form of [q.plain, q.plainStem]) {
    for (const head of [w.plain, w.plainStem]) {
      if (form.length < head.length + 4 || !form.endsWith(head)) continue;
      const before = form.slice(0, form.length - head.length);
      if (parts.has(before) || (before.endsWith('s') && parts.has(before.slice(0, -1)))) return true;
    }
  }
  return false;
}

/**
 * The last word of a phrase as the head of a compound, also when it is short ("feuchter Raum" in "feuchten
 * Kellerraum"): the phrase's words before it have matched, which a lone short head ("Zeitraum") has not.
 */
function isHead(question: string, word: string): boolean {
  return word.length >= 4 && !/\d/.test(word) && question.length >= word.length + 3 && (question.endsWith(word) || question.endsWith(stem(word)));
}

/** A phrase of the vocabulary and what it stands for. */
export interface Entry<T> {
  tokens: string[];
  value: T;
}

/** Where a phrase was found in the question: token positions [start, end). */
export interface Found<T> {
  value: T;
  start: number;
  end: number;
}

const MEMO_GENERATION = 4096;

/** Phrases to look for in questions, with the memo of which vocabulary words each question word matches. */
export class Lexicon<T> {
  readonly #entries: Entry<T>[];
  readonly #words: string[];
  readonly #joined = new Map<string, Entry<T>[]>();
  readonly #matches = new Memo<string, Set<string>>(MEMO_GENERATION);
  readonly #byStem = new Map<string | number, string[]>();
  readonly #byLength = new Map<string | number, string[]>();
  readonly #byPlain = new Map<string | number, string[]>();
  readonly #byPart = new Map<string | number, string[]>();
  /** Words of three or four letters by form, for a compound that ends in one after a known word ("Hotelbad"). */
  readonly #byShortHead = new Map<string | number, string[]>();
  readonly #byFirst = new Map<string, Entry<T>[]>();
  readonly #forms = new Map<string, Forms>();

  readonly #known?: ReadonlySet<string>;

  readonly #prefixes: boolean;

  readonly #parts?: ReadonlySet<string>;

  readonly #strict: boolean;

  readonly #maxTypos: number;

  readonly #exact?: ReadonlySet<string>;

  /**
   * words.known: words never read as typos of others; words.parts: the words a compound may go on
   * with (the configuration's words and their stems); words.strict: only the word itself or its
   * inflection, no typo and no compound (for names and verbs where one letter changes the meaning:
   * "jeden" is not "Jemen", "Herstellung" is not "herstellen"); words.maxTypos: at most this many edits
   * for a typo (1 for words that route a question away: "relaxation" is not "Reklamation"); words.exact: words
   * matched only as they are (acronyms). prefixes: a question word of six
   * letters or more also stands for the words it begins ("Glasfaser" for "Glasfasergewebe"; for names).
   */
  constructor(
    entries: Entry<T>[],
    words?: { known: ReadonlySet<string>; parts: ReadonlySet<string>; strict?: boolean; maxTypos?: number; exact?: ReadonlySet<string> },
    prefixes = false,
  ) {
    this.#known = words?.known;
    this.#exact = words?.exact;
    this.#maxTypos = words?.maxTypos ?? 2;
    this.#parts = words?.parts;
    this.#strict = words?.strict ?? false;
    this.#prefixes = prefixes;
    this.#entries = entries.filter((e) => e.tokens.length > 0);
    this.#words = [...new Set(this.#entries.flatMap((e) => e.tokens))];
    // Indexes of the candidates wordMatches() can accept, so a new question word is compared with a
    // few words instead of all of them: by inflection stem, by length (typos), by word and stem (compounds).
    const add = (map: Map<string | number, string[]>, key: string | number, word: string) => map.set(key, [...(map.get(key) ?? []), word]);
    for (const word of this.#words) {
      const forms = formsOf(word);
      this.#forms.set(word, forms);
      const wordStem = forms.stem;
      add(this.#byStem, forms.plainStem, word);
      add(this.#byPlain, forms.plain, word);
      if (word.length >= 5) add(this.#byLength, word.length, word);
      if (wordStem.length >= 5) {
        add(this.#byPart, word, word);
        add(this.#byPart, wordStem, word);
      } else if (wordStem.length >= 3 && !forms.digit && this.#parts) {
        add(this.#byShortHead, forms.plain, word);
        add(this.#byShortHead, forms.plainStem, word);
      }
    }
    for (const entry of this.#entries) add(this.#byFirst as Map<string, never[]>, entry.tokens[0], entry as never);
    for (const entry of this.#entries) {
      if (entry.tokens.length < 2) continue;
      const joined = entry.tokens.join('');
      this.#joined.set(joined, [...(this.#joined.get(joined) ?? []), entry]);
    }
  }

  /** The vocabulary words a question word matches (memoized; words over 64 letters are not stored). */
  matchesOf(token: string): Set<string> {
    let found = this.#matches.get(token);
    if (!found) {
      // A function word ("must", "will") is only itself: not the stem of "Muster", not a typo of a term.
      const forms = formsOf(token);
      const of = (w: string) => this.#forms.get(w)!;
      const accepts = FUNCTION_WORDS.has(token)
        ? (w: string) => w === token
        : this.#strict
          ? (w: string) => w === token || (!of(w).digit && forms.plainStem === of(w).plainStem)
          : (w: string) => formsMatch(forms, of(w), this.#known, this.#parts, this.#maxTypos);
      // An acronym ("LEED") is only itself: "Leeds" is a city.
      const exact = this.#exact;
      found = new Set([...this.#candidates(forms)].filter((w) => (exact?.has(w) ? w === token : accepts(w))));
      if (this.#prefixes && token.length >= 6) for (const w of this.#words) if (w.startsWith(token)) found.add(w);
      if (token.length <= 64) this.#matches.set(token, found);
    }
    return found;
  }

  /** Every word wordMatches() could accept for the token (a superset; it decides). */
  #candidates(forms: Forms): Set<string> {
    const token = forms.text;
    const out = new Set<string>([
      ...(this.#byStem.get(forms.plainStem) ?? []),
      ...(this.#byStem.get(forms.plain) ?? []),
      ...(this.#byPlain.get(forms.plainStem) ?? []),
    ]);
    if (token.length >= 5) for (let n = token.length - 2; n <= token.length + 2; n++) for (const w of this.#byLength.get(n) ?? []) out.add(w);
    else if (token.length === 4) for (const w of this.#byLength.get(5) ?? []) out.add(w);
    // Compounds: the word or its stem as the head (a suffix) or the start (a prefix) of the token.
    for (let n = 5; n <= token.length - 3; n++) {
      for (const w of this.#byPart.get(token.slice(token.length - n)) ?? []) out.add(w);
      for (const w of this.#byPart.get(token.slice(0, n)) ?? []) out.add(w);
    }
    if (this.#byShortHead.size)
      for (const form of [forms.plain, forms.plainStem])
        for (let n = 3; n <= 4 && n <= form.length - 4; n++) for (const w of this.#byShortHead.get(form.slice(form.length - n)) ?? []) out.add(w);
    const tokenStem = forms.stem;
    if (tokenStem !== token && token.length - tokenStem.length <= 2)
      for (let n = 5; n <= tokenStem.length - 3; n++) for (const w of this.#byPart.get(tokenStem.slice(tokenStem.length - n)) ?? []) out.add(w);
    return out;
  }

  /** Every phrase in the question, overlaps allowed (one word may name several things). */
  findAll(tokens: string[]): Found<T>[] {
    return this.find(
      tokens,
      tokens.map(() => false),
      true,
    );
  }

  /**
   * The phrases in the question, longest first, none overlapping another or a position already
   * taken; the positions found are added to taken.
   */
  find(tokens: string[], taken: boolean[], overlapping = false): Found<T>[] {
    const candidates: Found<T>[] = [];
    const sets = tokens.map((t) => this.matchesOf(t));
    sets.forEach((set, i) => {
      for (const word of set) {
        for (const entry of this.#byFirst.get(word) ?? []) {
          const n = entry.tokens.length;
          if (i + n > tokens.length) continue;
          let ok = true;
          for (let j = 1; j < n && ok; j++) ok = sets[i + j].has(entry.tokens[j]) || (j === n - 1 && isHead(tokens[i + j], entry.tokens[j]));
          if (ok) candidates.push({ value: entry.value, start: i, end: i + n });
        }
      }
    });
    // A phrase written as one word ("wetroom", "nichtbrennbar").
    tokens.forEach((token, i) => {
      for (const entry of this.#joined.get(token) ?? []) candidates.push({ value: entry.value, start: i, end: i + 1 });
    });
    candidates.sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
    const out: Found<T>[] = [];
    if (overlapping) return candidates.sort((a, b) => a.start - b.start);
    for (const c of candidates) {
      let free = true;
      for (let i = c.start; i < c.end && free; i++) free = !taken[i];
      if (!free) continue;
      for (let i = c.start; i < c.end; i++) taken[i] = true;
      out.push(c);
    }
    return out.sort((a, b) => a.start - b.start);
  }
}

/** Both languages of a configuration text as one comma-separated list. */
export const both = (text: LocalizedText): string => `${text.de}, ${text.en}`;

/** Comma-separated words of a configuration text, each as its tokens. */
export function phrases(list: string): string[][] {
  return list
    .split(',')
    .map((p) => tokensOf(p))
    .filter((t) => t.length > 0);
}
