import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { postJson } from '../support/http.js';
import { isWordPress, openTarget, type Target } from '../support/target.js';
import type { SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { PRIORITIES } from '../../plugin/sidecar/core/schemas.js';
import { MAX_BATCH_MESSAGES } from '../../plugin/sidecar/tools/routes.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => void;

const TOOL_NAMES = ['get_company_information', 'list_materials', 'recommend_material', 'start_project_handoff', 'create_idempotent_project_handoff'];
const PARTNER = 'https://partner.example';
const MODERN = '2026-07-28';
const CAPABILITIES = { tools: { listChanged: false }, resources: { listChanged: false }, prompts: { listChanged: false } };

// One suite, two targets: the sidecar alone (standalone project) or every request through WordPress
// (wordpress project, whose sidecar runs with the same allowed origin); see tests/support/target.ts.
let target: Target;
/** The site URL: links in answers are built on it, and it is an allowed browser origin. */
let base: string;
/** The site configuration in force (the default one; tests that change it put it back). */
let site: SiteConfig;
const clients: Client[] = [];

beforeAll(async () => {
  target = await openTarget({
    MANUFACTURER_AGENT_RATE_LIMIT: '100000',
    MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '100000',
    MANUFACTURER_AGENT_ALLOWED_ORIGINS: `${PARTNER}/`,
    MANUFACTURER_AGENT_BRIDGE_TOKEN: 'bridge-secret',
  });
  base = target.publicUrl;
  site = await target.siteConfig();
});
afterEach(async () => {
  while (clients.length) await clients.pop()!.close();
});
afterAll(() => target.close());

/** fetch on the target (with the headers every request to it carries). */
const hit = (path: string, init: RequestInit = {}) => target.fetch(path, init);

async function connect(url = `${target.baseUrl}/mcp/`): Promise<Client> {
  const client = new Client({ name: 'vitest-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: target.headers } }));
  clients.push(client);
  return client;
}

/** An independent validator (not the service's): structuredContent must satisfy the published outputSchema. */
function validatorOf(schema: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

function expectConforms(tool: Tool, structured: unknown) {
  const validate = validatorOf(tool.outputSchema!);
  const ok = validate(structured);
  expect(validate.errors ?? [], `${tool.name} structuredContent`).toEqual([]);
  expect(ok).toBe(true);
}

const textOf = (result: unknown) => (((result as { content?: unknown }).content as { type: string; text: string }[])[0] ?? { text: '' }).text;
const key = () => `mcp-test-${randomUUID()}`;

/** A hand-written POST to the tool endpoint (for what the SDK client cannot send). */
async function rpc(body: unknown, headers: Record<string, string> = {}, path = '/mcp/') {
  const response = await hit(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: text ? JSON.parse(text) : undefined };
}

const modernMeta = (extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'hand-written', version: '1' },
  ...extra,
});

function modern(method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}, id: number | string = 1) {
  return rpc(
    { jsonrpc: '2.0', id, method, params: { ...params, _meta: modernMeta() } },
    {
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      ...(typeof params.uri === 'string' ? { 'mcp-name': params.uri } : {}),
      ...headers,
    },
  );
}

describe('the SDK client over HTTP (initialize era)', () => {
  it('connects statelessly and learns the server identity, capabilities and instructions', async () => {
    const client = await connect();
    const info = client.getServerVersion()!;
    expect(info.title).toBe(site.company.name);
    expect(info.version).toBe('1.1.4');
    expect(info.name).toMatch(/^[a-zA-Z0-9.-]+\/manufacturer-agent$/);
    expect(client.getServerCapabilities()).toEqual(CAPABILITIES);
    expect(client.getInstructions()).toContain(site.discovery.summary.en);
    const initialize = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
    });
    expect(initialize.headers.get('mcp-session-id')).toBeNull();
  });

  it('lists the five tools, each with title, description, schemas and truthful annotations', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.outputSchema?.type).toBe('object');
      // Self-contained: no reference a client would have to resolve against our files.
      expect(JSON.stringify(tool.inputSchema) + JSON.stringify(tool.outputSchema)).not.toMatch(/\$ref|\$id|\$defs/);
      expect(tool.annotations).toMatchObject({ title: tool.title, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(tool.annotations!.readOnlyHint).toBe(tool.name !== 'create_idempotent_project_handoff');
    }
    const recommend = tools.find((t) => t.name === 'recommend_material')!;
    expect((recommend.inputSchema.properties as any).priority.enum).toEqual(PRIORITIES);
    expect(recommend.inputSchema.required).toEqual(['priority']);
    const create = tools.find((t) => t.name === 'create_idempotent_project_handoff')!;
    expect(create.inputSchema.required).toEqual(['idempotency_key', 'next_step']);
    expect((create.inputSchema.properties as any).idempotency_key).toMatchObject({ minLength: 8, maxLength: 255 });
    expect((create.outputSchema!.properties as any).handoff.required).toContain('link');
  });

  it('calls every tool; structuredContent matches the output schema and the text block carries the same JSON', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const tool = (name: string) => tools.find((t) => t.name === name)!;
    const calls: Record<string, Record<string, unknown>> = {
      get_company_information: {},
      list_materials: {},
      recommend_material: { priority: 'brandschutz' },
      start_project_handoff: { next_step: 'wallcheck' },
      create_idempotent_project_handoff: { idempotency_key: key(), next_step: 'sample_request', requirements: { material_id: 'vlies-classic', locale: 'en' } },
    };
    const results: Record<string, any> = {};
    for (const name of TOOL_NAMES) {
      const result = await client.callTool({ name, arguments: calls[name] });
      expect(result.isError ?? false, `${name}: ${textOf(result)}`).toBe(false);
      expectConforms(tool(name), result.structuredContent);
      expect(JSON.parse(textOf(result))).toEqual(result.structuredContent);
      results[name] = result.structuredContent;
    }
    expect(results.get_company_information.links.contact_form).toBe(`${base}/kontakt/`);
    expect(results.list_materials.count).toBe(site.materials.length);
    expect(results.recommend_material.material.fire_classification.en_13501_1).toBe('A2-s1, d0');
    expect(results.start_project_handoff).toMatchObject({ next_step: 'wallcheck', recorded: false, entry_point: `${base}/wallcheck` });
    expect(results.start_project_handoff.telephone).toEqual(site.company.telephone);
    expect(results.create_idempotent_project_handoff.replayed).toBe(false);
    expect(results.create_idempotent_project_handoff.handoff.link).toMatch(new RegExp(`^${base}/kontakt/\\?handoff=ho_`));
  });

  it('start_project_handoff records nothing and defaults to a project enquiry', async () => {
    const client = await connect();
    const before = await target.handoffCount();
    const result = await client.callTool({ name: 'start_project_handoff', arguments: {} });
    expect((result.structuredContent as any).next_step).toBe('project_enquiry');
    expect((result.structuredContent as any).prepare.map((p: { item: string }) => p.item)).toContain('requirements.dimensions');
    expect(await target.handoffCount()).toBe(before);
  });

  it('answers invalid arguments with an isError result that names the field', async () => {
    const client = await connect();
    const wrongPriority = await client.callTool({ name: 'recommend_material', arguments: { priority: 'billig' } });
    expect(wrongPriority.isError).toBe(true);
    expect(wrongPriority.structuredContent).toBeUndefined();
    expect(textOf(wrongPriority)).toMatch(/\/priority must be one of: brandschutz, robust/);
    expect(textOf(await client.callTool({ name: 'recommend_material', arguments: {} }))).toContain('/priority is required');
    expect(textOf(await client.callTool({ name: 'list_materials', arguments: { filter: 'x' } }))).toContain('/filter is not an accepted field');
    const shortKey = await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { idempotency_key: 'short', next_step: 'wallcheck' } });
    expect(shortKey.isError).toBe(true);
    expect(textOf(shortKey)).toContain('/idempotency_key');
    const unknownMaterial = await client.callTool({
      name: 'create_idempotent_project_handoff',
      arguments: { idempotency_key: key(), next_step: 'sample_request', requirements: { material_id: 'gold-leaf' } },
    });
    expect(unknownMaterial.isError).toBe(true);
    expect(textOf(unknownMaterial)).toContain('/requirements/material_id names no material in the catalog');
    const email = await client.callTool({
      name: 'create_idempotent_project_handoff',
      arguments: { idempotency_key: key(), next_step: 'project_enquiry', requirements: { motif_description: 'mail me at a@b.de' } },
    });
    expect(textOf(email)).toContain('/requirements/motif_description');
  });

  it('answers an unknown tool with a JSON-RPC error, not a tool result', async () => {
    const client = await connect();
    const error = await client.callTool({ name: 'place_order', arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(-32602);
    expect((error as McpError).message).toContain('place_order');
  });

  it('negotiates every initialize-era version from 2025-03-26 to 2025-11-25 without a session', async () => {
    for (const version of ['2025-03-26', '2025-06-18', '2025-11-25']) {
      const init = await rpc({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'x', version: '1' } },
      });
      expect(init.status).toBe(200);
      expect(init.json.result.protocolVersion).toBe(version);
      const list = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { 'mcp-protocol-version': version });
      expect(list.json.result.tools.map((t: { name: string }) => t.name)).toEqual(TOOL_NAMES);
    }
  });
});

