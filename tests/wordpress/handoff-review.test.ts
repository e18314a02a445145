// What a person sees on a handoff's review page is inert in both placements staff use: the
// [manufacturer_agent_handoff] shortcode (the stack's /kontakt/ page) and the
// manufacturer-agent/handoff-review block. A block's output runs through do_shortcode after do_blocks,
// so a motif description that an agent filled with shortcodes must come out as text, not as media.
import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { PLAYGROUND_COOKIE, basicAuth, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { decodeHtmlText } from '../support/html.js';

let stack: WordPressStack;
const anonymous = { cookie: PLAYGROUND_COOKIE };

/** Shortcodes core renders as media or embeds, and markup; none of it contact data. */
const PAYLOADS = [
  '[audio src=https://evil.example/x.mp3]',
  'Wald [gallery] und Wiese',
  '[embed]https://www.youtube.com/watch?v=dQw4w9WgXcQ[/embed]',
  '[video src="https://evil.example/v.mp4"][/video] [caption]Bild[/caption]',
  '<img src=x onerror=alert(1)> <script>alert(2)</script> <iframe src="https://evil.example/"></iframe>',
  '"><svg onload=alert(3)> [manufacturer_agent_handoff]',
];

async function createHandoff(motif: string): Promise<string> {
  const res = await fetch(`${stack.url}${PREFIX}/handoffs`, {
    method: 'POST',
    headers: { ...anonymous, 'content-type': 'application/json', 'idempotency-key': `inert-${randomUUID()}` },
    body: JSON.stringify({ next_step: 'project_enquiry', requirements: { motif_description: motif } }),
  });
  const text = await res.text();
  expect(res.status, text).toBe(201);
  return JSON.parse(text).id;
}

/** The review's own <section>, or the failure names what the page showed instead. */
function reviewSection(html: string): string {
  const start = html.indexOf('<section class="manufacturer-agent-handoff"');
  expect(start, html.slice(0, 2000)).toBeGreaterThan(0);
  return html.slice(start, html.indexOf('</section>', start) + 10);
}

/** The text of the motif row as a reader sees it (entities decoded). */
function motifText(section: string): string {
  const dd = /<dt>(Motif|Motiv)<\/dt><dd>([\s\S]*?)<\/dd>/.exec(section);
  expect(dd, section).not.toBeNull();
  return decodeHtmlText(dd![2]);
}

function expectInert(html: string, motif: string): void {
  const section = reviewSection(html);
  expect(motifText(section)).toBe(motif);
  // Nothing the payloads could have become, anywhere on the page.
  expect(html).not.toMatch(
    /<audio|<video|<iframe|wp-audio-shortcode|wp-video-shortcode|class="gallery|wp-embedded-content|<img[^>]*onerror|<svg[^>]*onload|<script>alert/,
  );
  expect(html).not.toMatch(/(src|href)="https:\/\/(evil\.example|www\.youtube\.com)/);
  // Inside the review: exactly the markup it writes itself, no bracket left for do_shortcode.
  expect(section.replace(/<\/?(section|h2|dl|dt|dd|p)\b[^>]*>/g, '')).not.toMatch(/[<>[\]]/);
}

beforeAll(() => {
  stack = wordpressStack()!;
});

describe('the handoff review is inert', () => {
  let blockPage = '';

  beforeAll(async () => {
    // Staff place the block on a page of their own, as the block editor saves it.
    const res = await fetch(`${stack.url}/wp-json/wp/v2/pages`, {
      method: 'POST',
      headers: { ...basicAuth(stack.admin), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Anfrage prüfen', status: 'publish', content: '<!-- wp:manufacturer-agent/handoff-review /-->' }),
    });
    const page = (await res.json()) as any;
    expect(res.status, JSON.stringify(page).slice(0, 500)).toBe(201);
    blockPage = page.link;
  });

  it.each(PAYLOADS)('as a shortcode and as a block: %s', async (motif) => {
    const id = await createHandoff(motif);
    for (const base of [`${stack.url}/kontakt/`, blockPage]) {
      const res = await fetch(`${base}${base.includes('?') ? '&' : '?'}handoff=${id}`, { headers: anonymous });
      expect(res.status).toBe(200);
      expectInert(await res.text(), motif);
    }
  });

  it('the block placement renders the review (the check above is not vacuous)', async () => {
    const id = await createHandoff('Skyline bei Nacht');
    const html = await (await fetch(`${blockPage}?handoff=${id}`, { headers: anonymous })).text();
    expect(motifText(reviewSection(html))).toBe('Skyline bei Nacht');
  });
});
