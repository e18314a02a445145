// Debian's Chromium for playwright-core (a test tool's own browser download cannot reach its host
// here). Installed with apt-get when missing, as the stack fetches Debian's WordPress package.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
