import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SiteState, defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { indexFor } from '../../plugin/sidecar/answers/search.js';
import { answerJson, answerResultsJson, prepareAnswer, type AskAnswer, type AskContext } from '../../plugin/sidecar/answers/answer.js';
import { Memo } from '../../plugin/sidecar/core/memo.js';
import { chunks } from '../../plugin/sidecar/answers/routes.js';
import { validatorFor } from '../../plugin/sidecar/core/schemas.js';

const context = { publicBase: 'https://tapeten.example' };

/** The answer GET /ask sends (answers/routes.ts), as an object. */
function answerQuestion(site: SiteState, query: string, askContext: AskContext): AskAnswer {
  return JSON.parse(answerJson(query, prepareAnswer(site, query, askContext), false)) as AskAnswer;
}

describe('answer index', () => {
  const site = new SiteState();
  const index = indexFor(site.revision, site.config);

  it('reads a German verb form whose noun the documents have as that noun\'s root ("gedruckt" as "Druck")', () => {
    expect(index.tokenize('gedruckt', 'de')).toEqual(index.tokenize('druck', 'de'));
    expect(index.tokenize('druckt', 'de')).toEqual(index.tokenize('druck', 'de'));
    // A form the documents know stays as it is.
    expect(index.tokenize('Vinyl', 'de')).toEqual(['vinyl']);
    const time = answerQuestion(site, 'Eröffnung ist in drei Wochen – wie lange braucht ihr, bis die Tapete gedruckt ist?', context);
    expect(time.routed).toBe(false);
    expect(time.answer).toContain('5–7 Werktage');
  });

  it('tells German from English questions', () => {
    expect(index.detectLanguage('Was ist ein Wallcheck?')).toBe('de');
    expect(index.detectLanguage('What is a Wallcheck?')).toBe('en');
    expect(index.detectLanguage('Lieferzeit?')).toBe('de');
    expect(index.detectLanguage('Delivery time?')).toBe('en');
    expect(index.detectLanguage('Gibt es Muster für Bäder')).toBe('de');
    // Nothing to tell them apart: the client's Accept-Language decides, then German.
    expect(index.detectLanguage('Wallcheck', 'en-GB,en;q=0.8')).toBe('en');
    expect(index.detectLanguage('Wallcheck')).toBe('de');
  });

  it('stems German and splits compounds with the documents own vocabulary', async () => {
    const bath = index.ask('Tapeten für Bäder').outcome;
    expect(bath.terms).toEqual(expect.arrayContaining(['tapet', 'bad']));
    const compound = index.ask('Feuchtraumtapete').outcome;
    expect(compound.terms).toEqual(expect.arrayContaining(['feuchtraum', 'tapet']));
    expect(compound.hits[0].doc.key).toBe('recommendation:feuchtraum');
    // "Anfrage" finds the FAQ entry that only says "Projektanfrage".
    const enquiry = index.ask('Anfrage Angaben').outcome;
    expect(enquiry.hits[0].doc.key).toBe('faq:enquiry-preparation');
  });

  it('builds one index per configuration revision', () => {
    expect(indexFor(site.revision, site.config)).toBe(index);
    const changed = defaultConfig();
    changed.company.telephone.opens = '08:00';
    const other = new SiteState(changed);
    expect(indexFor(other.revision, other.config)).not.toBe(index);
  });
});

