// The reading routes are answered on a fast door in front of Fastify (plugin/sidecar/speed/fast-door.ts).
// Two services, one with it and one with it switched off (MANUFACTURER_AGENT_SPEED_OFF=fast-door), must give every client the same answer: status, headers
// and bytes, through ETag/304, HEAD, the bridge (site URL, stale revision), the rate limit and a change
// of the configuration.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { DOCUMENT_PATHS } from '../../plugin/sidecar/core/paths.js';
import { PRIORITIES } from '../../plugin/sidecar/core/schemas.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { internalHeaders } from '../support/bridge-headers.js';

const TOKEN = 'reading-door-secret-0123456789';
const LIMIT = 400;
const ENV = {
  MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN,
  MANUFACTURER_AGENT_RATE_LIMIT: String(LIMIT),
  MANUFACTURER_AGENT_PUBLIC_URL: 'https://wandwerk.example',
};

const SLOW = { MANUFACTURER_AGENT_SPEED_OFF: 'fast-door' };

/** How many requests the service's fast door has answered (not sent on to Fastify) since it started. */
function fastAnswers(running: RunningService): () => number {
  const door = running.service.fastDoor;
  if (!door) return () => 0;
  const answer = door.answer.bind(door);
  let answered = 0;
  vi.spyOn(door, 'answer').mockImplementation((request, response) => {
    const done = answer(request, response);
    if (done) answered++;
    return done;
  });
  return () => answered;
}

let fast: RunningService;
let slow: RunningService;
let fastAnswered: () => number;
beforeAll(async () => {
  [fast, slow] = await Promise.all([startService(ENV), startService({ ...ENV, ...SLOW })]);
  fastAnswered = fastAnswers(fast);
});
afterAll(async () => Promise.all([fast?.stop(), slow?.stop()]));

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A raw request (node:http keeps HEAD bodies and header case out of the way; fetch would add its own headers). */
function request(base: string, method: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const out: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (name === 'date' || name === 'connection' || name === 'keep-alive' || value === undefined) continue;
          out[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('latin1') });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The same request to both services, in turn so that each one's limit counter moves alike. The seconds
 * left in the limit window (RateLimit-Reset) are compared apart: the two windows began a few
 * milliseconds apart, so at a second's boundary they may read one apart.
 */
async function both(method: string, path: string, headers: Record<string, string> = {}, pair = { fast, slow }) {
  const a = await request(pair.fast.baseUrl, method, path, headers);
  const b = await request(pair.slow.baseUrl, method, path, headers);
  const resetA = a.headers['ratelimit-reset'];
  const resetB = b.headers['ratelimit-reset'];
  expect(resetA === undefined).toBe(resetB === undefined);
  if (resetA !== undefined) {
    expect(Math.abs(Number(resetA) - Number(resetB))).toBeLessThanOrEqual(1);
    expect(Number(resetA)).toBeGreaterThanOrEqual(0);
    expect(Number(resetA)).toBeLessThanOrEqual(60);
    delete a.headers['ratelimit-reset'];
    delete b.headers['ratelimit-reset'];
  }
  return { fast: a, slow: b };
}

const READING_PATHS = [
  `${PREFIX}/materials`,
  `${PREFIX}/company`,
  ...PRIORITIES.map((p) => `${PREFIX}/materials/recommendation?priority=${p}`),
  ...Object.values(DOCUMENT_PATHS),
];

