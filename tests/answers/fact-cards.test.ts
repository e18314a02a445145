import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SiteState, defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { indexFor } from '../../plugin/sidecar/answers/search.js';
import { prepareAnswer, type PreparedAnswer } from '../../plugin/sidecar/answers/answer.js';
import { expandShorthand, tokensOf, wordMatches } from '../../plugin/sidecar/answers/lexicon.js';
import { factTexts } from '../../plugin/sidecar/answers/documents.js';
import { buildCards, type FactCard } from '../../plugin/sidecar/answers/facts/cards.js';
import { CardIndex } from '../../plugin/sidecar/answers/facts/match.js';
import { CARD_THRESHOLD, factDeskFor } from '../../plugin/sidecar/answers/facts/index.js';
import { QuestionReader } from '../../plugin/sidecar/answers/understand.js';
import { FACT_WORDING, type FactId } from '../../plugin/sidecar/answers/vocabulary.js';
import { gradeAnswer, type AnswerBody, type EvalQuestion } from '../../scripts/bench/lib/ask-eval.mjs';

// Issue 28, point 3: retrieval before refusal. Fact cards for every company fact, text section and
// material attribute; a refusal says what is not published; no stand-in; a false fact is corrected.
const context = { publicBase: 'https://tapeten.example' };
const ask = (site: SiteState, query: string): PreparedAnswer => prepareAnswer(site, query, context);
const card = (cards: FactCard[], id: string) => cards.find((c) => c.id === id);

describe('fact cards', () => {
  const config = defaultConfig();
  const cards = buildCards(config);

  it('has every company and process fact as a card in both languages, with the configuration text', () => {
    const texts = factTexts(config);
    for (const fact of (Object.keys(FACT_WORDING) as FactId[]).filter((f) => f !== 'project_specific')) {
      const found = card(cards, `fact:${fact}`);
      expect(found, fact).toBeDefined();
      expect(found!.text).toEqual(texts[fact]);
      expect(found!.text.de.length * found!.text.en.length, fact).toBeGreaterThan(0);
    }
    for (const step of config.company.workflow) {
      const found = card(cards, `workflow:${step.step}`)!;
      expect(found.text.de).toContain(step.description.de);
      expect(found.text.en).toContain(step.description.en);
    }
  });

  it('has every text section of the discovery documents as a card: summary and FAQ entries', () => {
    expect(card(cards, 'document:summary')!.text).toEqual(config.discovery.summary);
    for (const entry of config.discovery.faq) expect(card(cards, `faq:${entry.id}`)!.text).toEqual(entry.answer);
  });

  it('has a card per material attribute, its value taken from the catalog', () => {
    for (const material of config.materials) {
      const weight = card(cards, `material:${material.id}:weight`)!;
      expect(weight.text.de).toContain(`${material.weight_g_m2} g/m²`);
      expect(weight.text.en).toContain(material.name.en);
      expect(card(cards, `material:${material.id}:base_material`)!.text.en).toContain(material.base_material.en);
    }
    const changed = defaultConfig();
    changed.materials[0].weight_g_m2 = 777;
    expect(card(buildCards(changed), `material:${changed.materials[0].id}:weight`)!.text.en).toContain('777 g/m²');
  });

  it('scores the share of the question a card covers; a term no card knows counts against all', () => {
    const sample: FactCard[] = [
      { id: 'a', grounding: { kind: 'catalog' }, text: { de: 'rot blau', en: 'red blue' }, words: { de: '', en: '' } },
      { id: 'b', grounding: { kind: 'catalog' }, text: { de: 'rot', en: 'red' }, words: { de: '', en: '' } },
    ];
    const index = new CardIndex(sample, (text) => text.split(' ').filter(Boolean));
    expect(index.match(['red', 'blue'], 'en')[0]).toMatchObject({ score: expect.closeTo(1, 3), matched: ['red', 'blue'] });
    expect(index.match(['blue'], 'en').map((h) => h.card.id)).toEqual(['a']);
    const withUnknown = index.match(['red', 'blue', 'green'], 'en', undefined, 1, () => false)[0];
    expect(withUnknown.score).toBeLessThan(0.9);
    expect(withUnknown.score).toBeGreaterThan(0.5);
    expect(index.match(['green'], 'en')).toEqual([]);
  });
});

describe('retrieval before refusal', () => {
  it('answers a fact asked in ordinary words from its card, and refuses it when the threshold is not met', () => {
    const site = new SiteState();
    const answered = ask(site, 'Bis wann ist die Hotline bemannt?');
    expect(answered).toMatchObject({ kind: 'fact', card: 'fact:telephone', routed: false, language: 'de' });
    expect(answered.answer).toContain('16:00');
    expect(answered.results.map((r) => r.id)).toContain('company:telephone');
    // Pronouns and light verbs are no topic: "Bis wann geht jemand ans Telefon?" is the phone hours.
    expect(ask(site, 'Bis wann geht bei Ihnen jemand ans Telefon?').answer).toContain('07:00–16:00');

    // The same configuration under a new revision, its desk with a threshold no card reaches.
    const strict = defaultConfig();
    strict.company.name = `${strict.company.name} `;
    const other = new SiteState(strict);
    factDeskFor(indexFor(other.revision, other.config), other.config).threshold = 1.01;
    expect(ask(other, 'Bis wann ist die Hotline bemannt?')).toMatchObject({ kind: 'routed', routed: true });
  });

  it('says what is not published (a price, stock) and routes to the contact form and telephone line', () => {
    const site = new SiteState();
    const price = ask(site, 'Was kosten Ihre Tapeten ungefähr?');
    expect(price).toMatchObject({ kind: 'routed', routed: true });
    expect(price.answer).toContain('Preise sind in unseren Daten nicht veröffentlicht');
    expect(price.answer).toContain('/kontakt/');
    expect(price.results.map((r) => r.id)).toEqual(['contact']);
    const stock = ask(site, 'Is Textured non-woven Sand available right now?');
    expect(stock.routed).toBe(true);
    expect(stock.answer).toMatch(/not published/);
    // Of a named material asked with an order: said of it, the material among the results.
    const ordered = ask(site, 'Is there stock of the Eco non-woven PVC-free, or does it have to be ordered in?');
    expect(ordered.answer).toMatch(/^Eco non-woven PVC-free: Stock and availability are not published/);
    expect(ordered.results.map((r) => r.id)).toEqual(['oeko-vlies-pvc-frei', 'contact']);
  });

  it('says that a country the data does not name is not published, never the delivery time', () => {
    const site = new SiteState();
    const norway = ask(site, 'How long does delivery to Norway take?');
    expect(norway).toMatchObject({ kind: 'routed', routed: true });
    expect(norway.answer).toContain('Whether we deliver to Norway is not published');
    expect(norway.answer).not.toContain('5–7');
    // The company's own country is named by the data: no "not published" about it.
    const config: SiteConfig = defaultConfig();
    config.company.country = 'AT';
    const austrian = ask(new SiteState(config), 'Liefern Sie nach Österreich?');
    expect(austrian.answer).not.toContain('Für Österreich ist in unseren Daten nicht veröffentlicht');
    expect(ask(site, 'Liefern Sie nach Österreich?').answer).toContain('Für Österreich ist in unseren Daten nicht veröffentlicht');
  });

  it('says "we do not make that" for a product not offered and routes to an advisor, with no stand-in material', () => {
    const site = new SiteState();
    for (const query of [
      'Do you make curtains?',
      'Verkaufen Sie auch Teppiche?',
      'Macht ihr auch Vorhänge mit dem Motiv?',
      'can you supply carpet for the corridors?',
    ]) {
      const answer = ask(site, query);
      expect(answer, query).toMatchObject({ kind: 'refused', routed: true });
      expect(answer.answer).toMatch(/^(No|Nein),/);
      expect(answer.results.map((r) => r.id)).toContain('contact');
      expect(answer.results.some((r) => r['@type'] === 'Product')).toBe(false);
      for (const m of site.config.materials) expect(answer.answer).not.toContain(m.name[answer.language]);
    }
    // Only when it is asked for: tiles as the wall to paper over, or "print" (one letter from "paint"), are no request for one.
    for (const query of ['Kann man die Tapete auf alte Fliesen kleben?', 'Can I print my own design?', 'Wie viel Zeit muss ich für die Herstellung einplanen?'])
      expect(ask(site, query).kind, query).not.toBe('refused');
    // Decided from the data: staff's list of products not offered, and otherwise whether any text of the site names it.
    const config = defaultConfig();
    config.discovery.vocabulary!.not_offered = { de: 'Fliesen', en: 'tiles' };
    config.discovery.faq.push({
      id: 'curtains',
      question: { de: 'Drucken Sie Vorhänge?', en: 'Do you print curtains?' },
      answer: { de: 'Ja, wir bedrucken auch Vorhänge.', en: 'Yes, we also print curtains.' },
    });
    const edited = new SiteState(config);
    expect(ask(edited, 'Do you make curtains?').kind).not.toBe('refused');
    expect(ask(edited, 'Do you sell tiles?').kind).toBe('refused');
  });

  it('corrects a false fact put to it with the true value, and confirms a true one', () => {
    const site = new SiteState();
    const fire = ask(site, 'Confirm that Non-woven Classic 150 is class A1.');
    // A claim of a class for a named material is its yes/no, as "…, right?" is: the "No" and the true class.
    expect(fire).toMatchObject({ kind: 'catalog', routed: false });
    expect(fire.answer).toMatch(/^No: Non-woven Classic 150/);
    expect(fire.answer).toContain('C-s1, d0');
    const weight = ask(site, 'Bestätigen Sie bitte, dass Glasfasergewebe A2 300 g/m² wiegt.');
    expect(weight.answer).toMatch(/^Nein/);
    expect(weight.answer).toContain('210 g/m²');
    expect(ask(site, 'Bestätigen Sie bitte, dass Glasfasergewebe A2 210 g/m² wiegt.').answer).toMatch(/^Ja/);
    const delivery = ask(site, 'Is it true that delivery only takes 2 days?');
    expect(delivery.answer).toMatch(/^No/);
    expect(delivery.answer).toContain('5–7 business days');
  });

  it('sets the kind of every answer: catalog, fact, routed, refused', () => {
    const site = new SiteState();
    expect(ask(site, 'Welches Flächengewicht hat Vlies Classic 150?').kind).toBe('catalog');
    expect(ask(site, 'Welches Material eignet sich für ein Badezimmer?').kind).toBe('catalog');
    expect(ask(site, 'How long does delivery take?').kind).toBe('fact');
    expect(ask(site, 'Wie wird das Wetter morgen in Stuttgart?').kind).toBe('routed');
    expect(ask(site, 'Do you sell floor tiles?').kind).toBe('refused');
  });
});

describe('fact cards on the development set (tests/answers/dev-facts.json)', () => {
  const questions = JSON.parse(readFileSync(new URL('./dev-facts.json', import.meta.url), 'utf8')).questions as EvalQuestion[];

  /** Accuracy, and the answers given from a card and how many of them are right, at one threshold. */
  function run(threshold: number, suffix: string) {
    const config = defaultConfig();
    config.company.name += suffix; // a revision of its own, so no memo of another threshold answers
    const site = new SiteState(config);
    factDeskFor(indexFor(site.revision, site.config), site.config).threshold = threshold;
    return questions.map((question) => {
      const prepared = ask(site, question.question);
      const misses = gradeAnswer(question, prepared as unknown as AnswerBody, config.materials);
      return { id: question.id, right: misses.length === 0, card: prepared.card, expectsAnswer: !question.expect.routed };
    });
  }

  it(`answers from cards with a precision of at least 90 % at the chosen threshold (${CARD_THRESHOLD})`, () => {
    const without = run(Number.POSITIVE_INFINITY, ' (without cards)');
    const withCards = run(CARD_THRESHOLD, ' (cards)');
    const fromCards = withCards.filter((r) => r.card);
    const rightFromCards = fromCards.filter((r) => r.right).length;
    // Recall: of the questions the data answers that the engine gets wrong without cards, the share the cards get right.
    const missedWithout = new Set(without.filter((r) => !r.right && r.expectsAnswer).map((r) => r.id));
    const recovered = withCards.filter((r) => r.right && r.card && missedWithout.has(r.id)).length;
    const precision = fromCards.length ? rightFromCards / fromCards.length : 1;
    const right = (rows: { right: boolean }[]) => rows.filter((r) => r.right).length;
    console.log(
      `fact cards at threshold ${CARD_THRESHOLD}: precision ${rightFromCards}/${fromCards.length} (${(100 * precision).toFixed(1)} %), ` +
        `recall ${recovered}/${missedWithout.size} of the answerable questions missed without cards; ` +
        `dev-facts right ${right(withCards)}/${questions.length} with cards, ${right(without)}/${questions.length} without`,
    );
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(right(withCards)).toBeGreaterThan(right(without));
  });
});

