import { AGENT_PREFIX, DOCUMENT_PATHS } from '../core/paths.js';
import type { LocalizedText, Priority, SiteConfig } from '../core/site-config.js';
import { companyOf, factTexts, fireText, materialsOf, telephoneHours, type CatalogMaterial, type Grounding, type Lang } from './documents.js';
import { productExtras } from '../materials/pictures.js';
import { CATALOG_WORDING, FACT_WORDING, PRIORITY_WORDING, type FactId } from './vocabulary.js';

/** One thing an answer is grounded on (NLWeb "results" item, schemas/ask-answer.schema.json#/$defs/AskResult). */
export type { AskResult } from '../core/schema-types.js';
import type { AskResult } from '../core/schema-types.js';

export interface Composed {
  answer: string;
  results: AskResult[];
}

export const say = (lang: Lang, de: string, en: string) => (lang === 'de' ? de : en);

/** Materials' names in a sentence: "X und Y", "X and Y". */
export const namesOf = (materials: readonly CatalogMaterial[], lang: Lang): string => materials.map((m) => m.name[lang]).join(say(lang, ' und ', ' and '));

function links(config: SiteConfig, base: string) {
  const company = companyOf(config);
  return {
    catalog: `${base}${AGENT_PREFIX}/materials`,
    recommendation: (p: Priority) => `${base}${AGENT_PREFIX}/materials/recommendation?priority=${p}`,
    company: `${base}${AGENT_PREFIX}/company`,
    contactForm: `${base}${company.entry_points.contact_form}`,
    wallcheck: `${base}${company.entry_points.wallcheck}`,
    telephone: `tel:${company.telephone.number.replace(/[^+0-9]/g, '')}`,
    texts: `${base}${DOCUMENT_PATHS.llmsFull}`,
  };
}

function materialSchemaObject(material: CatalogMaterial, lang: Lang): Record<string, unknown> {
  const property = (name: string, value: string | number, unitText?: string) => ({ '@type': 'PropertyValue', name, value, ...(unitText ? { unitText } : {}) });
  const properties = [
    property('weight', material.weight_g_m2, 'g/m²'),
    property('printable_width', material.printable_width_cm, 'cm'),
    property('cleanability', `${material.cleanability.class[lang]} (${material.cleanability.standard})`),
    property('wet_room_suitable', String(material.wet_room_suitable)),
  ];
  if (material.fire_classification.en_13501_1) properties.push(property('fire_classification_en_13501_1', material.fire_classification.en_13501_1));
  if (material.fire_classification.din_4102) properties.push(property('fire_classification_din_4102', material.fire_classification.din_4102));
  if (material.wet_room_note) properties.push(property('wet_room_note', material.wet_room_note[lang]));
  properties.push(property('surface', material.surface[lang]), property('applications', material.applications[lang]));
  for (const certification of material.certifications) properties.push(property('certification', certification));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    productID: material.id,
    name: material.name[lang],
    description: material.summary[lang],
    material: material.base_material[lang],
    additionalProperty: properties,
  };
}

export function materialResult(config: SiteConfig, base: string, material: CatalogMaterial, lang: Lang): AskResult {
  return {
    '@type': 'Product',
    id: material.id,
    kind: 'material',
    name: material.name[lang],
    description: material.summary[lang],
    url: `${links(config, base).catalog}#${material.id}`,
    grounding: { source: links(config, base).catalog },
    schema_object: { ...materialSchemaObject(material, lang), ...productExtras(config, base, material, lang) },
  };
}

/** The characteristics that matter for a choice, in sentences. */
function materialFacts(material: CatalogMaterial, lang: Lang): string[] {
  const sentences: string[] = [];
  const fire = fireText(material, lang);
  if (fire) sentences.push(say(lang, `Brandverhalten: ${fire}.`, `Reaction to fire: ${fire}.`));
  if (material.wet_room_suitable) {
    sentences.push(material.wet_room_note?.[lang] ?? say(lang, 'Für Feuchträume geeignet.', 'Suitable for damp rooms.'));
  } else {
    sentences.push(say(lang, 'Nicht für Feuchträume geeignet.', 'Not suitable for wet rooms.'));
  }
  sentences.push(
    say(
      lang,
      `Reinigung: ${material.cleanability.class[lang]} (${material.cleanability.standard}); ${material.weight_g_m2} g/m², Druckbreite bis ${material.printable_width_cm} cm.`,
      `Cleaning: ${material.cleanability.class[lang]} (${material.cleanability.standard}); ${material.weight_g_m2} g/m², printable width up to ${material.printable_width_cm} cm.`,
    ),
  );
  sentences.push(say(lang, `Einsatzbereiche: ${material.applications[lang]}.`, `Applications: ${material.applications[lang]}.`));
  return sentences;
}

