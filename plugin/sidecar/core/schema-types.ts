// Generated from schemas/ by plugin/sidecar/generate-schema-types.ts (npm run build): do not edit.
// Each type is named as openapi.json names the component.

/** A text kept in German and English; both are always returned. */
export type LocalizedText = {
  de: string;
  en: string;
};

/** The project priority a material is recommended for. */
export type Priority = 'brandschutz' | 'robust' | 'effekt' | 'nachhaltig' | 'feuchtraum';

/** The human-reviewed next step a handoff leads to. */
export type NextStep = 'project_enquiry' | 'sample_request' | 'wallcheck';

/** Where a handoff stands: created (the answer was given), opened (the person viewed the link), submitted (the person sent the form), expired (the retention passed; the link no longer works). */
export type HandoffState = 'created' | 'opened' | 'submitted' | 'expired';

/** Stable identifier of a catalog material. */
export type MaterialId = string;

/** A path on the site's own domain, starting with a slash. */
export type SitePath = string;

/** Client-generated unique key of 8 to 255 visible ASCII characters. Reuse it only to retry the same request. */
export type IdempotencyKey = string;

/** An error (RFC 9457 problem details) that also carries the WordPress REST error fields. */
export type Problem = {
  /** URI that names the kind of problem. */
  type: string;
  title: string;
  status: number;
  detail: string;
  /** Machine-readable error code (WordPress style). */
  code: string;
  /** Same as detail, for WordPress REST clients. */
  message: string;
  data: {
    status: number;
    allowed_values?: string[];
    retry_after?: number;
  };
  /** One entry for each invalid field. */
  errors?: {
    /** Where the value is: a JSON pointer into the body, or header:/query: and a name. */
    field: string;
    message: string;
  }[];
};

/** A catalog material with its technical characteristics. Figures are typical values of the manufacturer's test reports, not guaranteed minimums. */
export type Material = {
  id: MaterialId;
  name: LocalizedText;
  summary: LocalizedText;
  base_material: LocalizedText;
  surface: LocalizedText;
  /** Weight per square metre in g/m² (typical value). */
  weight_g_m2: number;
  /** Largest printable roll width in cm. */
  printable_width_cm: number;
  /** Reaction-to-fire classification; null where the material has no such test. */
  fire_classification: {
    /** Euroclass according to EN 13501-1, e.g. B-s1, d0. */
    en_13501_1: string | null;
    /** Building material class according to DIN 4102-1, where it applies. */
    din_4102: 'A1' | 'A2' | 'B1' | 'B2' | 'B3' | null;
  };
  cleanability: {
    standard: 'EN 233' | 'EN 259';
    class: LocalizedText;
  };
  wet_room_suitable: boolean;
  wet_room_note?: LocalizedText;
  certifications: string[];
  /** The project priorities this material serves. */
  priorities: Priority[];
  applications: LocalizedText;
  /** Pictures from the site's Media Library: one swatch and up to six application photos. Optional; what is published carries only pictures whose attachment exists and is public, with their image files (sizes) and alt texts. */
  pictures?: {
    swatch?: MaterialPicture;
    applications?: MaterialPicture[];
  };
  /** Always true: the technical figures are typical values. */
  values_are_typical: true;
};

/** A picture of a material from the site's Media Library. Staff choose the attachment and its alt text; WordPress resolves the attachment to the image files it generated (sizes) before the catalog is published, and leaves a deleted or private attachment out. */
export type MaterialPicture = {
  /** The Media Library attachment (WordPress post id). */
  attachment_id: number;
  alt: LocalizedText;
  /** The image files WordPress generated for the attachment, largest first; a square thumbnail among them (square: true). WordPress fills this in when it publishes the catalog. */
  sizes?: {
    /** WordPress's name of the size: full, large, medium, thumbnail, … */
    name: string;
    /** Absolute URL of the image file. */
    url: string;
    /** Width in pixels. */
    width: number;
    /** Height in pixels. */
    height: number;
    /** True for a square crop (the thumbnail). */
    square?: boolean;
  }[];
};

/** The material catalog as returned by listMaterials. */
export type MaterialCatalog = {
  count: number;
  values_are_typical: true;
  note: LocalizedText;
  /** The priorities a recommendation can be asked for. */
  priorities: Priority[];
  materials: Material[];
};

