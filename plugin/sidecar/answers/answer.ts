import { INTERFACE_VERSION } from '../core/paths.js';
import type { SiteConfig, SiteState } from '../core/site-config.js';
import { answerFromCatalog, applicationAnswer, withRecommendation, type CatalogAnswer } from './catalog-answers.js';
import { compose, composeRecommendations, composeRouting, materialResult, namesOf, say, type AskResult, type Composed } from './compose.js';
import { fastAnswerJson, fastResultsJson } from '../speed/answer-json.js';
import type { CatalogMaterial, Lang } from './documents.js';
import { Memo } from '../core/memo.js';
import { indexFor, type AnswerIndex, type Hit, type SearchOutcome } from './search.js';
import {
  ASKERS_PRINCIPAL,
  BEFORE,
  CIRCUMSTANCE,
  QuestionReader,
  REFERS_BACK,
  askingClause,
  readerFor,
  withoutLeading,
  type QuestionStructure,
} from './understand.js';
import { both, expandShorthand, fold, tokensOf } from './lexicon.js';
import { factDeskFor, type AnswerKind } from './facts/index.js';
import { SAYS_YES_NO, factVerdict, lineVerdict } from './facts/yes-no.js';
import { BEHIND_WORDS, REQUEST_WORDS, type FactId } from './vocabulary.js';

/** The longest question accepted, in characters. */
export const MAX_QUERY_LENGTH = 1000;

/** A successful answer (schemas/ask-answer.schema.json). */
export interface AskAnswer {
  _meta: { response_type: 'answer'; version: string };
  query: string;
  language: Lang;
  answer: string;
  /** True when the site's data does not answer the question and it was routed to a human. */
  routed: boolean;
  results: AskResult[];
}

/** A failure (schemas/ask-failure.schema.json). */
export interface AskFailure {
  _meta: { response_type: 'failure'; version: string };
  error: { code: string; message: string };
}

export function failureBody(code: string, message: string): AskFailure {
  return { _meta: { response_type: 'failure', version: INTERFACE_VERSION }, error: { code, message } };
}

export interface AskContext {
  publicBase: string;
  acceptLanguage?: string;
  /** Earlier questions of the conversation, oldest first (NLWeb prev). */
  previous?: string[];
}

/**
 * Whether the documents used cover the question well enough to answer from them. Each content term
 * of the question (stemmed, no stop words) must be found in them: at least half of the terms, and at
 * least two when the question has two or more. Terms no document knows (a price, a country, a date)
 * count against the answer, so a question about something the data does not contain is routed to a
 * human rather than answered with the nearest fact.
 */
export function isConfident(totalTerms: number, matchedTerms: number): boolean {
  return matchedTerms > 0 && matchedTerms * 2 >= totalTerms && matchedTerms >= Math.min(2, totalTerms);
}

const isOverview = (hit: Hit) => {
  const g = hit.doc.grounding;
  return g.kind === 'catalog' || (g.kind === 'fact' && (g.fact === 'company' || g.fact === 'agents'));
};
const isProjectSpecific = (hit: Hit | undefined) => hit?.doc.grounding.kind === 'fact' && hit.doc.grounding.fact === 'project_specific';

/**
 * A second document for a question with two parts ("how long is delivery, and can I get samples?"):
 * one that covers at least two terms the best one does not and scores at least half as well. It only
 * adds to an answer the best document already gives; it never makes a weak match confident.
 */
function complement(outcome: SearchOutcome, top: Hit): Hit | undefined {
  const covered = new Set(top.matched);
  return outcome.hits
    .slice(1, 6)
    .find((hit) => !isOverview(hit) && !isProjectSpecific(hit) && hit.score >= top.score / 2 && hit.matched.filter((t) => !covered.has(t)).length >= 2);
}

/** Every recommendation is found by the words the best one is ("Welche Tapete empfehlen Sie?"): none is the one asked for. */
function undecided(outcome: SearchOutcome, config: SiteConfig): boolean {
  const top = outcome.hits[0];
  if (top?.doc.grounding.kind !== 'recommendation') return false;
  const alike = outcome.hits.filter((hit) => hit.doc.grounding.kind === 'recommendation' && top.matched.every((term) => hit.matched.includes(term)));
  return alike.length > 1 && alike.length === Object.keys(config.recommendations).length;
}

/** Whether the question also asks what only an advisor settles, beyond what the best document covers. */
function asksProjectSpecifics(outcome: SearchOutcome, top: Hit): boolean {
  const covered = new Set(top.matched);
  return outcome.hits.some((hit) => isProjectSpecific(hit) && hit.matched.some((t) => !covered.has(t)));
}

/**
 * Composed parts depend only on the configuration revision (the index), the public base, the
 * document and the language, so each is composed once. Bounded: the public base comes from the bridge.
 */
const PARTS_PER_INDEX = 512;
const partsByIndex = new WeakMap<AnswerIndex, Memo<string, Composed>>();

function partFor(index: AnswerIndex, base: string, key: string, lang: Lang, make: () => Composed): Composed {
  let parts = partsByIndex.get(index);
  if (!parts) partsByIndex.set(index, (parts = new Memo(PARTS_PER_INDEX)));
  const memoKey = `${lang}\n${key}\n${base}`;
  let part = parts.get(memoKey);
  if (!part) parts.set(memoKey, (part = make()));
  return part;
}

