import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { loadConfig } from '../../plugin/sidecar/core/config.js';
import type { ServiceDeps } from '../../plugin/sidecar/core/server.js';
import { createService, type Service } from '../../plugin/sidecar/service.js';
import { ToolRegistry } from '../../plugin/sidecar/tools/definitions.js';
import { handleLegacy, handleLegacyPerRequest, handleLegacyShared } from '../../plugin/sidecar/tools/legacy.js';
import type { HttpAnswer } from '../../plugin/sidecar/tools/rpc.js';
import { PRIORITIES } from '../../plugin/sidecar/core/schemas.js';
import { tempDataDir } from '../support/service.js';

// The initialize era has two paths: one long-lived SDK Server for single requests (shared) and a fresh
// SDK Server and transport per request (everything else). The shared path must answer byte for byte as
// the per-request one would.

const MCP_URL = 'http://localhost/mcp/';
const BASE = 'https://www.wandwerk.example';
const HEADERS = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' } as const;

let dataDir: string;
let service: Service;
let registry: ToolRegistry;
let context: Parameters<typeof handleLegacy>[4];
const errors: string[] = [];
const log = { debug() {}, error: (_: object, message: string) => void errors.push(message) };

beforeAll(async () => {
  dataDir = tempDataDir();
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', MANUFACTURER_AGENT_DATA_DIR: dataDir });
  service = await createService(config);
  // The tools read no reading routes.
  const deps: ServiceDeps = { config, site: service.site, handoffs: service.handoffs, reads: service.reads, limits: {} };
  registry = new ToolRegistry(config.idempotencyRetentionDays);
  context = { deps, config: service.site.config, publicBase: BASE, clientAddress: '127.0.0.1' };
});
afterAll(async () => {
  await service.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (name: string, args?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: args === undefined ? { name } : { name, arguments: args } });
const request = (method: string, params?: unknown, id: unknown = 1) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });

/** The answer with its JSON as text (the shared path gives UTF-8 parts, the SDK a string): equal text, equal bytes. */
type TextAnswer = Omit<HttpAnswer, 'json'> & { json?: string };
const asText = (answer: HttpAnswer): TextAnswer => ({ ...answer, json: answer.json === undefined ? undefined : typeof answer.json === 'string' ? answer.json : new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(answer.json)) });
const perRequest = async (headers: IncomingHttpHeaders, body: unknown) => asText(await handleLegacyPerRequest(MCP_URL, headers, structuredClone(body), registry, context, log));
const shared = async (headers: IncomingHttpHeaders, body: unknown) => {
  const answer = await handleLegacyShared(headers, structuredClone(body), registry, context, log);
  return answer && asText(answer);
};

const VERSIONS: Record<string, IncomingHttpHeaders> = {
  'no protocol header': HEADERS,
  '2025-03-26': { ...HEADERS, 'mcp-protocol-version': '2025-03-26' },
  '2025-06-18': { ...HEADERS, 'mcp-protocol-version': '2025-06-18' },
  '2025-11-25': { ...HEADERS, 'mcp-protocol-version': '2025-11-25' },
  '2024-11-05 (accepted by the SDK transport)': { ...HEADERS, 'mcp-protocol-version': '2024-11-05' },
  'Accept and Content-Type variants': { accept: 'text/event-stream;q=0.9, application/json', 'content-type': 'Application/JSON; charset=utf-8', 'mcp-protocol-version': '2025-06-18' },
};

const SAME_ANSWER: Record<string, unknown> = {
  'tools/list': request('tools/list'),
  'tools/list with a cursor': request('tools/list', { cursor: 'x' }),
  ping: request('ping'),
  'ping, string id': request('ping', undefined, 'abc'),
  'ping, id 0': request('ping', undefined, 0),
  'ping, large id': request('ping', undefined, 9007199254740991),
  'unknown method': request('resources/list'),
  'logging/setLevel (no logging capability)': request('logging/setLevel', { level: 'debug' }),
  'list_materials': call('list_materials', {}),
  'list_materials without arguments': call('list_materials'),
  'list_materials, string id and _meta': { ...call('list_materials', {}, 'req-7'), params: { name: 'list_materials', arguments: {}, _meta: { progressToken: 'p1' } } },
  'list_materials with a task (no tasks capability)': { ...call('list_materials', {}), params: { name: 'list_materials', arguments: {}, task: { ttl: 1000 } } },
  get_company_information: call('get_company_information', {}),
  ...Object.fromEntries(PRIORITIES.map((p) => [`recommend_material ${p}`, call('recommend_material', { priority: p })])),
  'recommend_material, invalid priority': call('recommend_material', { priority: 'cheap' }),
  'recommend_material, missing priority': call('recommend_material', {}),
  'recommend_material, unknown argument': call('recommend_material', { priority: 'robust', colour: 'red' }),
  'recommend_material, arguments not an object': call('recommend_material', 'robust'),
  start_project_handoff: call('start_project_handoff', {}),
  'start_project_handoff wallcheck': call('start_project_handoff', { next_step: 'wallcheck' }),
  'start_project_handoff, invalid step': call('start_project_handoff', { next_step: 'order' }),
  'create_idempotent_project_handoff, invalid arguments': call('create_idempotent_project_handoff', { idempotency_key: 'short', next_step: 'order' }),
  'create_idempotent_project_handoff, no arguments': call('create_idempotent_project_handoff'),
  'unknown tool': call('order_wallpaper', {}),
  'tools/call without params': request('tools/call'),
  'tools/call, name not a string': request('tools/call', { name: 7 }),
};