export const ADVISOR_CONFIRMS: LocalizedText = {
  de: 'Die Werte sind typische Werte aus Prüfberichten; ein Fachberater bestätigt die Eignung für Ihr Projekt.',
  en: 'The figures are typical values from test reports; an advisor confirms the suitability for your project.',
};

function composeMaterial(config: SiteConfig, base: string, materialId: string, lang: Lang): Composed {
  const material = materialsOf(config).find((m) => m.id === materialId)!;
  const answer = [`${material.name[lang]}: ${material.summary[lang]}`, ...materialFacts(material, lang), ADVISOR_CONFIRMS[lang]].join(' ');
  return { answer, results: [materialResult(config, base, material, lang)] };
}

function composeRecommendation(config: SiteConfig, base: string, priority: Priority, lang: Lang): Composed {
  const setting = config.recommendations[priority];
  const materials = materialsOf(config);
  const material = materials.find((m) => m.id === setting.material_id)!;
  const label = PRIORITY_WORDING[priority].label[lang];
  const alternatives = materials.filter((m) => m.id !== material.id && m.priorities.includes(priority));
  const sentences = [
    say(lang, `Für ${label} empfehlen wir ${material.name[lang]}.`, `For ${label} we recommend ${material.name[lang]}.`),
    setting.reason[lang],
    ...materialFacts(material, lang),
  ];
  if (alternatives.length) {
    const names = alternatives.map((m) => m.name[lang]).join(', ');
    sentences.push(say(lang, `Ebenfalls dafür vorgesehen: ${names}.`, `Also intended for this: ${names}.`));
  }
  sentences.push(ADVISOR_CONFIRMS[lang]);
  const main = recommendationResult(config, base, priority, lang);
  return { answer: sentences.join(' '), results: [main, ...alternatives.map((m) => materialResult(config, base, m, lang))] };
}

function recommendationResult(config: SiteConfig, base: string, priority: Priority, lang: Lang): AskResult {
  const setting = config.recommendations[priority];
  const material = materialsOf(config).find((m) => m.id === setting.material_id)!;
  const link = links(config, base);
  return {
    ...materialResult(config, base, material, lang),
    kind: 'recommendation',
    priority,
    description: setting.reason[lang],
    url: link.recommendation(priority),
    grounding: { source: link.recommendation(priority) },
  };
}

/**
 * What to use when the question names no need the search can tell apart ("Welche Tapete empfehlen
 * Sie?"): every recommendation with what it is for, instead of the one whose text happens to score first.
 */
export function composeRecommendations(config: SiteConfig, base: string, lang: Lang): Composed {
  const priorities = Object.keys(config.recommendations) as Priority[];
  const named = priorities.map((p) => {
    const material = materialsOf(config).find((m) => m.id === config.recommendations[p].material_id)!;
    return say(lang, `für ${PRIORITY_WORDING[p].label.de} ${material.name.de}`, `for ${PRIORITY_WORDING[p].label.en}, ${material.name.en}`);
  });
  const answer = [
    say(lang, 'Welches Material passt, hängt vom Projekt ab. Wir empfehlen', 'Which material fits depends on the project. We recommend'),
    `${named.join('; ')}.`,
    say(
      lang,
      'Nennen Sie Raum, Wand und Anforderungen (etwa Brandschutzklasse, Feuchtigkeit, Beanspruchung), dann lässt sich das passende Material nennen.',
      'Tell us the room, the wall and the requirements (a fire class, moisture, wear, say) and the fitting material can be named.',
    ),
  ].join(' ');
  return { answer, results: priorities.map((p) => recommendationResult(config, base, p, lang)) };
}