/** Everything the answer needs, without the envelope; kept apart so the stream can send events as it goes. */
export interface PreparedAnswer {
  language: Lang;
  routed: boolean;
  answer: string;
  /** The results (shared with the memos: not to be changed). */
  results: AskResult[];
  /** When answered from the search: the best document's score, the first result's last member. */
  score?: number;
  /** What the answer is (for the insights; not in the response): catalog, fact, routed or refused. */
  kind: AnswerKind;
  /** The fact card it was answered from, when it was (internal, like kind). */
  card?: string;
}

/** The kind of an answer the search found. */
const kindOf = (hit: Hit): AnswerKind => (hit.doc.grounding.kind === 'fact' || hit.doc.grounding.kind === 'faq' ? 'fact' : 'catalog');

/** Whether the search index answers the question itself (else it is routed). */
function searchAnswers(outcome: SearchOutcome): boolean {
  const top = outcome.hits[0];
  // A question that also asks what only an advisor settles (a price, a date, installation) is routed
  // whole, even when another part of it matches a material or a fact.
  return Boolean(top && isConfident(outcome.terms.length, top.matched.length) && !isProjectSpecific(top) && !asksProjectSpecifics(outcome, top));
}

/** The question reader and the structured answers of one index (so of one configuration revision); bounded. */
const STRUCTURED_PER_INDEX = 2048;
const structuredByIndex = new WeakMap<
  AnswerIndex,
  { reader: QuestionReader; answers: Memo<string, PreparedAnswer | null>; reads: Memo<string, ReadQuestion> }
>();

/**
 * The answer decided from the question's structure over the catalog (attributes, filters,
 * superlatives, comparisons, yes/no), or null when the search index answers: what the structure does
 * not settle, and what the search covers better (a recommendation, a company fact). Materials whose
 * applications the question names, and a named material the search cannot place, come last.
 */
function structuredFor(index: AnswerIndex, config: SiteConfig) {
  let entry = structuredByIndex.get(index);
  if (!entry)
    structuredByIndex.set(
      index,
      (entry = { reader: readerFor(index, config), answers: new Memo(STRUCTURED_PER_INDEX), reads: new Memo(STRUCTURED_PER_INDEX) }),
    );
  return entry;
}

function structuredAnswer(
  index: AnswerIndex,
  config: SiteConfig,
  base: string,
  query: string,
  language: Lang,
  outcome: SearchOutcome,
  q: QuestionStructure,
  asserts: () => boolean,
): PreparedAnswer | null {
  const entry = structuredFor(index, config);
  const key = `${language}\n${base}\n${query}`;
  const known = entry.answers.get(key);
  if (known !== undefined) return known;
  const searched = searchAnswers(outcome);
  const topGrounding = outcome.hits[0]?.doc.grounding;
  // Who asks or where ("Wir sind Messebauer …") is no choice of material when the question asks a
  // company fact the search finds and nothing asks for a material: the fact answers.
  const settingOnly = q.conditions.length > 0 && q.conditions.every((c) => c.kind === 'use_case') && !q.named.length && !q.superlative;
  // A yes/no that names a material word only as what is made ("… als Tapete drucken zu lassen?") asks for no material either.
  if (
    settingOnly &&
    searched &&
    (topGrounding?.kind === 'fact' || topGrounding?.kind === 'faq') &&
    (!q.asksMaterial || (q.yesNo && !q.recommendation && !q.listWord))
  )
    return null;
  let found: CatalogAnswer | undefined = answerFromCatalog(config, base, language, q, q.named.length === 1 && (!query.includes('?') || asserts()));
  if (found?.list && q.recommendation && searched && topGrounding?.kind === 'recommendation' && !undecided(outcome, config))
    found = withRecommendation(config, base, language, found, topGrounding.priority);
  // Applications the question names beat a single material the search happens to rank first; and a
  // recommendation, when none is the one asked for ("lounge redesign – which would you suggest?") or the
  // catalog names another material for the setting word for word ("a hotel room" is not the heavy-duty
  // one's hotel corridors).
  const closest = Math.max(0, ...q.applications.values());
  const recommended = topGrounding?.kind === 'recommendation' ? config.recommendations[topGrounding.priority]?.material_id : undefined;
  // Or when the setting is listed as closely by more materials than the recommended one ("Something for a school?").
  const alike = [...q.applications.values()].filter((v) => v === closest).length;
  // The setting alone, said as closely of several materials.
  const shared = alike >= 2 && !q.named.length && !q.those && q.conditions.every((c) => c.kind === 'use_case');
  const aside =
    recommended !== undefined &&
    closest > 0 &&
    (undecided(outcome, config) ||
      (closest >= 2 && (q.applications.get(recommended) ?? 0) < closest) ||
      (shared && !q.recommendation) ||
      // Or when the catalog does not name the recommended material for the setting and the search found the
      // recommendation by no word of it ("Looking for a recommendation: which wallcovering suits a school?" found
      // the effect recommendation by "look").
      (!q.applications.has(recommended) && !q.named.length && !q.conditions.length && !foundBySetting(index, config, q, outcome, language)));
  if (!found && (!searched || outcome.hits[0].doc.grounding.kind === 'material' || aside)) found = applicationAnswer(config, base, language, q);
  // A recommendation asked for a setting the catalog names as closely for others as for the recommended material
  // ("What would you recommend for a school?"): the recommendation first, then every material intended for it.
  if (
    !found &&
    searched &&
    topGrounding?.kind === 'recommendation' &&
    recommended !== undefined &&
    q.recommendation &&
    closest > 0 &&
    shared &&
    q.applications.get(recommended) === closest
  ) {
    const list = applicationAnswer(config, base, language, q);
    if (list) found = withRecommendation(config, base, language, list, topGrounding.priority);
  }
  // One named material and a question neither the structure nor the search settles: the fact card of
  // what it asks, or "not published" when it asks for what no card holds. (Where the search answers, a
  // word it does not know is more likely a filler, "möchte", than a value asked for.)
  // The search "answers" a question about one material that it found by the name alone too ("Wie
  // lichtecht ist X nach Blauwollskala?" finds X's recommendation): the card decides that as well.
  // Only for a material named in full: a part of a name ("einen Metallic-Effekt") is as often a wish.
  const byName =
    searched &&
    q.named.length === 1 &&
    [q.named[0].name.de, q.named[0].name.en].some((name) => fold(query).includes(fold(name))) &&
    !q.conditions.length &&
    !q.attributes.length &&
    ((topGrounding?.kind === 'material' && topGrounding.materialId === q.named[0].id) ||
      (topGrounding?.kind === 'recommendation' && config.recommendations[topGrounding.priority]?.material_id === q.named[0].id));
  const card =
    !found && (!searched || byName) && q.named.length === 1 && !q.projectSpecific
      ? factDeskFor(index, config).forMaterial(q.named[0], outcome, language, base, byName, namedInFull(query, q.named[0]))
      : null;
  if (card) {
    if (query.length <= 200) entry.answers.set(key, card);
    return card;
  }
  if (!found && !searched && q.named.length === 1 && !q.unpublished && !q.projectSpecific) {
    found = { ...compose(config, base, { kind: 'material', materialId: q.named[0].id }, language), routed: false };
  }
  const prepared: PreparedAnswer | null = found
    ? { language, routed: found.routed, answer: found.answer, results: found.results, kind: found.routed ? 'routed' : 'catalog' }
    : null;
  if (query.length <= 200) entry.answers.set(key, prepared);
  return prepared;
}

