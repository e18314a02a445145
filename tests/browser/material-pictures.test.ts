// Pictures chosen the way staff choose them: in the material editor of the admin screen, WordPress's own
// media modal (playwright-core with Debian's Chromium, on the stack's WordPress). The chosen picture,
// with the alt text the attachment had, is saved and published; the block editor previews the catalog
// block with it; once the attachment is deleted the Materials list and the editor say so.
// Screenshots go to test-results/material-pictures/.
/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/stack.mjs';
import { logIn, openSitePage } from './chromium.js';
import { PLAYGROUND_COOKIE, adminRequest, basicAuth, siteFetch, wordpressStack, type WordPressStack } from '../support/stack.js';
import { uploadPng } from '../support/media.js';
import { PREFIX } from '../support/service.js';

const SHOTS = path.join(ROOT, 'test-results/material-pictures');
const MATERIAL = 'vlies-classic';
const ALT = `Vlies Classic, Muster ${randomUUID().slice(0, 6)}`;

let stack: WordPressStack;
let browser: Browser;
let page: Page;
let original: unknown;
let attachment = { id: 0, file: '' };
const problems: string[] = [];

const field = (pointer: string) => page.locator(`[data-field="${pointer}"]`);

async function openMaterial(): Promise<number> {
  await page.goto(`${stack.url}/wp-admin/admin.php?page=manufacturer-agent`);
  await page.locator('.ma-admin table.ma-table').first().waitFor({ timeout: 30_000 });
  const rows = page.locator('table.ma-table tbody tr');
  const row = rows.filter({ has: page.locator('code', { hasText: new RegExp(`^${MATERIAL}$`) }) });
  await row.locator('td.ma-table__actions button').first().click();
  await page.locator('.ma-material-editor').waitFor();
  const ids = await rows.locator('code').allTextContents();
  return ids.indexOf(MATERIAL);
}

/** Waits until the image has arrived (the playground serves files slowly), so a screenshot shows it. */
async function loaded(image: ReturnType<Page['locator']>): Promise<void> {
  await expect
    .poll(() => image.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), { timeout: 60_000 })
    .toBe(true);
}

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

beforeAll(async () => {
  stack = wordpressStack()!;
  mkdirSync(SHOTS, { recursive: true });
  original = (await adminRequest(stack, 'GET', '/config')).json?.config;
  attachment = await uploadPng(
    stack,
    `vlies-${randomUUID().slice(0, 8)}.png`,
    [1000, 750],
    [
      [120, 150, 110],
      [235, 235, 220],
    ],
    ALT,
  );
  ({ browser, page } = await openSitePage(stack.url, (problem) => problems.push(problem)));
  // Leaving the block editor with an unsaved page asks first.
  page.on('dialog', (dialog) => void dialog.accept());
  page.setDefaultNavigationTimeout(90_000);
  await logIn(page, stack.url, stack.admin);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (original) expect((await adminRequest(stack, 'PUT', '/config', { config: original })).status).toBe(200);
});