/** The contact point every routed answer and several facts name. */
export function contactResult(config: SiteConfig, base: string, lang: Lang): AskResult {
  const company = companyOf(config);
  const link = links(config, base);
  return {
    '@type': 'ContactPoint',
    id: 'contact',
    kind: 'contact',
    name: FACT_WORDING.contact.label[lang],
    description: say(
      lang,
      `Kontaktformular ${link.contactForm}; Telefon ${company.telephone.number}, ${telephoneHours(config, lang)}.`,
      `Contact form ${link.contactForm}; telephone ${company.telephone.number}, ${telephoneHours(config, lang)}.`,
    ),
    url: link.contactForm,
    grounding: { source: link.company },
    schema_object: {
      '@context': 'https://schema.org',
      '@type': 'ContactPoint',
      url: link.contactForm,
      telephone: company.telephone.number,
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: company.telephone.opens,
        closes: company.telephone.closes,
      },
    },
  };
}

/** How to reach a human: contact form, telephone number and hours, response time. */
export function contactSentence(config: SiteConfig, base: string, lang: Lang): string {
  const company = companyOf(config);
  const link = links(config, base);
  const n = company.advisor_response_business_days;
  return say(
    lang,
    `Bitte wenden Sie sich an unsere Fachberater: über das Kontaktformular ${link.contactForm} oder telefonisch unter ${company.telephone.number} (${telephoneHours(config, lang)}). Ein Fachberater meldet sich innerhalb von ${n} ${n === 1 ? 'Werktag' : 'Werktagen'}.`,
    `Please contact our advisors: through the contact form ${link.contactForm} or by telephone at ${company.telephone.number} (${telephoneHours(config, lang)}). An advisor responds within ${n} business ${n === 1 ? 'day' : 'days'}.`,
  );
}

/** The answer to a question the site's data does not answer: routed to a human, never guessed. */
export function composeRouting(config: SiteConfig, base: string, lang: Lang): Composed {
  const answer = [
    say(
      lang,
      'Diese Frage lässt sich aus unseren veröffentlichten Daten nicht verlässlich beantworten.',
      'Our published information does not answer this question reliably.',
    ),
    contactSentence(config, base, lang),
  ].join(' ');
  return { answer, results: [contactResult(config, base, lang)] };
}

function factResult(config: SiteConfig, base: string, fact: FactId, lang: Lang, text: string): AskResult {
  const link = links(config, base);
  const url: Partial<Record<FactId, string>> = {
    wallcheck: link.wallcheck,
    samples: link.contactForm,
    telephone: link.telephone,
    agents: link.texts,
    contact: link.contactForm,
  };
  return {
    '@type': 'Answer',
    id: `company:${fact}`,
    kind: 'company_fact',
    name: FACT_WORDING[fact].label[lang],
    description: text,
    url: url[fact] ?? link.company,
    grounding: { source: fact === 'agents' ? link.texts : link.company },
    // The fact as what it is about: the company, with the published text as its description.
    schema_object: {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: companyOf(config).name,
      url: base,
      description: text,
    },
  };
}

type Links = ReturnType<typeof links>;
/** The sentence that links the Wallcheck page. */
const wallcheckLink = (link: Links, lang: Lang) => say(lang, `Zum Wallcheck: ${link.wallcheck}`, `Wallcheck page: ${link.wallcheck}`);
/** The sentence that links the contact form. */
const contactFormLink = (link: Links, lang: Lang) => say(lang, `Kontaktformular: ${link.contactForm}`, `Contact form: ${link.contactForm}`);

export function composeFact(config: SiteConfig, base: string, fact: FactId, lang: Lang): Composed {
  if (fact === 'project_specific') return composeRouting(config, base, lang);
  if (fact === 'contact') {
    return { answer: contactSentence(config, base, lang), results: [contactResult(config, base, lang)] };
  }
  const company = companyOf(config);
  const link = links(config, base);
  const text = factTexts(config)[fact][lang];
  const sentences = [text];
  const results = [factResult(config, base, fact, lang, text)];
  switch (fact) {
    case 'delivery': {
      const { business_days_min: min, business_days_max: max } = company.production_and_delivery;
      // The structured figures are what counts; the note is added unless it already states them.
      if (!(text.includes(String(min)) && text.includes(String(max)))) {
        sentences.unshift(say(lang, `Produktion und Lieferung dauern ${min}–${max} Werktage.`, `Production and delivery take ${min}–${max} business days.`));
      }
      break;
    }
    case 'neutral_shipping':
      if (company.production_and_delivery.neutral_shipping) {
        sentences.unshift(say(lang, 'Ja, ein neutraler Versand ist möglich.', 'Yes, neutral shipping is available.'));
      }
      break;
    case 'wallcheck':
      sentences.push(wallcheckLink(link, lang));
      break;
    case 'samples':
      sentences.push(contactFormLink(link, lang));
      results.push(contactResult(config, base, lang));
      break;
    case 'telephone':
      sentences.push(
        say(lang, `Alternativ erreichen Sie uns über das Kontaktformular ${link.contactForm}.`, `You can also use the contact form ${link.contactForm}.`),
      );
      results.push(contactResult(config, base, lang));
      break;
    // The first step is the contact form: its link, so the steps can be followed (what agents do ends there too).
    case 'agents':
    case 'workflow':
      sentences.push(contactFormLink(link, lang));
      results.push(contactResult(config, base, lang));
      break;
    case 'ordering':
      sentences.push(contactSentence(config, base, lang));
      results.push(contactResult(config, base, lang));
      break;
  }
  return { answer: sentences.join(' '), results };
}