it('answers 50 concurrent hand-written calls that all use id 1, each with its own answer', async () => {
  const calls = Array.from({ length: 50 }, (_, i) =>
    i % 5 === 0
      ? { name: 'list_materials', arguments: {} }
      : i % 5 === 1
        ? { name: 'place_order', arguments: {} }
        : { name: 'recommend_material', arguments: { priority: PRIORITIES[i % PRIORITIES.length] } },
  );
  const send = (params: object) => rpc({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }, { 'mcp-protocol-version': '2025-06-18' });
  // Each distinct call once, one after the other: what it answers alone.
  const expected = new Map<string, string>();
  for (const key of new Set(calls.map((params) => JSON.stringify(params)))) expected.set(key, (await send(JSON.parse(key))).text);
  const answers = await Promise.all(calls.map((params) => send(params)));
  answers.forEach((answer, i) => {
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.json.id).toBe(1);
    expect(answer.json).toEqual(JSON.parse(expected.get(JSON.stringify(calls[i]))!));
    const { name, arguments: args } = calls[i] as { name: string; arguments: { priority?: string } };
    if (name === 'place_order') expect(answer.json.error.message).toContain('place_order');
    if (name === 'recommend_material') expect(answer.json.result.structuredContent.priority).toBe(args.priority);
  });
});

