// The admin REST API of the plugin (namespace /manufacturer-agent-admin/v1). @wordpress/api-fetch
// sends the REST nonce and the cookie in wp-admin; this module only names the routes and turns
// refusals into one shape the screen can show.
import apiFetch from '@wordpress/api-fetch';
import { __ } from '@wordpress/i18n';
import { rememberPictures } from './pictures.js';
import type { InsightsReport, InsightsSettings } from './insights-data.js';
import {
  ENQUIRY_FORM_OPTION,
  type EnquiryFormSettings,
  type FieldError,
  type HandoffPage,
  type PictureStatus,
  type ServiceStatus,
  type SiteConfig,
} from './types.js';

export const NAMESPACE = '/manufacturer-agent-admin/v1';

export interface ConfigResponse {
  revision: string;
  config: SiteConfig;
  /** Previews of the pictures and the ones that can no longer be published. */
  pictures?: PictureStatus;
}

/** A refused or failed request: a message for everyone, field messages where the server named fields. */
export class ApiError extends Error {
  readonly status: number | null;
  readonly code: string;
  readonly fieldErrors: FieldError[];

  constructor(message: string, status: number | null, code: string, fieldErrors: FieldError[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

function fieldErrorsOf(body: Record<string, unknown>): FieldError[] {
  const data = (body.data ?? {}) as Record<string, unknown>;
  const list = Array.isArray(data.errors) ? data.errors : Array.isArray(body.errors) ? body.errors : [];
  return list
    .filter((entry): entry is FieldError => !!entry && typeof entry === 'object' && typeof (entry as FieldError).field === 'string')
    .map((entry) => ({ field: entry.field === '' ? '/' : entry.field, message: String(entry.message ?? '') }));
}

/** What api-fetch rejected with (the parsed error body, or its own fetch_error / invalid_json) as an ApiError. */
export function toApiError(reason: unknown): ApiError {
  if (reason instanceof ApiError) return reason;
  const body = (reason && typeof reason === 'object' ? reason : {}) as Record<string, unknown>;
  const data = (body.data ?? {}) as Record<string, unknown>;
  const status = typeof data.status === 'number' ? data.status : typeof body.status === 'number' ? body.status : null;
  const code = typeof body.code === 'string' ? body.code : 'unknown_error';
  let message = typeof body.message === 'string' && body.message ? body.message : typeof body.detail === 'string' ? body.detail : '';
  if (code === 'fetch_error' || code === 'invalid_json' || !message) {
    message = __('WordPress could not be reached or sent an unexpected answer. Check the connection and try again.', 'manufacturer-agent');
  }
  if (status === 503) {
    message = `${__('The service is not reachable at the moment; nothing was saved. Try again in a minute.', 'manufacturer-agent')} (${message})`;
  }
  return new ApiError(message, status, code, fieldErrorsOf(body));
}

async function call<T>(options: { path: string; method?: string; data?: unknown }): Promise<T> {
  try {
    return await apiFetch<T>(options);
  } catch (reason) {
    throw toApiError(reason);
  }
}

/** The configuration; what it says of the pictures is kept for the material editor (pictures.tsx). */
async function configAnswer(request: Promise<ConfigResponse>): Promise<ConfigResponse> {
  const answer = await request;
  rememberPictures(answer.pictures);
  return answer;
}

export function loadConfig(): Promise<ConfigResponse> {
  return configAnswer(call<ConfigResponse>({ path: `${NAMESPACE}/config` }));
}

export function saveConfig(config: SiteConfig): Promise<ConfigResponse> {
  return configAnswer(call<ConfigResponse>({ path: `${NAMESPACE}/config`, method: 'PUT', data: { config } }));
}

export function loadHandoffs(page: number, perPage: number, nextStep: string, state = ''): Promise<HandoffPage> {
  const query = new URLSearchParams({ page: String(page), per_page: String(perPage) });
  if (nextStep) query.set('next_step', nextStep);
  if (state) query.set('state', state);
  return call<HandoffPage>({ path: `${NAMESPACE}/handoffs?${query.toString()}` });
}

export function loadStatus(): Promise<ServiceStatus> {
  return call<ServiceStatus>({ path: `${NAMESPACE}/status` });
}

export async function loadEnquiryFormSettings(): Promise<EnquiryFormSettings> {
  const settings = await call<Record<string, unknown>>({ path: '/wp/v2/settings' });
  return settings[ENQUIRY_FORM_OPTION] as EnquiryFormSettings;
}

export async function saveEnquiryFormSettings(value: EnquiryFormSettings): Promise<EnquiryFormSettings> {
  const settings = await call<Record<string, unknown>>({ path: '/wp/v2/settings', method: 'POST', data: { [ENQUIRY_FORM_OPTION]: value } });
  return settings[ENQUIRY_FORM_OPTION] as EnquiryFormSettings;
}

export function loadInsights(days: number): Promise<InsightsReport> {
  return call<InsightsReport>({ path: `${NAMESPACE}/insights?days=${days}` });
}

export function saveInsightsSettings(settings: InsightsSettings): Promise<InsightsSettings> {
  return call<InsightsSettings>({ path: `${NAMESPACE}/insights/settings`, method: 'PUT', data: settings });
}

export function setQuestionDismissed(textKey: string, dismissed: boolean): Promise<unknown> {
  return call({ path: `${NAMESPACE}/insights/questions/${textKey}/dismissed`, method: 'PUT', data: { dismissed } });
}
