// A person's path through a handoff link in a real browser (playwright-core, Debian's Chromium) on
// the stack's WordPress (7.1 by default): the link opens /kontakt/ with what the agent collected, the
// form under it is filled by typing and sent without any script of the plugin, the page confirms,
// and the advisors' e-mail arrives at a real SMTP server on loopback. Screenshots go to
// test-results/enquiry-form/.
/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/stack.mjs';
import { logIn, openSitePage } from './chromium.js';
import { PLAYGROUND_COOKIE, basicAuth, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';
import { startMailCatcher, type MailCatcher } from '../support/mail.js';
import { buildContract } from '../../plugin/sidecar/contract.js';

/** A value's English name, as the contract gives it to PHP and the admin screen. */
const label = (enumName: 'priority' | 'handoff_state', value: string) => buildContract().enums[enumName].find((e) => e.value === value)!.label.en;

const SHOTS = path.join(ROOT, 'test-results/enquiry-form');
const ADVISOR = 'advisor-browser@stack.example';

let stack: WordPressStack;
let browser: Browser;
let page: Page;
let mail: MailCatcher;
const problems: string[] = [];

beforeAll(async () => {
  stack = wordpressStack()!;
  mkdirSync(SHOTS, { recursive: true });
  mail = await startMailCatcher(stack);
  const current = await fetch(`${stack.url}/wp-json/wp/v2/settings`, { headers: basicAuth(stack.admin) });
  const settings = ((await current.json()) as any).manufacturer_agent_enquiry_form;
  const saved = await fetch(`${stack.url}/wp-json/wp/v2/settings`, {
    method: 'POST',
    headers: { ...basicAuth(stack.admin), 'content-type': 'application/json' },
    body: JSON.stringify({ manufacturer_agent_enquiry_form: { ...settings, enabled: true, advisor_emails: [ADVISOR], submissions_per_hour: 1000 } }),
  });
  expect(saved.status).toBe(200);
  ({ browser, page } = await openSitePage(stack.url, (problem) => problems.push(problem)));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await mail?.stop();
});

describe('a person sends the enquiry form of a handoff link', () => {
  it('opens the link, sees the collected details, fills the form, sends it, and the advisors get the e-mail', async () => {
    const motif = `Bergpanorama ${randomUUID().slice(0, 6)}`;
    const created = await fetch(`${stack.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `browser-${randomUUID()}` },
      body: JSON.stringify({
        next_step: 'project_enquiry',
        requirements: { dimensions: { width_cm: 350, height_cm: 250 }, material_id: 'vlies-classic', priority: 'brandschutz', motif_description: motif },
      }),
    });
    expect(created.status).toBe(201);
    const handoff = (await created.json()) as any;

    await page.goto(handoff.link);
    await expect.poll(() => page.locator('.manufacturer-agent-handoff dd').allTextContents()).toContain(motif);
    const form = page.locator('form#manufacturer-agent-enquiry');
    await form.waitFor();
    // People do not see the honeypot: it lies outside the page, left of it.
    const trap = await page.locator('#ma-enquiry-website').boundingBox();
    expect(trap!.x + trap!.width).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, '01-review-and-form.png'), fullPage: true });

    const tag = randomUUID().slice(0, 8);
    await page.getByLabel('Name', { exact: true }).pressSequentially(`Max Beispiel ${tag}`, { delay: 20 });
    await page.getByLabel('Company (optional)').fill('Bäckerei Beispiel');
    await page.getByLabel('E-mail', { exact: true }).fill(`max.${tag}@kunde.example`);
    await page.getByLabel('Telephone (optional)').fill('+49 30 987654');
    await page.getByLabel('Message', { exact: true }).fill('Wir möchten die Wand im Verkaufsraum gestalten.');
    await page.getByLabel(/I agree that my details/).check();
    // A person takes longer than the time trap's few seconds; so does this test.
    await page.waitForTimeout(3_200);
    await Promise.all([page.waitForURL(/enquiry=sent/), page.getByRole('button', { name: 'Send enquiry' }).click()]);
    await expect.poll(() => page.locator('#manufacturer-agent-enquiry').textContent()).toMatch(/Your enquiry has been sent/);
    expect(await page.locator('form#manufacturer-agent-enquiry').count()).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, '02-confirmation.png'), fullPage: true });

    await mail.waitFor(1);
    const message = mail.messages.find((m) => m.envelopeTo.includes(ADVISOR));
    expect(message).toBeDefined();
    for (const part of [
      motif,
      'Non-woven Classic 150',
      label('priority', 'brandschutz'),
      '350 cm wide × 250 cm high',
      `Max Beispiel ${tag}`,
      `max.${tag}@kunde.example`,
      'Wir möchten die Wand',
    ]) {
      expect(message!.text).toContain(part);
    }
    // Reloading the confirmation repeats a GET: no second e-mail.
    await page.reload();
    await page.waitForTimeout(1_500);
    expect(mail.messages.filter((m) => m.envelopeTo.includes(ADVISOR)).length).toBe(1);
    expect(problems).toEqual([]);

    // Staff see it in wp-admin: the Handoffs tab lists the handoff as submitted, with what the person sent.
    await logIn(page, stack.url, stack.admin);
    await page.getByRole('tab', { name: 'Handoffs' }).click();
    await page.getByRole('combobox', { name: 'State' }).selectOption('submitted');
    const row = page.locator(`[data-handoff="${handoff.id}"]`);
    await row.waitFor();
    await expect(row.locator('.ma-state').textContent()).resolves.toBe(label('handoff_state', 'submitted'));
    await row.getByRole('button', { name: `Show the enquiry of Max Beispiel ${tag}` }).click();
    const details = page.locator(`#ma-enquiry-${handoff.id}`);
    await details.waitFor();
    await expect(details.getByRole('link', { name: `max.${tag}@kunde.example` }).getAttribute('href')).resolves.toBe(`mailto:max.${tag}@kunde.example`);
    await expect(details.textContent()).resolves.toMatch(
      /Bäckerei Beispiel.*\+49 30 987654.*Wir möchten die Wand im Verkaufsraum gestalten\..*Sent to the advisors/s,
    );
    await page.screenshot({ path: path.join(SHOTS, '03-wp-admin-handoff.png'), fullPage: true });
    expect(problems).toEqual([]);
  });
});