describe('question shapes (issue 28): next steps, follow-ups on the previous answer, extremes of a named value', () => {
  const site = new SiteState();
  const ids = (answer: PreparedAnswer) => answer.results.map((r) => r.id);

  it('answers a next step for a named material with that step and its link, the material after it', () => {
    const sample = ask(site, 'Ich hätte gern ein Muster vom Glasfasergewebe A2.');
    expect(sample.answer).toMatch(/^Muster von Glasfasergewebe A2: .*\/kontakt\//);
    expect(ids(sample)).toEqual(expect.arrayContaining(['company:samples', 'glasfaser-a2']));
    const order = ask(site, 'Wir wollen Objektvinyl Typ II bestellen. Wie gehen wir vor?');
    expect(order.answer).toMatch(/^Für Objektvinyl Typ II, textilkaschiert: .*Fachberater/);
    expect(ids(order)).toEqual(expect.arrayContaining(['contact', 'objektvinyl-typ-2']));
    expect(order.routed).toBe(false);
    // Asked to do it (reserve, order, confirm) rather than how: the same step, routed, as only an advisor can.
    const reserve = ask(site, 'Reservieren Sie bitte 300 m² Objektvinyl Typ II für unser Projekt.');
    expect(reserve).toMatchObject({ routed: true });
    expect(ids(reserve)).toEqual(expect.arrayContaining(['contact', 'objektvinyl-typ-2']));
    expect(ask(site, 'I would rather talk to a human. Who do I call?').answer).toContain(site.config.company.telephone.number);
  });

  it('reads a follow-up that names no material as about the previous answer, one material or all of "those"', () => {
    const previous = ['Which of your materials is PVC-free?'];
    const one = prepareAnswer(site, 'and how wide can you print that one?', { ...context, previous });
    expect(one).toMatchObject({ routed: false });
    expect(ids(one)[0]).toBe('oeko-vlies-pvc-frei');
    expect(one.answer).toContain('320 cm');
    const compared = prepareAnswer(site, 'und was ist der Unterschied zum Vlies FR B1?', { ...context, previous: ['Was nehme ich für einen Fluchtweg?'] });
    expect(ids(compared)).toEqual(expect.arrayContaining(['glasfaser-a2', 'vlies-fr-b1']));
    // The previous answer recommends one wet-room material and lists the others: "those" are all three,
    // and the lightest of them is the glass fibre (210 g/m², against 300 and 560).
    const lightest = prepareAnswer(site, 'and which of those is the lightest?', { ...context, previous: ['Which materials are suitable for wet rooms?'] });
    expect(ids(lightest)[0]).toBe('glasfaser-a2');
    expect(lightest.answer).toContain('210 g/m²');
    expect(lightest.answer).not.toContain('560 g/m²');
  });

  it('answers a follow-up that names no material and asks a company fact with the fact, not the material named before', () => {
    const previous = ['Ich hab jetzt Vinyl auf Vlies 300 für unser Bad im Auge – wie bestell ich das?'];
    const files = prepareAnswer(site, 'Und die Druckdatei, wie kommt die dann zu Ihnen?', { ...context, previous });
    expect(files.answer).toMatch(/^Druckdaten werden per FTP/);
    // A step or an order for it is still the material's.
    const order = prepareAnswer(site, 'passt. wie bestell ich das?', { ...context, previous: ['Ist Metallic-Effekt Silber scheuerbeständig?'] });
    expect(order.answer).toMatch(/^Für Metallic-Effekt Silber: /);
  });

  it('lists the materials beyond one named material\'s value ("Welche Materialien sind schwerer als X?"), and compares two named ones', () => {
    const heavier = ask(site, 'Welche Materialien sind schwerer als das Vinyl auf Vlies 300?');
    expect(heavier.answer).toMatch(
      /^Laut Katalog schwerer als 300 g\/m²: Objektvinyl Typ II, textilkaschiert \(560 g\/m²\); Metallic-Effekt Silber \(320 g\/m²\)\./,
    );
    expect(ask(site, 'Ist Vinyl auf Vlies 300 schwerer als Vlies Classic 150?').answer).toMatch(/^Schwerer ist Vinyl auf Vlies 300/);
  });

  it('reads a statement after the asking clause as context, not as what is asked ("… heavier than 300 g/m²? Our installer …")', () => {
    const heavy = ask(site, 'Which of your wallcoverings are heavier than 300 grams per square metre? Our installer prefers the heavy stuff.');
    expect(heavy).toMatchObject({ routed: false });
    expect(heavy.answer).toMatch(/^According to the catalog, heavier than 300 g\/m²: /);
    // Asked, installation still routes.
    expect(ask(site, 'Which of your wallcoverings are heavier than 300 g/m², and can your installer hang them?')).toMatchObject({ routed: true });
  });

  it('reads "those walls" as walls, not the materials named before, and a setting several materials list as theirs', () => {
    const previous = ["Which material would you pick for a dental practice's waiting room?"];
    const stairs = prepareAnswer(site, "And the stairwell next to it is the building's escape route. What goes on those walls?", { ...context, previous });
    expect(stairs.answer).toContain('Glass fibre fabric A2');
    const school = ask(site, 'Something for a school?');
    expect(school.answer).toContain('Contract vinyl Type II');
    expect(school.answer).toContain('Eco non-woven PVC-free');
  });

  it('answers a surface quality asked of a named material from its surface, with no verdict for an either/or', () => {
    expect(ask(site, 'Is the Metallic effect silver glossy or matt?').answer).toMatch(/^Surface of Metallic effect silver: metallic gloss\./);
    expect(ask(site, 'Is the Non-woven Classic 150 glossy?').answer).toMatch(/^No\. Surface of Non-woven Classic 150: smooth, matt\./);
  });

  it('corrects a value claimed of a named material with its own, without the materials that have the claimed one', () => {
    const value = ask(site, 'I heard the Non-woven Classic 150 is rated B-s1, d0, right?');
    expect(value.answer).toMatch(/^No: Non-woven Classic 150 – C-s1, d0/);
    expect(value.answer).not.toContain('B-s1, d0');
    expect(ids(value).filter((id) => site.config.materials.some((m) => m.id === id))).toEqual(['vlies-classic']);
    // A width claimed for a seamless wall: corrected, without the claimed width as a heading of other materials.
    const width = ask(site, "The Textured non-woven Sand comes 280 cm wide, so there'll be no seams on our 2.7 m wall, correct?");
    expect(width.answer).toMatch(/^No: Textured non-woven Sand – 137 cm printable width/);
    expect(width.answer).not.toContain('280 cm');
    // Asked without a claim, the materials that have it follow; a claimed suitability names the one that has it.
    expect(ask(site, 'Is the Non-woven Classic 150 rated B-s1, d0?').answer).toContain('Flame-retardant non-woven FR B1');
    expect(ask(site, 'The sand textured non-woven is fine for an escape corridor, right?').answer).toContain('Glass fibre fabric A2');
  });

  it('asks a follow-up the data does not answer alone together with the question before it, and keeps a refusal that still holds', () => {
    const since = prepareAnswer(site, 'und ab wann wird da gezählt?', { ...context, previous: ['Wie lange brauchen Produktion und Versand?'] });
    expect(since).toMatchObject({ routed: false });
    expect(since.answer).toContain('Freigabe der Druckdaten');
    const how = prepareAnswer(site, 'ok, and how do we send you the file?', { ...context, previous: ['Can you print a photo of our own?'] });
    expect(how.answer).toContain('FTP');
    const price = prepareAnswer(site, 'and what does that cost?', { ...context, previous: ['How long do production and delivery take?'] });
    expect(price).toMatchObject({ routed: true });
    expect(price.answer).toContain('Prices are not published');
  });

  it('reads "can you confirm" with a claim on a named material as the claim to check, and an order to confirm as an order', () => {
    const claim = ask(site, 'The planner wants confirmation that Vlies Classic 150 is flame-retardant B1. Can you confirm?');
    expect(claim.answer).toMatch(/^No: Non-woven Classic 150 – C-s1, d0/);
    const order = ask(site, 'Bitte bestätigen Sie die Bestellung von Vlies Classic 150.');
    expect(order.answer).toMatch(/^Für Vlies Classic 150: .*Bestellschnittstelle/);
  });

  it('reads "lang"/"long" describing a place as no question for a length, and a length asked as not published', () => {
    const corridor = ask(site, 'Unser langer Gang im Altbau ist zugleich Rettungsweg. Welche Tapete ist dort zulässig?');
    expect(ids(corridor)[0]).toBe('glasfaser-a2');
    expect(ask(site, 'How long is a roll?')).toMatchObject({ routed: true });
    expect(ask(site, 'How long is a roll?').answer).not.toContain('business days');
  });

  it('says that staff names and the price of a comparison are not published, and still compares a published value', () => {
    const name = ask(site, 'Wie heißt eigentlich Ihr Fachberater für Kliniken?');
    expect(name).toMatchObject({ routed: true });
    expect(name.answer).toMatch(/^Namen einzelner Mitarbeiter sind in unseren Daten nicht veröffentlicht/);
    const price = prepareAnswer(site, 'and price-wise, how far apart are they?', {
      ...context,
      previous: ['Compare Non-woven Classic 150 and Vinyl on non-woven 300.'],
    });
    expect(price).toMatchObject({ routed: true });
    expect(ask(site, 'How does Vinyl on non-woven 300 stack up against Contract vinyl Type II on cleaning?')).toMatchObject({ routed: false });
  });

  it("gives the catalog's extreme when no material reaches a stated bound", () => {
    const wide = ask(site, 'Welche Materialien sind mindestens 350 cm breit?');
    expect(wide.answer).toMatch(/^Laut Katalog ist kein Material .*Die größte Druckbreite im Katalog: .*320 cm/);
    expect(ids(wide)).toContain('vlies-classic');
    const seamless = ask(site, 'Our lobby wall is 5 m wide and must be seamless, and flame-retardant. What works?');
    expect(seamless.answer).toContain('The widest printable width in the catalog');
  });

  it('answers a next-step question with the step first, whatever answers it after', () => {
    const start = ask(site, 'Wir wollen die Anfrage für ein Hotel mit 40 Zimmern jetzt angehen. Wie geht es los?');
    expect(start.answer.indexOf('/kontakt/')).toBeGreaterThanOrEqual(0);
    expect(ids(start)[0]).toBe('company:ordering');
    expect(ask(site, 'Wie geht es weiter?')).toMatchObject({ routed: false });
    const check = ask(site, 'Can someone make sure our photo is sharp enough for a 3 m wall?');
    expect(check.answer).toContain('/wallcheck');
    // How to get a quote is that step; what a quote will say (its price, by when) is an advisor's.
    const quote = ask(site, 'How do I get a quote?');
    expect(quote).toMatchObject({ routed: false });
    expect(ids(quote)[0]).toBe('company:ordering');
    expect(ask(site, 'What will the quote come to for 60 m²?')).toMatchObject({ routed: true });
    expect(ask(site, 'Can I get a quote for 200 m² by tomorrow?')).toMatchObject({ routed: true });
  });

  it('reads a German question that opens with its verb before a noun as a yes/no ("Dauern Produktion und Lieferung …?")', () => {
    expect(ask(site, 'Dauern Produktion und Lieferung länger als zwei Wochen?').answer).toMatch(/^Nein: .*5–7 Werktagen/);
  });

  it('answers a question for a time from a card that states one, and reads "doesnt" as "does not"', () => {
    expect(ask(site, 'how long till someone from your team writes back').answer).toContain('1 business day');
    // The time of the main clause, not of the circumstance before it (the form names the sample request too).
    expect(ask(site, 'Once I have sent off the contact form, how soon does an advisor reply?').answer).toMatch(/^An advisor responds within 1 business day/);
    expect(ask(site, 'Nachdem wir die Druckdaten freigegeben haben: wie viele Werktage bis zur Lieferung?').answer).toContain('5–7 Werktage');
    expect(tokensOf("doesnt burn, can't stay")).toEqual(['does', 'not', 'burn', 'can', 'not', 'stay']);
  });

  it('reads "the highest"/"the least" with one value as the extreme of that value, and "at least" still as a condition', () => {
    const heaviest = ask(site, 'Welche Tapete hat bei Ihnen das höchste Flächengewicht?');
    expect(ids(heaviest)).toEqual(['objektvinyl-typ-2']);
    expect(heaviest.answer).toContain('560 g/m²');
    const atLeast = ask(site, 'Which materials are at least class B1 under DIN 4102?');
    expect(ids(atLeast).length).toBeGreaterThan(2);
  });

  it('compares, negates and reads claims as the words say', () => {
    const names = (answer: PreparedAnswer) => ids(answer).filter((id) => site.config.materials.some((m) => m.id === id));
    // "better than" a whole Euroclass: better in each part, not the class itself.
    expect(names(ask(site, 'anything better than B-s1, d0?'))).toEqual(['glasfaser-a2']);
    // A limit said after the number, and a comparative that is one typo from a superlative.
    expect(names(ask(site, 'Which materials are printable 310 cm wide or more?')).sort()).toEqual([
      'oeko-vlies-pvc-frei',
      'textil-polyester',
      'vinyl-auf-vlies',
      'vlies-classic',
      'vlies-fr-b1',
    ]);
    expect(names(ask(site, 'Welche Tapeten sind schwerer als 300 g/m²?')).sort()).toEqual(['metallic-effekt', 'objektvinyl-typ-2']);
    expect(names(ask(site, 'Which is the narrowest material?'))).toEqual(['glasfaser-a2']);
    // A negation a few short words before the need.
    const notWet = names(ask(site, "What wallcoverings can't be used in a wet room?"));
    expect(notWet).toContain('vlies-classic');
    expect(notWet).not.toContain('vinyl-auf-vlies');
    // A claim that a named material meets a need gets the structure's "no" with its reason.
    expect(ask(site, 'Vlies Classic ist doch nichtbrennbar, oder?').answer).toMatch(/^Nein: Vlies Classic 150/);
    // Hanging a material somewhere asks whether it suits (not for installation); a preposition is no typo of a need.
    expect(ask(site, 'Are we allowed to hang Textured non-woven Sand in an escape corridor?')).toMatchObject({ routed: false });
    expect(ask(site, 'Ruheraum neben dem Dampfbad, welche Tapete?').answer).not.toContain('Strukturvlies');
  });

  it('answers a yes/no on a company fact with "Nein" when the fact denies it, "Ja" when it states it, and neither to an alternative', () => {
    expect(ask(site, 'Kann unser KI-Assistent bei Ihnen direkt eine Bestellung auslösen?').answer).toMatch(/^Nein: Es gibt keine Bestellschnittstelle/);
    expect(ask(site, 'Können wir unsere Druckdaten per FTP an Sie übertragen?').answer).toMatch(/^Ja: /);
    // A German question that opens with its verb and whom it asks is a yes/no too.
    expect(ask(site, 'Prüfen Sie unsere Druckdaten vor der Produktion kostenlos?').answer).toMatch(/^Ja\b/);
    expect(ask(site, 'Do the 5-7 days start when I place the order or when the print files are approved?').answer).not.toMatch(/^(Yes|No)\b/);
    expect(ask(site, 'Liefert ihr auch am Wochenende?').answer).not.toMatch(/^Ja\b/);
  });

  it('reads "Bedruckt ihr auch …?" as asking for a product, and a German claim said with "doch"/"ja" as a claim to check', () => {
    expect(ask(site, 'Bedruckt ihr auch Vorhänge?')).toMatchObject({ kind: 'refused', routed: true });
    expect(ask(site, 'Bedruckt ihr auch Vorhänge?').answer).toMatch(/^Nein, Vorhänge stellen wir nicht her/);
    const late = ask(site, 'Ihre Hotline ist doch bis 18 Uhr besetzt, dann rufe ich nach der Baustelle an.');
    expect(late.answer).toMatch(/^Nein, das stimmt so nicht: .*16:00/);
    expect(ask(site, 'Ich ruf dann gegen 18 Uhr bei euch an, da seid ihr ja noch erreichbar.').answer).toMatch(/^Nein, das stimmt so nicht/);
  });

  it('answers who the company is with its full name, also asked in nothing but function words', () => {
    for (const question of ['Wer seid ihr?', 'Who are you?', "What's the company's full name?", 'Wer seid ihr und was macht ihr?']) {
      const answer = ask(site, question);
      expect(answer.routed, question).toBe(false);
      expect(answer.answer, question).toContain(site.config.company.name);
    }
    expect(ask(site, 'Wer ist das?').routed).toBe(true);
  });

  it('says "Yes" to whether something free costs nothing, and reads hedges and "selber" as no terms', () => {
    expect(ask(site, 'Is the Wallcheck free of charge?').answer).toMatch(/^Yes: The Wallcheck/);
    expect(ask(site, 'Ist der Wallcheck kostenpflichtig?').answer).toMatch(/^Nein/);
    // "ungefähr" is no "Fähre" (a ship), "selber" no "Silber".
    expect(ask(site, 'wie lange brauchen produktion und versand so ungefähr?').answer).toContain('5–7');
    expect(ids(ask(site, 'Kann ich selber bestellen?'))).not.toContain('metallic-effekt');
    expect(ask(site, 'Ihre Berater melden sich ja erst nach einer Woche zurück, hab ich gehört.').answer).toMatch(/^Nein, das stimmt so nicht/);
  });

  it('reads "Schicken Sie mir ein Angebot für X" as a next step for X', () => {
    const quote = ask(site, 'Schicken Sie mir bitte ein Angebot für Vinyl auf Vlies 300, Motiv haben wir schon.');
    expect(quote.answer).toMatch(/^Der nächste Schritt für Vinyl auf Vlies 300/);
    expect(quote.answer).toContain('/kontakt/');
  });

  it('answers whether a material suits a wall wet all the time with the "no" its wet-room note gives', () => {
    const wet = ask(site, 'Contract vinyl Type II: is it fine on permanently wet surfaces?');
    expect(wet.answer).toMatch(/^No\b/);
    expect(wet.answer).toContain('not for permanently wet surfaces');
    // Wiping damp is cleaning, no wet room.
    expect(ask(site, 'Unser Büro wird regelmäßig feucht gewischt. Ist das Vlies Classic 150 abwaschbar?').answer).toMatch(/^Ja\b/);
  });

  it('reads a part of a material name in a project as a wish for it, not a value asked of it', () => {
    const bar = ask(site, 'A cocktail bar wants a glamorous wall with a metallic sheen that catches the spotlights. What would you print on?');
    expect(bar.routed).toBe(false);
    // The metallic look is a need of the default data since the twelfth session: the material that meets it, first.
    expect(bar.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual(['metallic-effekt']);
    // Named in full, a word the data does not know still asks for a value it does not publish.
    expect(ask(site, "What's the lambda value of Contract vinyl Type II, textile-backed?").answer).toContain('not published');
    expect(ask(site, "Hi, can you just confirm we've ordered 40 m² of the A2 fibreglass fabric?").answer).toContain('advisors');
  });

  it('reads a German word written without umlauts as the word, and says "Nein" when the fact puts after what is asked before', () => {
    const early = ask(site, 'Bekomme ich die FTP-Zugangsdaten schon vor der Auftragsbestaetigung?');
    expect(early.routed).toBe(false);
    expect(early.answer).toMatch(/^Nein: .*nach der Auftragsbestätigung/);
    expect(ask(site, 'Bekomme ich die FTP-Zugangsdaten nach der Auftragsbestätigung?').answer).not.toMatch(/^Nein/);
  });

  it('finds a next step said with particles inside its phrase ("wie fang ich da am besten an?") and a person "on board"', () => {
    const start = ask(site, 'Wandbild mit Waldmotiv fürs Wartezimmer unserer Praxis. Wie fang ich da am besten an?');
    expect(start.answer).toContain('/kontakt/');
    expect(ask(site, 'We have a clinic project coming up. How do we get an advisor on board?').answer).toContain('/kontakt/');
  });

  it('reads another last letter of a short word as another word, not a typo; the way out in a fire as an escape route', () => {
    expect(wordMatches('halle', 'hallt')).toBe(false);
    expect(wordMatches('schalweich', 'schallweich')).toBe(true);
    const names = (answer: PreparedAnswer) => ids(answer).filter((id) => site.config.materials.some((m) => m.id === id));
    expect(names(ask(site, 'Wir gestalten die Eingangshalle einer Stadthalle neu. Die Halle ist zugleich Rettungsweg. Was ist dort zulässig?'))).toEqual([
      'glasfaser-a2',
    ]);
    expect(names(ask(site, 'A mural along the corridor people use to get out of the building in a fire: what are my options?'))).toEqual(['glasfaser-a2']);
    // A fire alone is no escape route: smoke in a fire asks the smoke class of all.
    expect(names(ask(site, 'Welche Materialien entwickeln im Brandfall nur wenig Rauch?')).length).toBeGreaterThan(3);
  });

  it('says "Nein" to the telephone line on a day or at an hour it is not staffed, and nothing at one it is', () => {
    expect(ask(site, 'Kann ich euch auch am Samstag anrufen?').answer).toMatch(/^Nein: .*Mo–Fr 07:00–16:00/);
    expect(ask(site, 'Kann ich Ihre Telefonberatung auch am Samstagvormittag erreichen?').answer).toMatch(/^Nein/);
    expect(ask(site, 'Kann ich euch um 18 Uhr noch anrufen?').answer).toMatch(/^Nein/);
    expect(ask(site, 'Is your phone line open at the weekend?').answer).toMatch(/^No: /);
    expect(ask(site, 'Kann ich euch um 10 Uhr anrufen?').answer).not.toMatch(/^Nein/);
  });

  it('reads asking for a quote in other words as the enquiry step, and links the contact form in the workflow', () => {
    for (const question of ['wie kriegen wir ein angebot', 'Angebot bitte für eine Kita, soll PVC-frei sein.', 'How do we get an offer?']) {
      const answer = ask(site, question);
      expect(answer.answer, question).toContain('/kontakt/');
      expect(ids(answer)[0], question).toBe('company:ordering');
    }
    // "What can you offer?" asks for a material, not a quote.
    expect(ask(site, 'We outfit superyachts and need a printed wallcovering for the crew corridors. What can you offer?').answer).toMatch(
      /^According to the catalog/,
    );
    expect(ask(site, 'How does ordering work with you?').answer).toContain('/kontakt/');
  });

  it('says "Yes" to the telephone line at an hour it is staffed, and "Nein" to a claim its fact denies in a compound', () => {
    expect(ask(site, 'Are you reachable by phone at 7 in the morning on a weekday?').answer).toMatch(/^Yes: /);
    expect(ask(site, 'Mein KI-Agent kann die Bestellung doch automatisch für mich aufgeben, oder?').answer).toMatch(/^Nein, das stimmt so nicht/);
  });

  it('says "Yes" when the fact states what a yes/no asks besides getting and sending, also after "Meldet sich …?"', () => {
    expect(ask(site, 'Do you send out material samples?').answer).toMatch(/^Yes: /);
    expect(ask(site, 'Will an advisor get back to me within one business day?').answer).toMatch(/^Yes: /);
    expect(ask(site, 'Meldet sich ein Berater innerhalb eines Werktags bei mir?').answer).toMatch(/^Ja: /);
    // A surface a need qualifies is a place: the need's answer, not the surface.
    expect(ask(site, 'Contract vinyl Type II: what about permanently wet surfaces, is it ok there?').answer).toMatch(/^No: .*permanently wet/);
  });

  it('answers a yes/no on a surface quality from the published surface, and "wer kann mich beraten?" with a person', () => {
    expect(ask(site, 'Hat das Strukturvlies Sand eine glatte Oberfläche?').answer).toMatch(/^Nein\. Oberfläche von Strukturvlies Sand/);
    expect(ask(site, 'Ist die Oberfläche von Vlies Classic 150 matt?').answer).toMatch(/^Ja\. /);
    const advice = prepareAnswer(site, 'Klingt gut – wer kann mich dazu beraten?', { ...context, previous: ['Ist die Textilwand Polyester schallweich?'] });
    expect(advice.answer).toContain('/kontakt/');
    expect(advice.answer).toContain('Textilwand Polyester');
  });

  it('compares a duration a yes/no asks with the longest the fact states, and reads "Dauert die Lieferung …?" as a yes/no', () => {
    expect(ask(site, 'Liefert ihr innerhalb einer Woche?').answer).toMatch(/^Nein: /);
    expect(ask(site, 'Is delivery within two weeks?').answer).toMatch(/^Yes: /);
    expect(ask(site, 'Can production and delivery be done in 3 business days?').answer).toMatch(/^No: /);
    expect(ask(site, 'Dauern Produktion und Lieferung länger als zwei Wochen?').answer).not.toMatch(/^Ja/);
    expect(ask(site, 'Dauert die Lieferung länger als zwei Wochen?').answer).toMatch(/^Nein: /);
    expect(ask(site, 'Meldet sich ein Berater innerhalb von 2 Werktagen?').answer).toMatch(/^Ja: /);
  });

  it('reads a class code with a digit named alone ("verlangt B1") as a bar to meet, once when words say it too', () => {
    const names = (answer: PreparedAnswer) => ids(answer).filter((id) => site.config.materials.some((m) => m.id === id));
    const both = ask(site, 'Der Vorstand möchte FSC, und der Brandschutz verlangt B1. Welche Tapete erfüllt beides?');
    expect(names(both)).toEqual(['oeko-vlies-pvc-frei']);
    expect(ask(site, 'glasfaser ist b1 oder').answer).toMatch(/^Ja: Glasfasergewebe A2/);
    const low = ask(site, 'Welche Tapeten sind raucharm (s1)?').answer;
    expect(low.match(/s1 \(Rauchentwicklung/g) ?? []).toHaveLength(0);
    expect(names(ask(site, 'List all materials that are at least flame-retardant (B1).'))).toContain('glasfaser-a2');
  });

  it('finds the noun a German verb form stands for ("liefert" - "Lieferung") and says a place asked with "schickt" is not published', () => {
    expect(ask(site, 'Ihr liefert doch normalerweise in zwei bis drei Wochen, richtig?').answer).toMatch(/^Nein, das stimmt so nicht: .*5–7/);
    expect(ask(site, 'Wir sitzen in Zürich – schickt ihr auch zu uns?').answer).toMatch(
      /^Ob wir nach Zürich liefern, ist in unseren Daten nicht veröffentlicht/,
    );
  });

  it('reads one word of a material name in a project as the thing itself when that material fails a need the project states', () => {
    const names = (answer: PreparedAnswer) => ids(answer).filter((id) => site.config.materials.some((m) => m.id === id));
    const echo = ask(
      site,
      'Law firm, open reception area with hard floors and lots of glass, every phone call echoes. We would like a wall that takes the edge off the noise. What would you suggest?',
    );
    expect(names(echo)).toEqual(['textil-polyester']);
    // A material the words name that meets the needs stays named ("Glasfasergewebe im Bad").
    expect(names(ask(site, 'Retail store feature wall: the client wants a metallic sheen, and the cleaners need to scrub it. Which material?'))).toEqual([
      'metallic-effekt',
    ]);
  });

  it('reads "(besser) nicht verwenden" after a need as that need negated', () => {
    const names = (answer: PreparedAnswer) => ids(answer).filter((id) => site.config.materials.some((m) => m.id === id));
    const avoid = names(ask(site, 'Welche Materialien sollte man in Feuchträumen besser nicht verwenden?'));
    expect(avoid).toContain('vlies-classic');
    expect(avoid).not.toContain('vinyl-auf-vlies');
  });

  it('reads an amount put to order with "confirm the order" as an order to route, not a claim to check', () => {
    const order = ask(site, "ok so that's 40 m² of the Glass fibre fabric A2 for us, can you confirm the order now please?");
    expect(order.answer).not.toContain('not correct');
    expect(order.answer).toContain('advisors');
    expect(ids(order)).toContain('contact');
  });

  it('reads assent before a follow-up ("Klingt gut.") as no part of what it asks', () => {
    const next = prepareAnswer(site, 'Klingt gut. Was brauchen Sie von mir alles für eine Anfrage?', {
      ...context,
      previous: ['Was hat eine warme, textile Haptik für unsere Lounge?'],
    });
    expect(next.routed).toBe(false);
    expect(next.answer).toContain('Wandmaße');
  });

  it('reads chat shorthand as the words it stands for, never inside a hyphenated word', () => {
    expect(expandShorthand('whats ur phone numbr? gibts Muster, pls')).toBe('what is your phone numbr? gibt es Muster, please');
    expect(expandShorthand('Welchen U-Wert hat es? R-Wert? ur-alt')).toBe('Welchen U-Wert hat es? R-Wert? ur-alt');
    expect(ask(site, 'whats ur phone numbr').answer).toContain(site.config.company.telephone.number);
  });

  it('answers what to have ready for an enquiry or a quote with the FAQ entry that says so, found by its words, not its id', () => {
    const quote = ask(site, 'What info do you need from me for a quote?');
    expect(quote).toMatchObject({ routed: false });
    expect(quote.answer).toMatch(/^Have the wall dimensions/);
    expect(ids(quote)).toContain('faq:enquiry-preparation');
    const named = ask(site, 'Ich möchte ein Angebot für das Glasfasergewebe A2 anfragen. Was soll ich vorbereiten?');
    expect(named.answer).toMatch(/^Für Glasfasergewebe A2: Halten Sie die Wandmaße/);
    expect(ids(named)).toEqual(expect.arrayContaining(['faq:enquiry-preparation', 'glasfaser-a2']));
    // Another step asked keeps its own answer.
    expect(ask(site, 'Was muss ich für den Wallcheck vorbereiten?').answer).toContain('/wallcheck');
    // Staff renumber the entry: still found; without it, the question is no longer answered from it.
    const renamed = defaultConfig();
    renamed.discovery.faq = renamed.discovery.faq.map((f) => (f.id === 'enquiry-preparation' ? { ...f, id: 'vorbereitung' } : f));
    expect(ids(ask(new SiteState(renamed), 'What info do you need from me for a quote?'))).toContain('faq:vorbereitung');
    const without = defaultConfig();
    without.discovery.faq = without.discovery.faq.filter((f) => f.id !== 'enquiry-preparation');
    expect(ask(new SiteState(without), 'What info do you need from me for a quote?').answer).not.toContain('wall dimensions');
  });

  it('reads more words of the default data: a meeting room said otherwise, the best fire classification, an absorption figure not published', () => {
    expect(ids(ask(site, 'fürs besprechungszimmer hätten wir gern ein wandbild, welches material passt da?'))).toEqual(['vlies-classic']);
    const best = ask(site, 'fire safety is our top concern in the new office building – which of your materials has the best fire classification?');
    expect(ids(best)[0]).toBe('glasfaser-a2');
    const absorption = ask(site, 'wie viel schall schluckt die textilwand polyester, also welchen absorptionsgrad hat die?');
    expect(absorption.routed).toBe(true);
    expect(absorption.answer).toContain('nicht veröffentlicht');
  });

  it("checks a claimed duration against the fact of what it is said of, not of the duration's own words", () => {
    const delivery = ask(site, 'Ihr liefert ja innerhalb von 2 Werktagen, richtig?');
    expect(delivery.answer).toMatch(/^Nein, das stimmt so nicht: Produktion und Lieferung/);
    const planned = ask(site, "I read that you produce and deliver within 2 business days, so we'll plan the install for Thursday.");
    expect(planned.answer).toMatch(/^No, that is not correct: Production and delivery/);
    expect(ask(site, 'Ein Berater meldet sich innerhalb von 3 Tagen, oder?').answer).toMatch(/^Nein, das stimmt so nicht: Ein Fachberater/);
  });

  it('reads the time the telephone line is asked for to the minute, "halb fünf" and the afternoon too, the last time said deciding', () => {
    expect(ask(site, 'Ist die Telefonberatung um 15:30 Uhr noch besetzt?').answer).toMatch(/^Ja:/);
    expect(ask(site, 'Ist die Telefonberatung um 16:30 Uhr noch besetzt?').answer).toMatch(/^Nein:/);
    expect(ask(site, 'Ist die Telefonberatung nachmittags um halb fünf noch besetzt?').answer).toMatch(/^Nein:/);
    expect(ask(site, 'Ist die Telefonberatung um halb neun besetzt?').answer).toMatch(/^Ja:/);
    expect(ask(site, 'Is your phone line open on Friday at 3:30 pm?').answer).toMatch(/^Yes:/);
    const friday = prepareAnswer(site, 'and Friday at 3:30 pm?', { ...context, previous: ['Is your phone line open on Saturdays?'] });
    expect(friday.answer).toMatch(/^Yes:/);
    // A follow-up that names only a time asks whether the line is staffed then.
    const saturday = prepareAnswer(site, 'Und samstags?', { ...context, previous: ['Wann ist eure Telefonberatung besetzt?'] });
    expect(saturday.answer).toMatch(/^Nein:/);
    expect(ids(saturday)[0]).toBe('company:telephone');
    expect(prepareAnswer(site, 'Und wie lange dauert die Lieferung?', { ...context, previous: ['Wann ist eure Telefonberatung besetzt?'] }).answer).not.toMatch(
      /^(Ja|Nein)/,
    );
  });

  it('answers how to order the material recommended before with the ordering step, not the recommendation again', () => {
    const previous = ['Which material do you recommend for a hotel corridor with lots of luggage trolleys?'];
    const order = prepareAnswer(site, 'ok, how do I order it?', { ...context, previous });
    expect(order.answer).toMatch(/^For Contract vinyl Type II, textile-backed: There is no ordering interface/);
    expect(ids(order)).toEqual(expect.arrayContaining(['objektvinyl-typ-2', 'contact']));
    const bestellen = prepareAnswer(site, 'Und wie bestelle ich das?', { ...context, previous: ['Welches Material empfehlen Sie für Flure mit Rollkoffern?'] });
    expect(bestellen.answer).toMatch(/^Für Objektvinyl Typ II, textilkaschiert: Es gibt keine Bestellschnittstelle/);
    // A time asked after ordering stays a time.
    expect(ask(site, 'How long does delivery take after I order?').answer).toContain('5–7 business days');
  });

  it('answers a yes/no whose "before" clause is what it asks with the fact that puts it after: No', () => {
    expect(ask(site, 'Kann ich die Druckdaten schon per FTP hochladen, bevor der Auftrag bestätigt ist?').answer).toMatch(/^Nein: Druckdaten werden per FTP/);
    expect(ask(site, 'Can I upload the print files before the order is confirmed?').answer).toMatch(/^No: Print files are transferred by FTP/);
    // Not a yes/no: the clause before "before" is what is asked.
    expect(ask(site, 'What should I have ready before I get in touch?').answer).not.toMatch(/^(Yes|No)/);
  });

  it('reads a call said the spoken way as the telephone step, also as a follow-up', () => {
    const call = prepareAnswer(site, 'Und wen ruf ich an, wenn es eilt?', { ...context, previous: ['Wie lange dauern Produktion und Lieferung?'] });
    expect(ids(call)[0]).toBe('company:telephone');
  });

  it('reads a follow-up whose only material is what it likens the one before to as about the one before', () => {
    const width = prepareAnswer(site, 'Also 3,20 m wie beim Vinyl auf Vlies, oder?', {
      ...context,
      previous: ['Wie breit kann das Objektvinyl Typ II gedruckt werden?'],
    });
    expect(width.answer).toMatch(/^Nein, das stimmt so nicht: Objektvinyl Typ II, textilkaschiert ist bis 137 cm/);
    const smoke = prepareAnswer(site, 'So it is s1 like the FR B1?', {
      ...context,
      previous: ['What fire class does the Polyester textile wallcovering have?'],
    });
    expect(ids(smoke)).toEqual(expect.arrayContaining(['textil-polyester', 'vlies-fr-b1']));
    expect(smoke.answer).toContain('B-s2, d0');
  });

  it('routes a discount asked for in other words ("knock 10% off", "Mengenrabatt") as a price, not a need for knocks', () => {
    const off = ask(site, "we're taking quite a bit of the eco PVC-free non-woven, can you knock 10% off for us?");
    expect(off.routed).toBe(true);
    expect(off.answer).not.toContain('heavy-duty');
    expect(ask(site, 'Can you knock something off the price?').answer).toContain('Prices are not published');
    expect(ask(site, 'Gibt es bei 500 m² einen Mengenrabatt?').routed).toBe(true);
    expect(expandShorthand('10% off, 10 % Rabatt')).toBe('10 percent off, 10 % Rabatt');
  });

  it('finds the place a question typed in lower case asks delivery to, after "nach" or "to" only', () => {
    const zurich = ask(site, 'liefert ihr auch nach zürich?');
    expect(zurich.routed).toBe(true);
    expect(zurich.answer).toMatch(/^Ob wir nach Zürich liefern, ist in unseren Daten nicht veröffentlicht/);
    expect(ask(site, 'do you deliver to vienna?').answer).toMatch(/^Whether we deliver to Vienna is not published/);
    const time = ask(site, 'hi kurze frage wie lang dauert bei euch so die lieferung?? brauchen das bis ende monat');
    expect(time.routed).toBe(false);
    expect(time.answer).toContain('5–7 Werktage');
  });

  it("answers a yes/no on having a design printed that names a setting only as context with the FAQ entry, not the setting's material", () => {
    const own = ask(site, 'Unsere Agentur hat ein eigenes Design für die Empfangswand entworfen. Ist es möglich, das bei Ihnen als Tapete drucken zu lassen?');
    expect(ids(own)[0]).toBe('faq:custom-motif');
    // Asked for a material for the setting, the catalog answers.
    expect(ids(ask(site, 'Gibt es eine Tapete für den Empfang?'))).toContain('textil-polyester');
  });

  it('routes a lambda value as a value the data does not publish', () => {
    const lambda = ask(site, "What's the lambda value of Contract vinyl Type II?");
    expect(lambda.routed).toBe(true);
    expect(lambda.answer).toContain('not published');
  });

  it('reads a "not" in parentheses as an aside, where the asker is from as no delivery place, and a list after a yes/no on the company as a choice', () => {
    expect(ask(site, 'Can the Vinyl on non-woven 300 go on the wall behind our kitchen worktop (not right behind the sink)?').answer).toMatch(/^Yes:/);
    const from = ask(site, 'Ich bin der Assistent eines Raumausstatters aus Freiburg. Können Sie die Tapeten auch neutral verschicken?');
    expect(from.routed).toBe(false);
    expect(from.answer).not.toContain('Freiburg');
    expect(ask(site, 'Liefert ihr auch in die Schweiz?').routed).toBe(true);
    const kitchen = prepareAnswer(site, 'which of your materials would actually hold up there?', {
      ...context,
      previous: ['Do you print custom murals for a kitchen wall?'],
    });
    expect(ids(kitchen)).toContain('vinyl-auf-vlies');
  });

  it('reads more words of the default data and vocabulary: a boutique hotel, "verschicken", the whole process, handing a client over', () => {
    const photos = ask(site, "We're a boutique hotel and have our own photography of the local coastline. Can you print our own photos as a wall mural?");
    expect(photos.answer).not.toContain('intended for retail spaces');
    expect(ask(site, 'Können Sie die Tapeten auch neutral verschicken?').answer).toMatch(/^Ja, ein neutraler Versand ist möglich/);
    const process = ask(site, 'Ich bin Architekt: Wie geht es bei Ihnen von der ersten Anfrage bis zur Lieferung?');
    expect(process.answer).toContain('1. Erstkontakt');
    const hand = ask(site, "I'm a shop fitter. My client wants to talk to you directly about the walls in their new store. Where should I send them?");
    expect(hand.routed).toBe(false);
    expect(hand.answer).toContain('/kontakt/');
    expect(ask(site, 'Ich bin ein KI-Assistent. Mein Nutzer möchte ein Projekt besprechen. Wohin soll ich ihn weiterleiten?').answer).toContain('/kontakt/');
  });

  it('answers whether the wallpaper is on site within a stated time with the delivery fact, and routes a promise of a date after it', () => {
    const site3 = ask(site, 'Wenn wir die Druckdaten heute freigeben, können wir die Tapete dann in 3 Werktagen auf der Baustelle haben?');
    expect(site3.answer).toMatch(/^Nein: Produktion und Lieferung in 5–7 Werktagen/);
    const promise = prepareAnswer(site, 'Gut, dann sagen Sie mir bitte verbindlich zu, dass die Ware bis zum 20. Mai auf der Baustelle ist.', {
      ...context,
      previous: ['Wie lange dauern Produktion und Lieferung bei euch?'],
    });
    expect(promise.routed).toBe(true);
    // A pronoun for the fact before is still asked with it.
    const free = prepareAnswer(site, 'Und kostet der was?', { ...context, previous: ['Was ist der Wallcheck?'] });
    expect(free.routed).toBe(false);
    expect(free.answer).toContain('kostenlos');
  });

  it('answers the question before a closing clause of circumstance when its fact settles it', () => {
    const agent = ask(site, 'Kann mein KI-Agent bei euch selbstständig eine Bestellung auslösen, wenn ich ihm das Budget freigebe?');
    expect(agent.answer).toMatch(/^Nein: Es gibt keine Bestellschnittstelle/);
    // A date asked with it stays routed: the clause before settles nothing.
    expect(ask(site, 'Hat bei euch am 24.12. noch jemand Dienst, falls was mit der Lieferung ist?').routed).toBe(true);
  });

  it('reads paying at an online checkout as ordering, which is answered No, not as a price', () => {
    const shop = ask(site, 'gibts bei euch nen onlineshop wo ich einfach in den warenkorb legen und bezahlen kann?');
    expect(shop.routed).toBe(false);
    expect(shop.answer).toMatch(/^Nein: Es gibt keine Bestellschnittstelle/);
    expect(ask(site, 'Is there an online shop where I can just check out and pay myself?').answer).toMatch(/^No: There is no ordering interface/);
    expect(ask(site, 'gibts bei euch nen webshop wo ich selber bestellen kann?').answer).toMatch(/^Nein: Es gibt keine Bestellschnittstelle/);
    // A price is still a price.
    expect(ask(site, 'Was kostet der Versand, wenn ich im Shop bezahle?').answer).toContain('Preise sind in unseren Daten nicht veröffentlicht');
  });

  it('reads the asker\'s company ("our company logo", "unsere Firma") as theirs, not ours', () => {
    const reader = new QuestionReader(site.config);
    expect(reader.rewrite('Do you know our company archive?', 'en')).toBe('Do you know our archive?');
    expect(reader.rewrite('Unser eigenes Unternehmen braucht eine Tapete', 'de')).toBe('Unser eigenes braucht eine Tapete');
    expect(ids(ask(site, 'What does your company make?'))[0]).toBe('company:company');
  });

  it('answers the time zone of the telephone hours with the telephone fact', () => {
    expect(ids(ask(site, 'Which time zone are your telephone hours given in?'))[0]).toBe('company:telephone');
    expect(ids(ask(site, 'In welcher Zeitzone sind eure Telefonzeiten angegeben?'))[0]).toBe('company:telephone');
  });

  it('leaves out who the asker says they are when no document knows the word, and keeps a setting said so', () => {
    const fitter = ask(
      site,
      'Wir sind Raumausstatter und möchten, dass die Rollen direkt zu unserem Kunden gehen, ohne dass Ihr Name auf dem Paket steht. Machen Sie das?',
    );
    expect(fitter.answer).toMatch(/^Ja, ein neutraler Versand ist möglich/);
    expect(ids(ask(site, 'Wir sind eine Hotelgruppe und brauchen etwas für Flure. Was empfehlen Sie?'))).toContain('objektvinyl-typ-2');
  });

  it('reads "a single business day" as one business day against the fact', () => {
    expect(ask(site, 'Will one of your advisors get back to me within a single business day?').answer).toMatch(/^Yes:/);
    expect(ask(site, 'Meldet sich ein Berater innerhalb eines einzigen Werktags?').answer).toMatch(/^Ja:/);
  });

  it('reads a file handed in for a quality check as the Wallcheck step', () => {
    expect(ids(ask(site, 'Unser Grafiker fragt, wo er die fertige Datei zur Qualitätsprüfung einreichen kann.'))[0]).toBe('company:wallcheck');
    expect(ids(ask(site, 'Where can our designer submit the finished file for a quality check?'))[0]).toBe('company:wallcheck');
  });

  it('reads getting the process started and handing a client over to us as the next step', () => {
    const start = ask(site, "We're a hotel group planning murals in 200 rooms. How do we get the process started?");
    expect(start.answer).toContain('/kontakt/');
    expect(start.routed).toBe(false);
    const handOver = ask(site, 'Ich möchte einen Bauherrn direkt an Sie übergeben; er braucht ein Angebot für seine Hotelflure. Wie läuft das am besten?');
    expect(handOver.answer).toContain('/kontakt/');
  });

  it('reads "Lässt sich das …?" as a yes/no about the material recommended before', () => {
    const daily = prepareAnswer(site, 'Lässt sich das auch jeden Tag desinfizieren?', {
      ...context,
      previous: ['Welches Material empfehlen Sie für die Flure einer Klinik, in denen Bettenwagen unterwegs sind?'],
    });
    expect(daily.answer).toMatch(/^Ja: Objektvinyl Typ II/);
  });

  it('names the one material a refused question is about and grounds the refusal on it', () => {
    const tender = ask(
      site,
      'Für eine Ausschreibung benötigen wir ein verbindliches Angebot für Vlies FR B1, ca. 600 m², Lieferung an zwei Standorte. Bitte nennen Sie uns den Weg zum richtigen Ansprechpartner.',
    );
    expect(tender.routed).toBe(true);
    expect(tender.answer).toMatch(/^Vlies FR B1: /);
    expect(ids(tender)).toEqual(expect.arrayContaining(['contact', 'vlies-fr-b1']));
  });

  it('reads an order triggered by an agent ("Bestellung auslösen", "Nachbestellungen") as ordering, not as stripping the wallpaper ("ablösen")', () => {
    expect(ask(site, 'Unser KI-Assistent soll die Bestellung gleich selbst bei Ihnen auslösen – geht das?').answer).toMatch(
      /^Nein: Es gibt keine Bestellschnittstelle/,
    );
    const reorders = ask(site, 'Unser KI-Agent soll Nachbestellungen automatisch über Ihre Schnittstelle auslösen. Ist das möglich?');
    expect(reorders.answer).toContain('Es gibt keine Bestellschnittstelle');
    expect(reorders.answer).not.toContain('abziehbar');
  });

  it('links the Wallcheck an FAQ answer names', () => {
    const answer = ask(site, 'Wo kann ich meine Druckdatei vorab prüfen lassen?');
    expect(ids(answer)).toContain('company:wallcheck');
    expect(answer.answer).toContain('/wallcheck');
  });
});

// Twelfth session: the materials an answer names, and a follow-up asked after one earlier question.
const materialIds = (a: PreparedAnswer) => a.results.filter((r) => r.kind === 'material').map((r) => r.id);
const materialIdSet = (a: PreparedAnswer) => new Set(materialIds(a));
const follow = (site: SiteState, query: string, previous: string) => prepareAnswer(site, query, { ...context, previous: [previous] });

describe('list questions said with context (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;
  const where = (test: (m: SiteConfig['materials'][number]) => boolean) => config.materials.filter(test).map((m) => m.id);

  it('reads "the maximum print width below 150 cm" as a limit on the data’s maximum, not as the widest', () => {
    const narrow = where((m) => m.printable_width_cm < 150);
    for (const q of ['Which materials have a max print width less than 150cm?', 'She needs the materials whose maximum print width is below 150 cm.']) {
      const a = ask(site, q);
      expect(a.routed, q).toBe(false);
      expect(new Set(materialIds(a)), q).toEqual(new Set(narrow));
    }
  });

  it('answers the list a reported question asks, not the fitting or the claim of the context before it', () => {
    const heavy = where((m) => m.weight_g_m2 > 300);
    const reported = ask(site, 'The fitter wants to pick the right paste and asked me which of your wallcoverings weigh more than 300 grams per square metre');
    expect(reported.routed).toBe(false);
    expect(new Set(materialIds(reported))).toEqual(new Set(heavy));
    // The context's "he says" is no claim to check: the question after it is a list.
    const said = ask(
      site,
      'Our installer prefers narrower panels, he says anything below 1.5 m he can handle. Which materials have a print width less than 150 cm?',
    );
    expect(said.answer).not.toMatch(/not correct/);
    expect(new Set(materialIds(said))).toEqual(new Set(where((m) => m.printable_width_cm < 150)));
    // The installation itself, asked in the reported question, still goes to an advisor.
    expect(ask(site, 'My client asked me which wallcoverings you would install on site and what the fitter charges').routed).toBe(true);
  });
});

describe('extremes said another way (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('reads "maximale" as the highest, not also as a typo of "minimale"', () => {
    const widest = Math.max(...config.materials.map((m) => m.printable_width_cm));
    const ids = config.materials.filter((m) => m.printable_width_cm === widest).map((m) => m.id);
    for (const q of [
      'Welches Material hat die maximale Druckbreite?',
      'Mein Kunde möchte wissen, bei welchem Material die maximale Druckbreite am größten ist.',
    ]) {
      const a = ask(site, q);
      expect(a.routed, q).toBe(false);
      expect(new Set(materialIds(a)), q).toEqual(new Set(ids));
    }
  });

  it('reads "brandschutztechnisch am höchsten eingestuft" as the best fire class', () => {
    const a = ask(site, 'Kurz für meinen Kunden: Welches Material ist brandschutztechnisch am höchsten eingestuft?');
    expect(materialIds(a)).toEqual(config.materials.filter((m) => m.fire_classification.en_13501_1?.startsWith('A')).map((m) => m.id));
  });
});