describe('the fast door of the reading routes', () => {
  it('answers every reading path exactly as Fastify does: GET, HEAD, If-None-Match, via the bridge', async () => {
    const before = fastAnswered();
    let compared = 0;
    for (const path of READING_PATHS) {
      const first = await both('GET', path);
      expect(first.fast).toEqual(first.slow);
      expect(first.fast.status).toBe(200);
      const etag = first.fast.headers.etag;
      const variants: [string, Record<string, string>][] = [
        ['HEAD', {}],
        ['GET', { 'if-none-match': etag }],
        ['HEAD', { 'if-none-match': etag }],
        ['GET', { 'if-none-match': `"other", W/${etag}` }],
        ['GET', { 'if-none-match': '*' }],
        ['GET', { 'if-none-match': '"other"' }],
        ['GET', { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.publicBase]: 'https://www.wandwerk.example/', [BRIDGE_HEADERS.clientAddress]: '203.0.113.9' }],
        ['GET', { [BRIDGE_HEADERS.token]: 'not-the-secret', [BRIDGE_HEADERS.publicBase]: 'https://evil.example' }],
        ['GET', { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.configRevision]: 'some-other-revision' }],
        ['GET', { origin: 'https://agent.example' }],
      ];
      for (const [method, headers] of variants) {
        const pair = await both(method, path, headers);
        expect(pair.fast, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(pair.slow);
        compared++;
      }
    }
    expect(compared).toBe(READING_PATHS.length * 10);
    // It answered them all (the first GET and 9 variants a path) but the stale revision, which Fastify
    // answers (409); the other service has no fast door.
    expect(fastAnswered() - before).toBe(READING_PATHS.length * 10);
    expect(slow.service.fastDoor).toBeUndefined();
  });

  it('sends other forms of those paths on to Fastify: trailing slash, other query, POST', async () => {
    for (const [method, path] of [
      ['GET', `${PREFIX}/materials/`],
      ['GET', `${PREFIX}/materials?x=1`],
      ['GET', `${PREFIX}/materials/recommendation`],
      ['GET', `${PREFIX}/materials/recommendation?priority=unknown`],
      ['GET', `${PREFIX}/materials/recommendation?priority=robust&x=1`],
      ['POST', `${PREFIX}/materials`],
      ['OPTIONS', `${PREFIX}/materials`],
    ]) {
      const before = fastAnswered();
      const pair = await both(method, path);
      expect(pair.fast, `${method} ${path}`).toEqual(pair.slow);
      expect(fastAnswered()).toBe(before);
    }
  });

  it('follows a configuration change at once (new body and ETag)', async () => {
    const config = defaultConfig();
    config.company.name = 'Wandwerk Fast Door GmbH';
    for (const service of [fast, slow]) {
      const res = await fetch(`${service.baseUrl}/_bridge/config`, {
        method: 'PUT',
        headers: internalHeaders(TOKEN, { 'content-type': 'application/json' }),
        body: JSON.stringify({ revision: 'rev-fast-door', config }),
      });
      expect(res.status).toBe(200);
    }
    const pair = await both('GET', `${PREFIX}/company`);
    expect(pair.fast).toEqual(pair.slow);
    expect(JSON.parse(pair.fast.body).company.name).toBe('Wandwerk Fast Door GmbH');
    const viaBridge = await both('GET', `${PREFIX}/company`, { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.configRevision]: 'rev-fast-door' });
    expect(viaBridge.fast).toEqual(viaBridge.slow);
    expect(viaBridge.fast.status).toBe(200);
  });

  it('counts in the same per-client limit and answers 429 at the same request, with the same answer', async () => {
    // A client of its own (through the bridge) so the other tests' requests do not count.
    const client = { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.clientAddress]: '198.51.100.77' };
    const paths = [`${PREFIX}/company`, `${PREFIX}/materials`, '/llms.txt'];
    let fastCount = 0;
    for (let i = 0; i < LIMIT; i++) {
      const pair = await both('GET', paths[i % paths.length], client);
      expect(pair.fast.status).toBe(200);
      // Counted, but a CDN may keep these answers: no client's remaining count is written into them.
      expect(pair.fast.headers['ratelimit-remaining']).toBeUndefined();
      expect(pair.fast).toEqual(pair.slow);
      fastCount++;
    }
    expect(fastCount).toBe(LIMIT);
    const over = await both('GET', `${PREFIX}/company`, client);
    expect(over.fast.status).toBe(429);
    expect(over.fast.headers['retry-after']).toBe('60');
    expect(over.fast.headers['ratelimit-remaining']).toBe('0');
    expect(over.fast).toEqual(over.slow);
    // A route served by Fastify counts in the same counter (the tool endpoint; /ask has fair use instead).
    const tools = await both('GET', '/mcp/', client);
    expect(tools.fast.status).toBe(429);
    expect(tools.fast).toEqual(tools.slow);
    const ask = await both('GET', `/wp-json/nlweb/v1/ask?query=Brandschutz`, client);
    expect(ask.fast.status).toBe(200);
  });
});

describe('the fast door without a per-client limit (MANUFACTURER_AGENT_RATE_LIMIT=0)', () => {
  let pair: { fast: RunningService; slow: RunningService };
  let answered: () => number;
  beforeAll(async () => {
    const env = { ...ENV, MANUFACTURER_AGENT_RATE_LIMIT: '0' };
    const [a, b] = await Promise.all([startService(env), startService({ ...env, ...SLOW })]);
    pair = { fast: a, slow: b };
    answered = fastAnswers(a);
  });
  afterAll(async () => Promise.all([pair?.fast.stop(), pair?.slow.stop()]));

  it('answers as Fastify does, without RateLimit headers: GET, HEAD, If-None-Match', async () => {
    const before = answered();
    for (const path of READING_PATHS) {
      const first = await both('GET', path, {}, pair);
      expect(first.fast).toEqual(first.slow);
      expect(first.fast.status).toBe(200);
      expect(first.fast.headers['ratelimit-limit']).toBeUndefined();
      for (const [method, headers] of [
        ['HEAD', {}],
        ['GET', { 'if-none-match': first.fast.headers.etag }],
        ['HEAD', { 'if-none-match': first.fast.headers.etag }],
        ['GET', {}],
      ] as [string, Record<string, string>][]) {
        const again = await both(method, path, headers, pair);
        expect(again.fast, `${method} ${path} ${JSON.stringify(headers)}`).toEqual(again.slow);
      }
    }
    expect(answered() - before).toBe(READING_PATHS.length * 5);
  });
});