describe('one handoff, two doors', () => {
  const body = { next_step: 'project_enquiry', requirements: { dimensions: { width_cm: 420, height_cm: 260 }, priority: 'robust', locale: 'de' } };

  it('replays a tool-created handoff on POST /handoffs with the same key and body, and again on the tool', async () => {
    const client = await connect();
    const k = key();
    const created = await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { idempotency_key: k, ...body } });
    const first = created.structuredContent as any;
    expect(first.replayed).toBe(false);
    const rest = await postJson(target, `${PREFIX}/handoffs`, body, { 'idempotency-key': k });
    expect(rest.status).toBe(200);
    expect(rest.headers.get('idempotent-replayed')).toBe('true');
    expect(rest.json.link).toBe(first.handoff.link);
    expect(rest.json).toEqual(first.handoff);
    const again = (await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { ...body, idempotency_key: k } })).structuredContent as any;
    expect(again).toEqual({ replayed: true, handoff: first.handoff });
  });

  it('replays a REST-created handoff on the tool', async () => {
    const k = key();
    const rest = await postJson(target, `${PREFIX}/handoffs`, body, { 'idempotency-key': k });
    expect(rest.status).toBe(201);
    const client = await connect();
    const replay = (await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { idempotency_key: k, ...body } })).structuredContent as any;
    expect(replay.replayed).toBe(true);
    expect(replay.handoff.link).toBe(rest.json.link);
    expect(replay.handoff.id).toBe(rest.json.id);
  });

  it('refuses a key reused with another body on either door and creates nothing', async () => {
    const client = await connect();
    const k = key();
    await postJson(target, `${PREFIX}/handoffs`, body, { 'idempotency-key': k });
    const before = await target.handoffCount();
    const reused = await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { idempotency_key: k, next_step: 'wallcheck' } });
    expect(reused.isError).toBe(true);
    expect(textOf(reused)).toMatch(/idempotency_key_reused/);
    expect(textOf(reused)).toMatch(/idempotency_key was already used for a different request/);

    const k2 = key();
    await client.callTool({ name: 'create_idempotent_project_handoff', arguments: { idempotency_key: k2, ...body } });
    const restReused = await postJson(target, `${PREFIX}/handoffs`, { next_step: 'sample_request' }, { 'idempotency-key': k2 });
    expect(restReused.status).toBe(422);
    expect(await target.handoffCount()).toBe(before + 1);
  });
});

describe('the 2026-07-28 era (stateless, hand-written HTTP)', () => {
  it('answers each call with its own id and follows a configuration change (results are serialised once per revision)', async () => {
    const first = await modern('tools/call', { name: 'get_company_information', arguments: {} }, {}, 'first-id');
    const again = await modern('tools/call', { name: 'get_company_information', arguments: {} }, {}, 42);
    expect(first.json.id).toBe('first-id');
    expect(again.json.id).toBe(42);
    expect(again.json.result).toEqual(first.json.result);
    const changed = defaultConfig();
    changed.company.name = 'Tapetenwerk Modern GmbH';
    await target.setConfig(changed);
    try {
      const after = await modern('tools/call', { name: 'get_company_information', arguments: {} });
      expect(after.json.result.structuredContent.company.name).toBe('Tapetenwerk Modern GmbH');
      expect(JSON.stringify(after.json.result.content)).toContain('Tapetenwerk Modern GmbH');
    } finally {
      await target.setConfig(defaultConfig());
    }
    const restored = await modern('tools/call', { name: 'get_company_information', arguments: {} });
    expect(restored.json.result).toEqual(first.json.result);
  });

  it('answers server/discover with versions, capabilities and the same identity', async () => {
    const client = await connect();
    const res = await modern('server/discover');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const result = res.json.result;
    expect(res.json.id).toBe(1);
    expect(result.resultType).toBe('complete');
    // The SDK's discovery names the stateless revision; 2025-era clients negotiate with initialize.
    expect(result.supportedVersions).toEqual([MODERN]);
    expect(result.capabilities).toEqual(CAPABILITIES);
    // The revision carries the identity in _meta (the SDK's discovery result has no serverInfo member).
    expect(result._meta['io.modelcontextprotocol/serverInfo']).toEqual(client.getServerVersion());
    expect(result.instructions).toBe(client.getInstructions());
    expect(result.ttlMs).toBeGreaterThan(0);
    expect(result.cacheScope).toBe('public');
    // Without the envelope a request is of the 2025 era (as the SDK classifies it), which has no server/discover.
    const probe = await rpc({ jsonrpc: '2.0', id: 'p', method: 'server/discover' });
    expect(probe.json.error.code).toBe(-32601);
  });

  it('lists and calls the same tools with per-request metadata and the routing headers', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const list = await modern('tools/list');
    expect(list.status).toBe(200);
    expect(list.json.result).toMatchObject({ resultType: 'complete', cacheScope: 'public' });
    expect(list.json.result.tools).toEqual(tools);
    const call = await modern('tools/call', { name: 'recommend_material', arguments: { priority: 'feuchtraum' } });
    expect(call.status).toBe(200);
    expect(call.json.result.resultType).toBe('complete');
    expectConforms(
      tools.find((t) => t.name === 'recommend_material')!,
      call.json.result.structuredContent,
    );
    expect(call.json.result.structuredContent.priority).toBe('feuchtraum');
    // Every result names the server in its _meta, as initialize and server/discover do.
    expect(list.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual(client.getServerVersion());
    expect(call.json.result._meta['io.modelcontextprotocol/serverInfo']).toEqual(client.getServerVersion());
    const encoded = `=?base64?${Buffer.from('list_materials').toString('base64')}?=`;
    const viaBase64 = await modern('tools/call', { name: 'list_materials', arguments: {} }, { 'mcp-name': encoded });
    expect(viaBase64.json.result.structuredContent.count).toBe(site.materials.length);
    const invalid = await modern('tools/call', { name: 'recommend_material', arguments: { priority: 7 } });
    expect(invalid.json.result.isError).toBe(true);
    expect(invalid.json.result.content[0].text).toContain('/priority');
  });

  it('shares handoff keys with the initialize era', async () => {
    const k = key();
    const args = { idempotency_key: k, next_step: 'wallcheck' };
    const first = await modern('tools/call', { name: 'create_idempotent_project_handoff', arguments: args });
    expect(first.json.result.structuredContent.replayed).toBe(false);
    const client = await connect();
    const second = (await client.callTool({ name: 'create_idempotent_project_handoff', arguments: args })).structuredContent as any;
    expect(second.replayed).toBe(true);
    expect(second.handoff.id).toBe(first.json.result.structuredContent.handoff.id);
  });

  it('rejects headers that are missing or do not match the body with 400 HeaderMismatch', async () => {
    const cases = [
      await modern('tools/list', {}, { 'mcp-method': 'tools/call' }),
      await modern('tools/call', { name: 'list_materials', arguments: {} }, { 'mcp-name': 'get_company_information' }),
      await modern('tools/call', { name: 'list_materials', arguments: {} }, { 'mcp-name': '=?base64?not base64?=' }),
      await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } }, { 'mcp-protocol-version': MODERN }),
      await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } }, { 'mcp-method': 'tools/list' }),
      await rpc(
        { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': '2025-11-25' }) } },
        { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
      ),
    ];
    for (const res of cases) {
      expect(res.status, res.text).toBe(400);
      expect(res.json.error.code, res.text).toBe(-32020);
    }
    const noTool = await modern('tools/call', { name: 'list_materials', arguments: {} }, { 'mcp-name': '' });
    expect(noTool.json.error.code).toBe(-32020);
  });

  it('names its versions for an unsupported one, 404 for unknown methods, and requires clientCapabilities', async () => {
    const unsupported = await rpc(
      { jsonrpc: '2.0', id: 3, method: 'tools/list', params: { _meta: modernMeta({ 'io.modelcontextprotocol/protocolVersion': '2099-01-01' }) } },
      { 'mcp-protocol-version': '2099-01-01', 'mcp-method': 'tools/list' },
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.json.error.code).toBe(-32022);
    expect(unsupported.json.error.data).toEqual({ supported: [MODERN], requested: '2099-01-01' });
    expect(unsupported.json.id).toBe(3);

    const ping = await modern('ping');
    expect(ping.status).toBe(404);
    expect(ping.json.error.code).toBe(-32601);

    const noCapabilities = await rpc(
      { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': MODERN } } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' },
    );
    expect(noCapabilities.status).toBe(400);
    expect(noCapabilities.json.error.code).toBe(-32602);

    const unknownTool = await modern('tools/call', { name: 'place_order', arguments: {} });
    expect(unknownTool.json.error.code).toBe(-32602);
  });
});