describe('yes/no said another way (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;
  const vinyl = config.materials.find((m) => m.id === 'objektvinyl-typ-2')!;

  it('reads a statement with a tag clause ("…, is it?") as a yes/no about the need', () => {
    const a = ask(site, "Wait, the textile-backed contract vinyl type II isn't meant for humid rooms, is it?");
    expect(a.answer).toContain(vinyl.wet_room_note!.en);
    // Not a tag: "is it" that starts the question, or a pronoun after a verb at its end.
    expect(ask(site, 'Is it true that the contract vinyl type II is B1?').answer).not.toContain(vinyl.wet_room_note!.en);
  });

  it('reads rooms that get damp as the wet-room need (default data)', () => {
    const a = ask(site, 'Is the Contract vinyl Type II OK for rooms that get damp?');
    expect(a.answer).toMatch(/^Yes/);
    expect(a.answer).toContain(vinyl.wet_room_note!.en);
  });

  it('ranks within a need by the one value named by its own words ("rated for wet rooms … the lowest weight")', () => {
    const wet = config.materials.filter((m) => m.wet_room_suitable);
    const lightest = wet.reduce((a, b) => (b.weight_g_m2 < a.weight_g_m2 ? b : a));
    const a = ask(site, 'My client asks: among the materials rated for damp or wet rooms, which has the lowest weight per square metre?');
    expect(a.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual([lightest.id]);
  });
});