/** One material recommended for one project priority, with the reason. */
export type Recommendation = {
  priority: Priority;
  material: Material;
  reason: LocalizedText;
  /** What to do with the recommendation: advisors confirm it for the project. */
  next_step: LocalizedText;
};

/** What staff choose for one priority: the material and the reason. */
export type RecommendationSetting = {
  material_id: MaterialId;
  reason: LocalizedText;
};

/** Company facts as staff keep them. */
export type Company = {
  name: string;
  description: LocalizedText;
  country: string;
  /** Business-to-business only; not a self-service platform. */
  business_model: 'b2b';
  self_service: false;
  /** Every order is produced to the customer's motif and dimensions. */
  production: 'custom';
  /** Orders are taken by human advisors only. */
  ordering: 'human-mediated';
  /** No agent ordering, no OAuth, no API keys. */
  agent_auth: 'not_supported';
  ordering_note: LocalizedText;
  /** The human entry points on the site. */
  entry_points: {
    contact_form: SitePath;
    wallcheck: SitePath;
  };
  telephone: {
    number: string;
    days: 'Mon-Fri';
    opens: string;
    closes: string;
    timezone: string;
  };
  advisor_response_business_days: number;
  /** The human workflow from first contact to delivery, in order. */
  workflow: {
    step: number;
    title: LocalizedText;
    description: LocalizedText;
  }[];
  file_transfer: {
    method: 'FTP';
    credentials_issued: 'after_order_confirmation';
    grants_interface_access: false;
    note: LocalizedText;
  };
  production_and_delivery: {
    business_days_min: number;
    business_days_max: number;
    neutral_shipping: boolean;
    note: LocalizedText;
  };
  /** How to get a material sample. */
  samples: LocalizedText;
  /** What the Wallcheck (print-file quality check) is. */
  wallcheck: LocalizedText;
};

/** Company facts with absolute links to the site's human entry points. */
export type CompanyInformation = {
  company: Company;
  links: {
    website: string;
    contact_form: string;
    wallcheck: string;
    /** tel: URI of the telephone line. */
    telephone: string;
  };
};

/** Body of createProjectHandoff. Carries what an agent collected; never personal data: the person enters their own contact details on the human form. */
export type HandoffRequest = {
  next_step: NextStep;
  /** What the agent collected for the advisor, all optional. */
  requirements?: {
    /** Wall size in centimetres. */
    dimensions?: {
      width_cm: number;
      height_cm: number;
    };
    material_id?: MaterialId;
    priority?: Priority;
    /** The motif in words. No personal data: e-mail addresses (also full-width or spelled out as "(at)", "[at]", "at … dot"), telephone numbers, IBANs and street addresses are refused with 400. */
    motif_description?: string;
    locale?: 'de' | 'en';
  };
};

/** A human-reviewed next step. A replay with the same Idempotency-Key returns this body identically. */
export type Handoff = {
  /** Opaque identifier. */
  id: string;
  next_step: NextStep;
  /** The site's own human entry point for this handoff. */
  link: string;
  status: 'awaiting_human_review';
  /** What happens next: the person checks the collected data and sends the form. */
  review: LocalizedText;
  requirements: NonNullable<HandoffRequest['requirements']>;
  created_at: string;
};

/** One test on a material: a class at least a level of a scale, a flag, a text a field contains, or a number at least or at most a value (the value the question states when none is given). */
export type NeedTest =
  | {
      /** A scale's id. */
      scale: string;
      /** A level's code. */
      at_least: string;
    }
  | {
      field: 'wet_room_suitable';
      is: boolean;
    }
  | {
      field: 'certifications' | 'base_material' | 'surface' | 'applications' | 'summary' | 'cleanability_standard';
      /** Words (comma-separated), of which the field must contain one. */
      contains: string;
    }
  | {
      field: 'printable_width_cm' | 'weight_g_m2';
      at_least?: number;
      at_most?: number;
      /** Compared with the number the question states. */
      stated?: 'at_least' | 'at_most';
    };

