import type { SiteConfig } from '../../core/site-config.js';
import { say } from '../compose.js';
import { companyOf } from '../documents.js';
import type { PreparedAnswer } from '../answer.js';
import { both, tokensOf } from '../lexicon.js';
import { asksEitherOr, denies } from '../understand.js';
import { AFTERNOON_WORDS, COUNT_WORDS, DURATION_COMPARATORS, GENERAL_VERBS, OFF_HOURS_WORDS, ONE_WORDS } from '../vocabulary.js';

/*
 * Yes or no to a question about the company that one of its facts answers ("Kann unser Assistent direkt
 * bestellen?" – "Es gibt keine Bestellschnittstelle …"). Decided from the fact's own words, or, for the
 * telephone line, from its published days and hours; undecided when the fact settles neither.
 */

/** An answer that already says yes or no. */
export const SAYS_YES_NO = /^(ja|nein|yes|no)\b/i;

/** "before" and "after" in either language, each with its opposite. */
const OPPOSITE_TIME = new Map([
  ['vor', 'nach'],
  ['bevor', 'nach'],
  ['nach', 'vor'],
  ['nachdem', 'vor'],
  ['before', 'after'],
  ['after', 'before'],
]);
const ARTICLE = new Set(['der', 'die', 'das', 'dem', 'den', 'the', 'your', 'our', 'ihrer', 'unserer']);

/** The word after a time preposition at i, articles skipped. */
const timedWord = (words: string[], i: number) => words.slice(i + 1, i + 4).find((w) => !ARTICLE.has(w));

/**
 * Whether the answer puts after what the question asks for before, or the other way round ("schon vor der
 * Auftragsbestätigung?" – "nach der Auftragsbestätigung").
 */
function timedOtherwise(answer: string[], asked: string[]): boolean {
  return asked.some((word, i) => {
    const opposite = OPPOSITE_TIME.get(word);
    const what = timedWord(asked, i);
    if (!opposite || !what || what.length < 5) return false;
    return answer.some((w, j) => w === opposite && timedWord(answer, j)?.slice(0, 6) === what.slice(0, 6));
  });
}

const OFF_HOURS = new Set(tokensOf(both(OFF_HOURS_WORDS)));
/** The words long enough to begin a compound ("Samstagvormittag"). */
const OFF_HOURS_HEADS = [...OFF_HOURS].filter((day) => day.length >= 6);
const CLOCK_UNITS = new Set(['uhr', 'pm', 'am']);
const CLOCK_BEFORE = new Set(['um', 'at', 'gegen', 'around']);

const AFTERNOON = new Set(tokensOf(both(AFTERNOON_WORDS)));

/**
 * The times of the day the question names, in hours ("um 18 Uhr", "at 6 pm", "at 3:30 pm": 15.5, "nachmittags um halb
 * fünf": 16.5, "at 7 in the morning").
 */
function hoursNamed(asked: string[]): { hour: number; at: number; words: string[] }[] {
  const afternoon = asked.some((word) => AFTERNOON.has(word));
  return asked.flatMap((word, i) => {
    // "halb fünf" is half past four.
    const half = asked[i - 1] === 'halb';
    const count = /^\d{1,2}$/.test(word) ? Number(word) : half ? NUMBER_WORDS.get(word) : undefined;
    if (count === undefined || count > 24) return [];
    const minutes = !half && /^\d{2}$/.test(asked[i + 1] ?? '') ? Number(asked[i + 1]) : undefined;
    const unit = asked[i + (minutes === undefined ? 1 : 2)] ?? '';
    if (!half && !CLOCK_UNITS.has(unit) && !CLOCK_BEFORE.has(asked[i - 1] ?? '')) return [];
    const hour = half ? count - 0.5 : count + (minutes ?? 0) / 60;
    const words = half ? ['halb', word] : [word, ...(minutes === undefined ? [] : [asked[i + 1]]), ...(CLOCK_UNITS.has(unit) ? [unit] : [])];
    return [{ hour: hour + ((unit === 'pm' || afternoon) && hour < 12 ? 12 : 0), at: i, words }];
  });
}

/** The words of the clock times a question names ("um 15:30 Uhr", "nachmittags um halb fünf"): figures that pick no fact. */
export function clockWords(asked: string[]): string[] {
  const times = hoursNamed(asked);
  return times.length ? [...times.flatMap(({ words }) => words), ...asked.filter((w) => AFTERNOON.has(w))] : [];
}

/**
 * Whether the question asks for the telephone line when it is closed (true), when it is open (false), or
 * neither: on a day outside the published days (the schema's "Mon-Fri": a weekend, "Samstagvormittag"),
 * in the evening, or at an hour outside the published hours ("um 18 Uhr", "at 6 pm").
 */
function closedWhenAsked(config: SiteConfig, asked: string[]): boolean | undefined {
  const { opens, closes } = companyOf(config).telephone;
  const [open, close] = [opens, closes].map((time) => {
    const [hours, minutes] = time.split(':').map(Number);
    return hours + (minutes || 0) / 60;
  });
  // The last time said decides: "and Friday at 3:30 pm?" after "… on Saturdays?" asks for Friday afternoon.
  const off = asked.findLastIndex((word) => OFF_HOURS.has(word) || OFF_HOURS_HEADS.some((day) => word.startsWith(day)));
  const hours = hoursNamed(asked).filter(({ at }) => at > off);
  if (hours.length === 0) return off >= 0 ? true : undefined;
  return hours.some(({ hour }) => hour < open || hour >= close);
}

