import type { Company, LocalizedText, Material, Priority, SiteConfig } from '../core/site-config.js';
import { PRIORITIES } from '../core/schemas.js';
import {
  CATALOG_WORDING,
  DIN_4102_WORDS,
  FACT_WORDING,
  MATERIAL_PROPERTY_WORDS,
  PRIORITY_WORDING,
  RECOMMENDATION_WORDS,
  WET_ROOM_WORDS,
  type FactId,
} from './vocabulary.js';

export type Lang = 'de' | 'en';
export const LANGS: readonly Lang[] = ['de', 'en'];

/** The catalog material as schemas/material.schema.json defines it (the core type names only a few fields). */
export type CatalogMaterial = Material;

/** The company facts as schemas/company.schema.json defines them. */
export type CompanyFacts = Company;

export type Grounding =
  | { kind: 'material'; materialId: string }
  | { kind: 'recommendation'; priority: Priority }
  | { kind: 'fact'; fact: FactId }
  | { kind: 'faq'; faqId: string }
  | { kind: 'catalog' };

/**
 * One unit the search index can find and the answer can be built from. Its texts are taken from the
 * live configuration when the index is built; title, body and terms are the searchable fields.
 */
export interface AnswerDocument {
  key: string;
  grounding: Grounding;
  title: LocalizedText;
  body: LocalizedText;
  terms: LocalizedText;
}

export function materialsOf(config: SiteConfig): CatalogMaterial[] {
  return config.materials;
}

export function companyOf(config: SiteConfig): CompanyFacts {
  return config.company;
}

const join = (...parts: (string | undefined | null | false)[]) => parts.filter(Boolean).join(' ');
const both = (text: LocalizedText) => `${text.de} ${text.en}`;
const per = (make: (lang: Lang) => string): LocalizedText => ({ de: make('de'), en: make('en') });

/** The fire classification in words, e.g. "B-s1, d0 nach EN 13501-1, DIN 4102 B1 (schwer entflammbar)". */
export function fireText(material: CatalogMaterial, lang: Lang): string {
  const { en_13501_1: euroclass, din_4102: din } = material.fire_classification;
  const parts: string[] = [];
  if (euroclass) parts.push(lang === 'de' ? `${euroclass} nach EN 13501-1` : `${euroclass} under EN 13501-1`);
  if (din) parts.push(`DIN 4102 ${din}${DIN_4102_WORDS[din] ? ` (${DIN_4102_WORDS[din][lang]})` : ''}`);
  return parts.join(', ');
}

export function telephoneHours(config: SiteConfig, lang: Lang): string {
  const { days, opens, closes, timezone } = companyOf(config).telephone;
  if (lang === 'en') return `${days.replace('-', '–')} ${opens}–${closes} ${timezone}`;
  const dayNames: Record<string, string> = { Mon: 'Mo', Tue: 'Di', Wed: 'Mi', Thu: 'Do', Fri: 'Fr', Sat: 'Sa', Sun: 'So' };
  const zones: Record<string, string> = { CET: 'MEZ', CEST: 'MESZ' };
  const deDays = days
    .split('-')
    .map((d) => dayNames[d] ?? d)
    .join('–');
  return `${deDays} ${opens}–${closes} ${zones[timezone] ?? timezone}`;
}

function materialDocument(material: CatalogMaterial): AnswerDocument {
  return {
    key: `material:${material.id}`,
    grounding: { kind: 'material', materialId: material.id },
    // Product names are proper nouns: both spellings are searchable in both languages.
    title: per(() => both(material.name)),
    body: per((lang) =>
      join(
        material.summary[lang],
        material.base_material[lang],
        material.surface[lang],
        material.applications[lang],
        material.cleanability.class[lang],
        material.cleanability.standard,
        fireText(material, lang),
        material.wet_room_note?.[lang],
        material.certifications.join(' '),
      ),
    ),
    // The priorities' synonyms stay with the recommendation documents: on every material of a priority
    // they would make, say, the sand-textured non-woven look like an answer to "metallic effect".
    terms: per((lang) =>
      join(material.priorities.join(' '), WET_ROOM_WORDS[material.wet_room_suitable ? 'suitable' : 'unsuitable'][lang], MATERIAL_PROPERTY_WORDS[lang]),
    ),
  };
}

