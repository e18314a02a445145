// What only the WordPress site does, or does differently from the sidecar alone: robots.txt, the
// human review page of a handoff, server-sent events relayed event by event through PHP, the
// question-answering and REST paths under ?rest_route=, and client-sent forwarding headers that must
// not change the client address the sidecar rate-limits by, nor the links.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAYGROUND_COOKIE, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { readEventStream } from '../answers/sse.js';
import robotsParserModule from 'robots-parser';

// A CommonJS function whose types declare it as the default export: under NodeNext the import is the function itself.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

let stack: WordPressStack;
const anonymous = { cookie: PLAYGROUND_COOKIE };
const hit = (path: string, init: RequestInit = {}) =>
  fetch(`${stack.url}${path}`, { ...init, headers: { ...anonymous, ...(init.headers as Record<string, string> | undefined) } });

beforeAll(() => {
  stack = wordpressStack()!;
});

/** The part of a page the review shortcode rendered (so a failure does not print the whole theme). */
function reviewSection(html: string): string {
  const at = html.indexOf('manufacturer-agent-handoff');
  expect(at, 'the page has no output of the [manufacturer_agent_handoff] shortcode').toBeGreaterThan(0);
  return html.slice(html.lastIndexOf('<', at), html.indexOf('</section>', at) > 0 ? html.indexOf('</section>', at) + 10 : at + 2000);
}

function noPhpMessages(html: string): void {
  expect(/<b>(Warning|Notice|Deprecated|Fatal error)<\/b>/.exec(html)?.[0]).toBeUndefined();
}

describe('robots.txt', () => {
  it("asks every crawler for a delay of 2 seconds inside the User-agent: * group, beside core's rules and sitemap", async () => {
    const res = await hit('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const robots = robotsParser(`${stack.url}/robots.txt`, text);
    expect(robots.getCrawlDelay('ExampleBot/1.0'), text).toBe(2);
    expect(robots.isAllowed(`${stack.url}/kontakt/`, 'ExampleBot/1.0')).toBe(true);
    expect(robots.isDisallowed(`${stack.url}/wp-admin/`, 'ExampleBot/1.0')).toBe(true);
    expect(robots.getSitemaps()).toEqual([`${stack.url}/wp-sitemap.xml`]);
    // A blank line ends a record for strict parsers (robotstxt.org's format): the record that opens
    // with User-agent: * must carry the delay itself, not a line after core's Sitemap and a blank line.
    const record = text.split(/\r?\n[ \t]*\r?\n/).find((r) => /^User-agent:\s*\*\s*$/im.test(r));
    expect(record, text).toBeDefined();
    expect(robotsParser(`${stack.url}/robots.txt`, record!).getCrawlDelay('ExampleBot/1.0'), text).toBe(2);
  });
});

describe('the review page of a handoff', () => {
  it('shows what the agent collected on the page the link names, escaped', async () => {
    const res = await hit(`${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `review-${randomUUID()}` },
      body: JSON.stringify({
        next_step: 'project_enquiry',
        requirements: {
          dimensions: { width_cm: 480, height_cm: 265 },
          material_id: 'vlies-classic',
          priority: 'robust',
          motif_description: 'Waldmotiv <script>alert(1)</script> & Co',
          locale: 'de',
        },
      }),
    });
    expect(res.status).toBe(201);
    const handoff = (await res.json()) as any;
    expect(handoff.link).toBe(`${stack.url}/kontakt/?handoff=${handoff.id}`);
    const page = await fetch(handoff.link, { headers: anonymous });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toMatch(/no-cache|no-store/);
    const html = await page.text();
    noPhpMessages(html);
    expect(html.includes('<script>alert(1)</script>')).toBe(false);
    const section = reviewSection(html);
    expect(section).toContain('Waldmotiv &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
    expect(section).toMatch(/480/);
    expect(section).toMatch(/265/);
    expect(section).toMatch(/Vlies Classic|Non-woven Classic/);
  });

  it('shows the Wallcheck handoff on /wallcheck', async () => {
    const res = await hit(`${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `review-${randomUUID()}` },
      body: JSON.stringify({ next_step: 'wallcheck', requirements: { motif_description: 'Skyline bei Nacht' } }),
    });
    const handoff = (await res.json()) as any;
    expect(handoff.link).toBe(`${stack.url}/wallcheck?handoff=${handoff.id}`);
    const page = await fetch(handoff.link, { headers: anonymous });
    expect(page.status).toBe(200);
    expect(reviewSection(await page.text())).toContain('Skyline bei Nacht');
  });

  it.each([
    ['an unknown id', 'ho_unknownunknownunknown00'],
    ['a malformed id', '"><script>alert(2)</script>'],
  ])('answers %s with a plain note, never an error', async (_, id) => {
    const page = await hit(`/kontakt/?handoff=${encodeURIComponent(id)}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    noPhpMessages(html);
    expect(html.includes('<script>alert(2)</script>')).toBe(false);
    const section = reviewSection(html);
    expect(section).not.toMatch(/<dl>/);
    expect(section).toMatch(/<p>[^<]+<\/p>/);
  });
});

describe('server-sent events through PHP', () => {
  it('reach the client event by event: the first event arrives before the last by a measurable gap', async () => {
    const stream = await readEventStream(
      { baseUrl: stack.url, headers: anonymous },
      `/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Which material for high-traffic corridors?')}`,
    );
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    const names = stream.events.map((e) => e.event);
    expect(names[0]).toBe('start');
    expect(names.at(-1)).toBe('end');
    const [start, end] = [stream.events[0], stream.events.at(-1)!];
    // Buffered whole by PHP, every event would arrive in one read at one moment.
    expect(new Set(stream.events.map((e) => e.read)).size).toBeGreaterThanOrEqual(3);
    expect(end.read).toBeGreaterThan(start.read);
    expect(end.at - start.at).toBeGreaterThan(10);
  });
});

