import { OpenApiChecker } from './openapi-check.js';

export interface CheckedResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

/** A base URL, or a test target (tests/support/target.ts) whose headers go with every request. */
export type Base = string | { baseUrl: string; headers: Record<string, string> };

function resolveBase(base: Base): { baseUrl: string; headers: Record<string, string> } {
  return typeof base === 'string' ? { baseUrl: base, headers: {} } : base;
}

const checkers = new Map<string, Promise<OpenApiChecker>>();

/** The OpenAPI document the service at baseUrl serves, fetched once. */
export function checkerFor(base: Base): Promise<OpenApiChecker> {
  const { baseUrl, headers } = resolveBase(base);
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}/openapi.json`, { headers }).then(async (r) => new OpenApiChecker(await r.json()));
    checkers.set(baseUrl, checker);
  }
  return checker;
}

/**
 * fetch, then the answer is checked against the service's own openapi.json; a mismatch fails the test.
 * Every HTTP test goes through this, so every answer the service gives is checked.
 */
export async function api(base: Base, path: string, init: RequestInit = {}): Promise<CheckedResponse> {
  const { baseUrl, headers } = resolveBase(base);
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string> | undefined) } });
  const text = await response.text();
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'OPTIONS' && method !== 'HEAD' && !path.startsWith('/openapi.json')) {
    const checker = await checkerFor(base);
    const pathname = new URL(path, 'http://x').pathname.replace(/(.)\/$/, '$1');
    const problems = checker.check(method, pathname, response.status, response.headers.get('content-type'), text);
    if (problems.length) throw new Error(`answer does not conform to openapi.json:\n${problems.join('\n')}`);
  }
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

export function postJson(base: Base, path: string, body: unknown, headers: Record<string, string> = {}): Promise<CheckedResponse> {
  return api(base, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