describe('resources and prompts', () => {
  const legacyRpc = (method: string, params: Record<string, unknown> = {}) =>
    rpc({ jsonrpc: '2.0', id: 1, method, params }, { 'mcp-protocol-version': '2025-11-25' });
  const REST = {
    'manufacturer-agent://catalog': `${PREFIX}/materials`,
    'manufacturer-agent://company': `${PREFIX}/company`,
    'manufacturer-agent://llms-full.txt': '/llms-full.txt',
  } as const;

  it('lists the catalog, the company information and llms-full.txt, and a template per material, in both eras', async () => {
    for (const list of [await legacyRpc('resources/list'), await modern('resources/list')]) {
      expect(list.status).toBe(200);
      expect(list.json.result.resources.map((r: { uri: string }) => r.uri)).toEqual(Object.keys(REST));
      expect(list.json.result.resources.map((r: { mimeType: string }) => r.mimeType)).toEqual(['application/json', 'application/json', 'text/plain']);
    }
    const templates = await modern('resources/templates/list');
    expect(templates.json.result.resourceTemplates).toEqual([
      expect.objectContaining({ uriTemplate: 'manufacturer-agent://materials/{id}', mimeType: 'application/json' }),
    ]);
  });

  it('reads each resource with the same text as the REST answer, and each material by id', async () => {
    for (const [uri, path] of Object.entries(REST)) {
      const [read, rest] = await Promise.all([modern('resources/read', { uri }), hit(path)]);
      expect(read.status).toBe(200);
      expect(read.json.result.contents).toEqual([{ uri, mimeType: expect.any(String), text: await rest.text() }]);
    }
    const catalog = (await (await hit(`${PREFIX}/materials`)).json()) as { materials: { id: string }[] };
    for (const material of catalog.materials) {
      const uri = `manufacturer-agent://materials/${material.id}`;
      const read = await legacyRpc('resources/read', { uri });
      expect(JSON.parse(read.json.result.contents[0].text)).toEqual(material);
    }
    const missing = await modern('resources/read', { uri: 'manufacturer-agent://materials/nope' });
    expect(missing.json.error).toMatchObject({ code: expect.any(Number), message: expect.stringContaining('manufacturer-agent://materials/nope') });
  });

  it('carries ttlMs and cacheScope on every list and read of the 2026 era, none in the 2025 era', async () => {
    for (const [method, params] of [
      ['resources/list', {}],
      ['resources/templates/list', {}],
      ['prompts/list', {}],
      ['tools/list', {}],
      ['resources/read', { uri: 'manufacturer-agent://company' }],
    ] as const) {
      const res = await modern(method, params);
      expect(res.status, method).toBe(200);
      expect(res.json.result, method).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    }
    expect((await modern('prompts/list')).json.result.prompts).toEqual([]);
    const old = await legacyRpc('prompts/list');
    expect(old.json.result).toEqual({ prompts: [] });
  });

  it('follows a staff edit of the site configuration', async () => {
    const changed = structuredClone(site);
    changed.company.name = 'Tapetenwerk Ressource GmbH';
    await target.setConfig(changed);
    try {
      const read = await modern('resources/read', { uri: 'manufacturer-agent://company' });
      expect(JSON.parse(read.json.result.contents[0].text).company.name).toBe('Tapetenwerk Ressource GmbH');
    } finally {
      await target.setConfig(defaultConfig());
    }
    const restored = await modern('resources/read', { uri: 'manufacturer-agent://company' });
    expect(restored.json.result.contents[0].text).toBe(await (await hit(`${PREFIX}/company`)).text());
  });
});