describe('?rest_route= (plain permalinks style)', () => {
  it('serves the same answers as /wp-json/', async () => {
    const pretty = await hit(`${PREFIX}/materials`);
    const plain = await hit('/?rest_route=/manufacturer-agent/v1/materials');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe(pretty.headers.get('content-type'));
    expect(plain.headers.get('etag')).toBe(pretty.headers.get('etag'));
    expect(await plain.text()).toBe(await pretty.text());
    const ask = await hit(`/?rest_route=/nlweb/v1/ask&query=${encodeURIComponent('Was ist ein Wallcheck?')}`);
    expect(ask.status).toBe(200);
    expect(((await ask.json()) as any)._meta.response_type).toBe('answer');
  });
});

/** The remaining requests of the client's current window, from the relayed RateLimit headers. */
function remaining(res: Response): number {
  const draft6 = res.headers.get('ratelimit-remaining');
  if (draft6 !== null) return Number(draft6);
  const draft7 = /remaining=(\d+)/.exec(res.headers.get('ratelimit') ?? '');
  if (draft7) return Number(draft7[1]);
  throw new Error('no RateLimit header relayed');
}

describe('forwarded-address spoofing', () => {
  const spoofs: Record<string, string>[] = [
    { 'x-forwarded-for': '203.0.113.7' },
    { 'x-manufacturer-agent-client-address': '198.51.100.9' },
    { 'x-real-ip': '192.0.2.44', forwarded: 'for=192.0.2.45' },
    { 'x-manufacturer-agent-client-address': '198.51.100.10', 'x-manufacturer-agent-bridge-token': 'guessed-secret', 'x-forwarded-for': '203.0.113.8' },
  ];

  it('does not change the client address the sidecar rate-limits by: every request counts against one budget', async () => {
    // Each request must take one from the same budget; a spoofed address would start a fresh one. A
    // tool call carries the count (reading answers do not: a CDN may keep them for other clients).
    // A minute window may roll over between two requests: then the sequence is measured again.
    const ping = (headers: Record<string, string> = {}) =>
      hit('/mcp/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
        body: '{"jsonrpc":"2.0","id":1,"method":"ping"}',
      });
    let sequence: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      sequence = [];
      sequence.push(remaining(await ping()));
      for (const headers of spoofs) sequence.push(remaining(await ping(headers)));
      if (sequence.every((n, i) => i === 0 || n <= sequence[i - 1])) break;
    }
    for (let i = 1; i < sequence.length; i++) expect(sequence[i], `request ${i}: ${JSON.stringify(spoofs[i - 1])}`).toBe(sequence[i - 1] - 1);
  });

  it('does not let a client choose the site URL of the links', async () => {
    const res = await hit(`${PREFIX}/company`, {
      headers: {
        'x-manufacturer-agent-public-base': 'https://evil.example',
        'x-manufacturer-agent-bridge-token': 'guessed-secret',
        'x-forwarded-host': 'evil.example',
      },
    });
    const body = (await res.json()) as any;
    expect(body.links.contact_form).toBe(`${stack.url}/kontakt/`);
  });
});