/** Whether the question names the material in full: its name, or the name before its comma or without its closing number. */
function namedInFull(query: string, material: CatalogMaterial): boolean {
  const asked = fold(query);
  return [material.name.de, material.name.en].some((name) => [name, name.split(',')[0], name.replace(/\s\d+$/, '')].some((form) => asked.includes(fold(form))));
}

/** A question as read: the words answered, their language, what the search finds, and their structure. */
interface ReadQuestion {
  asked: string;
  language: Lang;
  outcome: SearchOutcome;
  structure: QuestionStructure;
}

/** The question as the answer reads it: synonyms replaced, a follow-up completed, its language and what the search finds. */
function readQuestion(
  index: AnswerIndex,
  reader: QuestionReader,
  query: string,
  context: AskContext,
  answered: (question: string, earlier: string[]) => PreparedAnswer,
): ReadQuestion {
  // A follow-up whose own words tell no language ("und A2?") is in the conversation's, the question before's.
  const previous = context.previous ?? [];
  const undecidedLanguage = index.detectLanguage(query, 'de') !== index.detectLanguage(query, 'en');
  if (previous.length && undecidedLanguage)
    context = { ...context, acceptLanguage: index.detectLanguage(previous[previous.length - 1], context.acceptLanguage) };
  // The staff's synonyms count for the search as well as for the structure, in the question's language.
  const questionLang = index.detectLanguage(query, context.acceptLanguage);
  let asked = withoutAsker(index, reader.rewrite(expandShorthand(query), questionLang), questionLang);
  // A follow-up that names no material ("and how heavy is it?") is about the latest one named before:
  // by an earlier question, else by the previous answer ("which is PVC-free?" – "how wide is that one?");
  // one that compares a single named material ("and the difference to X?") compares it with that one.
  const readAsked = asked;
  const read = previous.length ? reader.read(asked) : undefined;
  // So is one whose only material is what it likens something to ("Also 3,20 m wie beim Vinyl auf Vlies, oder?").
  // So is one that compares a single named material by a comparative ("and the textile one, is that wider or narrower?").
  if (read && (read.named.length === 0 || (read.named.length === 1 && (read.comparison || read.comparative || read.likened.length === 1)))) {
    const lang = questionLang;
    let earlier = [...previous]
      .reverse()
      .map((text) => reader.read(text).named)
      .find((named) => named.length > 0);
    // A follow-up that asks for a choice itself ("Was würden Sie im Gruppenraum nehmen, wenn es ohne Vinyl
    // sein soll?" after "Wir planen eine Kita"): the earlier question's setting and this question together.
    // "Is it washable though?": a yes/no on "it" is about the material named before, not a new choice.
    // The pronoun may follow the asker ("Kann ich die auch im Bad nehmen?", "Can we use it …").
    const said = tokensOf(asked);
    const words = withoutLeading(said);
    // So is "it" as the verb's object ("do you have it in stock?").
    const aboutIt =
      read.yesNo &&
      (REFERS_BACK.has(words[1] ?? '') ||
        (ASKERS.has(words[1] ?? '') && REFERS_BACK.has(words[2] ?? '')) ||
        words.slice(1, 4).some((w) => OBJECT_PRONOUNS.has(w)));
    // A next step ("Kann mich dazu jemand anrufen?") is about the material chosen before, not a new choice.
    const choosing =
      read.named.length === 0 &&
      !aboutIt &&
      !read.those &&
      !read.step &&
      // An attribute said as a wish beside a stated need ("mit warmer, textiler Oberfläche – und es hallt. Was passt da?") chooses too.
      (read.attributes.every((a) => a === 'applications') || (read.conditions.length > 0 && read.recommendation)) &&
      !read.superlative &&
      !read.comparative;
    const last = previous[previous.length - 1];
    // "great, where do I request one?" after "Do you do samples of X?": the step asked before, requested now.
    if (
      !read.step &&
      !read.named.length &&
      !read.conditions.length &&
      read.attributes.every((a) => a === 'applications') &&
      said.some((w) => REQUESTS.has(w)) &&
      reader.read(last).step
    ) {
      asked = `${last} ${asked}`;
      earlier = [];
    }
    if (!earlier && choosing && (read.conditions.length > 0 || read.asksMaterial || read.recommendation || reader.read(last).conditions.length > 0)) {
      asked = `${last} ${asked}`;
      earlier = [];
    }
    if (!earlier) {
      // Only the previous answer itself (read without its own earlier questions): one more answer at most.
      const last = answered(previous[previous.length - 1], []);
      // A recommendation is a material too ("Wir empfehlen X … ebenfalls: Y, Z" – "welches davon …").
      const ids = last.routed ? [] : [...new Set(last.results.filter((r) => r.kind === 'material' || r.kind === 'recommendation').map((r) => r.id))];
      const materials = ids.map((id) => reader.material(id)).filter((m) => m !== undefined);
      earlier = read.those ? materials : materials.slice(0, 1);
      // "Und kostet der was?" after "Was ist der Wallcheck?": a pronoun for the company fact answered before, asked with that question.
      // Not an act asked of us ("Sagen Sie mir verbindlich zu, dass die Ware … da ist"): that is routed.
      if (
        !materials.length &&
        !last.routed &&
        last.results[0]?.kind === 'company_fact' &&
        !read.conditions.length &&
        !(read.action && read.projectSpecific) &&
        refersBack(asked)
      )
        asked = `${previous[previous.length - 1]} ${asked}`;
    }
    const others = (earlier ?? []).filter((m) => !read.named.includes(m));
    if (others.length && (read.named.length === 0 || others.length === 1 || read.those)) asked = `${others.map((m) => m.name[lang]).join(', ')}: ${asked}`;
  }
  // A follow-up of a material's name alone ("und das Glasfasergewebe?" after "Wie breit ist Vlies FR B1?")
  // asks the question before of that material.
  if (read && read.named.length === 1 && !read.yesNo && namesOnly(index, asked, read.named[0], questionLang)) {
    const last = previous[previous.length - 1];
    const before = reader.read(last).named;
    const replaced = before.length === 1 ? withName(last, before[0], read.named[0]) : undefined;
    if (replaced) asked = replaced;
  }
  // The person an assistant asks for ("Mit welcher Lieferzeit muss mein Kunde rechnen?"): their word finds no fact.
  const asks = index.ask(asked.replace(ASKERS_PRINCIPAL, '$1'), context.acceptLanguage);
  let { language } = asks;
  const { outcome } = asks;
  // A question of material names and neutral words ("X vs Y?") is in the language of the names.
  const named = reader.nameLanguage(asked);
  // A question of other words is in theirs, whatever language the names are in ("Is the Öko-Vlies PVC-frei also plasticiser-free?").
  if (named) {
    const rest = index.detectLanguage(named.rest, 'de');
    language = rest === index.detectLanguage(named.rest, 'en') ? rest : named.lang;
  }
  return { asked, language, outcome, structure: read && asked === readAsked ? read : reader.read(asked) };
}