function recommendationDocument(config: SiteConfig, priority: Priority): AnswerDocument {
  const setting = config.recommendations[priority];
  const material = materialsOf(config).find((m) => m.id === setting.material_id)!;
  const wording = PRIORITY_WORDING[priority];
  return {
    key: `recommendation:${priority}`,
    grounding: { kind: 'recommendation', priority },
    title: wording.label,
    body: per((lang) => join(setting.reason[lang], material.name[lang], material.applications[lang])),
    terms: per((lang) => join(wording.terms[lang], RECOMMENDATION_WORDS[lang], priority)),
  };
}

/** The configuration text each company fact is answered from. */
export function factTexts(config: SiteConfig): Record<FactId, LocalizedText> {
  const company = companyOf(config);
  const delivery = company.production_and_delivery;
  const steps = [...company.workflow].sort((a, b) => a.step - b.step);
  return {
    delivery: delivery.note,
    neutral_shipping: delivery.neutral_shipping
      ? delivery.note
      : { de: 'Ein neutraler Versand wird derzeit nicht angeboten.', en: 'Neutral shipping is currently not offered.' },
    telephone: per((lang) =>
      lang === 'de'
        ? `Telefonisch erreichen Sie uns unter ${company.telephone.number}, ${telephoneHours(config, lang)}.`
        : `You can reach us by telephone at ${company.telephone.number}, ${telephoneHours(config, lang)}.`,
    ),
    ordering: company.ordering_note,
    file_transfer: company.file_transfer.note,
    wallcheck: company.wallcheck,
    samples: company.samples,
    advisor_response: per((lang) => {
      const n = company.advisor_response_business_days;
      return lang === 'de'
        ? `Ein Fachberater meldet sich innerhalb von ${n} ${n === 1 ? 'Werktag' : 'Werktagen'}.`
        : `An advisor responds within ${n} business ${n === 1 ? 'day' : 'days'}.`;
    }),
    workflow: per((lang) => steps.map((s) => `${s.step}. ${s.title[lang]}: ${s.description[lang]}`).join(' ')),
    // Its name first: "What's the company's full name?" is answered by this fact too.
    company: per((lang) => join(`${company.name} – ${company.description[lang]}`, config.discovery.summary[lang])),
    agents: config.discovery.details,
    contact: per((lang) =>
      lang === 'de'
        ? `Kontaktformular ${company.entry_points.contact_form}, Telefon ${company.telephone.number} (${telephoneHours(config, lang)}).`
        : `Contact form ${company.entry_points.contact_form}, telephone ${company.telephone.number} (${telephoneHours(config, lang)}).`,
    ),
    // Found through its words only; answered by routing to a human (compose.ts).
    project_specific: { de: '', en: '' },
  };
}

function factDocuments(config: SiteConfig): AnswerDocument[] {
  const texts = factTexts(config);
  const company = companyOf(config);
  // Workflow steps also name what they are about; they make the matching fact easier to find.
  const stepText = per((lang) => company.workflow.map((s) => `${s.title[lang]} ${s.description[lang]}`).join(' '));
  return (Object.keys(FACT_WORDING) as FactId[]).map((fact) => ({
    key: `fact:${fact}`,
    grounding: { kind: 'fact', fact },
    title: FACT_WORDING[fact].label,
    body: fact === 'workflow' ? stepText : texts[fact],
    terms: FACT_WORDING[fact].terms,
  }));
}

/** Everything the question-answering endpoint may answer from, derived from the live configuration. */
export function buildDocuments(config: SiteConfig): AnswerDocument[] {
  return [
    ...materialsOf(config).map(materialDocument),
    ...(PRIORITIES as Priority[]).map((p) => recommendationDocument(config, p)),
    ...factDocuments(config),
    {
      key: 'catalog',
      grounding: { kind: 'catalog' },
      title: CATALOG_WORDING.label,
      body: per((lang) =>
        materialsOf(config)
          .map((m) => m.name[lang])
          .join(' '),
      ),
      terms: CATALOG_WORDING.terms,
    },
    ...config.discovery.faq.map((entry) => ({
      key: `faq:${entry.id}`,
      grounding: { kind: 'faq' as const, faqId: entry.id },
      title: entry.question,
      body: entry.answer,
      terms: { de: '', en: '' },
    })),
  ];
}