async function expectSameAnswer(headers: IncomingHttpHeaders, body: unknown): Promise<TextAnswer> {
  const viaShared = await shared(headers, body);
  expect(viaShared, 'the shared path takes this request').toBeDefined();
  const viaPerRequest = await perRequest(headers, body);
  // status, extra headers and the exact JSON bytes
  expect(viaShared).toEqual(viaPerRequest);
  return viaShared!;
}

describe('the shared SDK server answers as a per-request SDK server', () => {
  for (const [version, headers] of Object.entries(VERSIONS)) {
    it.each(Object.keys(SAME_ANSWER))(`${version}: %s`, async (name) => {
      await expectSameAnswer(headers, SAME_ANSWER[name]);
    });
  }

  it('create_idempotent_project_handoff: a new key is created once, then replayed alike on both paths', async () => {
    const body = call('create_idempotent_project_handoff', { idempotency_key: `legacy-${randomUUID()}`, next_step: 'sample_request', requirements: { priority: 'robust' } });
    const created = (await shared(HEADERS, body))!;
    expect(JSON.parse(created.json!).result.structuredContent.replayed).toBe(false);
    const replayed = await expectSameAnswer(HEADERS, body);
    const result = JSON.parse(replayed.json!).result;
    expect(result.structuredContent.replayed).toBe(true);
    expect(result.structuredContent.handoff.id).toBe(JSON.parse(created.json!).result.structuredContent.handoff.id);
  });

  it('follows a configuration change (no stale serialisation)', async () => {
    const before = await expectSameAnswer(HEADERS, call('list_materials', {}));
    const original = service.site.config;
    const changed = structuredClone(original);
    changed.company.name = `${original.company.name} (changed)`;
    service.site.replace(changed);
    context.config = service.site.config;
    try {
      const company = await expectSameAnswer(HEADERS, call('get_company_information', {}));
      expect(company.json).toContain('(changed)');
      const after = await expectSameAnswer(HEADERS, call('list_materials', {}));
      expect(after.json).toBe(before.json);
    } finally {
      service.site.replace(original);
      context.config = service.site.config;
    }
    const company = await expectSameAnswer(HEADERS, call('get_company_information', {}));
    expect(company.json).not.toContain('(changed)');
  });

  it('a tool that throws: the SDK error answer on both paths, the tool called once and the failure logged once per path', async () => {
    const body = call('get_company_information', {});
    const spy = vi.spyOn(registry, 'call').mockRejectedValue(new Error('disk on fire'));
    try {
      const answer = await expectSameAnswer(HEADERS, body);
      expect(JSON.parse(answer.json!).error.code).toBe(-32603);
      expect(spy).toHaveBeenCalledTimes(2);
      expect(errors).toEqual(['tool get_company_information failed', 'tool get_company_information failed']);
    } finally {
      spy.mockRestore();
      errors.length = 0;
    }
  });

  it('answers 50 concurrent requests with the same id each with its own answer', async () => {
    const bodies = Array.from({ length: 50 }, (_, i) =>
      i % 7 === 0 ? call('list_materials', {}) : i % 7 === 1 ? request('ping') : i % 7 === 2 ? call('order_wallpaper', {}) : call('recommend_material', { priority: PRIORITIES[i % PRIORITIES.length] }),
    );
    const expected = [];
    for (const body of bodies) expected.push(await perRequest(HEADERS, body));
    const answers = (await Promise.all(bodies.map((body) => handleLegacy(MCP_URL, HEADERS, structuredClone(body), registry, context, log)))).map(asText);
    expect(answers).toEqual(expected);
    expect(errors).toEqual([]);
  });
});

describe('requests the shared server does not take keep the per-request answer', () => {
  const initialize = request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } });
  const cases: Record<string, [IncomingHttpHeaders, unknown]> = {
    initialize: [HEADERS, initialize],
    'initialize with invalid params': [HEADERS, request('initialize', { protocolVersion: 7 })],
    batch: [HEADERS, [request('ping'), call('list_materials', {})]],
    'batch of one': [HEADERS, [request('ping')]],
    notification: [HEADERS, { jsonrpc: '2.0', method: 'notifications/initialized' }],
    'cancellation notification': [HEADERS, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }],
    'a response': [HEADERS, { jsonrpc: '2.0', id: 1, result: {} }],
    'not JSON-RPC 2.0': [HEADERS, { jsonrpc: '1.0', id: 1, method: 'ping' }],
    'unknown member': [HEADERS, { ...request('ping'), extra: true }],
    'fractional id': [HEADERS, request('ping', undefined, 1.5)],
    'no Accept': [{ 'content-type': 'application/json' }, request('ping')],
    'Accept without event streams': [{ ...HEADERS, accept: 'application/json' }, request('ping')],
    'Content-Type text/plain': [{ ...HEADERS, 'content-type': 'text/plain' }, request('ping')],
    'Content-Type with surrounding space': [{ ...HEADERS, 'content-type': ' application/json' }, request('ping')],
    'unsupported protocol version': [{ ...HEADERS, 'mcp-protocol-version': '2099-01-01' }, request('ping')],
    'protocol version with a space': [{ ...HEADERS, 'mcp-protocol-version': ' 2025-06-18' }, request('ping')],
    'body a string': [HEADERS, 'ping'],
  };

  it.each(Object.keys(cases))('%s', async (name) => {
    const [headers, body] = cases[name];
    expect(await shared(headers, body)).toBeUndefined();
    const answer = asText(await handleLegacy(MCP_URL, headers, structuredClone(body), registry, context, log));
    const expected = await perRequest(headers, body);
    if (name === 'initialize') {
      expect(JSON.parse(answer.json!).result.serverInfo).toMatchObject({ title: context.config.company.name, websiteUrl: `${BASE}/` });
    }
    expect(answer).toEqual(expected);
  });
});