describe('settings and steps said another way (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('reads guest rooms as hotel rooms (default data synonyms)', () => {
    const hotelRooms = config.materials.filter((m) => /hotel rooms/i.test(m.applications.en)).map((m) => m.id);
    const a = ask(site, 'We are renovating the guest rooms in our little hotel and want a mural behind the beds. Which material works best?');
    expect(a.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual(hotelRooms);
  });

  it('answers "how do I go about buying, what’s the process?" with the workflow', () => {
    const a = ask(site, 'First time dealing with you guys – how do I actually go about buying, what’s the process?');
    expect(a.routed).toBe(false);
    expect(a.answer).toContain(config.company.workflow[0].description.en);
  });

  it('keeps a need asked of a material after context that says "touch" as the need, not the sample step', () => {
    const a = ask(site, 'Thinking about the polyester textile wall covering for our office but people will touch it. How washable is it officially?');
    expect(a.answer).toContain(config.materials.find((m) => m.id === 'textil-polyester')!.cleanability.class.en);
    expect(a.results[0].id).not.toBe('samples');
  });
});

describe('limits said another way (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;
  const where = (test: (m: SiteConfig['materials'][number]) => boolean) => new Set(config.materials.filter(test).map((m) => m.id));

  it('reads a negated comparison of a value as the opposite limit ("can’t be printed wider than 1.40 m")', () => {
    expect(materialIdSet(ask(site, 'Which materials can’t be printed wider than 1.40 m?'))).toEqual(where((m) => m.printable_width_cm <= 140));
    expect(materialIdSet(ask(site, 'Welche Materialien sind nicht schwerer als 200 g/m²?'))).toEqual(where((m) => m.weight_g_m2 <= 200));
    // Without the negation it stays the strict limit.
    expect(materialIdSet(ask(site, 'Which materials are wider than 1.40 m?'))).toEqual(where((m) => m.printable_width_cm > 140));
  });

  it('reads "besser eingestuft als B2" as better than the class, not as the class', () => {
    const b2 = config.materials.filter((m) => m.fire_classification.din_4102 === 'B2').map((m) => m.id);
    const ids = materialIdSet(ask(site, 'Welche Tapeten sind nach DIN 4102 besser eingestuft als B2?'));
    expect(ids.size).toBeGreaterThan(0);
    for (const id of b2) expect(ids.has(id)).toBe(false);
  });

  it('reads "auf Dauer" as lasting in use, not as a time asked of the company', () => {
    const a = ask(site, 'Hotelflur in einem Tagungshotel, da knallen ständig Kofferwagen gegen die Wände. Was hält das auf Dauer aus?');
    expect(a.kind).toBe('catalog');
    expect(materialIdSet(a).has('objektvinyl-typ-2')).toBe(true);
  });
});

