// The admin screen in a real browser (playwright-core with Debian's Chromium) against the WordPress
// stack (WordPress 7.1 by default on the playground runtime, the plugin, the sidecar): it loads without console
// errors, an edit of a material and a recommendation saved in the form is visible at once on the
// public REST endpoints and in llms.txt / llms-full.txt, invalid values get their message next to the
// field (from the form and from the server), unsaved changes survive section switches and leaving
// asks first, and the screen is German for a German user. Screenshots of every section go to
// test-results/admin-screen/.
/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/stack.mjs';
import { logIn, openSitePage, screenshotWhole } from './chromium.js';
import { PLAYGROUND_COOKIE, adminRequest, runWordPressPhp, sessionHeaders, siteFetch, wordpressStack, type WordPressStack } from '../support/stack.js';
import { GERMAN_TAB_NAMES } from '../support/admin-tabs.js';

const SHOTS = path.join(ROOT, 'test-results/admin-screen');

/** Files newer than the built bundle mean it is stale (npm test builds the sidecar only). */
function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function buildAdminIfStale(): void {
  const asset = path.join(ROOT, 'plugin/build/admin/index.asset.php');
  const sources = Math.max(...['admin-ui/src', 'plugin/languages', 'schemas'].map((dir) => newestSource(path.join(ROOT, dir))));
  if (existsSync(asset) && statSync(asset).mtimeMs >= sources) return;
  // The plugin folder is mounted into the site: the new bundle is served at once.
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-admin.mjs')], { cwd: ROOT, stdio: 'pipe', timeout: 300_000 });
}

let stack: WordPressStack;
let browser: Browser;
let page: Page;
/** Console errors and uncaught exceptions of the page, since the last check. */
let problems: string[] = [];
let original: unknown;
/** Leaving the page asks first when there are unsaved changes; the tests accept unless told otherwise. */
let unloadDialogs: string[] = [];
let stayOnPage = false;
const marker = randomUUID().slice(0, 8);

async function publicJson(pathname: string): Promise<any> {
  const response = await fetch(`${stack.url}${pathname}`, { headers: { cookie: PLAYGROUND_COOKIE, 'cache-control': 'no-cache' } });
  expect(response.status, pathname).toBe(200);
  return response.json();
}

async function publicText(pathname: string): Promise<string> {
  const response = await fetch(`${stack.url}${pathname}`, { headers: { cookie: PLAYGROUND_COOKIE, 'cache-control': 'no-cache' } });
  expect(response.status, pathname).toBe(200);
  return response.text();
}

/** Opens the editor of the material with this id (its Edit button is named after the material). */
async function editMaterial(id: string): Promise<void> {
  const row = page.locator('table.ma-table tbody tr').filter({ has: page.locator('code', { hasText: new RegExp(`^${id}$`) }) });
  await row.locator('td.ma-table__actions button').first().click();
  await page.locator('.ma-material-editor').waitFor();
}

/** The input bound to a JSON pointer of the configuration. */
function field(pointer: string) {
  return page.locator(`[data-field="${pointer}"]`);
}

/** The help and messages an input's aria-describedby points at. */
async function description(pointer: string): Promise<string> {
  return field(pointer).evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

async function openScreen(): Promise<void> {
  await page.goto(`${stack.url}/wp-admin/admin.php?page=manufacturer-agent`, { timeout: 90_000 });
  // The first wp-admin page after the stack's start is slow on a busy machine (30 s was exceeded under load).
  await page.locator('.ma-admin table.ma-table').first().waitFor({ timeout: 90_000 });
}

async function section(name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: false }).first().click();
  await page.locator('.ma-section').first().waitFor();
}

async function shot(name: string): Promise<void> {
  await screenshotWhole(page, path.join(SHOTS, `${name}.png`));
}

function expectNoProblems(): void {
  expect(problems, problems.join('\n')).toEqual([]);
  problems = [];
}

beforeAll(async () => {
  const injected = wordpressStack();
  if (!injected)
    throw new Error('no WordPress stack: this file runs in the vitest project "wordpress" (npm test; npx vitest run --project wordpress tests/browser)');
  stack = injected;
  buildAdminIfStale();
  mkdirSync(SHOTS, { recursive: true });
  original = (await adminRequest(stack, 'GET', '/config')).json?.config;
  expect(original, 'GET /config of the admin API').toBeTruthy();

  ({ browser, page } = await openSitePage(stack.url, (problem) => problems.push(problem)));
  page.on('dialog', (dialog) => {
    unloadDialogs.push(dialog.type());
    void (stayOnPage ? dialog.dismiss() : dialog.accept());
  });

  await logIn(page, stack.url, stack.admin);
}, 900_000);