describe('JSON-RPC details', () => {
  const call = (id: number, args: unknown = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_materials', arguments: args } });

  it('answers initialize in the 2026 era with 404 and -32601, and keeps it in the 2025 era', async () => {
    const params = { protocolVersion: MODERN, capabilities: {}, clientInfo: { name: 'x', version: '1' } };
    const gone = await modern('initialize', params);
    expect(gone.status).toBe(404);
    expect(gone.json.error.code).toBe(-32601);
    const kept = await rpc({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { ...params, protocolVersion: '2025-11-25' } });
    expect(kept.status).toBe(200);
    expect(kept.json.result.protocolVersion).toBe('2025-11-25');
  });

  it('answers initialize with invalid params (2025 era) with -32602 naming each field, not the SDK’s -32603 and raw schema list', async () => {
    const missing = await rpc({ jsonrpc: '2.0', id: 7, method: 'initialize', params: { protocolVersion: '2025-11-25' } });
    expect(missing.json).toMatchObject({ id: 7, error: { code: -32602 } });
    expect(missing.json.error.message).toBe(
      'Invalid params: initialize needs params.capabilities (an object), params.clientInfo (an object with the strings name and version).',
    );
    expect(missing.json.error.message).not.toMatch(/invalid_type|\[/);
    const wrong = await rpc({ jsonrpc: '2.0', id: 8, method: 'initialize', params: { protocolVersion: 5, capabilities: {}, clientInfo: { name: 'x' } } });
    expect(wrong.json.error.code).toBe(-32602);
    expect(wrong.json.error.data.errors.map((e: { field: string }) => e.field)).toEqual(['params.protocolVersion', 'params.clientInfo']);
    const none = await rpc({ jsonrpc: '2.0', id: 9, method: 'initialize' });
    expect(none.json.error.code).toBe(-32602);
  });

  it('answers invalid params of the 2026 era (its _meta envelope) with -32602 and a readable message', async () => {
    const meta = { ...modernMeta(), 'io.modelcontextprotocol/clientInfo': { name: 5 } };
    const answer = await rpc(
      { jsonrpc: '2.0', id: 3, method: 'server/discover', params: { _meta: meta } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'server/discover' },
    );
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe(-32602);
    expect(answer.json.error.message).toMatch(/clientInfo\.name: .*expected string/);
  });

  it(`refuses a batch of more than ${MAX_BATCH_MESSAGES} messages with -32600, answering none of them`, async () => {
    const calls = Array.from({ length: MAX_BATCH_MESSAGES + 1 }, (_v, i) => call(i + 1));
    const refused = await rpc(calls, { 'mcp-protocol-version': '2025-03-26' });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: -32600, message: expect.stringContaining(`at most ${MAX_BATCH_MESSAGES} messages`) });
    const full = await rpc(calls.slice(1), { 'mcp-protocol-version': '2025-03-26' });
    expect(full.status).toBe(200);
    expect(full.json).toHaveLength(MAX_BATCH_MESSAGES);
  });

  it('replays a remembered answer only for the same request: another id gets its own, other headers the SDK checks', async () => {
    const params = { name: 'list_materials', arguments: {} };
    const [a, b] = [await modern('tools/call', params, {}, 'a'), await modern('tools/call', params, {}, 'b')];
    expect(a.json.id).toBe('a');
    expect(b.json.id).toBe('b');
    expect(b.json.result).toEqual(a.json.result);
    const mismatch = await modern('tools/call', params, { 'mcp-name': 'recommend_material' }, 'c');
    expect(mismatch.status).toBe(400);
    expect(mismatch.json).toMatchObject({ id: 'c', error: { code: -32020 } });
    const old = await rpc({ jsonrpc: '2.0', id: 9, method: 'tools/call', params }, { 'mcp-protocol-version': '2025-06-18' });
    // The 2025 era's answer to the same call is its own (no resultType), not the 2026 era's remembered one.
    expect(old.json.result.structuredContent).toEqual(a.json.result.structuredContent);
    expect(old.json.result.resultType).toBeUndefined();
  });

  it('answers an empty batch with 400 Invalid Request', async () => {
    const empty = await rpc([]);
    expect(empty.status).toBe(400);
    expect(empty.json.error.code).toBe(-32600);
  });

  it('refuses batches from 2025-06-18 on, and answers them for 2025-03-26', async () => {
    for (const version of ['2025-06-18', '2025-11-25', MODERN]) {
      const refused = await rpc([call(1), call(2)], { 'mcp-protocol-version': version });
      expect(refused.status, version).toBe(400);
      expect(refused.json.error.code, version).toBe(-32600);
      expect(refused.json.error.message, version).toContain('batch');
    }
    const answered = await rpc([call(1), call(2)], { 'mcp-protocol-version': '2025-03-26' });
    expect(answered.status).toBe(200);
    expect(answered.json.map((m: { id: number }) => m.id).sort()).toEqual([1, 2]);
    expect(answered.json.every((m: { result?: unknown }) => m.result)).toBe(true);
  });

  it('answers tool arguments of the wrong type with -32602 naming the argument, in both eras', async () => {
    const legacy = await rpc(call(7, ['robust']), { 'mcp-protocol-version': '2025-11-25' });
    expect(legacy.json).toEqual({
      jsonrpc: '2.0',
      id: 7,
      error: { code: -32602, message: expect.stringMatching(/^Invalid params: params\.arguments must be an object .* not an array\.$/) },
    });
    const current = await modern('tools/call', { name: 'list_materials', arguments: 'robust' });
    expect(current.json.error).toMatchObject({ code: -32602, message: expect.stringContaining('params.arguments must be an object') });
    expect(current.json.error.message).toContain('not a string');
  });
});

