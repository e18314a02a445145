// The shapes the screen edits. schemas/site-config.schema.json is what is enforced; these types only
// name what the code reads. Number fields hold the text typed so far while it is not a number yet, so
// the schema can say what is wrong next to the field.
import common from '../../schemas/common.schema.json' with { type: 'json' };

export type LocalizedText = { de: string; en: string };
export type NumberInput = number | string;

export const PRIORITIES = ['brandschutz', 'robust', 'effekt', 'nachhaltig', 'feuchtraum'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const NEXT_STEPS = ['project_enquiry', 'sample_request', 'wallcheck'] as const;
export type NextStep = (typeof NEXT_STEPS)[number];

export interface Material {
  id: string;
  name: LocalizedText;
  summary: LocalizedText;
  base_material: LocalizedText;
  surface: LocalizedText;
  weight_g_m2: NumberInput;
  printable_width_cm: NumberInput;
  fire_classification: { en_13501_1: string | null; din_4102: string | null };
  cleanability: { standard: string; class: LocalizedText };
  wet_room_suitable: boolean;
  wet_room_note?: LocalizedText;
  certifications: string[];
  priorities: Priority[];
  applications: LocalizedText;
  values_are_typical: true;
}

export interface RecommendationSetting {
  material_id: string;
  reason: LocalizedText;
}

export interface WorkflowStep {
  step: NumberInput;
  title: LocalizedText;
  description: LocalizedText;
}

export interface Company {
  name: string;
  description: LocalizedText;
  country: string;
  business_model: 'b2b';
  self_service: false;
  production: 'custom';
  ordering: 'human-mediated';
  agent_auth: 'not_supported';
  ordering_note: LocalizedText;
  entry_points: { contact_form: string; wallcheck: string };
  telephone: { number: string; days: string; opens: string; closes: string; timezone: string };
  advisor_response_business_days: NumberInput;
  workflow: WorkflowStep[];
  file_transfer: { method: string; credentials_issued: string; grants_interface_access: false; note: LocalizedText };
  production_and_delivery: { business_days_min: NumberInput; business_days_max: NumberInput; neutral_shipping: boolean; note: LocalizedText };
  samples: LocalizedText;
  wallcheck: LocalizedText;
}

export interface FaqEntry {
  id: string;
  question: LocalizedText;
  answer: LocalizedText;
}

/** A criterion a use case requires (schemas/answer-vocabulary.schema.json). */
export type Criterion =
  | 'wet_room_suitable'
  | 'scrubbable'
  | 'washable'
  | 'heavy_duty'
  | 'non_combustible'
  | 'flame_retardant'
  | 'fsc_certified'
  | 'pvc_free'
  | 'imo_certified'
  | 'oeko_tex_certified'
  | 'low_emission';

export interface Synonym {
  words: LocalizedText;
  means: LocalizedText;
}

export interface UseCase {
  words: LocalizedText;
  requires: Criterion[];
  mentions: LocalizedText;
  reason?: LocalizedText;
}

export interface SiteConfig {
  materials: Material[];
  recommendations: Record<Priority, RecommendationSetting>;
  company: Company;
  handoff_targets: Record<NextStep, string>;
  discovery: { summary: LocalizedText; details: LocalizedText; faq: FaqEntry[]; vocabulary?: { synonyms: Synonym[]; use_cases: UseCase[] } };
}

/** One message for one field; `field` is a JSON pointer into the configuration ("/materials/0/name/de"). */
export interface FieldError {
  field: string;
  message: string;
}

export type HandoffState = 'created' | 'opened' | 'submitted' | 'expired';
/** Where a handoff is in its life, in order, as the schema lists them. */
export const HANDOFF_STATES = common.$defs.HandoffState.enum as readonly HandoffState[];

/** What a person sent with the form under a handoff link; WordPress keeps it, the sidecar never sees it. */
export interface Enquiry {
  id: number;
  sent_at: string;
  handoff_id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  message: string;
  /** '1' when the advisors' e-mail went out, '0' when it failed, '' before it was tried. */
  mail_sent: string;
}

/** A handoff as the admin API lists it: the sidecar's HandoffRecord with WordPress's enquiry. */
export interface Handoff {
  id: string;
  next_step: NextStep;
  link: string;
  state: HandoffState;
  opened_at: string | null;
  submitted_at: string | null;
  expired_at: string | null;
  enquiry: Enquiry | null;
  requirements: {
    dimensions?: { width_cm: number; height_cm: number };
    material_id?: string;
    priority?: Priority;
    motif_description?: string;
    locale?: 'de' | 'en';
  };
  created_at: string;
}

export interface HandoffPage {
  total: number;
  page: number;
  per_page: number;
  items: Handoff[];
}

/** The option of the enquiry form, as WordPress's settings endpoint names it (Enquiry_Settings::OPTION). */
export const ENQUIRY_FORM_OPTION = 'manufacturer_agent_enquiry_form';

/** The enquiry form's settings (schemas/enquiry-form-settings.schema.json), option manufacturer_agent_enquiry_form. */
export interface EnquiryFormSettings {
  enabled: boolean;
  advisor_emails: string[];
  consent_text: LocalizedText;
  send_confirmation: boolean;
  retention_days: NumberInput;
  submissions_per_hour: NumberInput;
}

export interface ServiceStatus {
  sidecar: { reachable: boolean; version?: string | null; revision?: string | null; store?: string | null; uptime_seconds?: number | null };
  wordpress_revision?: string | null;
  in_sync: boolean;
}
