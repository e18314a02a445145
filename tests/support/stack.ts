// The WordPress stack as the test suites see it: started once per run by the `wordpress` project's
// global setup (tests/wordpress/global-setup.ts), described to the test files through inject().
import { inject } from 'vitest';
import { PLAYGROUND_COOKIE, readState, startSidecar, stopSidecar, wordpressPhp } from '../../scripts/stack.mjs';

export { PLAYGROUND_COOKIE };

export interface WordPressSession {
  /** Cookie header: the playground cookie plus the login cookies. */
  cookie: string;
  /** REST nonce for the X-WP-Nonce header (cookie authentication). */
  nonce: string;
  user: string;
  password: string;
  applicationPassword: string;
}

/** What the global setup hands to the test files (serialisable). */
export interface WordPressStack {
  instance: string;
  url: string;
  sidecarUrl: string;
  token: string;
  /** WordPress's version, e.g. 7.1.4 (STACK_WORDPRESS=6.1 for the oldest supported). */
  version: string;
  php: string;
  runtime: string;
  debugLog: string;
  startSeconds: number;
  admin: WordPressSession;
  subscriber: WordPressSession;
}

declare module 'vitest' {
  export interface ProvidedContext {
    wordpress?: WordPressStack;
  }
}

/** Whether the stack's WordPress is at least major.minor (e.g. 6.9 for the Abilities API). */
export function atLeast(stack: WordPressStack, version: string): boolean {
  const [a, b] = [stack.version, version].map((v) => v.split('.').map(Number));
  return a[0] !== b[0] ? a[0] > b[0] : (a[1] ?? 0) >= (b[1] ?? 0);
}

/** The running stack in the `wordpress` project, undefined in the standalone one. */
export function wordpressStack(): WordPressStack | undefined {
  return inject('wordpress');
}

export const ADMIN_PREFIX = '/wp-json/manufacturer-agent-admin/v1';

/** Logs in through wp-login.php and fetches a REST nonce with the cookies, as the admin screen has one. */
export async function login(url: string, user: string, password: string): Promise<{ cookie: string; nonce: string }> {
  const response = await fetch(`${url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `${PLAYGROUND_COOKIE}; wordpress_test_cookie=WP%20Cookie%20check` },
    body: new URLSearchParams({ log: user, pwd: password, 'wp-submit': 'Log In', redirect_to: `${url}/wp-admin/`, testcookie: '1' }).toString(),
  });
  await response.arrayBuffer();
  const cookies = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => /^wordpress_(logged_in_|sec_|[0-9a-f]{32}=)/.test(c) && !/=deleted$|=$/.test(c));
  if (response.status !== 302 || !cookies.length) throw new Error(`login as ${user} failed: ${response.status}`);
  const cookie = [PLAYGROUND_COOKIE, ...cookies].join('; ');
  const nonceResponse = await fetch(`${url}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { cookie } });
  const nonce = (await nonceResponse.text()).trim();
  if (nonceResponse.status !== 200 || !/^[0-9a-f]{10}$/.test(nonce))
    throw new Error(`no REST nonce for ${user}: ${nonceResponse.status} ${nonce.slice(0, 200)}`);
  return { cookie, nonce };
}

export function sessionHeaders(session: WordPressSession): Record<string, string> {
  return { cookie: session.cookie, 'x-wp-nonce': session.nonce };
}

export function basicAuth(session: WordPressSession): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${session.user}:${session.applicationPassword}`).toString('base64')}`, cookie: PLAYGROUND_COOKIE };
}

/**
 * fetch to the site, once more when the site closed a kept-alive connection before answering: after a
 * few idle seconds (a runWordPressPhp call) the playground drops the connection fetch wants to reuse.
 */
export async function siteFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** An admin REST request with cookie authentication and the nonce. */
export async function adminRequest(
  stack: WordPressStack,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; headers: Headers; json: any; text: string }> {
  const response = await siteFetch(`${stack.url}${ADMIN_PREFIX}${path}`, {
    method,
    headers: { ...sessionHeaders(stack.admin), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** Stops the stack's sidecar (WordPress keeps running). */
export function stopStackSidecar(stack: WordPressStack): Promise<void> {
  return stopSidecar(stack.instance);
}

/** Starts the stack's sidecar again with the same port, token and data folder. */
export async function startStackSidecar(stack: WordPressStack): Promise<void> {
  await startSidecar(stack.instance);
}

/** PHP after wp-load.php in the stack's site (about 6 s a call on the playground). */
export function runWordPressPhp(stack: WordPressStack, code: string): string {
  return wordpressPhp(stack.instance, code);
}

export function stackState(stack: WordPressStack): any {
  return readState(stack.instance);
}
