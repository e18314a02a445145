/**
 * Contact data in the free text of a handoff: the person enters their own details on the review page, so
 * the body refuses what an agent might pass on anyway. Pure functions; each check is tuned against the
 * texts a wall description legitimately holds (dimensions such as "300 x 250 cm", "RAL 9010", years,
 * quantities, dates), which tests/unit/personal-data.test.ts keeps in both directions.
 */

export type PersonalDataKind = 'e-mail address' | 'telephone number' | 'IBAN' | 'street address';

/** Top-level domains accepted after a spelled-out " dot ": spelled words alone ("dot by dot") are not addresses. */
const SPELLED_TLDS = 'com|de|net|org|eu|at|ch|info|biz|io|co|uk|fr|it|nl|be|lu|pl|es|dk|se|no|fi|email|shop|online|app|dev|me';

// "(at)", "[at]", "{at}", "<at>", also "ät" and "@", with or without spaces; likewise "(dot)", "[punkt]". The
// spaces before the bracket stay: EMAIL tolerates them around "@" and ".", and a leading \s* would make every
// start in a long run of spaces scan the whole run (quadratic).
const BRACKETED_AT = /[([{<]\s*(?:at|ät|@)\s*[)\]}>]\s*/giu;
const BRACKETED_DOT = /[([{<]\s*(?:dot|punkt|\.)\s*[)\]}>]\s*/giu;
/**
 * After normalising: local@domain.tld, spaces around @ and dots tolerated (the @ is what makes it one). One
 * character of the local part is enough to find an address (a longer one ends in that character), and with
 * {1,64} every character of a long run of "a.a@…" parts started a search of its own (polynomial). Labels and
 * their number are not bounded either ({1,63} and {0,8} found the same addresses and a few absurd ones less, but
 * made the pattern's automaton too large for the ReDoS check); two letters of the top-level domain find it.
 */
const EMAIL = /[\p{L}\p{N}._%+-]\s*@\s*[\p{L}\p{N}-]+(?:\s*\.\s*[\p{L}\p{N}-]+)*\s*\.\s*\p{L}{2}/u;
const SPELLED_AT = /\s(?:at|ät)\s/iu;
/** "name at example dot com": spelled words, only with a real top-level domain at the end. */
export const SPELLED_EMAIL = new RegExp(
  `[\\p{L}\\p{N}._%+-]\\s+(?:at|ät)\\s+[\\p{L}\\p{N}-]+(?:\\s+(?:dot|punkt)\\s+[\\p{L}\\p{N}-]+)*\\s+(?:dot|punkt)\\s+(?:${SPELLED_TLDS})\\b`,
  'iu',
);

/**
 * A telephone number: international (+49…, 0049…) or German national with its leading 0 (030…, 0171…),
 * digits grouped by spaces, slashes, dashes and parentheses. Dots and commas are not separators, so dates
 * and decimals are not numbers; "x" is not one, so dimensions are not either.
 */