/** Who the asker says they are ("Wir sind Raumausstatter und …", "I'm a shopfitter, …"): the word that says it. */
const ASKER_SAYS = /\b(?:wir sind|ich bin|we are|we're|i am|i'm)\s+(?:(?:ein|eine|einer|a|an)\s+)?([\p{L}-]{3,40})(?=\s*(?:und\b|and\b|[,.;:–]))/giu;

/**
 * The question without who the asker says they are, when no document knows that word ("Wir sind Raumausstatter und
 * möchten …"): an unknown word of the asker lowers how well the facts cover the question. A known one stays ("Wir sind
 * eine Hotelgruppe": a setting).
 */
function withoutAsker(index: AnswerIndex, question: string, lang: Lang): string {
  return question.replace(ASKER_SAYS, (said, word: string) => (index.tokenize(word, lang).some((t) => index.knows(t, lang)) ? said : ''));
}

/** Asking who, and whom: "Wer seid ihr?", "who are you". */
const WHO = new Set(['wer', 'who']);
const ADDRESSEE = new Set(['ihr', 'sie', 'du', 'you', 'euch', 'ihnen', 'seite', 'webseite', 'website', 'site']);

/** Who asks, or a reflexive, between the verb and the pronoun of a yes/no ("Kann ich die …", "Lässt sich das …", "Can we use it"). */
const ASKERS = new Set(tokensOf('ich, wir, man, sich, i, we, you'));

/** The verbs that state what something is ("X ist …", "X is …"). */
const COPULAS = new Set(tokensOf('ist, sind, is, are'));

/** Whether a question has a pronoun for what came before: a word of REFERS_BACK, not "Sie" inside a sentence, which addresses us ("sagen Sie mir …"). */
function refersBack(question: string): boolean {
  const words = question.split(/[\s,.;:!?]+/).filter(Boolean);
  return words.some((w, i) => REFERS_BACK.has(fold(w)) && !(w === 'Sie' && i > 0));
}

