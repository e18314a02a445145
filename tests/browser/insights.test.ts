// The Insights tab in Chromium on the WordPress stack (issue 31): after requests of a few agent families,
// a question the data cannot answer and a handoff, the tab draws its charts (Chart.js canvases, no
// console error), shows each as a table, opens the customers' words with a question filled in, and is
// German for a German user. Screenshots go to test-results/insights/.
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/stack.mjs';
import { logIn, openSitePage, screenshotWhole } from './chromium.js';
import { PLAYGROUND_COOKIE, runWordPressPhp, siteFetch, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';

const SHOTS = path.join(ROOT, 'test-results/insights');
const tag = randomUUID().slice(0, 6);
const QUESTION = `Was kostet Glasfaser ${tag} pro Rolle?`;

let stack: WordPressStack;
let browser: Browser;
let page: Page;
const problems: string[] = [];

async function shot(name: string): Promise<void> {
  await screenshotWhole(page, path.join(SHOTS, `${name}.png`));
}

async function openInsights(tab: string): Promise<void> {
  await page.goto(`${stack.url}/wp-admin/admin.php?page=manufacturer-agent`);
  await page.locator('.ma-admin table.ma-table').first().waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: tab }).click();
  await page.locator('.ma-insights canvas').first().waitFor({ timeout: 30_000 });
}

const LONG_WORD = 'x'.repeat(600);

beforeAll(async () => {
  const injected = wordpressStack();
  if (!injected) throw new Error('no WordPress stack: this file runs in the vitest project "wordpress"');
  stack = injected;
  mkdirSync(SHOTS, { recursive: true });
  const agents = ['ChatGPT-User/1.0', 'GPTBot/1.2', 'ClaudeBot/1.0', 'PerplexityBot/1.0', 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'];
  for (const [i, ua] of agents.entries()) {
    for (const target of [`${PREFIX}/materials`, '/llms.txt', `${PREFIX}/company`].slice(0, 1 + (i % 3))) {
      await (await siteFetch(`${stack.url}${target}`, { headers: { cookie: PLAYGROUND_COOKIE, 'user-agent': ua } })).text();
    }
  }
  await (
    await siteFetch(`${stack.url}/wp-json/nlweb/v1/ask?query=${encodeURIComponent(QUESTION)}`, {
      headers: { cookie: PLAYGROUND_COOKIE, 'user-agent': 'Claude-User/1.0' },
    })
  ).text();
  // One long word, as a flood of nonsense sends: it must not push the count and actions out of view.
  await (await siteFetch(`${stack.url}/wp-json/nlweb/v1/ask?query=${LONG_WORD}`, { headers: { cookie: PLAYGROUND_COOKIE } })).text();
  await (
    await siteFetch(`${stack.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `insights-browser-${tag}` },
      body: JSON.stringify({ next_step: 'sample_request' }),
    })
  ).text();

  ({ browser, page } = await openSitePage(stack.url, (problem) => problems.push(problem)));
  await logIn(page, stack.url, stack.admin);
}, 900_000);

afterAll(async () => {
  await browser?.close();
});

describe('the Insights tab in Chromium', () => {
  it('draws the charts, lists the unanswered question first, shows each chart as a table', async () => {
    await openInsights('Insights');
    const unanswered = page.getByRole('region', { name: 'Questions your data could not answer' });
    await expect(unanswered.getByRole('cell', { name: QUESTION }).count()).resolves.toBe(1);
    await expect(page.locator('.ma-insights canvas').count()).resolves.toBe(3);
    // Chart.js drew on each canvas (it sizes the canvas to the box it fills).
    for (const canvas of await page.locator('.ma-insights canvas').all()) expect(await canvas.evaluate((c: HTMLCanvasElement) => c.width)).toBeGreaterThan(300);
    // The long word wraps inside its cell: the table stays inside its card, the row's actions in view.
    const card = (await unanswered.boundingBox())!;
    const table = (await unanswered.locator('table').boundingBox())!;
    expect(table.x + table.width).toBeLessThanOrEqual(card.x + card.width + 1);
    const longRow = unanswered.getByRole('row').filter({ hasText: LONG_WORD.slice(0, 50) });
    const actions = (await longRow.first().getByRole('button', { name: 'Not relevant' }).boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(card.x + card.width + 1);
    await shot('01-insights');
    const families = page.getByRole('region', { name: 'Requests per day by agent family' });
    await families.getByRole('button', { name: 'Show table' }).click();
    const header = await families.getByRole('columnheader').allTextContents();
    expect(header).toEqual(expect.arrayContaining(['Day', 'GPTBot', 'ClaudeBot', 'Browsers']));
    await shot('02-insights-tables');
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it("opens the customers' words with the question filled in", async () => {
    await openInsights('Insights');
    const row = page.getByRole('region', { name: 'Questions your data could not answer' }).getByRole('row').filter({ hasText: QUESTION });
    await row.getByRole('button', { name: "Add to customers' words" }).click();
    await page.locator('[data-section]').first().waitFor();
    await expect(page.getByRole('tab', { selected: true }).textContent()).resolves.toMatch(/^Discovery texts/);
    const values = await page.locator('input, textarea').evaluateAll((fields) => fields.map((f) => (f as HTMLInputElement).value));
    expect(values).toContain(QUESTION);
    await shot('03-customers-words');
  });

  it('is German for a German user', async () => {
    runWordPressPhp(stack, "update_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale', 'de_DE' );");
    try {
      await openInsights('Auswertung');
      await page.getByRole('heading', { name: 'Fragen, die Ihre Daten nicht beantworten konnten' }).waitFor();
      await page.getByRole('heading', { name: 'Anfragen pro Tag nach Agentenfamilie' }).waitFor();
      await shot('04-insights-german');
      expect(problems, problems.join('\n')).toEqual([]);
    } finally {
      runWordPressPhp(stack, "delete_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale' );");
    }
  });
});