describe('answers from the site data only', () => {
  it('routes a question until the discovery texts answer it, then answers from them', async () => {
    const site = new SiteState();
    const question = 'Drucken Sie auch Deckentapeten?';
    const before = await answerQuestion(site, question, context);
    expect(before.routed).toBe(true);

    const config = defaultConfig();
    config.discovery.faq.push({
      id: 'ceiling',
      question: { de: 'Drucken Sie auch Deckentapeten?', en: 'Do you print ceiling wallpaper?' },
      answer: { de: 'Ja, Deckentapeten drucken wir auf Vlies Classic 150.', en: 'Yes, we print ceiling wallpaper on Non-woven Classic 150.' },
    });
    site.replace(config);
    const after = await answerQuestion(site, question, context);
    expect(after).toMatchObject({ routed: false, language: 'de', answer: 'Ja, Deckentapeten drucken wir auf Vlies Classic 150.' });
    expect(after.results[0]).toMatchObject({ id: 'faq:ceiling', kind: 'faq' });
    const english = await answerQuestion(site, 'Do you print ceiling wallpaper?', context);
    expect(english.answer).toBe('Yes, we print ceiling wallpaper on Non-woven Classic 150.');
  });

  it('answers both parts of a two-part question, and routes one that also asks for a price', async () => {
    const site = new SiteState();
    const twoParts = await answerQuestion(site, 'Wie lange dauert die Lieferung und kann ich Muster bekommen?', context);
    expect(twoParts.routed).toBe(false);
    expect(twoParts.results.map((r) => r.id)).toEqual(['company:delivery', 'company:samples', 'contact']);
    expect(twoParts.answer).toMatch(/5–7 Werktage.*Materialmuster/s);
    const withPrice = await answerQuestion(site, 'Is Vlies Classic washable and what does it cost?', context);
    expect(withPrice.routed).toBe(true);
    // The material named, the price said to be unpublished, and the contact point (issue 19).
    expect(withPrice.results.map((r) => r.id)).toEqual(['vlies-classic', 'contact']);
    expect(withPrice.answer).toContain('not published');
  });

  it('lists the catalog when asked for the materials on offer', async () => {
    const site = new SiteState();
    const answer = await answerQuestion(site, 'Welche Materialien habt ihr?', context);
    expect(answer.results[0]).toMatchObject({ id: 'catalog', kind: 'catalog', '@type': 'ItemList' });
    expect(answer.results).toHaveLength(1 + site.config.materials.length);
    for (const material of site.config.materials) expect(answer.answer).toContain(material.name.de);
  });

  it('gives answers that match the AskAnswer schema, with absolute links', async () => {
    const site = new SiteState();
    const validate = validatorFor('AskAnswer');
    for (const question of [
      'Was ist ein Wallcheck?',
      'Which material for a sustainable project?',
      'Telefonnummer?',
      'Wetter morgen?',
      'Is Vlies FR B1 washable?',
      'Welche Materialien habt ihr?',
      'How can I contact you?',
    ]) {
      const answer = await answerQuestion(site, question, context);
      expect(validate(answer), JSON.stringify(validate.errors)).toBe(true);
      for (const result of answer.results) expect(result.url).toMatch(/^(https:\/\/tapeten\.example\/|tel:\+)/);
    }
  });

  it('splits an answer into content parts that join to the whole text', () => {
    const text = 'Erster Satz. Zweiter Satz mit 13501-1 (A2-s1, d0)! Dritter? Ende ohne Punkt';
    expect(chunks(text)).toEqual(['Erster Satz. ', 'Zweiter Satz mit 13501-1 (A2-s1, d0)! ', 'Dritter? ', 'Ende ohne Punkt']);
    expect(chunks(text).join('')).toBe(text);
  });
});

const evalQuestions = (JSON.parse(readFileSync(new URL('./eval-set.json', import.meta.url), 'utf8')) as { questions: { question: string }[] }).questions.map(
  (q) => q.question,
);

/** The evaluation set, awkward inputs, and word salads of the set's words (a fixed pseudo-random sequence). */
function manyQuestions(): string[] {
  const extra = [
    'Feuchtraumtapete',
    'Projektanfrage',
    'Brandschutzauflagenverordnung',
    'Tapeten für Bäder',
    'DIN 4102 B1 A2-s1, d0',
    'x',
    'spa',
    'Ölfarbe café naïve',
    '13501-1',
  ];
  const pool = evalQuestions.join(' ').split(/\s+/);
  let seed = 42;
  const next = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const salads = Array.from({ length: 300 }, () => Array.from({ length: 1 + Math.floor(next() * 7) }, () => pool[Math.floor(next() * pool.length)]).join(' '));
  return [...evalQuestions, ...extra, ...salads];
}

describe('the question path', () => {
  it('writes with the answer-json trick exactly the bytes JSON.stringify writes of the answer object', () => {
    const site = new SiteState();
    let scored = 0;
    for (const question of manyQuestions()) {
      for (const acceptLanguage of [undefined, 'en-GB']) {
        const prepared = prepareAnswer(site, question, { ...context, acceptLanguage });
        if (prepared.score !== undefined) scored++;
        // Twice: the second from the cached parts.
        for (let i = 0; i < 2; i++) {
          expect(answerJson(question, prepared, true)).toBe(answerJson(question, prepared, false));
          expect(answerResultsJson(prepared, true)).toEqual(answerResultsJson(prepared, false));
        }
      }
    }
    // Answers from the search (a score spliced in) among them, not only structured and routed ones.
    expect(scored).toBeGreaterThan(50);
  });

  it('answers from the configuration in force: nothing composed for an earlier revision is reused', () => {
    const site = new SiteState();
    const before = answerQuestion(site, 'Telefonnummer?', context);
    expect(before.answer).toContain('+49 711 9876540');
    const changed = defaultConfig();
    changed.company.telephone.number = '+49 711 1234567';
    site.replace(changed);
    const after = answerQuestion(site, 'Telefonnummer?', context);
    expect(after.answer).toContain('+49 711 1234567');
    expect(after.answer).not.toContain('+49 711 9876540');
    expect(answerQuestion(site, 'Telefonnummer?', { publicBase: 'https://other.example' }).results[0].url).not.toContain('tapeten.example');
  });

  it('keeps its memos bounded, the recently used entries kept', () => {
    const memo = new Memo<string, number>(100);
    for (let i = 0; i < 1000; i++) {
      memo.set(`w${i}`, i);
      expect(memo.get('w0')).toBe(0);
    }
    expect(memo.size).toBeLessThanOrEqual(200);
    expect(memo.get('w999')).toBe(999);
    expect(memo.get('w500')).toBeUndefined();
  });
});