/** Asking to be given something ("request", "anfordern"): after a step, that step again. */
const REQUESTS = new Set(tokensOf(both(REQUEST_WORDS)));

/** Pronouns that stand only for a thing named before ("it", "es"), wherever they follow the verb. */
const OBJECT_PRONOUNS = new Set(tokensOf('it, es'));

/** Whether a question's words are only the material's name (its words in either language, stop words aside). */
function namesOnly(index: AnswerIndex, asked: string, material: CatalogMaterial, lang: Lang): boolean {
  // Umlauts written out or left off ("oeko vlies") are the name's own.
  const plain = (term: string) => fold(term).replace(/([aou])e/g, '$1');
  const terms = index.tokenize(asked, lang).map(plain);
  const name = new Set([...index.tokenize(material.name.de, lang), ...index.tokenize(material.name.en, lang)].map(plain));
  return terms.length > 0 && terms.every((t) => name.has(t));
}

/** A question with one material's name in the other's place; undefined when it does not name it so. */
function withName(question: string, from: CatalogMaterial, to: CatalogMaterial): string | undefined {
  const lower = question.toLowerCase();
  // The full name, or its part before a comma ("Contract vinyl Type II" of "…, textile-backed").
  for (const lang of ['de', 'en'] as const) {
    for (const name of new Set([from.name[lang], from.name[lang].split(',')[0]])) {
      const at = lower.indexOf(name.toLowerCase());
      if (at >= 0) return `${question.slice(0, at)}${to.name[lang]}${question.slice(at + name.length)}`;
    }
  }
  return undefined;
}

/**
 * A next step the question asks for with nothing to choose and nothing else the data answers ("Wie komme
 * ich an Materialmuster?"): how that step is done, rather than a refusal. Only when neither the search
 * nor a card answers, so a question with a second part keeps the answer that covers both.
 */
function stepFact(index: AnswerIndex, config: SiteConfig, base: string, language: Lang, q: QuestionStructure): PreparedAnswer | null {
  if (!q.step || q.named.length || q.conditions.length || q.unpublished || q.projectSpecific) return null;
  const fact = factPart(index, config, base, q.step, language);
  return { language, routed: false, answer: fact.answer, results: fact.results, kind: 'fact' };
}

/** A company fact (a next step's too), composed once per revision, base and language like the search's parts (its key is the fact document's). */
const factPart = (index: AnswerIndex, config: SiteConfig, base: string, fact: FactId, lang: Lang): Composed =>
  partFor(index, base, `fact:${fact}`, lang, () => compose(config, base, { kind: 'fact', fact }, lang));

/** The refusal that only routes, composed once per revision, base and language. */
const routingPart = (index: AnswerIndex, config: SiteConfig, base: string, lang: Lang): Composed =>
  partFor(index, base, 'routing', lang, () => composeRouting(config, base, lang));

/** A routed answer with only the contact point: a refusal, which says what is not published. */
const isRefusal = (prepared: PreparedAnswer) => prepared.routed && prepared.results.length === 1 && prepared.results[0].id === 'contact';

/**
 * A next-step question answered with something else first (the materials for its setting, a comparison):
 * the step comes first, with its link, and that answer after it ("Wir möchten das Projekt anfragen:
 * Seniorenresidenz, 25 Flure. Wie geht es los?"). Named materials are answered so by the structure.
 */
function stepFirst(index: AnswerIndex, config: SiteConfig, base: string, q: QuestionStructure, prepared: PreparedAnswer): PreparedAnswer {
  if (!q.step || prepared.routed || q.named.length || q.unpublished || q.projectSpecific) return prepared;
  const step = factPart(index, config, base, q.step, prepared.language);
  const known = new Set(prepared.results.map((r) => r.id));
  if (known.has(step.results[0].id)) return prepared;
  return {
    language: prepared.language,
    routed: false,
    kind: prepared.kind,
    answer: `${step.answer} ${prepared.answer}`,
    results: [...step.results, ...prepared.results.filter((r) => !step.results.some((s) => s.id === r.id))],
  };
}

export function prepareAnswer(site: SiteState, query: string, context: AskContext): PreparedAnswer {
  const prepared = prepareFor(site, query, context);
  if (!context.previous?.length) return prepared;
  // "Und samstags?" after "Wann ist die Hotline besetzt?": whether the line is staffed at the time the follow-up names.
  const line = lineVerdict(site.config, tokensOf(query), prepared);
  return line ? { ...prepared, answer: `${line} ${prepared.answer}` } : prepared;
}

