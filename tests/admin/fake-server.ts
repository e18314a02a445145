// A stand-in for the plugin's admin REST API (/manufacturer-agent-admin/v1) behind @wordpress/api-fetch,
// answering as the contract says: GET/PUT /config, POST /config/validate, GET /handoffs, GET /status.
import * as apiFetchModule from '@wordpress/api-fetch';
import defaults from '../../plugin/data/default-site-config.json' with { type: 'json' };
import { validateSiteConfig } from '../../admin-ui/src/validation.js';
import type { FieldError, Handoff, SiteConfig } from '../../admin-ui/src/types.js';

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

export function handoffs(count: number): Handoff[] {
  const steps = ['project_enquiry', 'sample_request', 'wallcheck'] as const;
  return Array.from({ length: count }, (_, i) => ({
    id: `ho_${String(i).padStart(20, '0')}`,
    next_step: steps[i % 3],
    link: `https://example.com/kontakt/?handoff=ho_${String(i).padStart(20, '0')}`,
    status: 'awaiting_human_review',
    review: { de: 'Bitte prüfen', en: 'Please check' },
    requirements: i % 2 ? { priority: 'brandschutz', dimensions: { width_cm: 400, height_cm: 250 } } : { material_id: 'vlies-classic', locale: 'de' },
    created_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString(),
  }));
}

export class FakeServer {
  calls: Call[] = [];
  config: SiteConfig = defaultConfig();
  revision = 'rev-1';
  handoffs: Handoff[] = handoffs(45);
  /** Answer of the next PUT instead of saving (e.g. a 400 with field errors, or a 503). */
  nextSave: { status: number; body: Record<string, unknown> } | null = null;
  sidecarReachable = true;

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
    if (method === 'GET' && route === '/config') return { revision: this.revision, config: structuredClone(this.config) };
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
      return { revision: this.revision, config: structuredClone(this.config) };
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
      const all = this.handoffs.filter((h) => !step || h.next_step === step).sort((a, b) => b.created_at.localeCompare(a.created_at));
      return { total: all.length, page, per_page: perPage, items: all.slice((page - 1) * perPage, page * perPage) };
    }
    if (method === 'GET' && route === '/status') {
      return {
        sidecar: this.sidecarReachable ? { reachable: true, version: '1.1.4', revision: this.revision, store: 'sqlite', uptime_seconds: 93784 } : { reachable: false },
        wordpress_revision: this.revision,
        in_sync: this.sidecarReachable,
      };
    }
    this.refuse(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }

  puts(): Call[] {
    return this.calls.filter((call) => call.method === 'PUT');
  }
}
