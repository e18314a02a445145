// A self-contained WordPress core from Debian's packages, for a stack that must start offline.
//
// Debian's `wordpress` package (bookworm: 6.1.9) has no theme and symlinks into other packages
// (getid3, underscore, cropper) and /etc; its wp-config.php is Debian's own. So five packages are
// downloaded (`apt-get download`: no PHP, no Apache installed), extracted with `dpkg -x`, every
// symlink is replaced by a copy of its target and the Debian config is removed. The result is a
// pristine folder that is never mounted itself: each stack copies it, because the playground
// runtime writes into the core it mounts (wp-config.php, the SQLite database, debug.log, a patch
// of wp-includes/load.php).
//
//   node scripts/prepare-wordpress-core.mjs      prints the folder; idempotent
//
// Exported: prepareWordPressCore() → { dir, version }.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE_DIR = path.join(ROOT, '.stack', 'cache');
const PACKAGES = ['wordpress', 'wordpress-theme-twentytwentythree', 'libjs-underscore', 'libjs-cropper', 'php-getid3'];

export function wordpressVersion(coreDir) {
  const file = path.join(coreDir, 'wp-includes', 'version.php');
  if (!existsSync(file)) return undefined;
  return /\$wp_version\s*=\s*'([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
}

function run(command, args, { timeoutMs, cwd } = {}) {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL' });
  if (result.error) throw new Error(`${command} ${args.join(' ')}: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}:\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

function downloadedDeb(debDir, name) {
  return readdirSync(debDir).find((f) => f.startsWith(`${name}_`) && f.endsWith('.deb'));
}

function downloadDebs(debDir, log) {
  mkdirSync(debDir, { recursive: true });
  const missing = PACKAGES.filter((p) => !downloadedDeb(debDir, p));
  if (!missing.length) return;
  // The package lists are empty on a fresh machine: one bounded update, only when needed.
  if (spawnSync('apt-cache', ['show', 'wordpress'], { stdio: 'ignore', timeout: 60_000 }).status !== 0) {
    log('apt-get update (package lists missing)');
    run('apt-get', ['update', '-qq'], { timeoutMs: 300_000 });
  }
  log(`apt-get download ${missing.join(' ')}`);
  // As root, apt warns that it downloads unsandboxed into a folder _apt cannot write: harmless.
  run('apt-get', ['download', '-qq', ...missing], { cwd: debDir, timeoutMs: 300_000 });
  for (const p of PACKAGES) if (!downloadedDeb(debDir, p)) throw new Error(`apt-get download gave no ${p}_*.deb in ${debDir}`);
}

/** Every symlink below dir becomes a copy of its target: inside the extracted packages first, else the host's. */
function replaceSymlinks(dir, stage, log) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isSymbolicLink()) {
      const target = readlinkSync(file);
      let source = path.isAbsolute(target) ? path.join(stage, target) : path.resolve(dir, target);
      if (path.isAbsolute(target) && !existsSync(source)) source = target;
      rmSync(file, { force: true });
      if (existsSync(source)) cpSync(source, file, { recursive: true, dereference: true });
      else log(`dropping dangling link ${path.relative(stage, file)} -> ${target}`);
    } else if (entry.isDirectory()) {
      replaceSymlinks(file, stage, log);
    }
  }
}

function hasSymlinks(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((e) => e.isSymbolicLink() || (e.isDirectory() && hasSymlinks(path.join(dir, e.name))));
}

export function prepareWordPressCore({ log = (m) => console.log(`[core] ${m}`) } = {}) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const existing = readdirSync(CACHE_DIR).find((d) => d.startsWith('wordpress-') && wordpressVersion(path.join(CACHE_DIR, d)));
  if (existing) return { dir: path.join(CACHE_DIR, existing), version: wordpressVersion(path.join(CACHE_DIR, existing)) };

  const debDir = path.join(CACHE_DIR, 'debs');
  downloadDebs(debDir, log);
  const stage = path.join(CACHE_DIR, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const p of PACKAGES) run('dpkg', ['-x', path.join(debDir, downloadedDeb(debDir, p)), stage], { timeoutMs: 120_000 });
  const wp = path.join(stage, 'usr/share/wordpress');
  // Debian's master config (reads /etc/wordpress) and the .htaccess link into /etc.
  for (const f of ['wp-config.php', '.htaccess']) rmSync(path.join(wp, f), { force: true });
  replaceSymlinks(wp, stage, log);
  if (hasSymlinks(wp)) throw new Error(`symlinks remain in ${wp}`);
  const version = wordpressVersion(wp);
  if (!version) throw new Error(`no wp-includes/version.php in ${wp}`);
  const dir = path.join(CACHE_DIR, `wordpress-${version}`);
  rmSync(`${dir}.tmp`, { recursive: true, force: true });
  renameSync(wp, `${dir}.tmp`);
  renameSync(`${dir}.tmp`, dir);
  rmSync(stage, { recursive: true, force: true });
  log(`prepared WordPress ${version} in ${path.relative(ROOT, dir)}`);
  return { dir, version };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { dir, version } = prepareWordPressCore();
  console.log(`WordPress ${version}: ${dir}`);
}
