import type { LocalizedText, SiteConfig } from '../../core/site-config.js';
import { companyOf, factTexts, fireText, materialsOf, type CatalogMaterial, type Grounding, type Lang } from '../documents.js';
import { ATTRIBUTE_WORDS, DIN_4102_WORDS, FACT_WORDING, WET_ROOM_WORDS, type AttributeId, type FactId } from '../vocabulary.js';

/*
 * Fact cards: every company and process fact, every text section the discovery documents publish
 * (llms-full.txt renders the same configuration texts) and every attribute of every catalog material,
 * as one card each with its German and English text, its source and the words it is found by. Derived
 * from the configuration when the index of a revision is built; nothing here is written by hand except
 * the labels of what a card is about (vocabulary.ts).
 */

export interface FactCard {
  /** Unique per configuration: "fact:telephone", "workflow:3", "faq:custom-motif", "material:vlies-classic:weight". */
  id: string;
  /** What the card's answer is grounded on (its results, as compose() builds them). */
  grounding: Grounding;
  /** The answer text, in both languages. */
  text: LocalizedText;
  /** The words it is found by besides its text: labels and paraphrases of what it is about. */
  words: LocalizedText;
  /** For a material attribute card: the material (its name is part of the card's text). */
  material?: CatalogMaterial;
  attribute?: AttributeId;
}

const per = (make: (lang: Lang) => string): LocalizedText => ({ de: make('de'), en: make('en') });
const say = (lang: Lang, de: string, en: string) => (lang === 'de' ? de : en);

/** Company and process facts that are answered from their own text (contact and project specifics are routing, not facts). */
const FACT_CARDS = (Object.keys(FACT_WORDING) as FactId[]).filter((fact) => fact !== 'project_specific');

function factCards(config: SiteConfig): FactCard[] {
  const texts = factTexts(config);
  return FACT_CARDS.map((fact) => ({
    id: `fact:${fact}`,
    grounding: { kind: 'fact', fact },
    text: texts[fact],
    words: per((lang) => `${FACT_WORDING[fact].label[lang]} ${FACT_WORDING[fact].terms[lang]}`),
  }));
}

/** One card per workflow step: "what happens after the order confirmation" is answered by the step, not the whole workflow. */
function workflowCards(config: SiteConfig): FactCard[] {
  const steps = [...companyOf(config).workflow].sort((a, b) => a.step - b.step);
  return steps.map((step, i) => {
    const next = steps[i + 1];
    return {
      id: `workflow:${step.step}`,
      grounding: { kind: 'fact', fact: 'workflow' },
      text: per((lang) =>
        [
          `${step.step}. ${step.title[lang]}: ${step.description[lang]}`,
          next ? say(lang, `Danach: ${next.step}. ${next.title[lang]}.`, `Next: ${next.step}. ${next.title[lang]}.`) : '',
        ]
          .filter(Boolean)
          .join(' '),
      ),
      words: per((lang) => `${FACT_WORDING.workflow.label[lang]} ${step.title[lang]}`),
    };
  });
}

/** The configuration's own texts the discovery documents publish: summary and FAQ entries. */
function documentCards(config: SiteConfig): FactCard[] {
  const { discovery } = config;
  return [
    { id: 'document:summary', grounding: { kind: 'fact', fact: 'company' }, text: discovery.summary, words: FACT_WORDING.company.label },
    ...discovery.faq.map((entry) => ({
      id: `faq:${entry.id}`,
      grounding: { kind: 'faq' as const, faqId: entry.id },
      text: entry.answer,
      words: entry.question,
    })),
  ];
}

