// A stand-in for the plugin's admin REST API (/manufacturer-agent-admin/v1) behind @wordpress/api-fetch,
// answering as the contract says: GET/PUT /config, POST /config/validate, GET /handoffs, GET /status,
// and WordPress's GET/POST /wp/v2/settings for the enquiry form's option.
import type { InsightsReport } from '../../admin-ui/src/insights-data.js';
import * as apiFetchModule from '@wordpress/api-fetch';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };
import enquiryFormSchema from '../../schemas/enquiry-form-settings.schema.json' with { type: 'json' };
import { validateEnquiryFormSettings, validateSiteConfig } from '../../admin-ui/src/validation.js';
import {
  ENQUIRY_FORM_OPTION,
  HANDOFF_STATES,
  type EnquiryFormSettings,
  type FieldError,
  type Handoff,
  type PictureStatus,
  type SiteConfig,
} from '../../admin-ui/src/types.js';

interface FetchOptions {
  path?: string;
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  data?: unknown;
}
type WithHandler = { setFetchHandler: (handler: (options: FetchOptions) => Promise<unknown>) => void };
// api-fetch's default export, whether the importer sees its ES module (vitest) or its CommonJS types (tsc NodeNext).
const exported = (apiFetchModule as unknown as { default: WithHandler & { default?: WithHandler } }).default;
const apiFetch: WithHandler = exported.default ?? exported;

export interface Call {
  method: string;
  route: string;
  query: URLSearchParams;
  data: unknown;
}

export function defaultConfig(): SiteConfig {
  return structuredClone(defaults) as unknown as SiteConfig;
}

/** The settings' defaults, as the schema states them (what WordPress answers for an unsaved option). */
export function defaultEnquiryFormSettings(): EnquiryFormSettings {
  return Object.fromEntries(
    Object.entries(enquiryFormSchema.properties).map(([name, property]) => [name, structuredClone(property.default)]),
  ) as unknown as EnquiryFormSettings;
}

/** Handoffs in every state, in turn; a submitted one has the enquiry its person sent. */
export function handoffs(count: number): Handoff[] {
  const steps = ['project_enquiry', 'sample_request', 'wallcheck'] as const;
  return Array.from({ length: count }, (_, i) => {
    const id = `ho_${String(i).padStart(20, '0')}`;
    const state = HANDOFF_STATES[i % HANDOFF_STATES.length];
    const at = (minutes: number) => new Date(Date.UTC(2025, 0, 1, 0, i + minutes)).toISOString();
    return {
      id,
      next_step: steps[i % 3],
      link: `https://example.com/kontakt/?handoff=${id}`,
      requirements: i % 2 ? { priority: 'brandschutz', dimensions: { width_cm: 400, height_cm: 250 } } : { material_id: 'vlies-classic', locale: 'de' },
      created_at: at(0),
      state,
      opened_at: state === 'created' ? null : at(1),
      submitted_at: state === 'submitted' ? at(2) : null,
      expired_at: state === 'expired' ? at(3) : null,
      enquiry:
        state === 'submitted'
          ? {
              id: 100 + i,
              sent_at: at(2),
              handoff_id: id,
              name: `Person ${i}`,
              company: i % 2 ? '' : 'Muster GmbH',
              email: `person${i}@example.com`,
              phone: i % 2 ? '' : '+49 711 123',
              message: `Bitte um Rückruf ${i}`,
              mail_sent: i % 4 === 2 ? '1' : '0',
            }
          : null,
    };
  });
}

export class FakeServer {
  calls: Call[] = [];
  config: SiteConfig = defaultConfig();
  revision = 'rev-1';
  handoffs: Handoff[] = handoffs(45);
  /** Answer of the next PUT instead of saving (e.g. a 400 with field errors, or a 503). */
  nextSave: { status: number; body: Record<string, unknown> } | null = null;
  sidecarReachable = true;
  /** The revision the sidecar holds when it differs from the saved one (it restarted); null when it holds the saved one. */
  sidecarHeldRevision: string | null = null;
  /** Why the sidecar refuses a push of the saved configuration; null when it accepts it. */
  pushRefusal: string | null = null;
  enquiryForm: EnquiryFormSettings = defaultEnquiryFormSettings();
  /** What the config routes say of the pictures (Admin_Routes::config_answer): previews and unpublishable ones. */
  pictures: PictureStatus = { previews: {}, unavailable: {} };
  /** Whether the user may manage options (a subscriber may not: WordPress answers 403). */
  canManageOptions = true;
  insights: InsightsReport = insightsReport(30);