/**
 * "Ja:"/"Nein:" for whether the telephone line is staffed at the time a follow-up names ("Und samstags?"), when it is
 * answered with the line's hours and says neither yet; undefined otherwise.
 */
export function lineVerdict(config: SiteConfig, asked: string[], prepared: PreparedAnswer): string | undefined {
  if (prepared.results[0]?.id !== 'company:telephone' || SAYS_YES_NO.test(prepared.answer)) return undefined;
  const closed = closedWhenAsked(config, asked);
  return closed === undefined ? undefined : closed ? say(prepared.language, 'Nein:', 'No:') : say(prepared.language, 'Ja:', 'Yes:');
}

/** Numbers said in words ("zwei Wochen", "a week"). */
const NUMBER_WORDS = new Map([
  ...Object.entries(COUNT_WORDS).flatMap(([n, words]) => tokensOf(`${words.de}, ${words.en}`).map((t): [string, number] => [t, Number(n)])),
  ...tokensOf(`${ONE_WORDS.de}, ${ONE_WORDS.en}`).map((t): [string, number] => [t, 1]),
]);
/** Business days a unit of time stands for (a week of five, a month of 21). */
const BUSINESS_DAY = /^(werktag|arbeitstag|business|working)/;
const BUSINESS_DAYS: [RegExp, number][] = [
  [BUSINESS_DAY, 1],
  [/^(tag|day)/, 5 / 7],
  [/^(woche|week)/, 5],
  [/^(monat|month)/, 21],
];
/** How the duration asked is compared with the fact's: more than it, less than it, or within it. */
const [MORE, LESS, WITHIN] = (['more', 'less', 'within'] as const).map(
  (way) => new Set(tokensOf(`${DURATION_COMPARATORS[way].de}, ${DURATION_COMPARATORS[way].en}`)),
);

/**
 * Whether the fact's longest duration in business days ("5–7 Werktage": 7) is what a yes/no asks of it ("länger als
 * zwei Wochen?", "within a week?"); undefined when the question or the fact names no duration.
 */
function durationAgrees(asked: string[], said: string[]): boolean | undefined {
  // "5–7 Werktagen": the number before the unit is a range's end, so the longest.
  const days = said.flatMap((w, i) => (/^\d+$/.test(w) && BUSINESS_DAY.test(said[i + 1] ?? '') ? [Number(w)] : []));
  const longest = Math.max(...days);
  if (!Number.isFinite(longest)) return undefined;
  for (let i = 0; i < asked.length - 1; i++) {
    const count = /^\d+$/.test(asked[i]) ? Number(asked[i]) : NUMBER_WORDS.get(asked[i]);
    const unit = BUSINESS_DAYS.find(([pattern]) => pattern.test(asked[i + 1]));
    if (count === undefined || !unit) continue;
    const limit = count * unit[1];
    const before = asked.slice(Math.max(0, i - 3), i);
    if (before.some((w) => MORE.has(w))) return longest > limit;
    if (before.some((w) => LESS.has(w))) return longest < limit;
    if (before.some((w) => WITHIN.has(w))) return longest <= limit;
  }
  return undefined;
}

/**
 * "Ja:"/"Nein:" (or "Yes:"/"No:") for a yes/no answered with a company fact: no when the fact denies a
 * word the question asks (compounds included: "keine Bestellschnittstelle" – "Bestellung"), puts after
 * what it asks before, or the line is asked for when it is closed; yes when the fact states every term
 * asked (terms: the question's search terms; tokenize: the index's tokens of a text).
 */
export function factVerdict(
  config: SiteConfig,
  asked: string[],
  terms: string[],
  prepared: PreparedAnswer,
  tokenize: (text: string) => string[],
): string | undefined {
  if (SAYS_YES_NO.test(prepared.answer)) return undefined;
  if (asksEitherOr(asked)) return undefined;
  const verdict = (yes: boolean) => (yes ? say(prepared.language, 'Ja:', 'Yes:') : say(prepared.language, 'Nein:', 'No:'));
  const said = tokensOf(prepared.answer);
  const closed = prepared.results[0]?.id === 'company:telephone' ? closedWhenAsked(config, asked) : undefined;
  if (denies(said, asked, true) || timedOtherwise(said, asked) || closed === true) return verdict(false);
  if (closed === false) return verdict(true);
  const lasting = durationAgrees(asked, said);
  if (lasting !== undefined) return verdict(lasting);
  const stated = tokenize(prepared.answer);
  // Getting and sending are said of every fact ("Do you send out samples?", "get back to me"): what is asked is the rest.
  const general = new Set(tokenize(`${GENERAL_VERBS.de} ${GENERAL_VERBS.en}`));
  // A term as a word of the fact, the start of one, or the head of a compound ("Berater" of "Fachberater").
  const states = (term: string) => stated.some((t) => t === term || (term.length >= 4 && t.startsWith(term)) || (term.length >= 5 && t.endsWith(term)));
  const asks = terms.filter((t) => !general.has(t));
  return asks.length > 0 && asks.every(states) ? verdict(true) : undefined;
}