const PHONE_CANDIDATE = /(?<![\p{L}\p{N}.,])(?:\+\s*(?:\(\s*)?\d|\(\s*0|0)[\d\s/()-]*\d/gu;
/**
 * A number named as one ("Tel. 1234567", "Mobil: 123 45 67") needs no leading 0 or +: the label, then
 * `.? \s* :? \s* +?` and at least six characters of PHONE_CHAR ending in a digit. As one pattern the three
 * whitespace-matching parts in a row were cubic in a run of spaces after "tel" (issue 27: 2,000 spaces
 * cost 3.5 s); labelledPhoneAt() reads what follows each label in one pass instead.
 */
const PHONE_LABEL = /\b(?:tel(?:efon)?|phone|mobil(?:e)?|handy|fax|whatsapp)\b/giu;
const PHONE_CHAR = /[\d\s/()-]/u;
const WHITESPACE = /\s/u;
const DIGIT = /\d/u;
/** LABELLED_PHONE's `[\d\s/()-]{6,}\d`: characters of a number before its last digit. */
const MIN_LABELLED_RUN = 6;
const MIN_PHONE_DIGITS = 7;
const JOINED_BEFORE = /[\p{L}\p{N}][-/]$/u;
const JOINED_AFTER = /^[-/]?[\p{L}\p{N}]/u;
/** The leading 0 and at least two digits of the area code. */
const MIN_AREA_CODE_DIGITS = 3;
/** Dates and month/year ("01-03-2025", "04/2026 - 05/2026") are left out of the telephone check. */
const DATES = /\b\d{1,2}[./-]\d{1,2}[./-]\d{2,4}\b|\b\d{1,2}\/\d{4}\b/gu;
/** E.164: at most 15 digits (a longer run of digits is something else: an order number, an IBAN). */
const MAX_PHONE_DIGITS = 15;

/** Two letters, two check digits, then the account part, written compact or in groups of four. */
const IBAN_CANDIDATE = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}/giu;
/** Lengths of the IBANs most often met here; for other countries the whole candidate is checked. */
const IBAN_LENGTHS: Record<string, number> = {
  DE: 22,
  AT: 20,
  CH: 21,
  LI: 21,
  NL: 18,
  BE: 16,
  LU: 20,
  FR: 27,
  IT: 27,
  ES: 24,
  PT: 25,
  PL: 28,
  CZ: 24,
  DK: 18,
  SE: 24,
  NO: 15,
  FI: 18,
  IE: 22,
  GB: 22,
};

/** German street names with a house number ("Musterstraße 12", "Hauptstr. 5a", "Berliner Allee 3"). */
const GERMAN_STREET = /(?:straße|strasse|str\.|gasse|allee|chaussee)\s*\d{1,4}\s?[a-z]?\b/iu;
/** English style: a house number, capitalised words, a street type ("221B Baker Street", "10 Downing St."). */
const ENGLISH_STREET =
  /\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\p{L}'-]+\s+){1,3}(?:Street|St\.|Road|Rd\.|Avenue|Ave\.|Lane|Ln\.|Drive|Boulevard|Blvd\.|Court|Place|Square|Terrace|Crescent)(?![\p{L}])/u;

/** ISO 13616: the first four characters moved to the end, letters as 10–35, the number mod 97 is 1. */
export function isValidIban(compact: string): boolean {
  const iban = compact.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  let remainder = 0;
  for (const char of iban.slice(4) + iban.slice(0, 4)) {
    const value = char >= 'A' ? char.charCodeAt(0) - 55 : Number(char);
    remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97;
  }
  return remainder === 1;
}

function containsIban(text: string): boolean {
  for (const match of text.matchAll(IBAN_CANDIDATE)) {
    const compact = match[0].replace(/ /g, '').toUpperCase();
    const length = IBAN_LENGTHS[compact.slice(0, 2)];
    if (isValidIban(length ? compact.slice(0, length) : compact)) return true;
  }
  return false;
}

/** Whether the characters of a number from `start` on hold a digit at least MIN_LABELLED_RUN after it. */
function numberRunFrom(text: string, start: number): boolean {
  for (let i = start; i < text.length && PHONE_CHAR.test(text[i]!); i++) {
    if (i - start >= MIN_LABELLED_RUN && DIGIT.test(text[i]!)) return true;
  }
  return false;
}

/**
 * Whether a labelled number follows a label ending at `at`: `\.?\s*:?\s*\+?[\d\s/()-]{6,}\d` read in one pass.
 * The whitespace before a number is itself a character of the number, so a number may start right after the
 * label's dot, right after the colon, or after a "+" (which may follow the whitespace before or after a colon).
 */
function labelledPhoneAt(text: string, at: number): boolean {
  let i = text[at] === '.' ? at + 1 : at;
  if (numberRunFrom(text, i)) return true;
  while (i < text.length && WHITESPACE.test(text[i]!)) i++;
  if (text[i] === '+') return numberRunFrom(text, i + 1);
  if (text[i] !== ':') return false;
  i++;
  if (numberRunFrom(text, i)) return true;
  while (i < text.length && WHITESPACE.test(text[i]!)) i++;
  return text[i] === '+' && numberRunFrom(text, i + 1);
}

function containsPhone(text: string): boolean {
  for (const label of text.matchAll(PHONE_LABEL)) if (labelledPhoneAt(text, label.index + label[0].length)) return true;
  const searched = text.replace(DATES, ' ');
  for (const match of searched.matchAll(PHONE_CANDIDATE)) {
    // A national number starts with its area code ("030", "0171"): a lone 0 ("0-5-17…", an id) does not.
    if (!match[0].startsWith('+') && /^\(?\s*(\d+)/.exec(match[0])![1].length < MIN_AREA_CODE_DIGITS) continue;
    // Digits inside a token joined by dashes or slashes ("58cc-0372-8567-0e02", a UUID) are no number either.
    const end = match.index + match[0].length;
    if (JOINED_BEFORE.test(searched.slice(Math.max(0, match.index - 2), match.index)) || JOINED_AFTER.test(searched.slice(end, end + 2))) continue;
    const digits = match[0].replace(/\D/g, '').length;
    if (digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS) return true;
  }
  return false;
}

/** Bounded parts and cheap tests first: unbounded, the patterns backtracked over long runs of letters (2,000: 20-30 ms). */
function containsEmail(text: string): boolean {
  const normalised = text.replace(BRACKETED_AT, '@').replace(BRACKETED_DOT, '.');
  return (normalised.includes('@') && EMAIL.test(normalised)) || (SPELLED_AT.test(normalised) && SPELLED_EMAIL.test(normalised));
}

/** The first kind of contact data found in the text, or undefined. */
export function findPersonalData(raw: string): PersonalDataKind | undefined {
  // NFKC folds full-width and other compatibility forms ("＠", "﹫", "ｅｘａｍｐｌｅ", "０３０") to plain ones.
  const text = raw.normalize('NFKC');
  if (containsEmail(text)) return 'e-mail address';
  if (containsIban(text)) return 'IBAN';
  // Without IBAN-shaped runs (valid or not): their digit groups ("0044 0532 …") would pass for a number.
  if (containsPhone(text.replace(IBAN_CANDIDATE, ' '))) return 'telephone number';
  if (GERMAN_STREET.test(text) || ENGLISH_STREET.test(text)) return 'street address';
  return undefined;
}