describe('HTTP rules of the endpoint', () => {
  it('answers GET and DELETE with 405 and a JSON-RPC error, on /mcp and /mcp/', async () => {
    for (const [method, path] of [
      ['GET', '/mcp'],
      ['GET', '/mcp/'],
      ['DELETE', '/mcp/'],
      ['DELETE', '/mcp'],
    ]) {
      const res = await hit(path, { method, headers: { accept: 'text/event-stream' } });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
      const body = (await res.json()) as any;
      expect(body.jsonrpc).toBe('2.0');
      expect(body.error.message).toContain(method);
    }
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, {}, '/mcp')).status).toBe(200);
  });

  it('refuses a browser Origin that is not allowed with 403, before doing anything', async () => {
    const before = await target.handoffCount();
    const res = await rpc(
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'create_idempotent_project_handoff', arguments: { idempotency_key: key(), next_step: 'wallcheck' } },
      },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    expect(res.json.error.message).toContain('https://evil.example');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(await target.handoffCount()).toBe(before);
    const preflight = await hit('/mcp/', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await hit('/mcp/', { headers: { origin: 'null' } })).status).toBe(403);
  });

  it('accepts the configured origins and the site itself, and names them in CORS headers', async () => {
    for (const origin of [PARTNER, base]) {
      const res = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { origin });
      expect(res.status, origin).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('vary')).toMatch(/Origin/);
      const preflight = await hit('/mcp/', {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-method' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
      expect(preflight.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Method/);
    }
    const noOrigin = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(noOrigin.status).toBe(200);
    expect(noOrigin.headers.get('access-control-allow-origin')).toBeNull();
  });

  // The SDK's answer is relayed through Fastify (tools/routes.ts relay): the headers the hooks set and
  // the length must be those of any other answer, also when the result is cached.
  it('sends a cached tool result with the headers and length of any other answer, in both eras', async () => {
    const list = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { origin: PARTNER, 'mcp-protocol-version': '2025-06-18' });
    const id = 'über-7';
    const calls = {
      '2025-06-18': () =>
        rpc(
          { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'list_materials', arguments: {} } },
          { origin: PARTNER, 'mcp-protocol-version': '2025-06-18' },
        ),
      [MODERN]: () => modern('tools/call', { name: 'list_materials', arguments: {} }, { origin: PARTNER }, id),
    };
    for (const [era, call] of Object.entries(calls)) {
      // The second call answers from the cached result.
      for (const res of [await call(), await call()]) {
        expect(res.status, era).toBe(200);
        expect(res.json, era).toMatchObject({ jsonrpc: '2.0', id, result: { structuredContent: { materials: expect.any(Array) } } });
        expect(res.headers.get('content-type'), era).toBe('application/json; charset=utf-8');
        expect(res.headers.get('cache-control'), era).toBe('no-store');
        expect(res.headers.get('access-control-allow-origin'), era).toBe(PARTNER);
        expect(res.headers.get('vary'), era).toMatch(/Origin/);
        expect(res.headers.get('ratelimit-limit'), era).toBe(list.headers.get('ratelimit-limit'));
        const length = res.headers.get('content-length');
        if (length !== null) expect(Number(length), era).toBe(Buffer.byteLength(res.text));
      }
    }
    expect(list.headers.get('ratelimit-limit')).not.toBeNull();
  });

  // Standalone only: it sends the bridge's secret itself (WordPress keeps it to itself and names its own site).
  it.runIf(!isWordPress())('accepts the public site origin the WordPress bridge names', async () => {
    const site = 'https://www.wandwerk.example';
    const viaBridge = { 'x-manufacturer-agent-bridge-token': 'bridge-secret', 'x-manufacturer-agent-public-base': site, origin: site };
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, viaBridge)).status).toBe(200);
    expect((await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, { origin: site })).status).toBe(403);
  });

  it('answers malformed JSON, an empty body and a too large body in JSON-RPC, not problem+json', async () => {
    const malformed = await rpc('{"jsonrpc": "2.0", "id": 1,');
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(malformed.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700 } });
    const empty = await hit('/mcp/', { method: 'POST', headers: { accept: 'application/json, text/event-stream' } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as any).error.code).toBe(-32700);
    const huge = await rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(target.bodyLimitBytes) } });
    expect(huge.status).toBe(413);
    expect(huge.headers.get('content-type')).toMatch(/^application\/json/);
    expect(huge.json.jsonrpc).toBe('2.0');
    expect(huge.json.error.code).toBe(-32000);
  });

  it('answers a message nested deeper than 64 levels with a parse error, and one nested 64 levels as usual', async () => {
    // The message, its params and _meta are three levels; the arrays inside add the rest.
    const nested = (levels: number) => `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"deep":${'['.repeat(levels)}${']'.repeat(levels)}}}}`;
    for (const levels of [61, 62, 5000]) {
      const res = await rpc(nested(levels));
      if (levels === 61) {
        expect(res.status, `${levels}`).toBe(200);
        expect(res.json.result.tools.length).toBeGreaterThan(0);
      } else {
        expect(res.status, `${levels}`).toBe(400);
        expect(res.json).toMatchObject({ jsonrpc: '2.0', error: { code: -32700, message: expect.stringContaining('deeper than 64 levels') } });
      }
    }
  });
});