/** Customers' words that staff teach the question endpoint: synonyms, the needs customers state and what satisfies each, the ordered scales of the standards those needs are measured on, and use cases (settings) that stand for needs and for where the catalog says a material is used. Words are comma-separated, per language; spelling variants without umlauts and small typos are understood without listing them. */
export type AnswerVocabulary = {
  /** Words read as another word the catalog or a use case already knows ("Korridor" as "Flur"). */
  synonyms: {
    /** The customers' words, comma-separated. */
    words: LocalizedText;
    /** The word they are read as. */
    means: LocalizedText;
  }[];
  /** Everyday words for a setting (a kitchen, a clinic, a trade-fair stand) and what a material must meet for it: the needs it requires and the words its applications or summary must mention. */
  use_cases: {
    /** The words, comma-separated. */
    words: LocalizedText;
    /** The needs (by id, from needs) a material must meet for this use case. */
    requires: string[];
    /** Words (comma-separated) of which a material's applications or summary must contain one; empty for none. */
    mentions: {
      de: string;
      en: string;
    };
    /** Why the use case requires this, said when a named material does not meet it. */
    reason?: LocalizedText;
  }[];
  /** Products customers ask about that the company does not make or sell (tiles, curtains, paint, vehicle wraps, …), comma-separated per language. A question whether the company makes, sells or supplies one is told so and routed to an advisor, never answered with a wallcovering in its place. */
  not_offered?: {
    de: string;
    en: string;
  };
  /** Ordered classes of a standard, worst first (DIN 4102 B3 … A1, EN 13501-1 F … A1, smoke s3 … s1, burning droplets d2 … d0, cleanability under EN 233 / EN 259), so "at least", "better than", "only" and "worse than" can be answered. */
  scales?: {
    /** How needs refer to the scale. */
    id: string;
    /** The scale's name in answers. */
    label: LocalizedText;
    /** The material value the scale reads; a level is the one whose code or words that value contains (the longest when several do). */
    reads: 'din_4102' | 'en_13501_1' | 'cleanability_class';
    /** Words that name the scale in a question (comma-separated); a one-letter class is only read after one of them or after "at least" and the like. */
    words: {
      de: string;
      en: string;
    };
    /** The classes, worst first. */
    levels: {
      /** The class as the material data writes it (B1, A2, s1, d0, scheuerbeständig). */
      code: string;
      /** Other words for the class in questions and data (comma-separated). */
      words?: {
        de: string;
        en: string;
      };
    }[];
  }[];
  /** What customers need, in their words, and the attribute or condition that satisfies each. A material meets a need when all tests of one of its alternatives hold. */
  needs?: {
    /** How use cases refer to the need. */
    id: string;
    /** The need as answers name it ("suitable for wet rooms"). */
    label: LocalizedText;
    /** The customers' words for the need, comma-separated; empty when only use cases refer to it. */
    words: {
      de: string;
      en: string;
    };
    /** Alternatives (either fire standard, either certificate); each holds when all its tests hold. */
    met_by: NeedTest[][];
    /** Tests that say a material does not meet the need (a PVC base for PVC-free); when given, a material neither meeting nor ruled out is not published. */
    ruled_out_by?: NeedTest[];
    /** Why the need asks for this, said when a material does not meet it. */
    reason?: LocalizedText;
  }[];
};

/** Texts staff keep for the discovery documents and the question-answering endpoint. */
export type DiscoveryTexts = {
  /** One-paragraph summary: the blockquote of llms.txt and the description of agent cards. */
  summary: LocalizedText;
  /** Further notes for agents, shown after the summary in llms.txt and llms-full.txt. */
  details: LocalizedText;
  /** Answer texts for common questions that the catalog and company facts do not already answer. */
  faq: {
    id: MaterialId;
    question: LocalizedText;
    answer: LocalizedText;
  }[];
  /** Customers' words for the question endpoint (synonyms, use cases). Without it the defaults of the built-in configuration apply. */
  vocabulary?: AnswerVocabulary;
};

/** Everything staff keep in wp-admin and the service reads: the catalog, the recommendations, company facts, handoff targets and the discovery texts. */
export type SiteConfig = {
  materials: Material[];
  /** The recommendation for each priority. */
  recommendations: {
    brandschutz: RecommendationSetting;
    robust: RecommendationSetting;
    effekt: RecommendationSetting;
    nachhaltig: RecommendationSetting;
    feuchtraum: RecommendationSetting;
  };
  company: Company;
  /** The site page each next step links to. */
  handoff_targets: {
    project_enquiry: SitePath;
    sample_request: SitePath;
    wallcheck: SitePath;
  };
  discovery: DiscoveryTexts;
};