function prepareFor(site: SiteState, query: string, context: AskContext): PreparedAnswer {
  const index = indexFor(site.revision, site.config);
  const read = readFor(site, query, context);
  const preparation = preparationAnswer(index, site.config, context.publicBase, read);
  if (preparation) return preparation;
  const prepared = answerRead(site, read, context);
  const previous = context.previous ?? [];
  const q = read.structure;
  // A follow-up the data does not answer on its own ("ab wann zählt das denn?" after "Wie lange dauert die
  // Lieferung?") is asked together with the question before it; kept only when that is answered.
  if (previous.length && !q.unpublished && !q.projectSpecific && isRefusal(prepared)) {
    const joined = `${previous[previous.length - 1]} ${query}`;
    if (joined.length <= MAX_QUERY_LENGTH) {
      const again = prepareAnswer(site, joined, { ...context, previous: previous.slice(0, -1) });
      if (!again.routed) return again;
    }
  }
  // A follow-up that names no material and asks a company fact ("Und die Druckdatei, wie kommt die zu Ihnen?" after
  // "Wie bestelle ich Vinyl auf Vlies 300?"): the fact, not the card of the material it was read with.
  if (
    previous.length &&
    !prepared.routed &&
    prepared.kind === 'catalog' &&
    q.named.length &&
    !q.step &&
    !q.action &&
    !q.attributes.length &&
    !q.conditions.length
  ) {
    const alone = prepareAnswer(site, query, { ...context, previous: [] });
    if (!alone.routed && alone.kind === 'fact' && !readFor(site, query, { ...context, previous: [] }).structure.named.length) return alone;
  }
  // The part of the question asked alone, kept only when it gives a company fact: what the rest says of a
  // material or a project is not that part's to drop.
  const factOf = (part: string | undefined): PreparedAnswer | undefined => {
    if (part === undefined) return undefined;
    const again = prepareAnswer(site, part, context);
    return !again.routed && again.kind === 'fact' ? again : undefined;
  };
  // A question after sentences of context ("Wir sind Raumausstatter und geben die Ware weiter. Können Sie
  // ohne Logo verschicken?"): the asking sentence alone, whose words the context no longer outweighs.
  // Then the clause that asks, after a colon or a dash too ("…, but before I dig into that: what hours can I reach you?").
  // Only for the refusal that says nothing else: "Ob wir nach Basel liefern, ist nicht veröffentlicht" has answered.
  const unanswered = isRefusal(prepared) && prepared.answer === routingPart(index, site.config, context.publicBase, prepared.language).answer;
  if (!q.unpublished && !q.projectSpecific && unanswered) {
    for (const asking of new Set([askingSentence(query), askingClause(query)])) {
      const fact = factOf(asking);
      if (fact) return fact;
    }
    // The question before a closing clause of circumstance, when its fact settles it yes or no.
    const main = factOf(beforeCircumstance(query));
    if (main && SAYS_YES_NO.test(main.answer)) return main;
  }
  const desk = factDeskFor(index, site.config);
  // "What should I have ready before I get in touch?": what comes first is the clause asked, when that clause
  // is a company fact; the "before" clause only says when (time questions have their own reading of it).
  // Not of a yes/no, whose "before" clause is what it asks ("Can I upload the files before the order is confirmed?").
  if ((!prepared.routed || unanswered) && choosesNoMaterial(q) && !q.yesNo && !desk.asksTime(query)) {
    const fact = factOf(beforeMain(query));
    if (fact) return fact;
  }
  // A time asked after context that names a setting ("Wir planen eine Fototapete fürs Foyer, aber vorher: bis wann
  // ist jemand am Telefon?"): the clause that asks chooses no material, so the time it asks answers.
  if (!prepared.routed && prepared.kind === 'catalog' && !q.named.length) {
    const clause = askingClause(query);
    if (clause !== undefined && desk.asksTime(clause)) {
      const asked = readFor(site, clause, { ...context, previous: [] }).structure;
      const fact = choosesNoMaterial(asked) && !asked.asksMaterial ? factOf(clause) : undefined;
      if (fact) return fact;
    }
  }
  return yesNoFirst(index, site.config, q, read.outcome, stepFirst(index, site.config, context.publicBase, q, prepared));
}

/**
 * What to have ready for an enquiry or a quote ("Was brauchen Sie von mir für ein Angebot?"): the FAQ entry that
 * says so, before the price words of "Angebot" route it; for a named material, opened with its name. Not with
 * another step asked (a sample, the file check, a call) or a value the data does not publish.
 */
function preparationAnswer(index: AnswerIndex, config: SiteConfig, base: string, read: ReadQuestion): PreparedAnswer | null {
  const q = read.structure;
  if (!q.prepares || (q.step && q.step !== 'ordering') || q.unpublished) return null;
  const lang = read.language;
  const faq = factDeskFor(index, config).preparation(lang, base);
  if (!faq || !q.named.length) return faq;
  const materials = q.named.map((m) => materialResult(config, base, m, lang));
  return { ...faq, answer: `${say(lang, 'Für', 'For')} ${namesOf(q.named, lang)}: ${faq.answer}`, results: [...faq.results, ...materials] };
}

/**
 * A yes/no about the company answered with one of its facts ("Kann unser Assistent direkt bestellen?" –
 * "Es gibt keine Bestellschnittstelle …"): the fact with "Ja" or "Nein" first, when it settles which.
 */
function yesNoFirst(index: AnswerIndex, config: SiteConfig, q: QuestionStructure, outcome: SearchOutcome, prepared: PreparedAnswer): PreparedAnswer {
  // A fact, or a company fact a step put first with nothing but the contact point after it.
  const companyFact = prepared.kind === 'fact' || prepared.results.every((r) => r.kind === 'company_fact' || r.id === 'contact');
  if (!q.yesNo || q.negatedQuestion || q.named.length || prepared.routed || !companyFact) return prepared;
  // Decided once per question and fact (it tokenizes the fact): a repeated question is one lookup.
  let verdicts = verdictsByIndex.get(index);
  if (!verdicts) verdictsByIndex.set(index, (verdicts = new Memo(STRUCTURED_PER_INDEX)));
  const key = `${prepared.language}\n${q.words.join(' ')}\n${prepared.answer}`;
  let opening = verdicts.get(key);
  if (opening === undefined) {
    opening = factVerdict(config, q.words, outcome.terms, prepared, (text) => index.tokenize(text, prepared.language)) ?? '';
    if (key.length <= 4000) verdicts.set(key, opening);
  }
  return opening ? { ...prepared, answer: `${opening} ${prepared.answer}` } : prepared;
}