afterAll(async () => {
  await browser?.close();
  // Leave the site's configuration as it was for the suites after this one.
  if (original) {
    const restored = await adminRequest(stack, 'PUT', '/config', { config: original });
    expect(restored.status).toBe(200);
  }
});

describe('admin screen in wp-admin', () => {
  it('loads on the stack’s WordPress without console errors; its bundle needs no react-jsx-runtime', async () => {
    const asset = readFileSync(path.join(ROOT, 'plugin/build/admin/index.asset.php'), 'utf8');
    expect(asset).not.toContain('react-jsx-runtime');
    expect(asset).toContain("'wp-element'");
    await openScreen();
    await expect(page.locator('#manufacturer-agent-admin h1').textContent()).resolves.toBe('Manufacturer Agent');
    const version = await page.evaluate(() => document.querySelector('#footer-upgrade')?.textContent ?? '');
    console.log(`[admin screen] ${version.trim()}`);
    await expect(page.getByRole('tab').allTextContents()).resolves.toEqual([
      'Materials',
      'Recommendations',
      'Company',
      'Handoff targets',
      'Discovery texts',
      'Handoffs',
      'Insights',
      'Enquiry form',
      'Status',
    ]);
    await shot('01-materials');
    expectNoProblems();
  });

  it('works with the keyboard: tabs with the arrow keys, buttons with Enter', async () => {
    await openScreen();
    await page.getByRole('tab', { name: 'Materials' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Recommendations' }).evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('[data-section="recommendations"]').waitFor();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await page.locator('[data-section="materials"]').waitFor();
    await page.getByRole('button', { name: 'Edit Non-woven Classic 150' }).focus();
    await page.keyboard.press('Enter');
    // The editor opens and takes the focus; Tab moves on to its first input.
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('ma-material-editor-heading');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('data-field'))).resolves.toBe('/materials/0/id');
    expectNoProblems();
  });

  it('saves an edited material, recommendation and llms.txt summary, visible at once on the public endpoints and documents', async () => {
    await openScreen();
    const name = `Non-woven Classic ${marker}`;
    const reason = `Textile look for feature walls ${marker}.`;
    const summary = `Wandwerk Digitaldruck makes custom digital-print wallpaper (${marker}).`;

    await editMaterial('vlies-classic');
    await shot('02-material-editor');
    await field('/materials/0/name/en').fill(name);
    await field('/materials/0/weight_g_m2').fill('155');
    await section('Recommendations');
    await field('/recommendations/effekt/material_id').selectOption('textil-polyester');
    await field('/recommendations/effekt/reason/en').fill(reason);
    await shot('03-recommendations');
    await section('Discovery texts');
    await field('/discovery/summary/en').fill(summary);
    await expect(page.locator('.ma-savebar__state').textContent()).resolves.toContain('Unsaved changes');

    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.ma-admin .components-notice.is-success').waitFor();
    await expect(page.locator('.ma-savebar__state').textContent()).resolves.toContain('All changes saved');

    const materials = await publicJson('/wp-json/manufacturer-agent/v1/materials');
    const material = JSON.stringify(materials).includes(name);
    expect(material, 'the public catalog shows the new name').toBe(true);
    expect(JSON.stringify(materials)).toContain('"weight_g_m2":155');
    const recommendation = await publicJson('/wp-json/manufacturer-agent/v1/materials/recommendation?priority=effekt');
    expect(JSON.stringify(recommendation)).toContain('textil-polyester');
    expect(JSON.stringify(recommendation)).toContain(reason);
    expect(await publicText('/llms.txt')).toContain(summary);
    const full = await publicText('/llms-full.txt');
    expect(full).toContain(name);
    expect(full).toContain(reason);

    // A reload shows what was saved.
    await openScreen();
    await editMaterial('vlies-classic');
    await expect(field('/materials/0/name/en').inputValue()).resolves.toBe(name);
    expectNoProblems();
    // Back to the configuration the site had, for the tests (and screenshots) after this one.
    expect((await adminRequest(stack, 'PUT', '/config', { config: original })).status).toBe(200);
  });

  it('shows the message of an invalid value next to the field before saving, and saves nothing', async () => {
    await openScreen();
    await editMaterial('vlies-classic');
    await field('/materials/0/weight_g_m2').fill('20');
    await expect(description('/materials/0/weight_g_m2')).resolves.toContain('Must be at least 50.');
    await expect(field('/materials/0/weight_g_m2').getAttribute('aria-invalid')).resolves.toBe('true');
    await field('/materials/0/id').fill('Vlies Classic');
    await expect(description('/materials/0/id')).resolves.toContain('Use lower-case letters');
    let writes = 0;
    page.on('request', (request) => {
      if (request.url().includes('/manufacturer-agent-admin/v1/config') && request.method() !== 'GET') writes += 1;
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('group', { name: 'Fields that need attention' }).waitFor();
    await expect(page.locator('.ma-admin .components-notice.is-error').textContent()).resolves.toContain('Nothing was saved: 2 fields need attention.');
    await shot('04-invalid-value');
    expect(writes).toBe(0);
    expect(JSON.stringify(await publicJson('/wp-json/manufacturer-agent/v1/materials'))).not.toContain('"weight_g_m2":20,');
    expectNoProblems();
  });

  it('shows the server’s field messages in the form when the server refuses a save', async () => {
    await openScreen();
    await editMaterial('vlies-classic');
    await field('/materials/0/surface/en').fill(`smooth ${marker}`);
    // The form lets no invalid value through, so the request is changed on its way: the server
    // must refuse it whole and name the field, and the form must show the server's message there.
    await page.route('**/manufacturer-agent-admin/v1/config*', async (route) => {
      const request = route.request();
      if (request.method() === 'GET') return route.continue();
      const body = JSON.parse(request.postData() ?? '{}');
      body.config.materials[0].weight_g_m2 = 20;
      await route.continue({ postData: JSON.stringify(body) });
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.ma-admin .components-notice.is-error').waitFor();
    await page.unroute('**/manufacturer-agent-admin/v1/config*');
    await expect(page.locator('.ma-admin .components-notice.is-error').textContent()).resolves.toMatch(/refused the save|not saved/i);
    const message = await description('/materials/0/weight_g_m2');
    expect(message.trim(), 'the server’s message is shown at the field').not.toBe('');
    await expect(page.getByRole('group', { name: 'Fields that need attention' }).textContent()).resolves.toContain('Weight');
    await shot('05-server-refusal');
    expect(JSON.stringify(await publicJson('/wp-json/manufacturer-agent/v1/materials'))).not.toContain(`smooth ${marker}`);
    await expect(page.locator('.ma-savebar__state').textContent()).resolves.toContain('Unsaved changes');
    // The refused request answers 400, which Chromium reports as a failed resource load.
    problems = problems.filter((problem) => !/status of 400/.test(problem));
    expectNoProblems();
  });

  it('keeps unsaved changes across sections and asks before the page is left', async () => {
    await openScreen();
    await section('Company');
    await field('/company/name').fill(`Wandwerk ${marker}`);
    await section('Materials');
    await section('Company');
    await expect(field('/company/name').inputValue()).resolves.toBe(`Wandwerk ${marker}`);
    unloadDialogs = [];
    stayOnPage = true;
    try {
      await page.getByRole('link', { name: 'Dashboard', exact: true }).first().click({ noWaitAfter: true });
      await expect.poll(() => unloadDialogs).toEqual(['beforeunload']);
    } finally {
      stayOnPage = false;
    }
    await expect(page.locator('[data-section="company"]').count()).resolves.toBe(1);
    await expect(field('/company/name').inputValue()).resolves.toBe(`Wandwerk ${marker}`);
    expectNoProblems();
  });

  it('writes a screenshot of every section', async () => {
    for (const step of ['project_enquiry', 'sample_request', 'wallcheck']) {
      const response = await fetch(`${stack.url}/wp-json/manufacturer-agent/v1/handoffs`, {
        method: 'POST',
        headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `admin-screen-${marker}-${step}` },
        body: JSON.stringify({ next_step: step, requirements: { priority: 'brandschutz', dimensions: { width_cm: 420, height_cm: 260 }, locale: 'de' } }),
      });
      expect(response.status).toBe(201);
    }
    await openScreen();
    await shot('01-materials');
    await section('Company');
    await shot('06-company');
    await section('Handoff targets');
    await shot('07-handoff-targets');
    await section('Discovery texts');
    await shot('08-discovery');
    await section('Handoffs');
    await page.locator('[data-handoff]').first().waitFor();
    await expect(page.locator('[data-handoff]').count()).resolves.toBeGreaterThanOrEqual(3);
    await page.getByRole('combobox', { name: 'Next step' }).selectOption('wallcheck');
    await page.waitForFunction(() => [...document.querySelectorAll('[data-handoff]')].every((row) => row.textContent?.includes('Wallcheck')));
    await shot('09-handoffs');
    await section('Status');
    await page.locator('table.ma-status').waitFor();
    await expect(page.locator('table.ma-status').textContent()).resolves.toMatch(/Service reachable\s*Yes/);
    await expect(page.locator('table.ma-status').textContent()).resolves.toMatch(/Configuration in sync\s*Yes/);
    await shot('10-status');
    expectNoProblems();
  });

  it('shows a submitted handoff with the enquiry its person sent, and saves the enquiry form’s settings', async () => {
    const response = await fetch(`${stack.url}/wp-json/manufacturer-agent/v1/handoffs`, {
      method: 'POST',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `admin-screen-enquiry-${marker}` },
      body: JSON.stringify({ next_step: 'project_enquiry', requirements: { priority: 'robust', locale: 'de' } }),
    });
    expect(response.status).toBe(201);
    const handoff = (await response.json()).id as string;
    const person = `Erika ${marker}`;
    // As the form does on sending: the enquiry in WordPress, the sidecar told only that it was submitted.
    runWordPressPhp(
      stack,
      `( new ManufacturerAgent\\Enquiries\\Enquiries() )->save( array( 'handoff_id' => '${handoff}', 'name' => '${person}', 'company' => 'Muster GmbH', 'email' => 'erika-${marker}@example.com', 'phone' => '+49 711 5550', 'message' => 'Bitte rufen Sie an.', 'mail_sent' => '1' ) );
      ManufacturerAgent\\Bridge\\Sidecar_Client::from_environment()->json( 'POST', '/_bridge/handoffs/${handoff}/submitted' );`,
    );
    await openScreen();
    await section('Handoffs');
    await page.getByRole('combobox', { name: 'State' }).selectOption('submitted');
    const row = page.locator(`[data-handoff="${handoff}"]`);
    await row.waitFor();
    await expect(row.locator('.ma-state').textContent()).resolves.toBe('Enquiry sent');
    await row.getByRole('button', { name: `Show the enquiry of ${person}` }).click();
    const details = page.locator(`#ma-enquiry-${handoff}`);
    await details.waitFor();
    await expect(details.getByRole('link', { name: `erika-${marker}@example.com` }).getAttribute('href')).resolves.toBe(`mailto:erika-${marker}@example.com`);
    await expect(details.textContent()).resolves.toMatch(/Muster GmbH.*\+49 711 5550.*Bitte rufen Sie an\..*Sent to the advisors/s);
    await shot('12-handoff-enquiry');

    const readSettings = async () =>
      (await (await siteFetch(`${stack.url}/wp-json/wp/v2/settings`, { headers: sessionHeaders(stack.admin) })).json()).manufacturer_agent_enquiry_form;
    const before = await readSettings();
    await section('Enquiry form');
    await field('/retention_days').waitFor();
    await field('/retention_days').fill('0');
    await expect(description('/retention_days')).resolves.toContain('Must be at least 1.');
    await field('/advisor_emails').fill(`beratung-${marker}@example.com`);
    await field('/retention_days').fill('60');
    await shot('13-enquiry-form');
    await page.getByRole('button', { name: 'Save the enquiry form' }).click();
    await page.getByText('The enquiry form’s settings are saved.').first().waitFor();
    const after = await readSettings();
    expect(after).toEqual({ ...before, advisor_emails: [`beratung-${marker}@example.com`], retention_days: 60 });
    expectNoProblems();
    runWordPressPhp(stack, `delete_option( ManufacturerAgent\\Enquiries\\Enquiry_Settings::OPTION );`);
  });

  it('is German for a user whose language is German', async () => {
    runWordPressPhp(stack, "update_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale', 'de_DE' );");
    try {
      await openScreen();
      await expect(page.getByRole('tab').allTextContents()).resolves.toEqual(GERMAN_TAB_NAMES);
      await expect(page.locator('#manufacturer-agent-admin h1').textContent()).resolves.toBe('Hersteller-Agent');
      await editMaterial('vlies-classic');
      await field('/materials/0/weight_g_m2').fill('20');
      await expect(description('/materials/0/weight_g_m2')).resolves.toContain('Muss mindestens 50 sein.');
      await shot('11-german');
      expectNoProblems();
    } finally {
      runWordPressPhp(stack, "delete_user_meta( get_user_by( 'login', 'admin' )->ID, 'locale' );");
    }
  });
});
