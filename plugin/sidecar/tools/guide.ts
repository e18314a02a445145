import type { LocalizedText, NextStep, SiteConfig } from '../core/site-config.js';
import { companyInformation } from '../company/company.js';

interface PrepareItem {
  /** The requirements field of a handoff the item fills, or a plain name where there is none. */
  item: string;
  text: LocalizedText;
}

const DIMENSIONS: PrepareItem = {
  item: 'requirements.dimensions',
  text: {
    de: 'Breite und Höhe der Wand in Zentimetern.',
    en: 'Width and height of the wall in centimetres.',
  },
};

const MATERIAL: PrepareItem = {
  item: 'requirements.material_id',
  text: {
    de: 'Das gewünschte Material (id aus list_materials) oder die Projektpriorität (requirements.priority), für die recommend_material ein Material empfiehlt.',
    en: 'The material wanted (id from list_materials) or the project priority (requirements.priority) that recommend_material recommends a material for.',
  },
};

const MOTIF: PrepareItem = {
  item: 'requirements.motif_description',
  text: {
    de: 'Eine kurze Beschreibung des Motivs. Druckdaten werden erst nach der Auftragsbestätigung per FTP übertragen.',
    en: 'A short description of the motif. Print files are transferred by FTP only after order confirmation.',
  },
};

const SAMPLE_MATERIALS: PrepareItem = {
  item: 'requirements.material_id',
  text: {
    de: 'Das Material, von dem ein Muster gewünscht wird (id aus list_materials).',
    en: 'The material a sample is wanted of (id from list_materials).',
  },
};

const PRINT_FILE: PrepareItem = {
  item: 'print_file',
  text: {
    de: 'Die zu prüfende Druckdatei; die Person lädt sie selbst auf der Wallcheck-Seite hoch.',
    en: 'The print file to be checked; the person uploads it themselves on the Wallcheck page.',
  },
};

const CONTACT: PrepareItem = {
  item: 'contact_details',
  text: {
    de: 'Kontaktdaten gibt die Person selbst im Formular ein; erfassen oder übermitteln Sie keine personenbezogenen Daten.',
    en: 'The person enters their contact details on the form themselves; do not collect or send personal data.',
  },
};

const PREPARE: Record<NextStep, PrepareItem[]> = {
  project_enquiry: [DIMENSIONS, MATERIAL, MOTIF, CONTACT],
  sample_request: [SAMPLE_MATERIALS, CONTACT],
  wallcheck: [PRINT_FILE, DIMENSIONS, CONTACT],
};

const HOW_TO_CONTINUE: LocalizedText = {
  de: 'Nichts wurde erfasst. Rufen Sie create_idempotent_project_handoff mit einem neuen idempotency_key und den gesammelten Angaben auf, um einen Link zu erhalten, der diese Angaben über dem Formular zeigt; oder geben Sie der Person entry_point oder die Telefonnummer. Bestellungen nehmen ausschließlich Fachberater entgegen.',
  en: 'Nothing was recorded. Call create_idempotent_project_handoff with a new idempotency_key and the collected details to get a link that shows them above the form; or give the person entry_point or the telephone number. Orders are taken by advisors only.',
};

/** start_project_handoff: the human entry point, hours and what to prepare, from the live configuration; records nothing. */
export function handoffGuide(config: SiteConfig, publicBase: string, nextStep: NextStep) {
  const { company, links } = companyInformation(config, publicBase);
  return {
    next_step: nextStep,
    recorded: false as const,
    entry_point: new URL(`${publicBase}${config.handoff_targets[nextStep]}`).toString(),
    links,
    telephone: company.telephone,
    advisor_response_business_days: company.advisor_response_business_days as number,
    prepare: PREPARE[nextStep],
    workflow: company.workflow,
    how_to_continue: HOW_TO_CONTINUE,
  };
}