/** The yes/no openings of company facts, per index (so per configuration revision); bounded. */
const verdictsByIndex = new WeakMap<AnswerIndex, Memo<string, string>>();

/** Whether a question names nothing that chooses among materials: no material, condition, setting or extreme. */
const choosesNoMaterial = (q: QuestionStructure) => !q.named.length && !q.conditions.length && !q.applications.size && !q.superlative;

const CLOSES_CLAUSE = new Set([',', ':', ';']);

/**
 * The clause a "before" clause goes with: the words before it ("…, bevor ich mich melde?"), or those after
 * the punctuation that closes a leading one ("Bevor ich die Anfrage abschicke: was brauche ich?").
 */
function beforeMain(query: string): string | undefined {
  const words = query.split(' ').filter((w) => w.length > 0);
  const at = words.findIndex((w) => BEFORE.has(tokensOf(w)[0] ?? ''));
  if (at < 0) return undefined;
  if (at > 0) return at >= 3 ? `${words.slice(0, at).join(' ').replace(/,$/, '')}?` : undefined;
  const end = words.findIndex((w) => CLOSES_CLAUSE.has(w.slice(-1)) || w === '–');
  return end > 0 && words.length - end > 3 ? words.slice(end + 1).join(' ') : undefined;
}

/** The question before a closing clause of circumstance ("Kann mein Agent bestellen, wenn ich ihm das Budget freigebe?"). */
function beforeCircumstance(query: string): string | undefined {
  const at = query.lastIndexOf(',');
  if (at <= 0 || !query.trimEnd().endsWith('?') || !CIRCUMSTANCE.has(tokensOf(query.slice(at + 1))[0] ?? '')) return undefined;
  return `${query.slice(0, at).trim()}?`;
}

/** The last sentence that asks (ends in "?") of a question of two or more sentences; undefined for one sentence. */
function askingSentence(query: string): string | undefined {
  const sentences = query.split(/(?<=[.!?])\s+/).filter((s) => s.trim());
  if (sentences.length < 2) return undefined;
  return sentences.findLast((s) => s.includes('?'));
}

/** The question as read, memoized: reading (synonyms, follow-up, language, search) depends on the question, the client's language and the earlier questions only. */
function readFor(site: SiteState, query: string, context: AskContext): ReadQuestion {
  const index = indexFor(site.revision, site.config);
  const entry = structuredFor(index, site.config);
  const readKey = `${context.acceptLanguage ?? ''}\n${(context.previous ?? []).join('\n')}\n${query}`;
  let read = entry.reads.get(readKey);
  if (!read) {
    read = readQuestion(index, entry.reader, query, context, (question, earlier) => prepareAnswer(site, question, { ...context, previous: earlier }));
    if (readKey.length <= 2000) entry.reads.set(readKey, read);
  }
  return read;
}

