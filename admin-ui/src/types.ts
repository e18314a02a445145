// The shapes the screen edits, derived from schemas/ (plugin/sidecar/core/schema-types.ts, written by
// the build): schemas/site-config.schema.json is what is enforced. Number fields hold the text typed so
// far while it is not a number yet, so the schema can say what is wrong next to the field.
import common from '../../schemas/common.schema.json' with { type: 'json' };
import type * as Schema from '../../plugin/sidecar/core/schema-types.js';

export type { LocalizedText, NextStep, Priority, HandoffState } from '../../plugin/sidecar/core/schema-types.js';
import type { HandoffState, NextStep, Priority } from '../../plugin/sidecar/core/schema-types.js';

export type NumberInput = number | string;

/** A shape as the form holds it: every number may be text being typed. */
export type Editable<T> = T extends number
  ? NumberInput
  : T extends readonly (infer U)[]
    ? Editable<U>[]
    : T extends object
      ? { [K in keyof T]: Editable<T[K]> }
      : T;

export const PRIORITIES = common.$defs.Priority.enum as readonly Priority[];
export const NEXT_STEPS = common.$defs.NextStep.enum as readonly NextStep[];

export type Material = Editable<Schema.Material>;
export type RecommendationSetting = Schema.RecommendationSetting;
export type Company = Editable<Schema.Company>;
export type WorkflowStep = Company['workflow'][number];
export type FaqEntry = Schema.DiscoveryTexts['faq'][number];
export type Need = NonNullable<Schema.AnswerVocabulary['needs']>[number];
export type NeedTest = Schema.NeedTest;
export type Scale = NonNullable<Schema.AnswerVocabulary['scales']>[number];
export type Synonym = Schema.AnswerVocabulary['synonyms'][number];
export type UseCase = Schema.AnswerVocabulary['use_cases'][number];
export type SiteConfig = Editable<Schema.SiteConfig>;

/** What GET/PUT /config says of the pictures the saved configuration names (Admin_Routes.php). */
export interface PictureStatus {
  /** A small image of each attachment, null when it cannot be published. */
  previews: Record<string, string | null>;
  /** The attachment ids that cannot be published, by material id. */
  unavailable: Record<string, number[]>;
}

/** One message for one field; `field` is a JSON pointer into the configuration ("/materials/0/name/de"). */
export interface FieldError {
  field: string;
  message: string;
}

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
export type Handoff = Schema.HandoffRecord & { enquiry: Enquiry | null };

export interface HandoffPage {
  total: number;
  page: number;
  per_page: number;
  items: Handoff[];
}

/** The option of the enquiry form, as WordPress's settings endpoint names it (Enquiry_Settings::OPTION). */
export const ENQUIRY_FORM_OPTION = 'manufacturer_agent_enquiry_form';

/** The enquiry form's settings (schemas/enquiry-form-settings.schema.json), option manufacturer_agent_enquiry_form. */
export type EnquiryFormSettings = Editable<Schema.EnquiryFormSettings>;

/** One of the checks Site Health runs (Admin/Service_Health.php): critical needs a person, recommended is worth a look. */
export interface ServiceCheck {
  id: string;
  status: 'good' | 'recommended' | 'critical';
  label: string;
  description: string;
  action: { url: string; text: string } | null;
}

export interface ServiceStatus {
  sidecar: { reachable: boolean; version?: string | null; revision?: string | null; store?: string | null; uptime_seconds?: number | null; error?: string };
  wordpress_revision?: string | null;
  in_sync: boolean;
  /** What the route did when the sidecar held another revision: pushed the saved configuration, or failed to. */
  sync?: { needed: boolean; pushed: boolean; from: string | null; error: string | null };
  checks?: ServiceCheck[];
}