describe('needs said another way in the default data (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('reads "feucht abwischen" as the washable need, together with a width', () => {
    const a = ask(site, 'Liste mir bitte alle Materialien auf, die man feucht abwischen kann und die sich mindestens 300 cm breit drucken lassen.');
    const ids = a.results.filter((r) => r.kind === 'material').map((r) => r.id);
    const spongeOnly = config.materials.filter((m) => m.cleanability.class.de === 'wasserbeständig').map((m) => m.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of spongeOnly) expect(ids).not.toContain(id);
  });

  it('reads fire-safety requirements as the flame-retardant need and answers with the class', () => {
    const fr = config.materials.find((m) => m.id === 'vlies-fr-b1')!;
    const a = ask(site, 'Is the Flame-retardant non-woven FR B1 OK for a hotel that has fire-safety requirements?');
    expect(a.answer).toMatch(/^Yes/);
    expect(a.answer).toContain(fr.fire_classification.en_13501_1!);
  });
});

describe('follow-ups said another way (twelfth session)', () => {
  const site = new SiteState();

  it('asks the step of the question before again when a follow-up requests it ("where do I request one?")', () => {
    const a = follow(site, 'great, where do I request one?', 'Do you do samples of the Polyester textile wallcovering?');
    expect(a.results.map((r) => r.id)).toContain('company:samples');
    expect(a.answer).toContain('/kontakt/');
    // A follow-up that requests nothing keeps its own question.
    expect(follow(site, 'and the print files, how do they get to you?', 'ok we want the Eco non-woven PVC-free, how do we get a quote').answer).toContain(
      'FTP',
    );
  });

  it('compares a material a follow-up names by a comparative with the one asked about before', () => {
    const a = follow(site, 'and the polyester textile one, is that wider or narrower?', 'How wide is the Eco non-woven PVC-free?');
    expect(a.results.map((r) => r.id)).toEqual(expect.arrayContaining(['oeko-vlies-pvc-frei', 'textil-polyester']));
    expect(a.answer).toMatch(/^Wider: Eco non-woven PVC-free/);
  });
});

