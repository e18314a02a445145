// One HTTP contract suite, two targets: the sidecar alone (in this process, as `npm start` runs it)
// and the WordPress stack (every request through the PHP plugin). A suite opens its target with
// openTarget(); in the `standalone` vitest project that starts a sidecar with the suite's settings,
// in the `wordpress` project it is the running stack (started once by the global setup), whose
// sidecar was started with the settings the contract suites need (tests/wordpress/global-setup.ts).
//
// What differs is behind this interface: where requests go and which headers every request carries
// (the playground's cookie, so no auto-login happens), the site URL links are built on, how the
// configuration is changed (in-process replace vs. the admin REST route PUT /config, which saves the
// option and pushes it to the sidecar) and how handoffs are counted (the store vs. the admin list).
import { startService, type RunningService } from './service.js';
import { ADMIN_PREFIX, adminRequest, wordpressStack, type WordPressStack } from './stack.js';
import { defaultConfig, type SiteConfig } from '../../plugin/sidecar/core/site-config.js';

export interface StoredHandoff {
  id: string;
  link: string;
  next_step: string;
  [key: string]: unknown;
}

export interface Target {
  kind: 'sidecar' | 'wordpress';
  /** Where the requests go. */
  baseUrl: string;
  /** The site URL the links in answers are built on. */
  publicUrl: string;
  /** Headers every request carries. */
  headers: Record<string, string>;
  /** The sidecar's largest accepted body. */
  bodyLimitBytes: number;
  /** The in-process sidecar (standalone only). */
  running?: RunningService;
  /** The stack (wordpress only). */
  stack?: WordPressStack;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** The site configuration in force. */
  siteConfig(): Promise<SiteConfig>;
  /** Puts a configuration in force; the next request must show it. */
  setConfig(config: SiteConfig): Promise<void>;
  handoffCount(nextStep?: string): Promise<number>;
  handoff(id: string): Promise<StoredHandoff | undefined>;
  /** Every stored handoff of a next step, newest first. */
  handoffs(nextStep?: string): Promise<StoredHandoff[]>;
  close(): Promise<void>;
}

export const isWordPress = (): boolean => wordpressStack() !== undefined;

function withHeaders(init: RequestInit, headers: Record<string, string>): RequestInit {
  return { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } };
}

function sidecarTarget(running: RunningService, publicUrl: string): Target {
  return {
    kind: 'sidecar',
    baseUrl: running.baseUrl,
    publicUrl,
    headers: {},
    bodyLimitBytes: running.config.bodyLimitBytes,
    running,
    fetch: (path, init = {}) => fetch(`${running.baseUrl}${path}`, init),
    siteConfig: async () => structuredClone(running.service.site.config),
    setConfig: async (config) => {
      running.service.site.replace(config);
    },
    handoffCount: async (nextStep) => (await running.service.handoffs.list({ limit: 1, offset: 0, nextStep: nextStep as never })).total,
    handoff: async (id) => {
      const stored = await running.service.handoffs.get(id);
      return stored ? (JSON.parse(stored.body) as StoredHandoff) : undefined;
    },
    handoffs: async (nextStep) =>
      (await running.service.handoffs.list({ limit: 100_000, offset: 0, nextStep: nextStep as never })).items.map((h) => JSON.parse(h.body) as StoredHandoff),
    close: () => running.stop(),
  };
}

function wordpressTarget(stack: WordPressStack): Target {
  const headers = { cookie: 'playground_auto_login_already_happened=1' };
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await adminRequest(stack, method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${ADMIN_PREFIX}${path}: ${res.status} ${res.text.slice(0, 500)}`);
    return res.json;
  };
  const page = (n: number, perPage: number, nextStep?: string) =>
    admin('GET', `/handoffs?page=${n}&per_page=${perPage}${nextStep ? `&next_step=${nextStep}` : ''}`) as Promise<{ total: number; items: StoredHandoff[] }>;
  const all = async (nextStep?: string) => {
    const items: StoredHandoff[] = [];
    for (let n = 1; n < 1000; n++) {
      const { total, items: pageItems } = await page(n, 100, nextStep);
      items.push(...pageItems);
      if (!pageItems.length || items.length >= total) break;
    }
    return items;
  };
  return {
    kind: 'wordpress',
    baseUrl: stack.url,
    publicUrl: stack.url,
    headers,
    bodyLimitBytes: 16_384,
    stack,
    fetch: (path, init = {}) => fetch(`${stack.url}${path}`, withHeaders(init, headers)),
    siteConfig: async () => (await admin('GET', '/config')).config as SiteConfig,
    setConfig: async (config) => {
      await admin('PUT', '/config', { config });
    },
    handoffCount: async (nextStep) => (await page(1, 1, nextStep)).total,
    handoff: async (id) => {
      // Newest first: a handoff a test just created is on the first page.
      for (let n = 1; n <= 50; n++) {
        const { items } = await page(n, 100);
        const found = items.find((h) => h.id === id);
        if (found || items.length < 100) return found;
      }
      return undefined;
    },
    handoffs: all,
    // The stack is shared by the whole run: leave it with the default configuration.
    close: async () => {
      await admin('PUT', '/config', { config: defaultConfig() });
    },
  };
}

/**
 * The target of this vitest project. `env` configures a standalone sidecar (ignored for WordPress,
 * whose sidecar settings are fixed for the run); `publicUrl` is MANUFACTURER_AGENT_PUBLIC_URL.
 */
export async function openTarget(env: Record<string, string> = {}, siteConfig?: SiteConfig): Promise<Target> {
  const stack = wordpressStack();
  if (stack) {
    const target = wordpressTarget(stack);
    if (siteConfig) await target.setConfig(siteConfig);
    return target;
  }
  const running = await startService(env, siteConfig);
  return sidecarTarget(running, env.MANUFACTURER_AGENT_PUBLIC_URL ?? running.baseUrl);
}