  install(): this {
    apiFetch.setFetchHandler(async (options) => {
      const url = new URL(options.path ?? options.url ?? '/', 'http://wordpress.test');
      const route = url.pathname.replace(/^\/manufacturer-agent-admin\/v1/, '');
      // api-fetch sends PUT as POST with X-HTTP-Method-Override, which WordPress honours.
      const headers = options.headers ?? {};
      const override = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-http-method-override')?.[1];
      const method = (override ?? options.method ?? 'GET').toUpperCase();
      this.calls.push({ method, route, query: url.searchParams, data: options.data });
      return this.answer(method, route, url.searchParams, options.data as { config?: SiteConfig } | undefined);
    });
    return this;
  }

  private refuse(status: number, code: string, message: string, errors: FieldError[] = []): never {
    throw { code, message, data: { status, errors } };
  }

  private answer(method: string, route: string, query: URLSearchParams, data: { config?: SiteConfig } | undefined): unknown {
    if (method === 'GET' && route === '/config')
      return { revision: this.revision, config: structuredClone(this.config), pictures: structuredClone(this.pictures) };
    if (method === 'PUT' && route === '/config') {
      if (this.nextSave) {
        const { status, body } = this.nextSave;
        this.nextSave = null;
        throw { ...body, data: { status, ...((body.data as object) ?? {}) } };
      }
      const errors = validateSiteConfig(data?.config);
      if (errors.length) this.refuse(400, 'invalid_config', 'The configuration was not saved: some fields are invalid.', errors);
      this.config = structuredClone(data!.config!);
      this.revision = `rev-${Number(this.revision.split('-')[1]) + 1}`;
      return { revision: this.revision, config: structuredClone(this.config), pictures: structuredClone(this.pictures) };
    }
    if (method === 'POST' && route === '/config/validate') {
      const errors = validateSiteConfig(data?.config);
      if (errors.length) this.refuse(400, 'invalid_config', 'invalid', errors);
      return { valid: true };
    }
    if (method === 'GET' && route === '/handoffs') {
      const page = Number(query.get('page') ?? 1);
      const perPage = Number(query.get('per_page') ?? 20);
      const step = query.get('next_step') ?? '';
      const state = query.get('state') ?? '';
      const all = this.handoffs
        .filter((h) => (!step || h.next_step === step) && (!state || h.state === state))
        .sort((a, b) => b.created_at.localeCompare(a.created_at));
      return { total: all.length, page, per_page: perPage, items: all.slice((page - 1) * perPage, page * perPage) };
    }
    if (method === 'GET' && route === '/status') {
      // As Admin_Routes::status(): a sidecar holding another revision is sent the saved one first.
      const held = this.sidecarHeldRevision ?? this.revision;
      const needed = this.sidecarReachable && held !== this.revision;
      const pushed = needed && this.pushRefusal === null;
      if (pushed) this.sidecarHeldRevision = null;
      const revision = pushed ? this.revision : held;
      return {
        sidecar: this.sidecarReachable
          ? { reachable: true, version: '1.1.4', revision, store: 'sqlite', uptime_seconds: 93784 }
          : { reachable: false, error: 'The sidecar cannot be reached.' },
        wordpress_revision: this.revision,
        in_sync: this.sidecarReachable && revision === this.revision,
        sync: { needed, pushed, from: needed ? held : null, error: needed && !pushed ? this.pushRefusal : null },
        checks: this.sidecarReachable
          ? [
              { id: 'reachable', status: 'good', label: 'The agent service answers', description: 'It answers.', action: null },
              needed && !pushed
                ? {
                    id: 'config_sync',
                    status: 'critical',
                    label: 'The agent service does not accept the saved configuration',
                    description: this.pushRefusal,
                    action: { url: 'admin.php?page=manufacturer-agent', text: 'Open the agent service’s status' },
                  }
                : { id: 'config_sync', status: 'good', label: 'The agent service holds the saved configuration', description: 'In sync.', action: null },
            ]
          : [
              {
                id: 'reachable',
                status: 'critical',
                label: 'The agent service does not answer',
                description: 'Start the sidecar.',
                action: { url: 'admin.php?page=manufacturer-agent', text: 'Open the agent service’s status' },
              },
            ],
      };
    }
    if (method === 'GET' && route === '/insights')
      return {
        ...structuredClone(this.insights),
        ...insightsReport(Number(query.get('days'))),
        questions: this.insights.questions,
        unanswered: this.insights.unanswered,
      };
    if (method === 'PUT' && route === '/insights/settings') return (this.insights.settings = { ...(data as unknown as InsightsReport['settings']) });
    const dismissed = /^\/insights\/questions\/([0-9a-f]{64})\/dismissed$/.exec(route);
    if (method === 'PUT' && dismissed) {
      for (const q of [...this.insights.unanswered, ...this.insights.questions])
        if (q.text_key === dismissed[1]) q.dismissed = Boolean((data as unknown as { dismissed: boolean }).dismissed);
      return { text_key: dismissed[1], dismissed: (data as unknown as { dismissed: boolean }).dismissed };
    }
    if (route === '/wp/v2/settings' && (method === 'GET' || method === 'POST')) {
      if (!this.canManageOptions) this.refuse(403, 'rest_forbidden', 'Sorry, you are not allowed to do that.');
      if (method === 'POST') {
        const value = (data as Record<string, unknown> | undefined)?.[ENQUIRY_FORM_OPTION];
        const errors = validateEnquiryFormSettings(value);
        // WordPress names the setting, not the field: the screen's own validation says which field.
        if (errors.length) this.refuse(400, 'rest_invalid_param', `Invalid parameter(s): ${ENQUIRY_FORM_OPTION}`);
        this.enquiryForm = structuredClone(value as EnquiryFormSettings);
      }
      return { title: 'Site', [ENQUIRY_FORM_OPTION]: structuredClone(this.enquiryForm) };
    }
    this.refuse(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  settingsPosts(): Call[] {
    return this.calls.filter((call) => call.method === 'POST' && call.route === '/wp/v2/settings');
  }

  puts(): Call[] {
    return this.calls.filter((call) => call.method === 'PUT');
  }
}

/** A report as Insights_Routes.php answers it: two agents on two channels over the period, a funnel, questions. */
export function insightsReport(days: number): InsightsReport {
  const to = '2026-11-26';
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const question = (n: number, text: string, kind: string, count: number, language = 'de') => ({
    text_key: String(n).repeat(64).slice(0, 64),
    question: text,
    language,
    kind,
    materials: kind === 'catalog' ? 'vlies-fr-b1' : '',
    count,
    last_asked: '2026-11-25T14:00:00.000Z',
    dismissed: false,
  });
  const unanswered = [question(1, 'Was kostet Vinyl auf Vlies pro Quadratmeter?', 'routed', 7), question(2, 'Do you ship to Norway?', 'routed', 3, 'en')];
  return {
    days,
    from,
    to,
    settings: { recording: true, question_retention_days: 30 },
    recording: true,
    recording_off_by_environment: false,
    families: [
      { id: 'chatgpt-user', label: 'ChatGPT (user request)', kind: 'assistant' },
      { id: 'claudebot', label: 'ClaudeBot', kind: 'training' },
      { id: 'other-agent', label: null, kind: 'other' },
      { id: 'browser', label: null, kind: 'browser' },
      { id: 'unknown', label: null, kind: 'unknown' },
    ],
    requests: [
      { date: to, channel: 'rest:GET /materials', family: 'chatgpt-user', outcome: '2xx', count: 12 },
      { date: to, channel: 'ask', family: 'chatgpt-user', outcome: '2xx', count: 5 },
      { date: from, channel: 'document:/llms.txt', family: 'claudebot', outcome: '304', count: 4 },
    ],
    funnel: [
      { next_step: 'project_enquiry', created: 10, opened: 6, submitted: 3 },
      { next_step: 'sample_request', created: 4, opened: 0, submitted: 0 },
    ],
    questions: [question(3, 'Welches Material für einen Fluchtweg?', 'catalog', 9), ...unanswered],
    unanswered,
    overflow: 0,
  };
}