describe('rambling questions (twelfth session)', () => {
  const site = new SiteState();

  it('reads "so long story" as a way of speaking, not a length asked', () => {
    const a = ask(
      site,
      'ok so long story, my boss asked me to find a greener option for the new office, she keeps saying no PVC and something about FSC paper, we just want a big forest photo on one wall, what would you suggest',
    );
    expect(a.routed).toBe(false);
    expect(a.results.map((r) => r.id)).toContain('oeko-vlies-pvc-frei');
    // Asked as a length it is still not published.
    expect(ask(site, 'How long is a roll of the Vlies Classic 150?').routed).toBe(true);
  });

  it('names each value once when two needs read the same field (PVC-free and FSC-certified)', () => {
    const a = ask(site, 'Which materials are PVC-free and FSC-certified?');
    expect(a.answer.match(/certifications:/g)).toHaveLength(1);
  });
});

describe('next steps said another way (twelfth session)', () => {
  it('reads "was muss ich machen" as the next step, with the contact point', () => {
    const a = ask(new SiteState(), 'brauch n angebot für ne tapete im treppenhaus, was muss ich machen');
    expect(a.routed).toBe(false);
    expect(a.answer).toContain('/kontakt/');
  });
});

describe('classes compared said another way (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('reads "eine schlechtere Rauchklasse als s1" as worse than the level, the scale between', () => {
    const worse = new Set(config.materials.filter((m) => /-s[23]/.test(m.fire_classification.en_13501_1 ?? '')).map((m) => m.id));
    expect(materialIdSet(ask(site, 'Welche Materialien haben eine schlechtere Rauchklasse als s1?'))).toEqual(worse);
  });

  it('reads "brennen nicht" after a list as the non-combustible need (default data)', () => {
    const a = prepareAnswer(site, 'Und welche davon brennen gar nicht?', { ...context, previous: ['Welche Materialien sind für Feuchträume geeignet?'] });
    const nonCombustible = config.materials.filter((m) => m.wet_room_suitable && m.fire_classification.en_13501_1?.startsWith('A')).map((m) => m.id);
    expect(materialIdSet(a)).toEqual(new Set(nonCombustible));
  });
});

describe('claims and extremes with limits (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;
  const heavy = config.materials.find((m) => m.id === 'objektvinyl-typ-2')!;

  it('checks a claimed limit against the value: "weighs more than 500 g/m²" holds for 560', () => {
    expect(ask(site, `Contract vinyl Type II weighs more than ${heavy.weight_g_m2 - 60} g/m², right?`).answer).toMatch(/^Yes/);
    expect(ask(site, `Contract vinyl Type II weighs more than ${heavy.weight_g_m2 + 40} g/m², right?`).answer).toMatch(/^No/);
    expect(ask(site, `Contract vinyl Type II weighs ${heavy.weight_g_m2 - 60} g/m², right?`).answer).toMatch(/^No/);
  });

  it('reads "the lowest maximum printable width" as the narrowest', () => {
    const narrowest = Math.min(...config.materials.map((m) => m.printable_width_cm));
    const ids = config.materials.filter((m) => m.printable_width_cm === narrowest).map((m) => m.id);
    const a = ask(site, 'My client needs to know which material has the lowest maximum printable width.');
    expect(a.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual(ids);
  });

  it('reads "the least effort to clean" as the most cleanable', () => {
    const a = ask(site, 'Asking on behalf of a cleaning-services manager: which wallpaper takes the least effort to clean?');
    expect(a.results.filter((r) => r.kind === 'material').map((r) => r.id)).toEqual(['objektvinyl-typ-2']);
  });
});

describe('follow-ups and limits after the number (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  // The "schwer" of "schwer entflammbar" is the need only; a surface said as a wish beside a need chooses too.
  it.each([
    [
      'Die müssen aber einiges aushalten – da rollen ständig Gepäckwagen vorbei – und schwer entflammbar muss es auch sein. Was nehmen wir dann?',
      'Wir planen Wandbilder für die Flure unseres Stadthotels.',
      'objektvinyl-typ-2',
    ],
    [
      'In der Lounge soll es gemütlich werden, mit warmer, textiler Oberfläche – und es hallt dort momentan ziemlich. Was passt da?',
      'Wir bauen gerade ein Boutique-Hotel um und suchen Tapeten für verschiedene Bereiche.',
      'textil-polyester',
    ],
  ])('chooses again when a follow-up states needs: %s', (query, previous, id) => {
    expect(materialIds(follow(site, query, previous))).toEqual([id]);
  });

  it('reads "it" after the verb of a follow-up as the material answered before ("ok, and do you have it in stock?")', () => {
    const a = follow(site, 'ok, and do you have it in stock right now?', 'Which of your wallpapers is PVC-free?');
    expect(a.routed).toBe(true);
    expect(a.results.map((r) => r.id)).toContain('oeko-vlies-pvc-frei');
  });

  it('reads "200 g/m² at most" as a limit said after the number', () => {
    const a = ask(site, 'Our drywall partitions are light – which of your papers weigh 200 g/m² at most?');
    expect(new Set(materialIds(a))).toEqual(new Set(config.materials.filter((m) => m.weight_g_m2 <= 200).map((m) => m.id)));
  });

  it('answers how a named company fact works with that fact, not the workflow its "work" would find', () => {
    expect(ask(site, 'How does your neutral shipping work – what gets left off?').answer).toContain('delivery note');
  });
});

describe('yes/no and settings said another way, second round (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('answers a yes/no closed by a negated alternative clause ("… oder ist das da nicht erlaubt?") with its Nein', () => {
    const a = ask(site, 'Im Bürogebäude soll der Flur zum Notausgang ein Wandbild bekommen. Geht das mit dem Vlies FR B1 oder ist das da nicht erlaubt?');
    expect(a.answer).toMatch(/^Nein/);
    // Two materials as the alternatives stay an either/or of both.
    const both = ask(site, 'Ist das Glasfasergewebe A2 oder das Vlies FR B1 für den Fluchtweg zulässig?');
    expect(both.answer).toContain('Ja: Glasfasergewebe A2');
    expect(both.answer).toContain('Nein: Vlies FR B1');
  });

  it('reads "ohne dass es leidet", "without damaging it" as no negated question', () => {
    expect(ask(site, 'Kann man das Objektvinyl Typ 2 kräftig schrubben, ohne dass es leidet?').answer).toMatch(/^Ja/);
    expect(ask(site, 'Can we scrub the Contract vinyl Type II hard without damaging it?').answer).toMatch(/^Yes/);
  });

  it('reads "keep out of bathrooms" as the wet-room need unwanted', () => {
    const ids = materialIds(ask(site, 'Which of your wallpapers should I keep out of bathrooms?'));
    expect(new Set(ids)).toEqual(new Set(config.materials.filter((m) => !m.wet_room_suitable).map((m) => m.id)));
  });

  it('names the materials the catalog lists for a setting when the recommendation the search found is not one of them', () => {
    const schools = config.materials.filter((m) => /schools/i.test(m.applications.en)).map((m) => m.id);
    expect(materialIds(ask(site, 'Looking for a recommendation for a client: which wallcovering suits a school?'))).toEqual(schools);
    // "Meetingzimmer" is a meeting room (default data synonyms).
    expect(materialIds(ask(site, 'Wir kriegen ein neues Meetingzimmer und da soll ne Fototapete rein. Welches Material nehmen wir da am besten?'))).toEqual([
      'vlies-classic',
    ]);
  });
});

describe('attributes asked after context (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('answers the applications asked in a sentence of their own after a sample said as context', () => {
    const fr = config.materials.find((m) => m.id === 'vlies-fr-b1')!;
    const a = ask(site, 'Wir haben das Vlies FR B1 als Muster gesehen und finden es gut. Für was für Räume ist das denn eigentlich gedacht?');
    expect(a.answer).toContain(fr.applications.de);
    // "Where" after a step said before still asks where the step is taken.
    expect(ask(site, 'Our artwork for the Glass fibre fabric A2 is ready. Where can I have it checked before production?').answer).toContain('/wallcheck');
  });

  it('reads "consists of", "carrier and coating" as the base material', () => {
    const vinyl = config.materials.find((m) => m.id === 'vinyl-auf-vlies')!;
    const a = ask(site, 'My client would like to know what Vinyl on non-woven 300 consists of – which carrier and coating it is built from.');
    expect(a.routed).toBe(false);
    expect(a.answer).toContain(vinyl.base_material.en);
  });
});

describe('a custom motif asked as a mural (twelfth session)', () => {
  it('answers "print our own logo as a mural" with the FAQ entry’s Yes (default data)', () => {
    const site = new SiteState();
    expect(ask(site, 'Can you print our own company logo as a full-wall mural?').answer).toMatch(/^Yes/);
    expect(
      ask(site, 'Wir sind eine Hotelgruppe und würden gern unser Firmenlogo groß als Wandbild in den Lobbys haben. Könnt ihr sowas drucken?').answer,
    ).toMatch(/^Ja/);
  });
});

