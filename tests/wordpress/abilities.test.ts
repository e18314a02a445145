// Every operation as a WordPress ability (Abilities API, WordPress 6.9 on): listed by
// /wp-json/wp-abilities/v1, run through the sidecar on the path of its public route, with the same
// answers and the same errors as that route, and handoffs shared with POST /handoffs by key.
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAYGROUND_COOKIE, atLeast, basicAuth, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { dereferencedSchema } from '../../plugin/sidecar/core/schema-refs.js';
import type { SchemaName } from '../../plugin/sidecar/core/schemas.js';

const stack: WordPressStack = wordpressStack()!;
const ABILITIES = '/wp-json/wp-abilities/v1/abilities';

/** Ability → its schemas in schemas/ and the annotations that are true of it. */
const EXPECTED: Record<string, { input: SchemaName; output: SchemaName; readonly: boolean; idempotent: boolean }> = {
  'manufacturer-agent/get-company-information': { input: 'ToolNoArguments', output: 'CompanyInformation', readonly: true, idempotent: true },
  'manufacturer-agent/list-materials': { input: 'ToolNoArguments', output: 'MaterialCatalog', readonly: true, idempotent: true },
  'manufacturer-agent/recommend-material': { input: 'RecommendMaterialInput', output: 'Recommendation', readonly: true, idempotent: true },
  'manufacturer-agent/start-project-handoff': { input: 'HandoffGuideInput', output: 'HandoffGuide', readonly: true, idempotent: true },
  'manufacturer-agent/create-project-handoff': { input: 'HandoffToolInput', output: 'HandoffToolResult', readonly: false, idempotent: true },
  'manufacturer-agent/answer-question': { input: 'AskRequest', output: 'AskAnswer', readonly: true, idempotent: true },
};

async function call(
  path: string,
  init: RequestInit = {},
  who: 'subscriber' | 'admin' = 'subscriber',
): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(`${stack.url}${path}`, {
    ...init,
    headers: {
      ...basicAuth(stack[who]),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.headers as Record<string, string> | undefined),
    },
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json, headers: res.headers };
}

/** A public REST request, anonymous, as an agent sends it. */
async function rest(path: string, init: RequestInit = {}): Promise<{ status: number; json: any; headers: Headers }> {
  const res = await fetch(`${stack.url}${path}`, { ...init, headers: { cookie: PLAYGROUND_COOKIE, ...(init.headers as Record<string, string> | undefined) } });
  return { status: res.status, json: await res.json(), headers: res.headers };
}

const run = (name: string, input?: unknown) =>
  EXPECTED[name].readonly
    ? call(
        `${ABILITIES}/${name}/run${input === undefined ? '' : `?${new URLSearchParams(Object.entries(input as Record<string, string>).map(([k, v]) => [`input[${k}]`, v]))}`}`,
      )
    : call(`${ABILITIES}/${name}/run`, { method: 'POST', body: JSON.stringify({ input }) });

/** The schema as WordPress 7.1 publishes it: draft-04 keywords only, so `const` (draft-06) is left out. */
function published(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(published);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([k]) => k !== 'const')
      .map(([k, v]) => [k, published(v)]),
  );
}

/** A WP_Error as the REST API sends it, compared with the route's problem: the same code, message, status and fields. */
function expectSameError(ability: { status: number; json: any }, route: { status: number; json: any }): void {
  expect(route.status).toBeGreaterThanOrEqual(400);
  expect(ability.status).toBe(route.status);
  expect(ability.json.code).toBe(route.json.code);
  expect(ability.json.message).toBe(route.json.detail);
  expect(ability.json.data?.errors).toEqual(route.json.errors);
}

describe.runIf(!atLeast(stack, '6.9'))('without the Abilities API (before WordPress 6.9)', () => {
  it('registers nothing and the public routes answer as before', async () => {
    expect((await call(ABILITIES)).status).toBe(404);
    expect((await rest(`${PREFIX}/materials`)).status).toBe(200);
  });
});

