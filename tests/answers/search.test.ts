import { describe, expect, it } from 'vitest';
import { SiteState, defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { indexFor } from '../../plugin/sidecar/answers/search.js';
import { answerQuestion } from '../../plugin/sidecar/answers/answer.js';
import { chunks } from '../../plugin/sidecar/answers/routes.js';
import { validatorFor } from '../../plugin/sidecar/core/schemas.js';

const context = { publicBase: 'https://tapeten.example' };

describe('answer index', () => {
  const site = new SiteState();
  const index = indexFor(site.revision, site.config);

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
    const bath = await index.search('Tapeten für Bäder', 'de');
    expect(bath.terms).toEqual(expect.arrayContaining(['tapet', 'bad']));
    const compound = await index.search('Feuchtraumtapete', 'de');
    expect(compound.terms).toEqual(expect.arrayContaining(['feuchtraum', 'tapet']));
    expect(compound.hits[0].doc.key).toBe('recommendation:feuchtraum');
    // "Anfrage" finds the FAQ entry that only says "Projektanfrage".
    const enquiry = await index.search('Anfrage Angaben', 'de');
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
    expect(withPrice.results.map((r) => r.id)).toEqual(['contact']);
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
    for (const question of ['Was ist ein Wallcheck?', 'Which material for a sustainable project?', 'Telefonnummer?', 'Wetter morgen?', 'Is Vlies FR B1 washable?', 'Welche Materialien habt ihr?', 'How can I contact you?']) {
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
