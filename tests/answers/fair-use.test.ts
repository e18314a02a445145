import { afterEach, describe, expect, it } from 'vitest';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { startService, type RunningService } from '../support/service.js';
import { Sidecars } from '../reliability/support.js';
import { api } from '../support/http.js';
import { ASK_PATH } from '../../plugin/sidecar/core/paths.js';
import { figure, pool, portOf } from '../reliability/support.js';
import { internalHeaders } from '../support/bridge-headers.js';
import { randomUUID } from 'node:crypto';

// /ask: "no hard rate limit; a fair-use policy applies" (specification, Limits). Every answer below goes
// through api(), which checks it against the service's own openapi.json (the 503 and 429 included).
const running: RunningService[] = [];
const sidecars = new Sidecars();
afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
  await sidecars.killAll();
});
async function start(env: Record<string, string> = {}): Promise<RunningService> {
  const s = await startService(env);
  running.push(s);
  return s;
}
const ask = (s: { baseUrl: string }, query = 'Welches Material eignet sich für ein Badezimmer?') =>
  api(s.baseUrl, `${ASK_PATH}?query=${encodeURIComponent(query)}`);

function expectShed(res: Awaited<ReturnType<typeof ask>>): void {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.json).toEqual({
    _meta: { response_type: 'failure', version: '1.1.4' },
    error: { code: 'overloaded', message: expect.stringContaining('Retry after 5 seconds') },
  });
}

describe('fair use on /ask', () => {
  it('answers 1,000 questions a minute from one client to an idle service with the default configuration, none refused', async () => {
    // A sidecar process of its own, as it runs behind WordPress, with the defaults: the general limit of
    // 300 a minute would refuse 700 of them if /ask counted in it.
    const s = await sidecars.start({
      MANUFACTURER_AGENT_DATA_DIR: sidecars.dataDir(),
      MANUFACTURER_AGENT_RATE_LIMIT: '',
      MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '',
      MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '',
    });
    const statuses = new Map<number, number>();
    const started = performance.now();
    await pool(
      Array.from({ length: 1000 }, (_, i) => i),
      8,
      async (i) => {
        const res = await ask(s, i % 2 ? 'How long does delivery take?' : 'Welches Material eignet sich für ein Badezimmer?');
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      },
    );
    const seconds = (performance.now() - started) / 1000;
    expect(seconds).toBeLessThan(60);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 1000 });
    figure(`/ask fair use: 1000 questions from one client in ${seconds.toFixed(1)} s to an idle sidecar (defaults) -> 1000 x 200, 0 x 429, 0 x 503`);
  }, 90_000);

  it('sheds questions beyond the in-flight threshold with 503, Retry-After and the NLWeb failure envelope, and answers again once they are done', async () => {
    const s = await start({ MANUFACTURER_AGENT_ASK_MAX_IN_FLIGHT: '1' });
    // A question whose body has not all arrived yet is in flight (counted from its first byte of headers on).
    const body = JSON.stringify({ query: 'How long does delivery take?' });
    const socket = net.connect(portOf(s.baseUrl), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.write(
      `POST ${ASK_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body.slice(0, 5)}`,
    );
    await sleep(100);
    expectShed(await ask(s));
    expectShed(await ask(s));
    socket.write(body.slice(5));
    await new Promise((resolve) => socket.once('close', resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect((await ask(s)).status).toBe(200);
  });

  it('sheds questions while the event loop stays behind, not after a single stall, and answers again once it keeps up', async () => {
    const s = await start({ MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '200' });
    // The service runs in this process: block its event loop for 700 ms.
    const stall = () => {
      const until = Date.now() + 700;
      while (Date.now() < until);
    };
    // The delay is judged over windows of at least 500 ms, at the first question after one ends.
    await sleep(600);
    expect((await ask(s)).status).toBe(200);
    stall();
    expect((await ask(s)).status).toBe(200);
    stall();
    expectShed(await ask(s));
    expectShed(await ask(s));
    await sleep(600);
    expect((await ask(s)).status).toBe(200);
  });

  it('has no per-client ceiling by default; an operator may set one: 429 with Retry-After: 60 in the failure envelope', async () => {
    const s = await start({ MANUFACTURER_AGENT_ASK_RATE_LIMIT: '3' });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await ask(s));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(statuses[3].headers.get('retry-after')).toBe('60');
    expect(statuses[3].json).toMatchObject({ _meta: { response_type: 'failure' }, error: { code: 'rate_limited' } });
  });
});

describe('load shedding on every route (issue 27)', () => {
  it('sheds reading routes, documents, handoffs and MCP while the event loop stays behind, each in its door’s error shape; internal routes last', async () => {
    const s = await start({ MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '200', MANUFACTURER_AGENT_BRIDGE_TOKEN: 'shed-secret' });
    const stall = () => {
      const until = Date.now() + 700;
      while (Date.now() < until);
    };
    await sleep(600);
    stall();
    expect((await api(s.baseUrl, '/wp-json/manufacturer-agent/v1/materials')).status).toBe(200);
    stall();
    // Two windows behind: every public door answers 503 with Retry-After at once.
    const started = performance.now();
    const materials = await api(s.baseUrl, '/wp-json/manufacturer-agent/v1/materials');
    const llms = await api(s.baseUrl, '/llms.txt');
    const handoff = await api(s.baseUrl, '/wp-json/manufacturer-agent/v1/handoffs', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ next_step: 'project_enquiry' }),
    });
    const mcp = await api(s.baseUrl, '/mcp/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    const internal = await fetch(`${s.baseUrl}/_bridge/status`, { headers: internalHeaders('shed-secret') });
    const elapsed = performance.now() - started;
    for (const res of [materials, llms, handoff]) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(res.json).toMatchObject({ status: 503, code: 'overloaded' });
    }
    expect(mcp.status).toBe(503);
    expect(mcp.headers.get('retry-after')).toBe('5');
    expect(mcp.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32603, message: expect.stringContaining('Retry after 5 seconds') } });
    expectShed(await ask(s));
    // The plugin's own calls still get through (shed only after three seconds behind).
    expect(internal.status).toBe(200);
    expect(elapsed).toBeLessThan(1000);
    figure(`load shedding: 4 public doors and 1 internal call answered in ${elapsed.toFixed(0)} ms while the event loop was behind (503 x 4, internal 200)`);
    await sleep(600);
    expect((await api(s.baseUrl, '/wp-json/manufacturer-agent/v1/materials')).status).toBe(200);
  });
});