/** Body of a POST to the question-answering endpoint. The question is the field query; the NLWeb v0.54/v0.55 form {"query": {"text": …, "prev": […]}} is accepted too. Other NLWeb sections (context, meta) are accepted and not needed: the answer language follows the question; streaming follows the Accept header or prefer.streaming. */
export type AskRequest = {
  /** The question, in German or English; 1 to 1000 characters. */
  query:
    | string
    | {
        text: string;
        site?: string;
        /** Earlier questions of the conversation, oldest first (NLWeb v0.55): a follow-up that names no material is about the materials the latest of them named, else about those the answer to the last one named. */
        prev?: string[];
      };
  /** NLWeb preferences; streaming: true asks for the event stream as Accept: text/event-stream does. */
  prefer?: {
    streaming?: boolean;
  };
  context?: Record<string, unknown>;
  meta?: Record<string, unknown>;
};

/** One catalog entry or fact an answer is grounded on (an NLWeb results item). */
export type AskResult = {
  /** schema.org type: Product, ItemList, Answer, Question or ContactPoint. */
  '@type': string;
  /** The material id, company:<fact> for a company fact, faq:<id> for a discovery FAQ entry, contact for the contact point. */
  id: string;
  kind: 'material' | 'recommendation' | 'company_fact' | 'faq' | 'contact' | 'catalog';
  name: string;
  description: string;
  /** Where to read or act on it: an interface resource or a human entry point of the site. */
  url: string;
  priority?: Priority;
  /** Search score of the main result. */
  score?: number;
  grounding: {
    /** The JSON resource or document the text comes from. */
    source: string;
  };
  /** The item as a schema.org object: a Product with additionalProperty for a material's technical values, an Organization for a company fact, an FAQPage for a discovery FAQ entry, a ContactPoint for the contact point. */
  schema_object?: Record<string, unknown>;
};

/** An answer of the question-answering endpoint (NLWeb response_type answer), built only from the site's own data: catalog, recommendations, company facts and discovery texts. A question the data does not answer gets routed: true and an answer that points to the contact form and the telephone line. */
export type AskAnswer = {
  _meta: {
    response_type: 'answer';
    /** The interface version. */
    version: string;
  };
  /** The question as it was asked. */
  query: string;
  /** The language of the question, and so of the answer. */
  language: 'de' | 'en';
  /** The answer text. */
  answer: string;
  /** True when the site's data does not answer the question: the answer then names the contact form and the telephone line instead of guessing. */
  routed: boolean;
  /** What the answer is grounded on, the main source first: every material and fact the answer uses. */
  results: AskResult[];
};

/** A failure of the question-answering endpoint (NLWeb response_type failure): a missing, empty or too long query, a malformed body, too many requests, or a server error. */
export type AskFailure = {
  _meta: {
    response_type: 'failure';
    /** The interface version. */
    version: string;
  };
  error: {
    /** Machine-readable error code, e.g. missing_query, query_too_long, rate_limited. */
    code: string;
    message: string;
  };
};

/** Arguments of a tool that takes none (get_company_information, list_materials). */
export type ToolNoArguments = Record<string, unknown>;

/** Arguments of the recommend_material tool: the same priority as the query parameter of recommendMaterial. */
export type RecommendMaterialInput = {
  priority: Priority;
};

/** Arguments of the start_project_handoff tool. Without next_step the guide is for a project enquiry. */
export type HandoffGuideInput = {
  next_step?: NonNullable<HandoffRequest['next_step']>;
};

/** Result of the start_project_handoff tool: where the person continues, when the telephone line is staffed and what to prepare. Nothing is recorded. */
export type HandoffGuide = {
  next_step: NextStep;
  /** Always false: this guide records nothing. A handoff is created only by create_idempotent_project_handoff or createProjectHandoff. */
  recorded: false;
  /** The site's own page where the person continues for this next step. */
  entry_point: string;
  links: NonNullable<CompanyInformation['links']>;
  /** The telephone line and its hours. */
  telephone: NonNullable<Company['telephone']>;
  advisor_response_business_days: NonNullable<Company['advisor_response_business_days']>;
  /** What to have ready; item names the requirements field it fills where there is one. */
  prepare: {
    item: string;
    text: LocalizedText;
  }[];
  workflow: NonNullable<Company['workflow']>;
  how_to_continue: LocalizedText;
};