describe('choosing a picture in the media modal', { timeout: 240_000 }, () => {
  it('picks the swatch in the media modal, saves it, and everything agents read carries it', async () => {
    const index = await openMaterial();
    const base = `/materials/${index}/pictures`;
    await page.locator('.ma-pictures__choose-swatch').click();
    const modal = page.locator('.media-modal:visible');
    await modal.waitFor({ timeout: 30_000 });
    // The library tab (the modal may open on the upload tab), then the tile of the uploaded picture.
    const libraryTab = modal.getByRole('tab', { name: 'Media Library' });
    if (await libraryTab.isVisible()) await libraryTab.click();
    const tile = modal.locator(`li.attachment[data-id="${attachment.id}"]`);
    try {
      await tile.waitFor({ timeout: 90_000 });
    } catch (error) {
      await shot('01-media-modal-without-the-picture');
      throw error;
    }
    await tile.click();
    await loaded(tile.locator('img'));
    await shot('01-media-modal');
    await modal.getByRole('button', { name: 'Use this picture' }).click();
    await field(`${base}/swatch`).waitFor();
    // The alt text comes from the attachment, in both languages, for staff to adjust.
    await expect(field(`${base}/swatch/alt/de`).inputValue()).resolves.toBe(ALT);
    await expect(field(`${base}/swatch/alt/en`).inputValue()).resolves.toBe(ALT);
    await field(`${base}/swatch/alt/en`).fill('Vlies Classic, sample');
    await field(`${base}/swatch`).scrollIntoViewIfNeeded();
    await loaded(field(`${base}/swatch`).locator('img'));
    await shot('02-editor-with-swatch');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('.ma-admin .components-notice.is-success').waitFor();

    const res = await siteFetch(`${stack.url}${PREFIX}/materials`, { headers: { cookie: PLAYGROUND_COOKIE } });
    const material = ((await res.json()) as any).materials.find((m: { id: string }) => m.id === MATERIAL);
    expect(material.pictures.swatch).toMatchObject({ attachment_id: attachment.id, alt: { de: ALT, en: 'Vlies Classic, sample' } });
    expect(material.pictures.swatch.sizes[0]).toMatchObject({ width: 1000, height: 750 });
    expect(material.pictures.swatch.sizes[0].url).toContain(attachment.file);
    expect(problems).toEqual([]);
  });

  it('previews the catalog block with the picture in the block editor', async () => {
    await page.goto(`${stack.url}/wp-admin/post-new.php?post_type=page`);
    await page.waitForFunction(() => Boolean((window as any).wp?.blocks?.getBlockType('manufacturer-agent/catalog')), null, { timeout: 60_000 });
    expect(await page.evaluate(() => (window as any).wp.blocks.getBlockType('manufacturer-agent/catalog').apiVersion)).toBe(3);
    await page.evaluate(() => (window as any).wp.data.dispatch('core/preferences')?.set('core/edit-post', 'welcomeGuide', false));
    await page.evaluate(() => {
      const { createBlock } = (window as any).wp.blocks;
      (window as any).wp.data.dispatch('core/block-editor').insertBlocks(createBlock('manufacturer-agent/catalog', { materials: ['vlies-classic'] }));
    });
    const inFrame = (await page.locator('iframe[name="editor-canvas"]').count()) > 0;
    const root = inFrame ? page.frameLocator('iframe[name="editor-canvas"]') : page;
    const card = root.locator('article.manufacturer-agent-material[data-material="vlies-classic"]');
    // The preview is the server's rendering (ServerSideRender), one request to the playground's only PHP worker.
    await card.waitFor({ timeout: 120_000 });
    await expect(card.locator('img').getAttribute('src')).resolves.toContain(attachment.file);
    await loaded(card.locator('img'));
    // A new page offers starter patterns over the editor; closed, the preview shows.
    await page.keyboard.press('Escape');
    await card.scrollIntoViewIfNeeded();
    await shot('03-block-editor-preview');
  });

  it('marks the material once its picture is deleted', async () => {
    const deleted = await siteFetch(`${stack.url}/wp-json/wp/v2/media/${attachment.id}?force=true`, { method: 'DELETE', headers: basicAuth(stack.admin) });
    expect(deleted.status).toBe(200);
    const res = await siteFetch(`${stack.url}${PREFIX}/materials`, { headers: { cookie: PLAYGROUND_COOKIE } });
    expect(((await res.json()) as any).materials.find((m: { id: string }) => m.id === MATERIAL).pictures).toBeUndefined();

    const index = await openMaterial();
    const row = page.locator('table.ma-table tbody tr').nth(index);
    await expect(row.locator('[data-missing-pictures]').textContent()).resolves.toBe('1 picture not published');
    await row.scrollIntoViewIfNeeded();
    await shot('04-deleted-picture-listed');
    await expect(field(`/materials/${index}/pictures/swatch`).locator('.components-notice').textContent()).resolves.toContain('deleted or is not public');
    await field(`/materials/${index}/pictures/swatch`).scrollIntoViewIfNeeded();
    await shot('05-deleted-picture-in-editor');
  });
});