describe.runIf(atLeast(stack, '6.9'))('abilities', () => {
  it('lists one ability per operation in the category, with the schemas of schemas/, true annotations and public exposure', async () => {
    const { status, json } = await call(`${ABILITIES}?category=manufacturer-agent&per_page=100`);
    expect(status, JSON.stringify(json).slice(0, 300)).toBe(200);
    const byName = Object.fromEntries((json as any[]).map((a) => [a.name, a]));
    expect(Object.keys(byName).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [name, want] of Object.entries(EXPECTED)) {
      const ability = byName[name];
      expect(ability.category).toBe('manufacturer-agent');
      expect(ability.label.length, name).toBeGreaterThan(3);
      expect(ability.description.length, name).toBeGreaterThan(20);
      // The only addition: an input whose properties are all optional may be left out (a GET without ?input).
      const { default: omitted, ...input } = ability.input_schema;
      expect(omitted, name).toEqual(dereferencedSchema(want.input).required ? undefined : {});
      expect(input, name).toEqual(published(dereferencedSchema(want.input)));
      expect(ability.output_schema, name).toEqual(published(dereferencedSchema(want.output)));
      expect(ability.meta.annotations, name).toEqual({ readonly: want.readonly, destructive: false, idempotent: want.idempotent });
      expect(ability.meta.show_in_rest, name).toBe(true);
      expect(ability.meta.mcp, name).toEqual({ public: true, type: 'tool' });
    }
    const category = await call('/wp-json/wp-abilities/v1/categories/manufacturer-agent');
    expect(category.status).toBe(200);
  });

  it('runs each reading ability with the answer of its public route', async () => {
    const pairs: [string, Record<string, string> | undefined, string][] = [
      ['manufacturer-agent/get-company-information', undefined, `${PREFIX}/company`],
      ['manufacturer-agent/list-materials', undefined, `${PREFIX}/materials`],
      ['manufacturer-agent/recommend-material', { priority: 'feuchtraum' }, `${PREFIX}/materials/recommendation?priority=feuchtraum`],
    ];
    for (const [name, input, path] of pairs) {
      const [ability, route] = [await run(name, input), await rest(path)];
      expect(ability.status, `${name}: ${JSON.stringify(ability.json).slice(0, 300)}`).toBe(200);
      expect(ability.json).toEqual(route.json);
    }
    const question = await run('manufacturer-agent/answer-question', { query: 'Was ist ein Wallcheck?' });
    expect(question.status, JSON.stringify(question.json).slice(0, 300)).toBe(200);
    const asked = await rest('/wp-json/nlweb/v1/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Was ist ein Wallcheck?' }),
    });
    expect(question.json).toEqual(asked.json);
    expect(question.json._meta.response_type).toBe('answer');
    const guide = await run('manufacturer-agent/start-project-handoff', { next_step: 'wallcheck' });
    expect(guide.status, JSON.stringify(guide.json).slice(0, 300)).toBe(200);
    expect(guide.json.recorded).toBe(false);
    expect(JSON.stringify(guide.json)).toContain(`${stack.url}/wallcheck`);
  });

  it('creates a handoff that POST /handoffs replays with the same key, and replays it itself', async () => {
    const key = `ability-${randomUUID()}`;
    const body = { next_step: 'sample_request', requirements: { priority: 'nachhaltig', motif_description: 'Birkenwald im Nebel' } };
    const created = await run('manufacturer-agent/create-project-handoff', { idempotency_key: key, ...body });
    expect(created.status, JSON.stringify(created.json).slice(0, 300)).toBe(200);
    expect(created.json.replayed).toBe(false);
    expect(created.json.handoff.id).toMatch(/^ho_/);
    expect(created.json.handoff.link).toBe(`${stack.url}/kontakt/?handoff=${created.json.handoff.id}`);

    const replay = await rest(`${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json).toEqual(created.json.handoff);

    const again = await run('manufacturer-agent/create-project-handoff', { idempotency_key: key, ...body });
    expect(again.json).toEqual({ replayed: true, handoff: created.json.handoff });
  });

  it('gives a handoff without requirements its requirements as an object, as the output schema says, created and replayed', async () => {
    const key = `bare-${randomUUID()}`;
    for (const replayed of [false, true]) {
      const res = await call(`${ABILITIES}/manufacturer-agent/create-project-handoff/run`, {
        method: 'POST',
        body: JSON.stringify({ input: { idempotency_key: key, next_step: 'wallcheck' } }),
      });
      expect(res.status, JSON.stringify(res.json).slice(0, 300)).toBe(200);
      expect(res.json.replayed).toBe(replayed);
      // [] and {} both parse; only the object is what HandoffToolResult allows.
      expect(Array.isArray(res.json.handoff.requirements), JSON.stringify(res.json.handoff)).toBe(false);
      expect(res.json.handoff.requirements).toEqual({});
    }
  });

  it('answers bad input with the same error as the public route', async () => {
    const handoff = (key: string, payload: unknown) =>
      rest(`${PREFIX}/handoffs`, { method: 'POST', headers: { 'content-type': 'application/json', 'idempotency-key': key }, body: JSON.stringify(payload) });
    expectSameError(
      await run('manufacturer-agent/recommend-material', { priority: 'billig' }),
      await rest(`${PREFIX}/materials/recommendation?priority=billig`),
    );

    const unknownField = { next_step: 'wallcheck', requirements: { motif_description: 'Dünen' }, budget: 'hoch' };
    expectSameError(
      await run('manufacturer-agent/create-project-handoff', { idempotency_key: `bad-${randomUUID()}`, ...unknownField }),
      await handoff(`bad-${randomUUID()}`, unknownField),
    );

    const badStep = { next_step: 'order_now' };
    expectSameError(
      await run('manufacturer-agent/create-project-handoff', { idempotency_key: `bad-${randomUUID()}`, ...badStep }),
      await handoff(`bad-${randomUUID()}`, badStep),
    );

    const badKey = { next_step: 'wallcheck' };
    expectSameError(await run('manufacturer-agent/create-project-handoff', { idempotency_key: 'not a key', ...badKey }), await handoff('not a key', badKey));

    // A key reused with another body: 422 on both doors, nothing created.
    const key = `reuse-${randomUUID()}`;
    expect((await handoff(key, { next_step: 'wallcheck' })).status).toBe(201);
    const other = { next_step: 'project_enquiry' };
    const [byAbility, byRoute] = [await run('manufacturer-agent/create-project-handoff', { idempotency_key: key, ...other }), await handoff(key, other)];
    expect(byRoute.status).toBe(422);
    expectSameError(byAbility, byRoute);
  });

  it('grants what the public API grants: any logged-in user runs them; readonly ones refuse POST', async () => {
    const asAdmin = await call(`${ABILITIES}/manufacturer-agent/list-materials/run`, {}, 'admin');
    expect(asAdmin.status).toBe(200);
    const post = await call(`${ABILITIES}/manufacturer-agent/list-materials/run`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(405);
  });
});