// Standalone only: a sidecar with limits of 4 and 1 a minute (the stack's limits are high for the whole run).
describe.runIf(!isWordPress())('rate limits on the tool endpoint', () => {
  let limited: RunningService;
  beforeAll(async () => {
    limited = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '4', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '1' });
  });
  afterAll(() => limited.stop());

  const post = (body: unknown) =>
    fetch(`${limited.baseUrl}/mcp/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify(body),
    });
  const createCall = () => ({
    jsonrpc: '2.0',
    id: 1,
    method: 'tools/call',
    params: { name: 'create_idempotent_project_handoff', arguments: { idempotency_key: key(), next_step: 'wallcheck' } },
  });

  it('limits handoffs through the tool like POST /handoffs, then every request, with 429, Retry-After: 60 and a JSON-RPC body', async () => {
    expect((await post(createCall())).status).toBe(200);
    // The store refuses the creation over the handoff limit; the tool says so in its result, as for every refused request.
    const second = await post(createCall());
    expect(second.status).toBe(200);
    const refusal = ((await second.json()) as any).result;
    expect(refusal.isError).toBe(true);
    expect(refusal.content[0].text).toMatch(/^rate_limited: .*60 seconds/);
    expect((await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' })).status).toBe(200);
    expect((await post({ jsonrpc: '2.0', id: 3, method: 'tools/list' })).status).toBe(200);
    const over = await post({ jsonrpc: '2.0', id: 4, method: 'tools/list' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('60');
    expect(over.headers.get('content-type')).toMatch(/^application\/json/);
    expect(((await over.json()) as any).jsonrpc).toBe('2.0');
  });

  it('counts every tools/call of a batch: a full batch of handoff calls creates the handoff limit, the rest are refused with its error', async () => {
    const batched = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '10', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '5' });
    try {
      const calls = Array.from({ length: MAX_BATCH_MESSAGES }, (_v, i) => ({ ...createCall(), id: i + 1 }));
      const res = await fetch(`${batched.baseUrl}/mcp/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
        body: JSON.stringify(calls),
      });
      expect(res.status).toBe(200);
      const answers = (await res.json()) as {
        id: number;
        result?: { structuredContent: { replayed: boolean; handoff: { id: string } } };
        error?: { code: number; message: string };
      }[];
      expect(answers.map((a) => a.id).sort((a, b) => a - b)).toEqual(calls.map((c) => c.id));
      const created = answers.filter((a) => a.result && !(a.result as any).isError && !a.result.structuredContent.replayed);
      expect(new Set(created.map((a) => a.result!.structuredContent.handoff.id)).size).toBe(5);
      // 10 calls pass the general limit (10 a minute): the store creates 5 and refuses 5 with the limit's
      // error as tool results; the others are refused as JSON-RPC errors before they reach the tool.
      const refusedByStore = answers.filter((a) => (a.result as any)?.isError);
      expect(refusedByStore).toHaveLength(5);
      for (const a of refusedByStore) expect((a.result as any).content[0].text).toMatch(/^rate_limited: .*60 seconds/);
      const refused = answers.filter((a) => a.error);
      expect(refused).toHaveLength(MAX_BATCH_MESSAGES - 10);
      for (const a of refused) expect(a.error).toMatchObject({ code: -32000, message: expect.stringContaining('60 seconds') });
      // The general limit (10 a minute) was used up by the batch: the next request is refused as a whole.
      const next = await fetch(`${batched.baseUrl}/mcp/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(next.status).toBe(429);
    } finally {
      await batched.stop();
    }
  });
});

describe('mcp.json and the server card', () => {
  it('describes the endpoint in /.well-known/mcp.json from the same tool definitions', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const res = await hit('/.well-known/mcp.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const doc = (await res.json()) as any;
    expect(doc.serverInfo).toEqual(client.getServerVersion());
    expect(doc.transport).toMatchObject({ type: 'streamable-http', url: `${base}/mcp/` });
    expect(doc.protocolVersions).toEqual([MODERN, '2025-11-25', '2025-06-18', '2025-03-26']);
    expect(doc.capabilities).toEqual(CAPABILITIES);
    expect(doc.authentication.required).toBe(false);
    expect(doc.tools).toEqual(tools);
    expect(doc.links.server_card).toBe(`${base}/mcp/server-card`);
    expect(doc.summary).toEqual(site.discovery.summary);
  });

  it('serves the server card at /mcp/server-card in the current draft shape, and with its tools at the earlier well-known path', async () => {
    const client = await connect();
    const { tools } = await client.listTools();
    const [a, b] = await Promise.all([hit('/mcp/server-card'), hit('/.well-known/mcp/server-card.json')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(a.headers.get('content-type')).toBe('application/mcp-server-card+json');
    expect(b.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const card = (await a.json()) as any;
    expect(Object.keys(card).sort()).toEqual(['$schema', 'description', 'name', 'remotes', 'title', 'version', 'websiteUrl']);
    expect(card.$schema).toBe('https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json');
    expect(card.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(card.name).toBe(client.getServerVersion()!.name);
    expect(card.version).toBe('1.1.4');
    expect(card.title).toBe(site.company.name);
    expect(card.description.length).toBeLessThanOrEqual(100);
    expect(site.discovery.summary.en.startsWith(card.description)).toBe(true);
    const versions = [MODERN, '2025-11-25', '2025-06-18', '2025-03-26'];
    expect(card.remotes).toEqual([{ type: 'streamable-http', url: `${base}/mcp/`, supportedProtocolVersions: versions }]);
    const earlier = (await b.json()) as any;
    expect(earlier).toEqual({
      ...card,
      remotes: [{ ...card.remotes[0], authentication: { required: false, schemes: [] } }],
      capabilities: CAPABILITIES,
      tools,
    });
  });

  it('points /.well-known/ai-catalog.json at the server card', async () => {
    const res = await hit('/.well-known/ai-catalog.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/ai-catalog+json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const catalog = (await res.json()) as any;
    expect(catalog.specVersion).toBe('1.0');
    expect(catalog.host.displayName).toBe(site.company.name);
    expect(catalog.entries).toHaveLength(1);
    const [entry] = catalog.entries;
    expect(entry).toMatchObject({
      mediaType: 'application/mcp-server-card+json',
      url: `${base}/mcp/server-card`,
      version: '1.1.4',
      displayName: site.company.name,
    });
    const card = (await (await hit(new URL(entry.url).pathname)).json()) as any;
    const [namespace, name] = card.name.split('/');
    expect(entry.identifier).toBe(`urn:air:${namespace.split('.').reverse().join('.')}:${name}`);
    expect(entry.description).toBe(card.description);
  });

  it('sends ETag and Cache-Control, answers If-None-Match with 304 and follows the configuration', async () => {
    for (const path of ['/.well-known/mcp.json', '/.well-known/mcp/server-card.json', '/mcp/server-card', '/.well-known/ai-catalog.json']) {
      const preflight = await hit(path, { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } });
      expect(preflight.headers.get('access-control-allow-origin'), path).toBe('*');
      const first = await hit(path);
      const etag = first.headers.get('etag')!;
      expect(etag, path).toMatch(/^"[^"]+"$/);
      expect(first.headers.get('cache-control')).toMatch(/^public/);
      const again = await hit(path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      const changed = defaultConfig();
      changed.company.name = 'Tapetenwerk Neu GmbH';
      await target.setConfig(changed);
      try {
        const after = await hit(path, { headers: { 'if-none-match': etag } });
        expect(after.status, path).toBe(200);
        expect(await after.text()).toContain('Tapetenwerk Neu GmbH');
        expect(after.headers.get('access-control-allow-origin'), path).toBe('*');
      } finally {
        await target.setConfig(defaultConfig());
      }
    }
  });

  // Standalone only: it plays the bridge with the sidecar's secret; through WordPress every link is on the WordPress URL (the tests above).
  it.runIf(!isWordPress())('renders absolute URLs for the public site the bridge names, separately per site', async () => {
    const site = 'https://www.wandwerk.example';
    const viaBridge = { 'x-manufacturer-agent-bridge-token': 'bridge-secret', 'x-manufacturer-agent-public-base': site };
    const card = (await (await hit('/.well-known/mcp/server-card.json', { headers: viaBridge })).json()) as any;
    expect(card.remotes[0].url).toBe(`${site}/mcp/`);
    expect(card.name).toBe('example.wandwerk.www/manufacturer-agent');
    expect(card.websiteUrl).toBe(`${site}/`);
    const direct = (await (await hit('/.well-known/mcp/server-card.json')).json()) as any;
    expect(direct.remotes[0].url).toBe(`${base}/mcp/`);
    const description = (await (await hit('/.well-known/mcp.json', { headers: viaBridge })).json()) as any;
    expect(description.transport.url).toBe(`${site}/mcp/`);
  });
});

describe('openapi operations of the tool endpoint (ready for openapi.json)', () => {
  it('form a valid OpenAPI document together with the others, and the real answers conform to them', async () => {
    const { validate, compileErrors } = await import('@readme/openapi-parser');
    const { buildOpenApi } = await import('../../plugin/sidecar/discovery/openapi.js');
    const { documentedPaths } = await import('../../plugin/sidecar/discovery/routes.js');
    const { toolOperations } = await import('../../plugin/sidecar/tools/openapi.js');
    const { OpenApiChecker } = await import('../support/openapi-check.js');
    const doc = buildOpenApi(site, base, { ...documentedPaths({ idempotencyRetentionDays: 30, handoffRetentionDays: 30 }), ...toolOperations });
    const result = await validate(structuredClone(doc) as any);
    if (!result.valid) throw new Error(compileErrors(result));
    const checker = new OpenApiChecker(doc);
    const answers: [string, string, Response][] = [
      [
        'POST',
        '/mcp',
        await hit('/mcp/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        }),
      ],
      ['POST', '/mcp', await hit('/mcp/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })],
      ['POST', '/mcp', await hit('/mcp/', { method: 'POST', headers: { 'content-type': 'application/json', origin: 'https://evil.example' }, body: '{}' })],
      ['GET', '/mcp', await hit('/mcp/')],
      ['DELETE', '/mcp', await hit('/mcp', { method: 'DELETE' })],
      ['GET', '/.well-known/mcp.json', await hit('/.well-known/mcp.json')],
      ['GET', '/.well-known/mcp/server-card.json', await hit('/.well-known/mcp/server-card.json')],
      ['GET', '/mcp/server-card', await hit('/mcp/server-card')],
    ];
    for (const [method, path, response] of answers) {
      const problems = checker.check(method, path, response.status, response.headers.get('content-type'), await response.text());
      expect(problems, `${method} ${path} ${response.status}`).toEqual([]);
    }
  });
});
