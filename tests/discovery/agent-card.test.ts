import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { ClientFactory, ClientFactoryOptions, DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import type { AgentCard } from '@a2a-js/sdk';
import { api } from '../support/http.js';
import { openTarget, type Target } from '../support/target.js';
import type { SiteConfig } from '../../plugin/sidecar/core/site-config.js';
import { ASK_PATH, DOCUMENT_PATHS, INTERFACE_VERSION, MCP_PATH, AGENT_PREFIX } from '../../plugin/sidecar/core/paths.js';
import { NEXT_STEPS, PRIORITIES } from '../../plugin/sidecar/core/schemas.js';

/*
 * No JSON Schema of the AgentCard ships in an npm package (@a2a-js/sdk has TypeScript types and a card
 * resolver, no schema), so the required fields are written here from the specification:
 * A2A 1.0, specification/a2a.proto, fields marked (google.api.field_behavior) = REQUIRED:
 *   AgentCard: name, description, supported_interfaces, version, capabilities, default_input_modes,
 *   default_output_modes, skills; AgentInterface: url, protocol_binding, protocol_version;
 *   AgentSkill: id, name, description, tags.
 * A2A 0.3, specification/json/a2a.json "AgentCard".required: capabilities, defaultInputModes,
 *   defaultOutputModes, description, name, protocolVersion, skills, url, version;
 *   AgentInterface: transport, url.
 * JSON names are the proto names in camelCase.
 */
const stringList = { type: 'array', items: { type: 'string', minLength: 1 } };
const skill = {
  type: 'object',
  required: ['id', 'name', 'description', 'tags'],
  properties: {
    id: { type: 'string', minLength: 1 },
    name: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    tags: stringList,
    examples: stringList,
  },
};
const A2A_1_0 = {
  type: 'object',
  required: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
  properties: {
    name: { type: 'string', minLength: 1 },
    description: { type: 'string', minLength: 1 },
    version: { type: 'string', minLength: 1 },
    supportedInterfaces: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['url', 'protocolBinding', 'protocolVersion'],
        properties: {
          url: { type: 'string', format: 'uri' },
          protocolBinding: { type: 'string', minLength: 1 },
          protocolVersion: { type: 'string', minLength: 1 },
        },
      },
    },
    provider: { type: 'object', required: ['organization', 'url'] },
    capabilities: {
      type: 'object',
      properties: { streaming: { type: 'boolean' }, pushNotifications: { type: 'boolean' }, extendedAgentCard: { type: 'boolean' } },
    },
    securitySchemes: { type: 'object' },
    securityRequirements: { type: 'array' },
    defaultInputModes: stringList,
    defaultOutputModes: stringList,
    skills: { type: 'array', minItems: 1, items: skill },
    documentationUrl: { type: 'string', format: 'uri' },
  },
};
const A2A_0_3 = {
  type: 'object',
  required: ['capabilities', 'defaultInputModes', 'defaultOutputModes', 'description', 'name', 'protocolVersion', 'skills', 'url', 'version'],
  properties: {
    url: { type: 'string', format: 'uri' },
    protocolVersion: { type: 'string', pattern: '^0\\.3' },
    preferredTransport: { type: 'string' },
    additionalInterfaces: { type: 'array', items: { type: 'object', required: ['transport', 'url'] } },
    skills: { type: 'array', items: skill },
  },
};

const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
const check = (schema: object, card: unknown) => {
  const validate = ajv.compile(schema);
  return validate(card) ? [] : validate.errors;
};

// One suite, two targets: the sidecar alone (standalone project) or every request through WordPress
// (wordpress project); see tests/support/target.ts.
let target: Target;
let site: SiteConfig;
let card: any;
/** fetch for the A2A SDK, with the headers every request to the target carries. */
const targetFetch: typeof fetch = (input, init = {}) =>
  fetch(input, { ...init, headers: { ...target.headers, ...(init.headers as Record<string, string> | undefined) } });

beforeAll(async () => {
  target = await openTarget();
  site = await target.siteConfig();
  card = (await api(target, DOCUMENT_PATHS.agentCardAlias)).json;
});
afterAll(() => target.close());

