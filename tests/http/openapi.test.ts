import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileErrors, validate } from '@readme/openapi-parser';
import { PREFIX, startService, type RunningService } from '../support/service.js';
import { api } from '../support/http.js';

let running: RunningService;
let doc: any;

beforeAll(async () => {
  running = await startService({ MANUFACTURER_AGENT_IDEMPOTENCY_RETENTION_DAYS: '14', MANUFACTURER_AGENT_HANDOFF_RETENTION_DAYS: '21' });
  doc = await (await fetch(`${running.baseUrl}/openapi.json`)).json();
});
afterAll(() => running.stop());

describe('openapi.json', () => {
  it('is accepted by a third-party OpenAPI validator', async () => {
    const result = await validate(structuredClone(doc));
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect(result.specification).toBe('OpenAPI');
  });

  it('is OpenAPI 3.1.0 of interface version 1.1.4, served on the site URL', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.4');
    expect(doc.servers).toEqual([{ url: running.baseUrl }]);
  });

  it('describes the endpoints of the specification with their operation ids', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { operationId: string }>).map(([method, op]) => `${method.toUpperCase()} ${path} ${op.operationId}`),
    );
    expect(operations).toEqual(
      expect.arrayContaining([
        `GET ${PREFIX}/materials listMaterials`,
        `GET ${PREFIX}/materials/recommendation recommendMaterial`,
        `GET ${PREFIX}/company getCompanyInformation`,
        `POST ${PREFIX}/handoffs createProjectHandoff`,
      ]),
    );
  });

  it('documents the handoff answers and the key rules', () => {
    const op = doc.paths[`${PREFIX}/handoffs`].post;
    expect(Object.keys(op.responses).sort()).toEqual(['200', '201', '400', '413', '422', '429', '500', '503']);
    expect(doc.components.responses.ServiceUnavailable.headers['Retry-After'].schema.enum).toEqual([5, 30]);
    // Keys are per client (issue 27), and said so where clients read the rules.
    expect(op.description).toContain('Keys are scoped to the client that sends them');
    expect(op.description).toContain('random UUID');
    expect(op.parameters[0]).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: true, schema: { $ref: '#/components/schemas/IdempotencyKey' } });
    expect(doc.components.schemas.IdempotencyKey).toMatchObject({ minLength: 8, maxLength: 255 });
    expect(op['x-idempotency-key-retention-days']).toBe(14);
    expect(op.description).toContain('kept for 14 days');
    expect(op['x-handoff-retention-days']).toBe(21);
    expect(op.description).toContain('the link works 21 days, then the handoff expires; its record is deleted 21 days after that');
  });

  it('lists the priorities of the specification as the allowed values', () => {
    expect(doc.components.schemas.Priority.enum).toEqual(['brandschutz', 'robust', 'effekt', 'nachhaltig', 'feuchtraum']);
    expect(doc.components.schemas.NextStep.enum).toEqual(['project_enquiry', 'sample_request', 'wallcheck']);
  });

  it('answers If-None-Match with 304 and follows the site configuration', async () => {
    const first = await fetch(`${running.baseUrl}/openapi.json`);
    const etag = first.headers.get('etag')!;
    expect((await fetch(`${running.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const config = structuredClone(running.service.site.config);
    config.company.name = 'Neuer Name GmbH';
    running.service.site.replace(config);
    const changed = await fetch(`${running.baseUrl}/openapi.json`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(((await changed.json()) as any).info.title).toContain('Neuer Name GmbH');
  });

  it('is what the answer checks of the other suites enforce: a wrong answer is caught', async () => {
    const { OpenApiChecker } = await import('../support/openapi-check.js');
    const checker = new OpenApiChecker(doc);
    const good = await api(running.baseUrl, `${PREFIX}/materials`);
    expect(checker.check('GET', `${PREFIX}/materials`, 200, 'application/json', good.text)).toEqual([]);
    const broken = JSON.parse(good.text);
    broken.materials[0].weight_g_m2 = 'heavy';
    expect(checker.check('GET', `${PREFIX}/materials`, 200, 'application/json', JSON.stringify(broken)).join()).toMatch(/weight_g_m2/);
    expect(checker.check('GET', `${PREFIX}/materials`, 418, 'application/json', '{}').join()).toMatch(/not documented/);
  });
});
