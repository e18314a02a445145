// A self-contained WordPress core from Debian's packages, for a stack that must start offline.
//
// Debian's `wordpress` package has no theme and symlinks into other packages (getid3, underscore,
// cropper, …) and /etc; its wp-config.php is Debian's own. So the release's packages are downloaded
// (`apt-get download`: no PHP, no Apache installed), extracted with `dpkg -x`, every symlink is
// replaced by a copy of its target and the Debian config is removed. The result is a pristine
// folder that is never mounted itself: each stack copies it, because the playground runtime writes
// into the core it mounts (wp-config.php, the SQLite database, debug.log, a patch of
// wp-includes/load.php).
//
// The current release (sid's package, the default) and the oldest the plugin supports (trixie's,
// "Requires at least" in plugin/readme.txt). Bookworm's 6.1 is still preparable but not supported:
// its Requests 1.x logs PHP 8.1+ deprecations on every HTTP call, which the tests' debug.log rule refuses. The packages come through a private apt
// configuration under .stack/cache/apt/<suite> (its own sources and lists, the mirror the machine's
// own sources use): the machine's apt sources and lists are never changed.
//
//   node scripts/prepare-wordpress-core.mjs [7.1|6.8|6.1]      prints the folder; idempotent
//
// Exported: prepareWordPressCore({ release }) → { dir, version }.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, readlinkSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CACHE_DIR = path.join(ROOT, '.stack', 'cache');

/** The WordPress releases the stack runs: Debian suite and the packages its `wordpress` links into. */
export const WORDPRESS_RELEASES = {
  '7.1': {
    suite: 'sid',
    packages: ['wordpress', 'wordpress-theme-twentytwentyfive', 'libjs-cropper', 'libjs-underscore', 'libjs-lodash', 'libjs-jquery-ui', 'libphp-phpmailer', 'php-getid3'],
  },
  '6.8': {
    suite: 'trixie',
    packages: ['wordpress', 'wordpress-theme-twentytwentyfive', 'libjs-cropper', 'libjs-lodash', 'libjs-underscore', 'php-getid3'],
  },
  '6.1': {
    suite: 'bookworm',
    packages: ['wordpress', 'wordpress-theme-twentytwentythree', 'libjs-underscore', 'libjs-cropper', 'php-getid3'],
  },
};
export const CURRENT_RELEASE = '7.1';
export const OLDEST_RELEASE = '6.8';

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

/** The Debian mirror the machine's own apt sources use (so no mirror is named here). */
function debianMirror() {
  const targets = run('apt-get', ['indextargets', '--format', '$(REPO_URI) $(RELEASE)'], { timeoutMs: 60_000 });
  const mirror = targets.split('\n').map((l) => l.split(' ')).find(([uri, release]) => uri && release && !release.includes('-'))?.[0];
  if (!mirror) throw new Error('no Debian mirror among the machine\'s apt sources (apt-get indextargets is empty: run apt-get update once)');
  return mirror;
}

function downloadDebs(release, debDir, log) {
  const { suite, packages } = WORDPRESS_RELEASES[release];
  mkdirSync(debDir, { recursive: true });
  const missing = packages.filter((p) => !downloadedDeb(debDir, p));
  if (!missing.length) return;
  const apt = path.join(CACHE_DIR, 'apt', suite);
  mkdirSync(path.join(apt, 'lists', 'partial'), { recursive: true });
  mkdirSync(path.join(apt, 'cache', 'archives', 'partial'), { recursive: true });
  const sources = path.join(apt, 'sources.list');
  if (!existsSync(sources)) writeFileSync(sources, `deb ${debianMirror()} ${suite} main\n`);
  const options = ['-o', `Dir::Etc::sourcelist=${sources}`, '-o', 'Dir::Etc::sourceparts=-', '-o', `Dir::State::Lists=${path.join(apt, 'lists')}`, '-o', `Dir::Cache=${path.join(apt, 'cache')}`];
  if (!readdirSync(path.join(apt, 'lists')).some((f) => f.endsWith('_Packages'))) {
    log(`apt-get update (${suite}, private lists in ${path.relative(ROOT, apt)})`);
    run('apt-get', [...options, 'update', '-qq'], { timeoutMs: 300_000 });
  }
  log(`apt-get download ${missing.join(' ')} (${suite})`);
  // As root, apt warns that it downloads unsandboxed into a folder _apt cannot write: harmless.
  run('apt-get', [...options, 'download', '-qq', ...missing], { cwd: debDir, timeoutMs: 300_000 });
  for (const p of packages) if (!downloadedDeb(debDir, p)) throw new Error(`apt-get download gave no ${p}_*.deb in ${debDir}`);
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

/** The cached core of a release (e.g. 7.1 → wordpress-7.1.4), if prepared. */
function preparedCore(release) {
  const found = readdirSync(CACHE_DIR).find((d) => d.startsWith(`wordpress-${release}.`) && wordpressVersion(path.join(CACHE_DIR, d))?.startsWith(`${release}.`));
  return found && path.join(CACHE_DIR, found);
}

export function prepareWordPressCore({ release = process.env.STACK_WORDPRESS || CURRENT_RELEASE, log = (m) => console.log(`[core] ${m}`) } = {}) {
  if (!WORDPRESS_RELEASES[release]) throw new Error(`unknown WordPress release ${release}: one of ${Object.keys(WORDPRESS_RELEASES).join(', ')}`);
  mkdirSync(CACHE_DIR, { recursive: true });
  const existing = preparedCore(release);
  if (existing) return { dir: existing, version: wordpressVersion(existing) };

  const { suite, packages } = WORDPRESS_RELEASES[release];
  const debDir = path.join(CACHE_DIR, 'debs', suite);
  downloadDebs(release, debDir, log);
  const stage = path.join(CACHE_DIR, 'stage');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const p of packages) run('dpkg', ['-x', path.join(debDir, downloadedDeb(debDir, p)), stage], { timeoutMs: 120_000 });
  const wp = path.join(stage, 'usr/share/wordpress');
  // Debian's master config (reads /etc/wordpress) and the .htaccess link into /etc.
  for (const f of ['wp-config.php', '.htaccess']) rmSync(path.join(wp, f), { force: true });
  replaceSymlinks(wp, stage, log);
  if (hasSymlinks(wp)) throw new Error(`symlinks remain in ${wp}`);
  const version = wordpressVersion(wp);
  if (!version?.startsWith(`${release}.`)) throw new Error(`${suite}'s package is WordPress ${version ?? '(no wp-includes/version.php)'}, not ${release}`);
  const dir = path.join(CACHE_DIR, `wordpress-${version}`);
  rmSync(`${dir}.tmp`, { recursive: true, force: true });
  renameSync(wp, `${dir}.tmp`);
  renameSync(`${dir}.tmp`, dir);
  rmSync(stage, { recursive: true, force: true });
  log(`prepared WordPress ${version} in ${path.relative(ROOT, dir)}`);
  return { dir, version };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { dir, version } = prepareWordPressCore({ release: process.argv[2] });
  console.log(`WordPress ${version}: ${dir}`);
}