/** The value of one attribute of a material in a sentence, or undefined when the material has none. */
function attributeSentence(material: CatalogMaterial, attribute: AttributeId, lang: Lang): string | undefined {
  const name = material.name[lang];
  switch (attribute) {
    case 'weight':
      return say(lang, `${name} hat ein Flächengewicht von ${material.weight_g_m2} g/m².`, `${name} weighs ${material.weight_g_m2} g/m².`);
    case 'width':
      return say(
        lang,
        `${name} ist bis ${material.printable_width_cm} cm Breite bedruckbar.`,
        `${name} has a printable width of up to ${material.printable_width_cm} cm.`,
      );
    case 'fire': {
      const fire = fireText(material, lang);
      return fire ? say(lang, `Brandverhalten von ${name}: ${fire}.`, `Reaction to fire of ${name}: ${fire}.`) : undefined;
    }
    case 'cleanability':
      return say(
        lang,
        `Reinigung von ${name}: ${material.cleanability.class[lang]} (${material.cleanability.standard}).`,
        `Cleaning of ${name}: ${material.cleanability.class[lang]} (${material.cleanability.standard}).`,
      );
    case 'surface':
      return say(lang, `Oberfläche von ${name}: ${material.surface[lang]}.`, `Surface of ${name}: ${material.surface[lang]}.`);
    case 'base_material':
      return say(lang, `Trägermaterial von ${name}: ${material.base_material[lang]}.`, `Base material of ${name}: ${material.base_material[lang]}.`);
    case 'certifications':
      return material.certifications.length
        ? say(lang, `Nachweise für ${name}: ${material.certifications.join(', ')}.`, `Certifications of ${name}: ${material.certifications.join(', ')}.`)
        : undefined;
    case 'applications':
      return say(lang, `Einsatzbereiche von ${name}: ${material.applications[lang]}.`, `Applications of ${name}: ${material.applications[lang]}.`);
    case 'wet_room': {
      const flag = material.wet_room_suitable
        ? say(lang, `${name}: Für Feuchträume geeignet.`, `${name}: Suitable for wet rooms.`)
        : say(lang, `${name}: Nicht für Feuchträume geeignet.`, `${name}: Not suitable for wet rooms.`);
      return [flag, material.wet_room_note?.[lang]].filter(Boolean).join(' ');
    }
  }
}

const ATTRIBUTES = Object.keys(ATTRIBUTE_WORDS) as AttributeId[];

function materialCards(config: SiteConfig): FactCard[] {
  return materialsOf(config).flatMap((material) => [...attributeCards(material), summaryCard(material)]);
}

/** What the summary says of a material (its inks, its feel, what it is free of): a claim about it is checked against it. */
function summaryCard(material: CatalogMaterial): FactCard {
  return {
    id: `material:${material.id}:summary`,
    grounding: { kind: 'material', materialId: material.id },
    text: per((lang) => `${material.name[lang]}: ${material.summary[lang]}`),
    words: per(() => `${material.name.de} ${material.name.en}`),
    material,
  };
}

function attributeCards(material: CatalogMaterial): FactCard[] {
  return ATTRIBUTES.flatMap((attribute): FactCard[] => {
    const de = attributeSentence(material, attribute, 'de');
    const en = attributeSentence(material, attribute, 'en');
    if (!de || !en) return [];
    // The wet-room card is also found by the flag's words, the fire card by every class of the scale
    // ("is it A1?" asks the fire card, whatever the material's class is).
    const extra =
      attribute === 'wet_room'
        ? WET_ROOM_WORDS[material.wet_room_suitable ? 'suitable' : 'unsuitable']
        : attribute === 'fire'
          ? per((lang) =>
              Object.entries(DIN_4102_WORDS)
                .map(([code, words]) => `${code} ${words[lang]}`)
                .join(' '),
            )
          : { de: '', en: '' };
    return [
      {
        id: `material:${material.id}:${attribute}`,
        grounding: { kind: 'material', materialId: material.id },
        text: { de, en },
        // Product names are proper nouns: both spellings find the card in both languages.
        words: per((lang) => `${material.name.de} ${material.name.en} ${ATTRIBUTE_WORDS[attribute][lang].replace(/,/g, ' ')} ${extra[lang]}`),
        material,
        attribute,
      },
    ];
  });
}

/** Every fact card of a configuration. */
export function buildCards(config: SiteConfig): FactCard[] {
  return [...factCards(config), ...workflowCards(config), ...documentCards(config), ...materialCards(config)];
}