describe('A2A agent card', () => {
  it('serves the same body, ETag and JSON type at /.well-known/agent.json and /.well-known/agent-card.json', async () => {
    const [a, b] = await Promise.all([api(target, DOCUMENT_PATHS.agentCard), api(target, DOCUMENT_PATHS.agentCardAlias)]);
    expect(a.status).toBe(200);
    expect(a.text).toBe(b.text);
    expect(a.headers.get('etag')).toBe(b.headers.get('etag'));
    expect(a.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(b.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('has every field A2A 1.0 requires and every field A2A 0.3 requires', () => {
    expect(check(A2A_1_0, card)).toEqual([]);
    expect(check(A2A_0_3, card)).toEqual([]);
  });

  it('is read by the A2A SDK as a 1.0 card; its 0.3 fields translate to the same interfaces', async () => {
    const resolver = new DefaultAgentCardResolver({ legacyCompat: { enabled: true }, fetchImpl: targetFetch });
    const v1: AgentCard = await resolver.resolve(target.baseUrl, DOCUMENT_PATHS.agentCard);
    expect(v1.supportedInterfaces).toEqual(card.supportedInterfaces);
    expect(v1.skills.map((s) => s.id)).toEqual(card.skills.map((s: { id: string }) => s.id));
    // What a 0.3 client reads: url + preferredTransport + additionalInterfaces, without supportedInterfaces.
    const { supportedInterfaces, ...legacyOnly } = card;
    const fromLegacy = resolver.normalizeAgentCard(legacyOnly);
    const pairs = (list: { url: string; protocolBinding: string }[]) => list.map((i) => `${i.protocolBinding} ${i.url}`);
    expect(new Set(pairs(fromLegacy.supportedInterfaces))).toEqual(new Set(pairs(supportedInterfaces)));
    expect(fromLegacy.supportedInterfaces[0].url).toBe(supportedInterfaces[0].url);
  });

  it('tells the truth: no A2A task endpoint, so an A2A client finds no transport to send tasks to', async () => {
    const bindings = card.supportedInterfaces.map((i: { protocolBinding: string }) => i.protocolBinding);
    for (const standard of ['JSONRPC', 'GRPC', 'HTTP+JSON']) expect(bindings).not.toContain(standard);
    await expect(
      new ClientFactory(
        ClientFactoryOptions.createFrom(ClientFactoryOptions.default, { cardResolver: new DefaultAgentCardResolver({ fetchImpl: targetFetch }) }),
      ).createFromUrl(target.baseUrl),
    ).rejects.toThrow(/No compatible transport/);
    expect(card.description).toContain('no A2A task endpoint');
    expect(card.capabilities).toMatchObject({ streaming: false, pushNotifications: false });
  });

  it('lists the real interfaces on the public base: MCP, REST, question answering', () => {
    const base = target.publicUrl;
    expect(card.supportedInterfaces.map((i: { url: string }) => i.url)).toEqual([`${base}${MCP_PATH}/`, `${base}${AGENT_PREFIX}`, `${base}${ASK_PATH}`]);
    expect(card.url).toBe(`${base}${MCP_PATH}/`);
    expect(card.preferredTransport).toBe(card.supportedInterfaces[0].protocolBinding);
    expect(card.provider).toEqual({ organization: site.company.name, url: `${base}/` });
    expect(card.documentationUrl).toBe(`${base}${DOCUMENT_PATHS.llmsFull}`);
    expect(card.version).toBe(INTERFACE_VERSION);
  });

  it('needs no authentication and says ordering is human-mediated', () => {
    expect(card.securitySchemes).toEqual({});
    expect(card.securityRequirements).toEqual([]);
    expect(card.security).toEqual([]);
    expect(card.description).toContain('Ordering: human-mediated; agent authentication: not_supported');
    const handoff = card.skills.find((s: { id: string }) => s.id === 'project-handoff');
    expect(handoff.description).toContain('Nothing is ordered');
    expect(handoff.tags).toEqual(expect.arrayContaining([...NEXT_STEPS]));
  });

  it('maps its skills to what the service offers, rendered from the configuration', async () => {
    expect(card.skills.map((s: { id: string }) => s.id)).toEqual([
      'material-catalog',
      'material-recommendation',
      'company-information',
      'question-answering',
      'project-handoff',
    ]);
    const config = site;
    const catalog = card.skills[0];
    for (const m of config.materials) expect(catalog.description).toContain(m.name.en);
    const recommendation = card.skills[1];
    expect(recommendation.tags).toEqual(expect.arrayContaining([...PRIORITIES]));
    expect(recommendation.description).toContain('brandschutz: Glass fibre fabric A2');
    expect(card.skills[3].examples).toEqual(config.discovery.faq.map((f) => f.question.en));
  });
});
