// The admin API's handoff list on the real stack: each HandoffRecord of the sidecar with its state,
// filtered by state, and with the enquiry WordPress keeps for it (or null).
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAYGROUND_COOKIE, adminRequest, runWordPressPhp, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';

let stack: WordPressStack;
let sent: string;
let untouched: string;

async function createHandoff(): Promise<string> {
  const res = await fetch(`${stack.url}${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `enquiries-${randomUUID()}` },
    body: JSON.stringify({ next_step: 'project_enquiry', requirements: { locale: 'de', priority: 'robust' } }),
  });
  expect(res.status).toBe(201);
  return (await res.json()).id;
}

beforeAll(async () => {
  stack = wordpressStack()!;
  sent = await createHandoff();
  untouched = await createHandoff();
  // What the form does on sending: the enquiry in WordPress, the sidecar told only that it was submitted.
  const out = runWordPressPhp(
    stack,
    `$id = ( new ManufacturerAgent\\Enquiries\\Enquiries() )->save( array( 'handoff_id' => '${sent}', 'name' => 'Erika Muster', 'company' => '', 'email' => 'erika@example.com', 'phone' => '', 'message' => 'Rückruf bitte', 'mail_sent' => '1' ) );
    $answer = ManufacturerAgent\\Bridge\\Sidecar_Client::from_environment()->json( 'POST', '/_bridge/handoffs/${sent}/submitted' );
    echo wp_json_encode( array( 'id' => $id, 'status' => $answer->status ) );`,
  );
  expect(JSON.parse(out.trim().split('\n').pop()!)).toMatchObject({ status: 200 });
});

describe('GET /handoffs of the admin API', () => {
  it('gives each handoff its state and its enquiry, or null', async () => {
    const res = await adminRequest(stack, 'GET', '/handoffs?per_page=100');
    expect(res.status).toBe(200);
    const byId = new Map<string, any>(res.json.items.map((item: any) => [item.id, item]));
    const mine = byId.get(sent);
    expect(mine.state).toBe('submitted');
    expect(mine.submitted_at).toMatch(/^\d{4}-/);
    expect(mine.enquiry).toMatchObject({ handoff_id: sent, name: 'Erika Muster', email: 'erika@example.com', message: 'Rückruf bitte', mail_sent: '1' });
    expect(mine.enquiry.sent_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    const other = byId.get(untouched);
    expect(other.state).toBe('created');
    expect(other.enquiry).toBeNull();
  });

  it('filters by state', async () => {
    const submitted = await adminRequest(stack, 'GET', '/handoffs?per_page=100&state=submitted');
    expect(submitted.status).toBe(200);
    const ids = submitted.json.items.map((item: any) => item.id);
    expect(ids).toContain(sent);
    expect(ids).not.toContain(untouched);
    expect(submitted.json.items.every((item: any) => item.state === 'submitted')).toBe(true);
    expect(submitted.json.total).toBe(ids.length);

    const created = await adminRequest(stack, 'GET', '/handoffs?per_page=100&state=created');
    expect(created.json.items.map((item: any) => item.id)).toContain(untouched);
    expect(created.json.items.map((item: any) => item.id)).not.toContain(sent);
  });

  it('refuses an unknown state with 400, naming the parameter', async () => {
    const res = await adminRequest(stack, 'GET', '/handoffs?state=lost');
    expect(res.status).toBe(400);
    expect(res.json.code).toBe('rest_invalid_param');
    expect(Object.keys(res.json.data.params)).toEqual(['state']);
  });
});