function answerRead(site: SiteState, read: ReadQuestion, context: AskContext): PreparedAnswer {
  const config = site.config;
  const index = indexFor(site.revision, config);
  const base = context.publicBase;
  const { asked, language, outcome } = read;
  const desk = factDeskFor(index, config);
  // A country or place the data does not name, a product not made, a claim to check: before the structure.
  // A claim that one named material meets a need or a class ("X ist doch nichtbrennbar, oder?") is the
  // structure's yes/no; "confirm" in a claim ("Can you confirm X is A2?") commits to nothing.
  const onNeed = read.structure.named.length === 1 && read.structure.conditions.some((c) => c.kind === 'need' || c.kind === 'fire_class' || c.kind === 'scale');
  // Asked only to confirm something of one named material ("X ist scheuerbeständig, können Sie mir das kurz bestätigen?"): a claim.
  const confirmsClaim = read.structure.confirms && read.structure.named.length === 1;
  // Whether it puts a claim (a scan of the question), decided at most once and only where it matters.
  let claim: boolean | undefined;
  const asserts = () => (claim ??= desk.asserts(asked));
  const claimed = read.structure.action && (confirmsClaim || (onNeed && asserts()));
  // A claim that it meets a need, put as a statement with a tag ("X is approved for escape routes, so we can use it, yes?"), is a yes/no too.
  // So is one stated without any question ("X ist schwer entflammbar, also dürfen wir es im Fluchtweg verwenden."),
  // not a request ("Nennen Sie mir die Einsatzbereiche des schwer entflammbaren X."), which states nothing.
  const stated = !asked.includes('?') && read.structure.words.some((w) => COPULAS.has(w));
  const structure =
    claimed || (onNeed && !read.structure.yesNo && !read.structure.action && (asserts() || stated))
      ? { ...read.structure, action: false, yesNo: true }
      : read.structure;
  const claimOnNeed = onNeed && !structure.action;
  const attributes = [...structure.attributes, ...structure.conditions.flatMap((c) => (c.kind === 'numeric' ? [c.numeric.attribute] : []))];
  const acts = structure.action && !structure.confirms;
  const lists = !structure.yesNo && !structure.named.length && structure.asksMaterial && structure.conditions.length > 0;
  const early = desk.before(asked, outcome, language, base, { onNeed: claimOnNeed, named: structure.named, attributes, yesNo: structure.yesNo, acts, lists });
  if (early) return early;
  const structured = structuredAnswer(index, config, base, asked, language, outcome, structure, asserts);
  // A routed answer with only the contact point is a refusal: it says what is not published.
  if (structured && isRefusal(structured)) return desk.refusal(asked, language, base, outcome, structure.named);
  if (structured) return structured;
  const top = outcome.hits[0];
  if (structure.unpublished && top && desk.foundByUnpublished(top.matched, language)) return desk.refusal(asked, language, base, outcome);
  // A value the data does not publish, asked of no material, that only the overview matches ("whats the minimum order
  // quantity for a custom mural?" found the company by "order", "custom", "mural"): not published.
  if (structure.unpublished && !structure.named.length && top && isOverview(top)) return desk.refusal(asked, language, base, outcome);
  const circumstance = desk.timeAfterCircumstance(asked, language, base);
  if (circumstance) return circumstance;
  // "Wer seid ihr?", "Who are you?": nothing but who is asked of whom it asks, so the company answers.
  // What is behind the site ("Wer steckt hinter dieser Seite?") and a clause after a comma ("in a sentence") ask nothing else.
  const who = structure.words.some((w) => WHO.has(w)) && structure.words.some((w) => ADDRESSEE.has(w));
  const behind = who ? new Set(index.tokenize(both(BEHIND_WORDS), language)) : undefined;
  if (behind && index.tokenize(asked.split(',')[0], language).every((t) => behind.has(t))) {
    const company = factPart(index, config, base, 'company', language);
    return { language, routed: false, answer: company.answer, results: company.results, kind: 'fact' };
  }
  if (!searchAnswers(outcome)) {
    // Retrieval before refusal: the fact cards answer what the search does not cover well enough,
    // unless the question asks what only an advisor settles (a price, a date).
    const advisorOnly = top && (isProjectSpecific(top) || asksProjectSpecifics(outcome, top));
    return (
      // A step the question names is its answer unless the question itself asks what only an advisor settles.
      (advisorOnly ? null : desk.retrieve(asked, outcome, language, base)) ??
      stepFact(index, config, base, language, structure) ??
      desk.refusal(asked, language, base, outcome, structure.named)
    );
  }
  if (undecided(outcome, config)) {
    const overview = partFor(index, base, 'recommendations', language, () => composeRecommendations(config, base, language));
    return { language, routed: false, answer: overview.answer, results: overview.results, kind: 'catalog' };
  }
  // One material named and the search's best document the catalog overview (found by words such as
  // "wallpaper"): the question is about that material, so its card answers, not the list of all.
  const only = top.doc.grounding.kind === 'catalog' && structure.named.length === 1 ? structure.named[0] : undefined;
  if (only) {
    const card = partFor(index, base, `material:${only.id}`, language, () => compose(config, base, { kind: 'material', materialId: only.id }, language));
    return { language, routed: false, answer: card.answer, results: card.results, kind: 'catalog' };
  }
  const second = complement(outcome, top);

  const main = partFor(index, base, top.doc.key, language, () => compose(config, base, top.doc.grounding, language));
  const score = Number(top.score.toFixed(4));
  const kind = kindOf(top);
  if (!second) return { language, routed: false, answer: main.answer, results: main.results, score, kind };
  const more = partFor(index, base, second.doc.key, language, () => compose(config, base, second.doc.grounding, language));
  const known = new Set(main.results.map((r) => r.id));
  // Only when it adds a source of its own (a recommendation of the same material adds nothing).
  if (known.has(more.results[0]?.id ?? '')) return { language, routed: false, answer: main.answer, results: main.results, score, kind };
  return {
    language,
    routed: false,
    kind,
    answer: `${main.answer} ${more.answer}`,
    results: [...main.results, ...more.results.filter((r) => !known.has(r.id))],
    score,
  };
}

/** Whether the search's best document matched a word of the applications the question names. */
function foundBySetting(index: AnswerIndex, config: SiteConfig, q: QuestionStructure, outcome: SearchOutcome, lang: Lang): boolean {
  // Only the application phrases the question says whole: "lounge area" names "lounges", not "Reception areas".
  const terms = new Set(outcome.terms);
  const words = new Set(
    config.materials
      .filter((m) => q.applications.has(m.id))
      .flatMap((m) => `${m.applications.de}, ${m.applications.en}`.split(','))
      .map((phrase) => index.tokenize(phrase, lang))
      .filter((phrase) => phrase.length > 0 && phrase.every((t) => terms.has(t)))
      .flat(),
  );
  return (outcome.hits[0]?.matched ?? []).some((t) => words.has(t));
}

/** The results as the answer lists them: the first with its score as its last member, when it has one. */
function answerResults(prepared: PreparedAnswer): AskResult[] {
  const { results, score } = prepared;
  return score === undefined ? results : [{ ...results[0], score }, ...results.slice(1)];
}

/** Each result of the answer as JSON (the stream sends them one by one); with the "answer-json" speed trick, from cached parts. */
export function answerResultsJson(prepared: PreparedAnswer, fast: boolean): string[] {
  return fast ? fastResultsJson(prepared) : answerResults(prepared).map((result) => JSON.stringify(result));
}

/** The answer as JSON, its members in schema order; with the "answer-json" speed trick, the same bytes written from cached parts. */
export function answerJson(query: string, prepared: PreparedAnswer, fast: boolean): string {
  if (fast) return fastAnswerJson(query, prepared);
  const answer: AskAnswer = {
    _meta: { response_type: 'answer', version: INTERFACE_VERSION },
    query,
    language: prepared.language,
    answer: prepared.answer,
    routed: prepared.routed,
    results: answerResults(prepared),
  };
  return JSON.stringify(answer);
}
