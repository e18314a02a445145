// Debian's Chromium for playwright-core (a test tool's own browser download cannot reach its host
// here). Installed with apt-get when missing, as the stack fetches Debian's WordPress package.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type ConsoleMessage, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function aptGet(args: string[]): boolean {
  const result = spawnSync('apt-get', args, { stdio: 'pipe', timeout: 600_000, env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return result.status === 0;
}

/** The path of Chromium, installing Debian's package first if it is not there. */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  if (!process.env.CHROMIUM_PATH) {
    const install = ['install', '-y', '-qq', '--no-install-recommends', 'chromium'];
    if (!aptGet(install)) {
      aptGet(['update', '-qq']);
      aptGet(install);
    }
  }
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium (Debian), or set CHROMIUM_PATH`);
  return CHROMIUM;
}

/**
 * Chromium with one page on the stack's site, as a visitor who has passed the playground's auto-login:
 * nothing outside the site is reachable (WordPress core asks Gravatar for the toolbar avatar), and every
 * console message of the listed types and every uncaught exception is reported.
 */
export async function openSitePage(
  siteUrl: string,
  report: (problem: string) => void,
  consoleTypes: ReturnType<ConsoleMessage['type']>[] = ['error'],
): Promise<{ browser: Browser; context: BrowserContext; page: Page }> {
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addCookies([{ name: 'playground_auto_login_already_happened', value: '1', url: siteUrl }]);
  await context.route(
    (url) => !url.href.startsWith(siteUrl),
    (route) => route.fulfill({ status: 204, body: '' }),
  );
  const page = await context.newPage();
  page.on('console', (message) => {
    if (consoleTypes.includes(message.type())) report(`${message.type() === 'error' ? 'console' : message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => report(`page error: ${error.message}`));
  return { browser, context, page };
}

/**
 * Logs the page in through wp-login.php as the given user. It lands on the plugin's screen, not the
 * dashboard: the dashboard's first view asks WordPress.org for browser and PHP checks, which offline
 * can hold the only PHP worker for long (a CI run timed out waiting for it), and core's profile screen
 * throws a script error of its own. Landing there at all is what proves the login.
 */
export async function logIn(page: Page, siteUrl: string, user: { user: string; password: string }): Promise<void> {
  const screen = `${siteUrl}/wp-admin/admin.php?page=manufacturer-agent`;
  await page.goto(`${siteUrl}/wp-login.php?redirect_to=${encodeURIComponent(screen)}`);
  await page.fill('#user_login', user.user);
  await page.fill('#user_pass', user.password);
  await Promise.all([page.waitForURL(/\/wp-admin\/admin\.php\?page=manufacturer-agent/, { waitUntil: 'domcontentloaded' }), page.click('#wp-submit')]);
}

/** The whole screen in one picture: a viewport as tall as the page (a full-page capture would repeat the sticky bars). */
export async function screenshotWhole(page: Page, file: string): Promise<void> {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: 1280, height: Math.min(Math.max(height, 900), 6000) });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file });
  await page.setViewportSize({ width: 1280, height: 900 });
}
