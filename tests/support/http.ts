import { OpenApiChecker } from './openapi-check.js';

export interface CheckedResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

const checkers = new Map<string, Promise<OpenApiChecker>>();

/** The OpenAPI document the service at baseUrl serves, fetched once. */
export function checkerFor(baseUrl: string): Promise<OpenApiChecker> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}/openapi.json`).then(async (r) => new OpenApiChecker(await r.json()));
    checkers.set(baseUrl, checker);
  }
  return checker;
}

/**
 * fetch, then the answer is checked against the service's own openapi.json; a mismatch fails the test.
 * Every HTTP test goes through this, so every answer the service gives is checked.
 */
export async function api(baseUrl: string, path: string, init: RequestInit = {}): Promise<CheckedResponse> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const text = await response.text();
  const method = (init.method ?? 'GET').toUpperCase();
  if (method !== 'OPTIONS' && method !== 'HEAD' && !path.startsWith('/openapi.json')) {
    const checker = await checkerFor(baseUrl);
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

export function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<CheckedResponse> {
  return api(baseUrl, path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