/** Arguments of the create_idempotent_project_handoff tool: the Idempotency-Key of createProjectHandoff as an argument, and the same body fields. */
export type HandoffToolInput = {
  /** The Idempotency-Key of createProjectHandoff as an argument; shared with it, so a key used on one door is replayed on the other. */
  idempotency_key: IdempotencyKey;
  next_step: NonNullable<HandoffRequest['next_step']>;
  requirements?: NonNullable<HandoffRequest['requirements']>;
};

/** Result of the create_idempotent_project_handoff tool: the handoff, and whether it is an earlier one replayed for the same key. */
export type HandoffToolResult = {
  /** true when the key was used before with the same request: the earlier handoff is returned and nothing new is created. */
  replayed: boolean;
  handoff: Handoff;
};

/** The enquiry form under the handoff review, as staff set it in wp-admin. Kept by WordPress only: the sidecar never sees it, nor any enquiry. */
export type EnquiryFormSettings = {
  /** Show the plugin's own form under the review. Off when the site takes enquiries with its own form plugin through the plugin's hooks. */
  enabled: boolean;
  /** Where enquiries are sent. Empty: the site's administration e-mail address. */
  advisor_emails: string[];
  /** The consent checkbox's text. {privacy_policy} becomes a link to the site's privacy policy page; without it, the link follows the text. */
  consent_text: LocalizedText;
  /** Also send the person a short confirmation. Anyone can type any address into the form, so it repeats nothing that was typed (no name, no message), and one address gets at most one a day. */
  send_confirmation: boolean;
  /** Days after which an enquiry, with the contact details in it, is deleted. */
  retention_days: number;
  /** Enquiries one client may send in an hour. */
  submissions_per_hour: number;
};

/** A handoff as the WordPress bridge reads it: what was created and where it stands now. Internal: not part of the public interface. No personal data: the sidecar learns only that the form was sent. */
export type HandoffRecord = {
  id: NonNullable<Handoff['id']>;
  next_step: NonNullable<Handoff['next_step']>;
  link: NonNullable<Handoff['link']>;
  requirements: NonNullable<Handoff['requirements']>;
  created_at: NonNullable<Handoff['created_at']>;
  state: HandoffState;
  /** When the link was first viewed; null if never. */
  opened_at: string | null;
  /** When the form was sent; null if not. */
  submitted_at: string | null;
  /** When the retention ended the link; null while it works. */
  expired_at: string | null;
};

/** What the insights record, as staff set it in wp-admin (option manufacturer_agent_insights). WordPress sends it to the sidecar, which keeps it in the handoff store so that every sidecar on a shared database follows it. */
export type InsightsSettings = {
  /** Count requests by channel, agent family and outcome, and keep the questions asked (without personal data). Off: nothing new is recorded. */
  recording?: boolean;
  /** How many days a question is kept. 0 keeps none (requests are still counted). */
  question_retention_days?: number;
};

/** The agent families the insights count requests by (plugin/data/agent-families.json): each with the tokens its vendor publishes for its User-Agent and, for MCP clients, the client names the protocol's clientInfo carries. Matched case-insensitively as substrings, first family first. Data, not code: a new assistant is one entry. */
export type AgentFamilies = {
  families: {
    /** Stable key, stored in the counters. */
    id: string;
    /** The name shown in wp-admin. */
    label: string;
    vendor?: string;
    /** assistant: fetches for a person's question now; search: builds an AI search index; training: collects training data; search-engine: a classic search engine's crawler; mcp-client: an MCP client application. */
    kind: 'assistant' | 'search' | 'training' | 'search-engine' | 'mcp-client';
    /** Substrings of the User-Agent the vendor documents. */
    user_agent_tokens?: string[];
    /** Substrings of the MCP initialize request's clientInfo.name. */
    mcp_client_names?: string[];
    /** Where the vendor publishes the token. */
    source?: string;
  }[];
};