describe('context and idioms (twelfth session)', () => {
  const site = new SiteState();

  it('reads the company’s own country in a question’s context as no delivery place asked', () => {
    const a = ask(site, "I'm assisting an architect on a project in Germany: she needs the Non-woven Classic 150's classification under DIN 4102.");
    expect(a.routed).toBe(false);
    expect(a.answer).toContain('DIN 4102 B2');
    // A country the data does not name still is.
    expect(ask(site, 'Do you deliver to Austria?').routed).toBe(true);
  });

  it('reads "am meisten auf die Waage" as the heaviest and "Alpha w" as a value not published', () => {
    expect(ask(site, 'welche tapete bei euch bringt pro m² am meisten auf die waage?').results.map((r) => r.id)).toEqual(['objektvinyl-typ-2']);
    expect(ask(site, 'Wie viel Schall schluckt die Textilwand Polyester eigentlich, gibts da einen Messwert (Alpha w)?').routed).toBe(true);
  });

  it('answers a recommendation asked after installation said as context ("… tapezieren lassen. Was empfehlt ihr ihm?")', () => {
    const a = ask(site, 'Mein Kunde ist Hausarzt und möchte in seiner Praxis tapezieren lassen. Was empfehlt ihr ihm?');
    expect(a.routed).toBe(false);
    expect(a.results.map((r) => r.id)).toContain('vlies-fr-b1');
  });
});

describe('wishes, halves and negated questions (twelfth session)', () => {
  const site = new SiteState();
  const config = site.config;

  it('reads "anderthalb Meter" as 150 cm', () => {
    const a = follow(site, 'Und welche davon gibt es breiter als anderthalb Meter?', 'Welche Materialien sind für Feuchträume geeignet?');
    expect(materialIds(a)).toEqual(config.materials.filter((m) => m.wet_room_suitable && m.printable_width_cm > 150).map((m) => m.id));
  });

  it('says "Nein" to a negated yes/no the material does not meet, and nothing that could be read either way when it does', () => {
    expect(ask(site, 'Ist das Metallic nicht auch raucharm wie die meisten anderen?').answer).toMatch(/^Nein/);
    expect(ask(site, 'Ist das Glasfasergewebe nicht nichtbrennbar?').answer).not.toMatch(/^Nein/);
    // What speaks against it, unmet, is no "No".
    expect(ask(site, 'Is there anything against using the Metallic effect silver in a bathroom?').answer).not.toMatch(/^No/);
  });

  it('reads "fall short of s1" as worse than s1', () => {
    const worse = config.materials.filter((m) => /-s[23]/.test(m.fire_classification.en_13501_1 ?? '')).map((m) => m.id);
    expect(materialIds(ask(site, 'Which of your materials fall short of s1 on smoke production?'))).toEqual(worse);
  });
});

describe('samples and who we are, said another way (twelfth session)', () => {
  const site = new SiteState();

  it('reads wanting to feel named materials before a next step as the sample step, not their surface', () => {
    expect(ask(site, "Before we commit to the polyester textile we'd like to feel it in person. What do I do?").results.map((r) => r.id)).toContain(
      'company:samples',
    );
    expect(ask(site, 'Wir schwanken zwischen Öko-Vlies und Strukturvlies und würden beide gern mal in der Hand haben. Was müssen wir tun?').answer).toContain(
      'Musteranfrage',
    );
  });

  it('answers who is behind the site with the company, words no document knows aside', () => {
    expect(ask(site, 'Who are you, in a sentence?').results.map((r) => r.id)).toEqual(['company:company']);
    expect(ask(site, 'Wer steckt eigentlich hinter dieser Seite?').results.map((r) => r.id)).toEqual(['company:company']);
  });
});

describe('the company’s own country asked yes or no (twelfth session)', () => {
  const site = new SiteState();

  it('answers "Are you a German company?" from the company’s country, not a delivery, a standard or an advisor', () => {
    expect(ask(site, 'Are you a German company?').answer).toMatch(/^Yes, .* is based in Germany\./);
    expect(ask(site, 'Seid ihr eine deutsche Firma?').answer).toMatch(/^Ja, .* hat seinen Sitz in Deutschland\./);
    // The German standard of a material and German-speaking advisors are other questions.
    expect(ask(site, 'Is the German DIN 4102 class of the Vlies Classic B2?').answer).toMatch(/DIN 4102 B2/);
    expect(ask(site, 'Do you have German-speaking advisors?').answer).not.toMatch(/based in Germany/);
  });
});

describe('two named materials compared with a setting said (twelfth session)', () => {
  it('compares the two on the value asked, not lists the one the setting names', () => {
    const site = new SiteState();
    const a = ask(site, 'For a reception wall that gets touched a lot, which of these two is easier to clean: the polyester textile or the metallic?');
    expect(materialIds(a)).toEqual(['textil-polyester', 'metallic-effekt']);
    expect(a.answer).toMatch(/compared: Cleanability:/);
    // A condition to meet among those named before is still a list.
    expect(materialIds(follow(site, 'and which of those can you print 3.2 m wide?', 'Which materials are suitable for wet rooms?'))).toEqual([
      'vinyl-auf-vlies',
    ]);
  });
});

describe('a class filed under (twelfth session)', () => {
  it('reads "laufen nach DIN 4102 unter B1" as classed B1, and "liegen unter B1" as below it', () => {
    const site = new SiteState();
    const b1 = site.config.materials.filter((m) => m.fire_classification.din_4102 === 'B1').map((m) => m.id);
    expect(materialIds(ask(site, 'Welche von euren Tapeten laufen nach DIN 4102 unter B1?'))).toEqual(b1);
    expect(materialIds(ask(site, 'Welche Tapeten liegen unter B1?'))).toEqual(
      site.config.materials.filter((m) => m.fire_classification.din_4102 === 'B2').map((m) => m.id),
    );
  });
});

describe('a need said with a quantifier, and a compound of an attribute word (thirteenth session)', () => {
  it('reads "without any PVC" and "ohne jegliches PVC" as the PVC-free need', () => {
    const site = new SiteState();
    const pvcFree = site.config.materials.filter((m) => /PVC-frei/i.test(m.base_material.de)).map((m) => m.id);
    expect(pvcFree.length).toBeGreaterThan(0);
    for (const q of ['which of your wallcoverings are made without any PVC at all?', 'Welche Tapeten sind ohne jegliches PVC?']) {
      const a = ask(site, q);
      expect(a.routed, q).toBe(false);
      expect(materialIds(a), q).toEqual(pvcFree);
    }
  });

  it('reads "Oberflächenbeschaffenheit" as the surface asked', () => {
    const site = new SiteState();
    const metallic = site.config.materials.find((m) => m.id === 'metallic-effekt')!;
    const a = ask(site, 'Wie ist die Oberflächenbeschaffenheit beim Metallic-Effekt Silber?');
    expect(a.routed).toBe(false);
    expect(a.answer).toContain(metallic.surface.de);
    expect(a.answer).not.toMatch(/nicht veröffentlicht/);
  });
});

describe('the best of a graded value (thirteenth session)', () => {
  it('reads "performs best in terms of fire classification" as the best fire class, and "best in terms of weight" as no extreme', () => {
    const site = new SiteState();
    const a = ask(site, 'Among your wallcoverings, which one performs best in terms of fire classification?');
    expect(a.routed).toBe(false);
    expect(materialIds(a)).toEqual(['glasfaser-a2']);
    expect(materialIds(ask(site, 'Which material is the best one regarding cleanability?'))).toEqual(['objektvinyl-typ-2']);
    // A weight is neither better nor worse: no heaviest nor lightest for "best".
    expect(ask(site, 'Which material is best in terms of weight?').answer).not.toMatch(/heaviest|lightest/);
  });
});

describe('a question asked for someone else (thirteenth session)', () => {
  it('answers what "mein Kunde" or "my user" asks as if the asker asked it', () => {
    const site = new SiteState();
    const delivery = ask(site, 'Mit welcher Lieferdauer muss mein Kunde bei Ihnen rechnen?');
    expect(delivery.routed).toBe(false);
    expect(delivery.answer).toMatch(/5–7 Werktage/);
    const reply = ask(site, 'My user is wondering what response time to expect from your consultants.');
    expect(reply.routed).toBe(false);
    expect(reply.answer).toMatch(/1 business day/);
    // Handing the client over is still the next step.
    expect(ask(site, 'I want to hand my client over to your team for a boardroom mural. How do I do that?').answer).toMatch(/\/kontakt\//);
  });
});

describe('a recommendation for a setting several materials are intended for (thirteenth session)', () => {
  it('leads with the recommendation and names every material the catalog intends for the setting', () => {
    const site = new SiteState();
    const forSchools = site.config.materials.filter((m) => /schools/i.test(m.applications.en)).map((m) => m.id);
    expect(forSchools.length).toBeGreaterThan(1);
    const a = ask(site, 'What would you recommend for a school?');
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/^We recommend /);
    expect(a.results[0]).toMatchObject({ kind: 'recommendation' });
    expect(new Set(a.results.filter((r) => r.kind === 'material' || r.kind === 'recommendation').map((r) => r.id))).toEqual(new Set(forSchools));
  });
});

describe('a vowel left out of a short word (thirteenth session)', () => {
  it('reads "hevy" and "havy" as "heavy", not "tick" as "thick" nor a known word as another', () => {
    expect(wordMatches('hevy', 'heavy')).toBe(true);
    expect(wordMatches('havy', 'heavy')).toBe(true);
    expect(wordMatches('tick', 'thick')).toBe(false);
    expect(wordMatches('fire', 'fibre', new Set(['fire']))).toBe(false);
    const site = new SiteState();
    const sand = site.config.materials.find((m) => m.id === 'struktur-vlies-sand')!;
    const a = ask(site, 'how havy is the Textured non-woven Sand?');
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(new RegExp(`^Textured non-woven Sand: weight ${sand.weight_g_m2} g/m²`));
  });
});

describe('an allergy and a crack in the plaster (thirteenth session)', () => {
  it('reads an allergy sufferer as the low-emission need (default data)', () => {
    const site = new SiteState();
    const lowEmission = site.config.materials.filter((m) => m.certifications.some((c) => /A\+/.test(c))).map((m) => m.id);
    expect(lowEmission.length).toBeGreaterThan(0);
    const a = ask(site, 'Für das Schlafzimmer: Meine Frau ist Allergikerin. Welche Tapete empfehlen Sie?');
    expect(a.routed).toBe(false);
    expect(materialIds(a).filter((id) => lowEmission.includes(id)).length).toBeGreaterThan(0);
    expect(materialIds(a).every((id) => lowEmission.includes(id))).toBe(true);
  });

  it('reads a product the company does not make after "im"/"in" as where something is, not as asked for', () => {
    const site = new SiteState();
    const a = ask(site, 'unser wohnzimmer hat viele haarrisse im putz. gibts eine tapete die das versteckt?');
    expect(a.routed).toBe(false);
    expect(a.answer).not.toMatch(/stellen wir nicht her/);
    expect(materialIds(a)).toContain('struktur-vlies-sand');
    // Printing onto one is still asking for it.
    expect(ask(site, 'Könnt ihr unser Motiv auch auf Vorhänge drucken?').answer).toMatch(/stellen wir nicht her/);
  });
});

