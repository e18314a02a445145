import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifySchema } from 'fastify';
import { CAPABILITIES } from '../../plugin/sidecar/service.js';
import type { ServiceRoutes } from '../../plugin/sidecar/deps.js';
import { componentRef } from '../../plugin/sidecar/core/schema-refs.js';
import { ASK_PATH } from '../../plugin/sidecar/core/paths.js';
import { PRIORITIES, commonDefRef, schemaIdRef } from '../../plugin/sidecar/core/schemas.js';
import { PREFIX, startService, type RunningService } from '../support/service.js';

type Declared = { $ref?: string; [key: string]: unknown };
type ObjectSchema = { properties: Record<string, Declared>; required?: string[] };

/** Every route's declared schema, as the real service registers it. */
const declared = new Map<string, FastifySchema>();
const capture: ServiceRoutes = (app) => {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (route.schema && method !== 'HEAD') declared.set(`${method.toLowerCase()} ${route.url}`, route.schema);
  });
  // A route that declares schemas of schemas/ and no answer of its own to a refusal.
  app.post(
    TEST_PATH,
    { schema: { querystring: { type: 'object', properties: { priority: commonDefRef('Priority') } }, body: schemaIdRef('HandoffRequest') } },
    () => ({
      accepted: true,
    }),
  );
};
const TEST_PATH = '/test/declared';

let running: RunningService;
let doc: any;

beforeAll(async () => {
  CAPABILITIES.unshift(capture);
  try {
    running = await startService();
  } finally {
    CAPABILITIES.splice(CAPABILITIES.indexOf(capture), 1);
  }
  doc = await (await fetch(`${running.baseUrl}/openapi.json`)).json();
});
afterAll(() => running.stop());

/** As openapi.json writes a declared schema: a reference to a file of schemas/ names its component. */
const asDocumented = (schema: Declared) => (schema.$ref ? { ...schema, $ref: componentRef(schema.$ref) } : schema);

describe('declared route schemas', () => {
  it('are declared on the routes with a querystring or a body', () => {
    expect(declared.get(`get ${PREFIX}/materials/recommendation`)?.querystring).toBeDefined();
    expect(declared.get(`post ${PREFIX}/handoffs`)?.body).toBeDefined();
    expect(declared.get(`get ${ASK_PATH}`)?.querystring).toBeDefined();
    expect(declared.get(`post ${ASK_PATH}`)?.body).toBeDefined();
  });

  it('are what openapi.json describes for the same operation, parameter for parameter', () => {
    const documented = [...declared].filter(([key]) => doc.paths[key.split(' ')[1]]);
    expect(documented.length).toBeGreaterThanOrEqual(4);
    for (const [key, schema] of documented) {
      const [method, path] = key.split(' ');
      const op = doc.paths[path][method];
      expect(op, key).toBeDefined();
      const query = schema.querystring as ObjectSchema | undefined;
      // What the schema says of each parameter; a description or an example may come besides.
      const queryParameters = (op.parameters ?? [])
        .filter((p: { in?: string }) => p.in === 'query')
        .map(({ name, in: where, required, schema }: Record<string, unknown>) => ({ name, in: where, required, schema }));
      expect(queryParameters, key).toEqual(
        Object.entries(query?.properties ?? {}).map(([name, property]) => ({
          name,
          in: 'query',
          required: query?.required?.includes(name) ?? false,
          schema: asDocumented(property),
        })),
      );
      const body = schema.body as Declared | undefined;
      expect(op.requestBody?.required, key).toBe(body ? true : undefined);
      expect(op.requestBody?.content['application/json'].schema, key).toEqual(body ? asDocumented(body) : undefined);
    }
  });

  it('name components that openapi.json defines', () => {
    const refs: string[] = [];
    const collect = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const { $ref } = node as Declared;
      if (typeof $ref === 'string') refs.push($ref);
      for (const value of Object.values(node)) collect(value);
    };
    for (const schema of declared.values()) collect(schema);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) expect(doc.components.schemas[componentRef(ref).split('/').pop()!], ref).toBeDefined();
  });

  it("are checked by the project's 2020-12 validator; without the route's own answer, a refusal lists the fields in the problem shape", async () => {
    const post = (query: string, body: unknown) =>
      fetch(`${running.baseUrl}${TEST_PATH}${query}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const accepted = await post(`?priority=${PRIORITIES[0]}`, { next_step: 'sample_request' });
    expect(accepted.status).toBe(200);
    expect(await accepted.json()).toEqual({ accepted: true });

    const badBody = await post('', { next_step: 'order_now', email: 'x' });
    expect(badBody.status).toBe(400);
    expect(badBody.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const bodyProblem = await badBody.json();
    expect(bodyProblem.code).toBe('rest_invalid_param');
    expect(bodyProblem.errors).toEqual(
      expect.arrayContaining([
        { field: '/next_step', message: expect.stringContaining('must be one of') },
        { field: '/email', message: 'is not an accepted field' },
      ]),
    );

    const badQuery = await post('?priority=cheapest', { next_step: 'sample_request' });
    expect(badQuery.status).toBe(400);
    const queryProblem = await badQuery.json();
    expect(queryProblem.code).toBe('rest_invalid_param');
    expect(queryProblem.errors).toEqual([{ field: 'query:priority', message: `must be one of: ${PRIORITIES.join(', ')}` }]);
    expect(queryProblem.detail).toContain('query:priority');
  });
});
