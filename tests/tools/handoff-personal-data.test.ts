import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startService, type RunningService } from '../support/service.js';
import { CONTACT_DATA, WALL_DESCRIPTIONS } from '../support/personal-data-samples.js';

// The handoff tool parses its arguments with the REST door's checks (checkHandoffRequest): contact data is
// refused there too, as an isError result naming the argument, and nothing is created.
let s: RunningService;
beforeAll(async () => {
  s = await startService({ MANUFACTURER_AGENT_RATE_LIMIT: '0', MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0' });
});
afterAll(() => s.stop());

async function callHandoffTool(motif: string): Promise<{ isError?: boolean; text: string }> {
  const res = await fetch(`${s.baseUrl}/mcp/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: {
        name: 'create_idempotent_project_handoff',
        arguments: { idempotency_key: randomUUID(), next_step: 'wallcheck', requirements: { motif_description: motif } },
      },
    }),
  });
  expect(res.status).toBe(200);
  const raw = await res.text();
  // JSON, or one server-sent event carrying it.
  const json = JSON.parse(
    raw.startsWith('{')
      ? raw
      : raw
          .split('\n')
          .find((l) => l.startsWith('data: '))!
          .slice(6),
  );
  return { isError: json.result.isError, text: json.result.content[0].text };
}

describe('the handoff tool and personal data', () => {
  it('refuses contact data in every form with an error result naming the argument, and creates nothing', async () => {
    const before = (await s.service.handoffs.list({ limit: 1, offset: 0 })).total;
    for (const [kind, text] of CONTACT_DATA) {
      const result = await callHandoffTool(text);
      expect(result.isError, text).toBe(true);
      expect(result.text).toContain('requirements/motif_description');
      expect(result.text).toContain(kind);
    }
    expect((await s.service.handoffs.list({ limit: 1, offset: 0 })).total).toBe(before);
  });

  it('accepts wall descriptions', async () => {
    for (const text of WALL_DESCRIPTIONS) expect((await callHandoffTool(text)).isError, text).toBeFalsy();
  });
});