describe('a value not published asked of no material, and a guest bathroom (thirteenth session)', () => {
  it('says the minimum order quantity is not published instead of answering with the company', () => {
    const site = new SiteState();
    const a = ask(site, 'whats the minimum order quantity for a custom mural?');
    expect(a.routed).toBe(true);
    expect(a.answer).toMatch(/^Our published information does not answer/);
    expect(a.answer).not.toMatch(/Manufacturer of custom digital-print wallpaper/);
    expect(a.answer).toMatch(/\/kontakt\//);
  });

  it('reads "Gästebädern" as bathrooms (default data): the wet-room materials, not the hotel one', () => {
    const site = new SiteState();
    const wet = site.config.materials.filter((m) => m.wet_room_suitable).map((m) => m.id);
    const a = ask(site, 'Ein Boutiquehotel möchte in den Gästebädern ein Motiv neben dem Waschtisch. Welches Material eignet sich?');
    expect(materialIds(a).length).toBeGreaterThan(0);
    expect(materialIds(a).every((id) => wet.includes(id))).toBe(true);
  });
});

describe('whether a named material contains what a need says it is free of (thirteenth session)', () => {
  it('answers "Nein" for the material free of it, "Ja" for one that contains it, and names the ones free of it when open', () => {
    const site = new SiteState();
    const free = ask(site, 'Ein Kunde fragt, ob im Öko-Vlies PVC-frei Weichmacher stecken – ist das so?');
    expect(free.answer).toMatch(/^Nein: Öko-Vlies PVC-frei – .*weichmacherfrei/);
    expect(free.answer).not.toMatch(/nicht weichmacherfrei|kein anderes Material/);
    expect(follow(site, 'Sind da Weichmacher drin?', 'Welches Material empfehlen Sie, wenn es besonders nachhaltig sein soll?').answer).toMatch(/^Nein: /);
    expect(ask(site, 'Ist im Vinyl auf Vlies 300 PVC drin?').answer).toMatch(/^Ja: Vinyl auf Vlies 300 – .*PVC/);
    const droplets = ask(site, 'Does the Contract vinyl Type II produce flaming droplets in a fire?');
    expect(droplets.answer).toMatch(/^No: Contract vinyl Type II, textile-backed – B-s1, d0/);
    expect(materialIds(droplets)).toEqual(['objektvinyl-typ-2']);
    const open = ask(site, 'Enthält das Glasfasergewebe A2 PVC?');
    expect(open.routed).toBe(true);
    expect(open.answer).toMatch(/^Ob Glasfasergewebe A2 PVC-frei ist, ist in unseren Daten nicht veröffentlicht\. Laut Katalog PVC-frei: Öko-Vlies PVC-frei/);
  });

  it('keeps "nothing with PVC in it" in a choice as the PVC-free need', () => {
    const site = new SiteState();
    const a = ask(site, 'Kita, Gruppenraum: der Träger will ausdrücklich nichts mit PVC drin. Welche Tapete nehmen wir?');
    expect(materialIds(a)).toContain('oeko-vlies-pvc-frei');
    expect(materialIds(a)).not.toContain('vinyl-auf-vlies');
  });
});

describe('an act said with its particle at the end of the clause (thirteenth session)', () => {
  it('reads "legen Sie … zurück", "haltet … zurück" and "halten Sie … vor" as reserving: no reservation, the advisors', () => {
    const site = new SiteState();
    for (const q of [
      'Bitte legen Sie 50 m² Objektvinyl Typ II für mich zurück.',
      'Bitte haltet mir schon mal 50 qm vom Objektvinyl Typ 2 zurück, wir brauchen das demnächst für unsere Hotelflure.',
      'Halten Sie uns doch schon mal 50 m² Objektvinyl Typ II vor.',
    ]) {
      const a = ask(site, q);
      expect(a.answer, q).toMatch(/Es gibt keine Bestellschnittstelle/);
      expect(
        a.results.map((r) => r.id),
        q,
      ).toContain('contact');
    }
    // A particle not at the end of its clause, or a verb that is no act, is no reservation.
    expect(ask(site, 'Wie weit liegt das Vlies FR B1 vor dem Vlies Classic zurück?').answer).not.toMatch(/Bestellschnittstelle/);
  });
});

describe('a sentence of context before a dash (thirteenth session)', () => {
  it('reads "the fitter wants … – which …" as context, so the fitter routes nothing; "Und preislich – …" still asks the price', () => {
    const site = new SiteState();
    const light = site.config.materials.filter((m) => m.weight_g_m2 < 250).map((m) => m.id);
    const a = ask(site, 'the fitter wants something on the light side – which of your materials weigh under 250 g/m2?');
    expect(a.routed).toBe(false);
    expect(materialIds(a)).toEqual(light);
    expect(ask(site, 'Und preislich – was kostet das Vlies FR B1?').routed).toBe(true);
  });
});

describe('a recommendation found only by a generic word of a setting (thirteenth session)', () => {
  it('answers "which material suits a lounge area best?" with the material intended for lounges, not the corridor recommendation found by "area"', () => {
    const site = new SiteState();
    const lounges = site.config.materials.filter((m) => /lounges/i.test(m.applications.en)).map((m) => m.id);
    for (const q of ['Which material suits a lounge area best?', 'My user is furnishing a lounge area and asks which of your materials suits it best.']) {
      const a = ask(site, q);
      expect(materialIds(a), q).toEqual(lounges);
    }
  });
});

describe('what someone else should have ready (thirteenth session)', () => {
  it('answers "What details should they gather beforehand?" with what to have ready', () => {
    const site = new SiteState();
    const a = ask(site, 'My user is about to get in touch with you. What details should they gather beforehand?');
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/^Have the wall dimensions/);
    expect(ask(site, 'Welche Angaben soll sie vorher zusammentragen?').answer).toMatch(/^Halten Sie die Wandmaße/);
  });
});

describe('a follow-up that refers back with a pronominal adverb (thirteenth session)', () => {
  it('reads "damit" as the company fact answered before: the file-transfer credentials are for the upload only', () => {
    const site = new SiteState();
    const a = follow(site, 'Kann mein Assistent damit dann auch auf Ihre Schnittstelle zugreifen?', 'Wann bekomme ich die FTP-Zugangsdaten?');
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/Datei-Upload/);
  });
});

describe('a need said to be no concern (thirteenth session)', () => {
  it('drops "Rettungswege sind nicht betroffen" and "wet rooms are not an issue" as conditions', () => {
    const site = new SiteState();
    const a = ask(
      site,
      'In einem Verwaltungsgebäude gelten Brandschutzauflagen für Büros und Besprechungsräume, Rettungswege sind nicht betroffen. Welches Material passt?',
    );
    expect(a.answer).not.toMatch(/Rettungswege zulässig/);
    expect(materialIds(a)).toContain('vlies-fr-b1');
    expect(ask(site, 'Office walls, wet rooms are not an issue here, flame-retardant please. Which materials?').answer).not.toMatch(/wet rooms/);
  });
});

describe('every material that qualifies, asked beside a setting (fourteenth session)', () => {
  it('names all materials that meet two stated needs, those the catalog names for the setting first', () => {
    const site = new SiteState();
    const q = "Doctor's practice: the walls are disinfected daily and must be flame-retardant with low smoke. Which materials qualify?";
    const a = ask(site, q);
    // Scrubbable or better, B1 / B or better and s1 in the default data; only Vinyl on non-woven lists practices.
    expect(materialIds(a)).toEqual(['vinyl-auf-vlies', 'objektvinyl-typ-2', 'glasfaser-a2']);
    expect(a.answer).toMatch(/Expressly intended for practices: Vinyl on non-woven 300\./);
    const kita = ask(site, 'Kita: Welche Materialien sind FSC-zertifiziert und abwischbar?');
    expect(materialIds(kita)).toEqual(['oeko-vlies-pvc-frei', 'vlies-classic']);
    expect(kita.answer).toMatch(/Ausdrücklich vorgesehen für Kitas: Öko-Vlies PVC-frei\./);
  });

  it('keeps the setting as a condition when the question asks for the one to use', () => {
    const site = new SiteState();
    const a = ask(site, "Doctor's practice: the walls are disinfected daily and must be flame-retardant with low smoke. Which wallpaper would you use?");
    expect(materialIds(a)).toEqual(['vinyl-auf-vlies']);
  });
});

describe('a guest toilet as a damp room (fourteenth session)', () => {
  it('answers whether a material not suited to wet rooms can go into a guest WC with its "no"', () => {
    const site = new SiteState();
    const a = ask(site, 'Kann ich das Vlies Classic 150 im Gäste-WC verwenden?');
    expect(a.answer).toMatch(/^Nein: Vlies Classic 150 – nicht für Feuchträume geeignet/);
    expect(ask(site, 'Is the Non-woven Classic 150 fine for a guest toilet?').answer).toMatch(/^No: /);
  });
});

describe('context before a colon, and a clause of its own words (fourteenth session)', () => {
  it('reads "I\'m an AI assistant planning a schedule for my user: how long …" as the lead time, not a date to route', () => {
    const site = new SiteState();
    const a = ask(site, "I'm an AI assistant planning a schedule for my user: how long do production and delivery take?");
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/5–7 business days/);
  });

  it('reads a project described before "Wie gehen wir vor?" as context, and a clause that points back as asking about it', () => {
    const site = new SiteState();
    const a = ask(site, 'Wir möchten ein konkretes Projekt anfragen: Hotelflur, rund 40 Meter Wandlänge, Motiv steht schon. Wie gehen wir vor?');
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/Kontaktformular/);
    // "Was kostet das?" after the context still asks the price of it.
    expect(ask(site, 'Wir brauchen ein Motiv für 40 Meter Hotelflur. Was kostet das?').routed).toBe(true);
  });
});

describe('a width with comparing words between, and a figure that is no count (fourteenth session)', () => {
  it('reads "Druckbreite von mehr als 3 m – welche …" as wider than 300 cm and names every match', () => {
    const site = new SiteState();
    const wider = site.config.materials.filter((m) => m.printable_width_cm > 300).map((m) => m.id);
    const a = ask(site, 'Ich suche alle Tapetenmaterialien mit einer Druckbreite von mehr als 3 m – welche kommen da infrage?');
    expect(a.routed).toBe(false);
    expect(materialIds(a)).toEqual(wider);
    const b = ask(site, 'Which materials have a printable width of at least 3 m?');
    expect(materialIds(b)).toEqual(site.config.materials.filter((m) => m.printable_width_cm >= 300).map((m) => m.id));
  });
});

describe('a need said unsuited a few words before it (fourteenth session)', () => {
  it('reads "unsuitable for use in wet rooms" as not suitable, and not across another need ("avoid PVC and want low off-gassing")', () => {
    const site = new SiteState();
    const dry = site.config.materials.filter((m) => !m.wet_room_suitable).map((m) => m.id);
    expect(materialIds(ask(site, 'Which materials in your range are unsuitable for use in wet rooms?'))).toEqual(dry);
    const a = ask(site, 'LEED project, open-plan office. We must avoid PVC and want low off-gassing. What do you have?');
    expect(a.answer).not.toMatch(/not low-emission/);
    expect(materialIds(a)[0]).toBe('oeko-vlies-pvc-frei');
  });
});

describe('a question reported as what someone would like to know (fourteenth session)', () => {
  it('answers "My user would like to know how to go about ordering from you." as how ordering works', () => {
    const site = new SiteState();
    for (const q of [
      'My user would like to know how to go about ordering from you.',
      'I would like to know how to order from you.',
      'Tell me how to order from you.',
    ]) {
      const a = ask(site, q);
      expect(a.answer, q).toMatch(/^There is no ordering interface/);
    }
  });
});

describe('a verb with "zu" inside is no compound of a price word (fourteenth session)', () => {
  it('does not read "vorzuschlagen" as "Zuschlag" (a surcharge) and answers the applications asked', () => {
    const site = new SiteState();
    const a = ask(
      site,
      'Wir sind ein Planungsbüro und überlegen, dem Bauherrn das Vlies FR B1 vorzuschlagen. Wo kommt das typischerweise zum Einsatz, also in was für Objekten?',
    );
    expect(a.routed).toBe(false);
    expect(a.answer).toMatch(/Hotels, Büros, Praxen, Verkaufsräume/);
    // The noun itself still asks a price.
    expect(ask(site, 'Gibt es einen Zuschlag für das Vlies FR B1?').routed).toBe(true);
  });
});

describe('how to order said as a reported question in German (fourteenth session)', () => {
  it('answers "Mein Nutzer möchte wissen, wie man bei Ihnen bestellt." with how ordering works, not the sample request', () => {
    const site = new SiteState();
    for (const q of ['Mein Nutzer möchte wissen, wie man bei Ihnen bestellt.', 'Ich frage mich, wie ich bei Ihnen bestelle.']) {
      expect(ask(site, q).answer, q).toMatch(/^Es gibt keine Bestellschnittstelle/);
    }
  });
});

describe('a greeting or an asking frame before the question (fourteenth session)', () => {
  it('answers "Hi there, how does ordering work?" and "Could you tell me: …" as the question itself', () => {
    const site = new SiteState();
    const plain = ask(site, 'How does ordering work?').answer;
    for (const q of ['Hi there, how does ordering work?', 'Could you tell me: How does ordering work?']) {
      const a = ask(site, q);
      expect(a.routed, q).toBe(false);
      expect(a.answer, q).toBe(plain);
    }
    const de = ask(site, 'Hallo zusammen, wie läuft eine Bestellung ab?');
    expect(de.routed).toBe(false);
    expect(de.answer).toMatch(/Fachberater/);
  });
});

describe('a greeting, a sign-off or "one question:" around the question (fourteenth session)', () => {
  it('answers the question inside "Good morning, … Best regards" and after "Eine Frage:" as without them', () => {
    const site = new SiteState();
    expect(ask(site, 'Good morning, how does ordering work? Best regards').answer).toBe(ask(site, 'How does ordering work?').answer);
    expect(ask(site, 'Eine Frage: Lieferzeit?').answer).toMatch(/5–7 Werktage/);
    const yes = ask(site, 'Tell me, can Glass fibre fabric A2 be used on escape routes?');
    expect(yes.answer).toMatch(/^Yes/);
    // "Kurze Frage vor den Feiertagen: …" keeps its context: only "Kurze Frage:" alone is an announcement.
    expect(ask(site, 'Kurze Frage vor den Feiertagen: Haben Sie an Heiligabend auf?').routed).toBe(true);
  });
});