/** A text that names the Wallcheck or the contact form: the sentence with its link, and its result. */
function entryPointsNamed(config: SiteConfig, base: string, text: string, lang: Lang): Composed {
  const link = links(config, base);
  const folded = text.toLowerCase();
  const sentences: string[] = [];
  const results: AskResult[] = [];
  if (folded.includes(FACT_WORDING.wallcheck.label[lang].toLowerCase())) {
    sentences.push(wallcheckLink(link, lang));
    results.push(factResult(config, base, 'wallcheck', lang, factTexts(config).wallcheck[lang]));
  }
  if (folded.includes(say(lang, 'kontaktformular', 'contact form'))) {
    sentences.push(contactFormLink(link, lang));
    results.push(contactResult(config, base, lang));
  }
  return { answer: sentences.join(' '), results };
}

function composeFaq(config: SiteConfig, base: string, faqId: string, lang: Lang): Composed {
  const entry = config.discovery.faq.find((f) => f.id === faqId)!;
  const url = links(config, base).texts;
  // An entry that names the Wallcheck or the contact form links it, as the facts about them do.
  const named = entryPointsNamed(config, base, entry.answer[lang], lang);
  return {
    answer: named.answer ? `${entry.answer[lang]} ${named.answer}` : entry.answer[lang],
    results: [
      {
        '@type': 'Question',
        id: `faq:${entry.id}`,
        kind: 'faq',
        name: entry.question[lang],
        description: entry.answer[lang],
        url,
        grounding: { source: url },
        schema_object: {
          '@context': 'https://schema.org',
          '@type': 'FAQPage',
          url,
          mainEntity: [{ '@type': 'Question', name: entry.question[lang], acceptedAnswer: { '@type': 'Answer', text: entry.answer[lang] } }],
        },
      },
      ...named.results,
    ],
  };
}

function composeCatalog(config: SiteConfig, base: string, lang: Lang): Composed {
  const materials = materialsOf(config);
  const link = links(config, base);
  const list = materials.map((m) => `${m.name[lang]} (${m.applications[lang]})`).join('; ');
  const answer = [
    say(lang, `Unser Katalog umfasst ${materials.length} Materialien: ${list}.`, `Our catalog has ${materials.length} materials: ${list}.`),
    say(lang, `Technische Werte aller Materialien: ${link.catalog}`, `Technical figures of every material: ${link.catalog}`),
  ].join(' ');
  const catalog: AskResult = {
    '@type': 'ItemList',
    id: 'catalog',
    kind: 'catalog',
    name: CATALOG_WORDING.label[lang],
    description: say(lang, `${materials.length} Materialien`, `${materials.length} materials`),
    url: link.catalog,
    grounding: { source: link.catalog },
  };
  return { answer, results: [catalog, ...materials.map((m) => materialResult(config, base, m, lang))] };
}

/** The answer text and its grounding for a document the search found, in the question's language. */
export function compose(config: SiteConfig, base: string, grounding: Grounding, lang: Lang): Composed {
  switch (grounding.kind) {
    case 'material':
      return composeMaterial(config, base, grounding.materialId, lang);
    case 'recommendation':
      return composeRecommendation(config, base, grounding.priority, lang);
    case 'fact':
      return composeFact(config, base, grounding.fact, lang);
    case 'faq':
      return composeFaq(config, base, grounding.faqId, lang);
    case 'catalog':
      return composeCatalog(config, base, lang);
  }
}
