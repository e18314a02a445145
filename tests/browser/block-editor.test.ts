// The handoff-review block in the real block editor (playwright-core, Debian's Chromium) on the
// stack's WordPress: inserted through the inserter, saved, and the page viewed with a handoff id.
// The editor must print no console warning or error that names the block (WordPress 6.9 on warns
// about blocks registered with API version 2 or lower). Screenshots go to test-results/block-editor/.
/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ROOT } from '../../scripts/stack.mjs';
import { logIn, openSitePage } from './chromium.js';
import { PLAYGROUND_COOKIE, wordpressStack, type WordPressStack } from '../support/stack.js';
import { PREFIX } from '../support/service.js';

const SHOTS = path.join(ROOT, 'test-results/block-editor');
const BLOCK = 'manufacturer-agent/handoff-review';

let stack: WordPressStack;
let browser: Browser;
let page: Page;
/** Every console warning and error of the editor, and uncaught exceptions. */
const messages: string[] = [];

beforeAll(async () => {
  stack = wordpressStack()!;
  mkdirSync(SHOTS, { recursive: true });
  ({ browser, page } = await openSitePage(stack.url, (message) => messages.push(message), ['warning', 'error']));
  await logIn(page, stack.url, stack.admin);
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('the handoff-review block in the block editor', () => {
  it('is inserted, saved and shows a handoff on the page, without a console message of its own', async () => {
    await page.goto(`${stack.url}/wp-admin/post-new.php?post_type=page`);
    await page.waitForFunction((name) => Boolean((window as any).wp?.blocks?.getBlockType(name)), BLOCK, { timeout: 60_000 });
    expect(await page.evaluate((name) => (window as any).wp.blocks.getBlockType(name).apiVersion, BLOCK)).toBe(3);
    // The welcome guide covers the editor on a first visit.
    await page.evaluate(() => (window as any).wp.data.dispatch('core/preferences')?.set('core/edit-post', 'welcomeGuide', false));
    await page.keyboard.press('Escape');

    // Inserted as staff do it: the inserter, searched by the block's title.
    await page
      .getByRole('button', { name: /^(Block Inserter|Toggle block inserter|Add block)$/ })
      .first()
      .click();
    await page.getByRole('searchbox').first().fill('Handoff review');
    await page.getByRole('option', { name: 'Handoff review' }).first().click();
    const canvas = page.frameLocator('iframe[name="editor-canvas"]');
    const inFrame = (await page.locator('iframe[name="editor-canvas"]').count()) > 0;
    const placeholder = (inFrame ? canvas.locator('.manufacturer-agent-handoff-placeholder') : page.locator('.manufacturer-agent-handoff-placeholder')).first();
    await placeholder.waitFor({ timeout: 30_000 });
    // API version 3: the block's own element is the editor's block wrapper.
    expect(await placeholder.getAttribute('data-type')).toBe(BLOCK);
    await page.screenshot({ path: path.join(SHOTS, '01-inserted.png') });

    const title = `Anfrage ${randomUUID().slice(0, 8)}`;
    await page.evaluate(async (t) => {
      const { dispatch } = (window as any).wp.data;
      dispatch('core/editor').editPost({ title: t, status: 'publish' });
      await dispatch('core/editor').savePost();
    }, title);
    await page.waitForFunction(
      () => {
        const editor = (window as any).wp.data.select('core/editor');
        return !editor.isSavingPost() && !editor.isEditedPostDirty() && editor.getCurrentPost().status === 'publish';
      },
      undefined,
      { timeout: 60_000 },
    );
    const saved = await page.evaluate(() => {
      const editor = (window as any).wp.data.select('core/editor');
      return { content: editor.getEditedPostContent() as string, link: editor.getPermalink() as string };
    });
    expect(saved.content).toContain(`<!-- wp:${BLOCK} /-->`);
    await page.screenshot({ path: path.join(SHOTS, '02-saved.png') });

    const created = await fetch(`${stack.url}${PREFIX}/handoffs`, {
      method: 'POST',
      headers: { cookie: PLAYGROUND_COOKIE, 'content-type': 'application/json', 'idempotency-key': `editor-${randomUUID()}` },
      body: JSON.stringify({ next_step: 'wallcheck', requirements: { motif_description: 'Leuchtturm an der Küste', priority: 'feuchtraum' } }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await page.goto(`${saved.link}${saved.link.includes('?') ? '&' : '?'}handoff=${id}`);
    const review = page.locator('section.manufacturer-agent-handoff');
    await review.waitFor();
    await expect(review.locator('dd').allTextContents()).resolves.toContain('Leuchtturm an der Küste');
    await page.screenshot({ path: path.join(SHOTS, '03-viewed-with-handoff.png'), fullPage: true });

    const own = messages.filter((m) => /manufacturer-agent|handoff-review|handoff review/i.test(m));
    expect(own, messages.join('\n')).toEqual([]);
  });
});
