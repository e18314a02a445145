// The local stack: the sidecar and WordPress (with the plugin active) side by side.
//
//   node scripts/stack.mjs start  [--instance dev] [--php 8.2] [--wordpress 7.1|6.8] [--fresh] [--no-build]
//   node scripts/stack.mjs stop   [--instance dev | --all]
//   node scripts/stack.mjs status [--instance dev]
//   node scripts/stack.mjs php    [--instance dev] 'echo get_option("home");'   (WP-CLI stand-in)
//
// `npm run stack` = start, `npm run stack:stop` = stop. WordPress listens on http://localhost:8888
// unless WP_ENV_PORT says otherwise; the sidecar on 127.0.0.1:8787 unless STACK_SIDECAR_PORT does
// (a busy 8787 is replaced by a free port: WordPress is told the URL, so any port works).
//
// Runtime: @wordpress/env with `--runtime=playground` (WordPress on WebAssembly PHP, SQLite) when no
// Docker engine answers `docker info`, the Docker runtime otherwise; STACK_RUNTIME=playground|docker
// forces one. The core is Debian's WordPress (scripts/prepare-wordpress-core.mjs), so the stack
// starts offline: 7.1 by default, the oldest supported release with --wordpress 6.8 (STACK_WORDPRESS).
//
// Configuration files — why `--config` and a copy per instance:
// wp-env only reads `.wp-env.json` by default. The committed description is `wp-env.json` (the name
// the issue asks for), so every wp-env call here passes `--config`. wp-env keys its work directory
// by the config file's path, and a second `wp-env start` on the same work directory orphans the
// first server. So each stack instance gets its own folder `.stack/<instance>/` holding a verbatim
// copy of `wp-env.json` and, beside it, `wp-env.override.json` (wp-env's name for the override of
// `--config X.json` is `X.override.json`) with what must not be committed or differs per instance:
// the random bridge token, the sidecar URL, the port, the PHP version and the instance's own copy of
// the core. Relative paths in wp-env.json are resolved by wp-env against the working directory,
// which is always the repository root here. The test suites start their own instance
// (`test-<pid>`, free ports, removed afterwards), so `npm test` never touches a developer's stack.
//
// Gotchas handled (see the spike's findings): `wp-env start` returns when `/` answers anything, a
// second or two before the playground has applied its blueprint (constants, login): we also wait
// for "Ready!" in its log and a 200 from the REST index. A second start orphans the first server:
// before starting, any playground server of this instance (found by its blueprint path in
// /proc/*/cmdline, never by a broad name) is stopped. `wp-env run` (WP-CLI) is not supported by the
// playground runtime: the site setup runs as a PHP script in a one-shot playground `php` process on
// the same files and database. Offline, wp-env needs the latest WordPress version in its cache file.
import { SIDECAR_NODE_FLAGS } from './sidecar-node-flags.mjs';
import { spawn, spawnSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prepareWordPressCore, wordpressVersion } from './prepare-wordpress-core.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const STACK_DIR = path.join(ROOT, '.stack');
const WP_ENV_HOME = path.join(STACK_DIR, 'wp-env-home');
const require = createRequire(import.meta.url);
export const PLAYGROUND_COOKIE = 'playground_auto_login_already_happened=1';
export const ADMIN = { user: 'admin', password: 'password' };
export const SUBSCRIBER = { user: 'subscriber', password: 'subscriber-password' };
const PLUGIN_SLUG = 'manufacturer-agent';
const SIDECAR_BUNDLE = path.join(ROOT, 'plugin/build/sidecar/main.mjs');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const now = () => performance.now();

export function instanceDir(instance) {
  if (!/^[a-z0-9][a-z0-9-]{0,40}$/.test(instance)) throw new Error(`invalid instance name ${instance}`);
  return path.join(STACK_DIR, instance);
}

function paths(instance) {
  const dir = instanceDir(instance);
  return {
    dir,
    config: path.join(dir, 'wp-env.json'),
    override: path.join(dir, 'wp-env.override.json'),
    core: path.join(dir, 'wordpress'),
    data: path.join(dir, 'data'),
    php: path.join(dir, 'php'),
    sidecarPid: path.join(dir, 'sidecar.pid'),
    sidecarLog: path.join(dir, 'sidecar.log'),
    state: path.join(dir, 'state.json'),
    debugLog: path.join(dir, 'wordpress/wp-content/debug.log'),
  };
}

/** wp-env's work directory for a config file (node_modules/@wordpress/env/lib/config/load-config.js). */
export function workDirectory(configFile) {
  const md5 = (s) => require('node:crypto').createHash('md5').update(s).digest('hex');
  const legacy = path.resolve(WP_ENV_HOME, md5(configFile));
  if (existsSync(legacy)) return legacy;
  const variant = path.basename(configFile, '.json').replace(/^\.wp-env\.?/, '').replace(/[^a-zA-Z0-9._]+/g, '-').replace(/^-+|-+$/g, '');
  return path.resolve(WP_ENV_HOME, ['wp-env', path.basename(path.dirname(configFile)), ...(variant ? [variant] : []), md5(configFile).slice(0, 8)].join('-'));
}

function wpEnvBin() {
  return path.join(path.dirname(require.resolve('@wordpress/env/package.json')), 'bin', 'wp-env');
}

/** The playground CLI exactly as wp-env resolves it (it may be nested under @wordpress/env). */
export function playgroundCli() {
  const envDir = path.dirname(require.resolve('@wordpress/env/package.json'));
  return path.join(path.dirname(require.resolve('@wp-playground/cli/package.json', { paths: [envDir] })), 'wp-playground.js');
}

export function readState(instance) {
  try {
    return JSON.parse(readFileSync(paths(instance).state, 'utf8'));
  } catch {
    return undefined;
  }
}

function writeState(instance, state) {
  writeFileSync(paths(instance).state, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

function alive(pid) {
  if (!pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PIDs of playground servers whose blueprint lives in this work directory (orphans included). */
export function playgroundServerPids(workDir) {
  const marker = path.join(workDir, 'playground-blueprint.json');
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let argv;
    try {
      argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue;
    }
    if (argv.some((a) => a.endsWith('wp-playground.js')) && argv.includes('server') && argv.includes(marker)) pids.push(Number(entry));
  }
  return pids;
}

async function killGroupOrPid(pid, graceMs) {
  const signal = (sig) => {
    try {
      process.kill(-pid, sig);
    } catch {
      try {
        process.kill(pid, sig);
      } catch {
        /* gone */
      }
    }
  };
  signal('SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(100);
  if (alive(pid)) signal('SIGKILL');
  const hard = Date.now() + 5000;
  while (alive(pid) && Date.now() < hard) await sleep(100);
}

export function portInUse(port, host = '0.0.0.0') {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(false)));
  });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '0.0.0.0' }, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function runStep(command, args, { timeoutMs, env, cwd = ROOT, input, quiet = false } = {}) {
  const result = spawnSync(command, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : `exit ${result.status}`;
    throw new Error(`${command} ${args.join(' ')} failed (${why}):\n${result.stdout ?? ''}${result.stderr ?? ''}`);
  }
  if (!quiet && result.stdout.trim()) process.stdout.write(result.stdout);
  return result.stdout;
}

export function chooseRuntime() {
  const forced = process.env.STACK_RUNTIME;
  if (forced === 'playground' || forced === 'docker') return forced;
  const docker = spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 15_000 });
  return docker.status === 0 ? 'docker' : 'playground';
}

/** Where a container reaches the host's sidecar, and which address the sidecar listens on for it. */
function dockerHostAddress() {
  const out = spawnSync('ip', ['-4', '-o', 'addr', 'show', 'docker0'], { encoding: 'utf8' }).stdout ?? '';
  return /inet (\d+\.\d+\.\d+\.\d+)/.exec(out)?.[1] ?? '0.0.0.0';
}

async function fetchStatus(url, init = {}, timeoutMs = 5000) {
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

// ---------------------------------------------------------------------------------------------
// The sidecar

/** Starts the sidecar detached (PID file, log file) with the environment saved in the state. */
export async function startSidecar(instance, { timeoutMs = 20_000 } = {}) {
  const p = paths(instance);
  const state = readState(instance);
  if (!state) throw new Error(`stack ${instance} has no state`);
  await stopSidecar(instance);
  mkdirSync(state.sidecar.env.MANUFACTURER_AGENT_DATA_DIR, { recursive: true });
  const log = openSync(p.sidecarLog, 'a');
  const child = spawn(process.execPath, [...SIDECAR_NODE_FLAGS, SIDECAR_BUNDLE], {
    cwd: ROOT,
    env: { ...process.env, ...state.sidecar.env },
    detached: true,
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  child.unref();
  writeFileSync(p.sidecarPid, String(child.pid));
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`sidecar exited before it answered; see ${p.sidecarLog}:\n${readFileSync(p.sidecarLog, 'utf8').slice(-2000)}`);
    const status = await fetchStatus(`${state.sidecar.url}/_bridge/status`, { headers: internalCallHeaders(state.token) }, 1000);
    if (status === 200) return child.pid;
    await sleep(100);
  }
  await stopSidecar(instance);
  throw new Error(`sidecar did not answer within ${timeoutMs} ms; see ${p.sidecarLog}`);
}

/**
 * Headers of one of the plugin's own internal calls, as Sidecar_Client.php sends them: the secret and the
 * credential derived from it, names and derivation from the build's contract (plugin/sidecar/contract.ts)
 * as PHP reads them; the secret alone opens no internal route.
 */
export function internalCallHeaders(token) {
  const contract = JSON.parse(readFileSync(path.join(ROOT, 'plugin/build/contract.json'), 'utf8'));
  return {
    [contract.bridge_headers.token]: token,
    [contract.bridge_headers.internal]: createHmac('sha256', token).update(contract.internal_credential_context).digest('hex'),
  };
}

/** Stops the sidecar of the instance (SIGTERM: it finishes requests in flight; SIGKILL after 10 s). */
export async function stopSidecar(instance) {
  const p = paths(instance);
  let pid;
  try {
    pid = Number(readFileSync(p.sidecarPid, 'utf8'));
  } catch {
    return;
  }
  // Only a process that still runs our bundle: a PID file may outlive its process and its number be reused.
  let ours = false;
  try {
    ours = readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(SIDECAR_BUNDLE);
  } catch {
    ours = false;
  }
  if (ours) await killGroupOrPid(pid, 10_000);
  rmSync(p.sidecarPid, { force: true });
}

// ---------------------------------------------------------------------------------------------
// WordPress

function writeWpEnvFiles(instance, { runtime, wpPort, sidecarUrl, token, phpVersion, coreDir }) {
  const p = paths(instance);
  const base = JSON.parse(readFileSync(path.join(ROOT, 'wp-env.json'), 'utf8'));
  writeFileSync(p.config, `${JSON.stringify(base, null, 2)}\n`);
  const override = {
    port: wpPort,
    phpVersion: phpVersion ?? base.phpVersion,
    config: { MANUFACTURER_AGENT_SIDECAR_URL: sidecarUrl, MANUFACTURER_AGENT_BRIDGE_TOKEN: token },
  };
  // Debian's core by default (offline); WP_ENV_CORE (wp-env's own variable) chooses another.
  if (!process.env.WP_ENV_CORE) override.core = coreDir;
  writeFileSync(p.override, `${JSON.stringify(override, null, 2)}\n`, { mode: 0o600 });
  // Offline, wp-env asks WordPress.org for the latest version even with a local core: answer from its cache.
  const workDir = workDirectory(p.config);
  mkdirSync(workDir, { recursive: true });
  const cacheFile = path.join(workDir, 'wp-env-cache.json');
  let cache = {};
  try {
    cache = JSON.parse(readFileSync(cacheFile, 'utf8'));
  } catch {
    /* first start */
  }
  cache.latestWordPressVersion = wordpressVersion(coreDir) ?? cache.latestWordPressVersion;
  // A work directory started with the other runtime would make wp-env ask (no TTY: it cancels).
  if (cache.runtime && cache.runtime !== runtime) delete cache.runtime;
  writeFileSync(cacheFile, JSON.stringify(cache));
  return workDir;
}

function wpEnv(instance, args, { timeoutMs = 180_000, env = {} } = {}) {
  // --config is a global option: before the command, so `run cli wp …` cannot take it for its own.
  return runStep(process.execPath, [wpEnvBin(), '--config', paths(instance).config, ...args], { timeoutMs, env: { WP_ENV_HOME, ...env }, quiet: true });
}

async function waitForWordPress(state, workDir, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  const log = path.join(workDir, 'playground.log');
  while (Date.now() < deadline) {
    const ready = state.runtime !== 'playground' || (existsSync(log) && /^Ready!/m.test(readFileSync(log, 'utf8')));
    if (ready && (await fetchStatus(`${state.wordpress.url}/?rest_route=/`, { headers: { cookie: PLAYGROUND_COOKIE } }, 10_000)) === 200) return;
    await sleep(250);
  }
  throw new Error(`WordPress did not become ready within ${timeoutMs / 1000} s; see ${log}`);
}

/** Runs PHP after wp-load.php in the instance's site. Returns what it printed. */
export function wordpressPhp(instance, code, { timeoutMs = 120_000 } = {}) {
  const state = readState(instance);
  if (!state) throw new Error(`stack ${instance} is not started`);
  const p = paths(instance);
  const body = code.replace(/^\s*<\?php/, '');
  if (state.runtime === 'docker') {
    return wpEnv(instance, ['run', 'cli', 'wp', 'eval', body], { timeoutMs });
  }
  // A script file (with `php -r` the SQLite loader is never prepended) and the blueprint (for the constants).
  mkdirSync(p.php, { recursive: true });
  const name = `run-${process.pid}-${Date.now()}.php`;
  writeFileSync(path.join(p.php, name), `<?php\nrequire '/wordpress/wp-load.php';\n${body}\n`);
  try {
    const config = JSON.parse(readFileSync(p.config, 'utf8'));
    const mounts = [];
    for (const [target, source] of Object.entries(config.mappings ?? {})) mounts.push('--mount-dir', path.resolve(ROOT, source), `/wordpress/${target}`);
    for (const plugin of config.plugins ?? []) mounts.push('--mount-dir', path.resolve(ROOT, plugin), `/wordpress/wp-content/plugins/${path.basename(plugin)}`);
    const args = [
      playgroundCli(), 'php',
      '--php', state.wordpress.php,
      '--site-url', state.wordpress.url,
      '--blueprint', path.join(state.workDir, 'playground-blueprint.json'),
      '--mount-dir-before-install', p.core, '/wordpress',
      '--wordpress-install-mode', 'install-from-existing-files-if-needed',
      ...mounts,
      '--mount-dir', p.php, '/stack-php',
      '--', `/stack-php/${name}`,
    ];
    const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024 });
    if (result.error || result.status !== 0) throw new Error(`PHP in the site failed (${result.error?.message ?? `exit ${result.status}`}):\n${result.stdout}${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(path.join(p.php, name), { force: true });
  }
}

/** Idempotent site setup: pretty permalinks, the plugin active, review pages, a subscriber, application passwords. */
const SITE_SETUP = readFileSync(path.join(ROOT, 'scripts/stack-site-setup.php'), 'utf8');

// ---------------------------------------------------------------------------------------------
// Start, stop, status

/**
 * Builds (unless build: false), prepares the core, starts the sidecar and WordPress, sets the site up.
 * Returns the state (also written to .stack/<instance>/state.json).
 */
export async function startStack({
  instance = 'dev',
  wpPort = Number(process.env.WP_ENV_PORT || 8888),
  sidecarPort = Number(process.env.STACK_SIDECAR_PORT || 8787),
  php = process.env.WP_ENV_PHP_VERSION,
  wordpress = undefined,
  fresh = false,
  build = true,
  sidecarEnv = {},
  log = (m) => console.log(`[stack] ${m}`),
} = {}) {
  const t0 = now();
  const lap = (m) => log(`${m} (+${((now() - t0) / 1000).toFixed(1)} s)`);
  const p = paths(instance);
  mkdirSync(p.dir, { recursive: true });

  // A stack of this instance may run (or have been orphaned): stop it first, never start a second.
  if (readState(instance) || existsSync(p.sidecarPid) || playgroundServerPids(workDirectory(p.config)).length) {
    log(`instance ${instance} is running or was not stopped cleanly: stopping it first`);
    await stopStack({ instance, log });
  }

  if (build) {
    runStep('npm', ['run', '--silent', 'build'], { timeoutMs: 300_000 });
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts ?? {};
    if (scripts['build:admin']) runStep('npm', ['run', '--silent', 'build:admin'], { timeoutMs: 300_000 });
    lap('built');
  }
  if (!existsSync(SIDECAR_BUNDLE)) throw new Error(`${SIDECAR_BUNDLE} is missing: npm run build`);

  const runtime = chooseRuntime();
  const { dir: pristine, version } = prepareWordPressCore({ release: wordpress, log: (m) => log(`core: ${m}`) });
  // Another release than the instance's core: a new site (the playground keeps its database in the core).
  if (fresh || wordpressVersion(p.core) !== version) {
    rmSync(p.core, { recursive: true, force: true });
    // A real copy, never hard links: the playground edits core files in place.
    cpSync(pristine, p.core, { recursive: true });
  }
  lap(`WordPress ${version} core ready (runtime: ${runtime})`);

  if (!wpPort) wpPort = await freePort();
  if (await portInUse(wpPort)) throw new Error(`port ${wpPort} is in use by another program; set WP_ENV_PORT to another port`);
  if (!sidecarPort || (await portInUse(sidecarPort, '127.0.0.1'))) sidecarPort = await freePort();
  const token = randomBytes(32).toString('base64url');
  const wpUrl = `http://localhost:${wpPort}`;
  const sidecarHost = runtime === 'docker' ? dockerHostAddress() : '127.0.0.1';
  const sidecarUrl = `http://${sidecarHost === '0.0.0.0' ? '127.0.0.1' : sidecarHost}:${sidecarPort}`;
  const sidecarUrlForWordPress = runtime === 'docker' ? `http://host.docker.internal:${sidecarPort}` : sidecarUrl;
  const phpVersion = php ?? JSON.parse(readFileSync(path.join(ROOT, 'wp-env.json'), 'utf8')).phpVersion ?? '8.2';
  const workDir = writeWpEnvFiles(instance, { runtime, wpPort, sidecarUrl: sidecarUrlForWordPress, token, phpVersion, coreDir: p.core });

  const state = {
    instance,
    runtime,
    startedAt: new Date().toISOString(),
    workDir,
    token,
    wordpress: { url: wpUrl, port: wpPort, version, php: phpVersion, debugLog: p.debugLog, admin: ADMIN, subscriber: SUBSCRIBER },
    sidecar: {
      url: sidecarUrl,
      port: sidecarPort,
      log: p.sidecarLog,
      env: {
        PORT: String(sidecarPort),
        HOST: sidecarHost,
        MANUFACTURER_AGENT_DATA_DIR: p.data,
        MANUFACTURER_AGENT_PUBLIC_URL: wpUrl,
        MANUFACTURER_AGENT_BRIDGE_TOKEN: token,
        LOG_LEVEL: 'info',
        ...sidecarEnv,
      },
    },
    timings: {},
  };
  writeState(instance, state);

  try {
    await startSidecar(instance);
    lap(`sidecar listening on ${sidecarUrl}`);

    const tWp = now();
    const args = ['start', `--runtime=${runtime}`];
    wpEnv(instance, args, { timeoutMs: runtime === 'docker' ? 900_000 : 180_000 });
    if (runtime === 'playground') {
      const pids = playgroundServerPids(workDir);
      state.wordpress.serverPid = pids[0];
    }
    await waitForWordPress(state, workDir, 120_000);
    state.timings.wordpressStartSeconds = Number(((now() - tWp) / 1000).toFixed(1));
    lap(`WordPress answers on ${wpUrl}`);
    writeState(instance, state);

    const setup = wordpressPhp(instance, SITE_SETUP);
    const line = setup.split('\n').find((l) => l.startsWith('{"stack_setup"'));
    if (!line) throw new Error(`the site setup printed no result:\n${setup}`);
    state.setup = JSON.parse(line).stack_setup;
    state.wordpress.subscriber = { ...SUBSCRIBER, applicationPassword: state.setup.subscriber_application_password };
    state.wordpress.admin = { ...ADMIN, applicationPassword: state.setup.admin_application_password };
    delete state.setup.subscriber_application_password;
    delete state.setup.admin_application_password;
    lap(`site set up: plugin ${state.setup.plugin}, pages ${Object.keys(state.setup.pages).join(' ')}`);
  } catch (error) {
    await stopStack({ instance, log: () => {} }).catch(() => {});
    throw error;
  }
  state.timings.totalSeconds = Number(((now() - t0) / 1000).toFixed(1));
  writeState(instance, state);
  return state;
}

/** Stops WordPress (and any orphaned server of the instance) and the sidecar. */
export async function stopStack({ instance = 'dev', remove = false, log = (m) => console.log(`[stack] ${m}`) } = {}) {
  const p = paths(instance);
  const state = readState(instance);
  const workDir = workDirectory(p.config);
  if (existsSync(p.config)) {
    try {
      wpEnv(instance, ['stop'], { timeoutMs: 120_000 });
    } catch (error) {
      log(`wp-env stop: ${String(error.message).split('\n')[0]}`);
    }
  }
  for (const pid of playgroundServerPids(workDir)) {
    log(`stopping playground server ${pid} of ${instance}`);
    await killGroupOrPid(pid, 5_000);
  }
  await stopSidecar(instance);
  rmSync(p.state, { force: true });
  if (remove) {
    rmSync(p.dir, { recursive: true, force: true });
    rmSync(workDir, { recursive: true, force: true });
  }
  const left = playgroundServerPids(workDir);
  if (left.length) throw new Error(`playground server still running: ${left.join(' ')}`);
  return state;
}

/** Instances left behind by test runs whose process is gone. */
export async function sweepStaleTestInstances(log = () => {}) {
  if (!existsSync(STACK_DIR)) return;
  for (const name of readdirSync(STACK_DIR)) {
    const match = /^test-(\d+)(?:-.*)?$/.exec(name);
    if (match && !alive(Number(match[1]))) {
      log(`removing stale test stack ${name}`);
      await stopStack({ instance: name, remove: true, log });
    }
  }
}

export async function stackStatus(instance = 'dev') {
  const state = readState(instance);
  if (!state) return { instance, running: false };
  const p = paths(instance);
  const sidecarPid = existsSync(p.sidecarPid) ? Number(readFileSync(p.sidecarPid, 'utf8')) : undefined;
  const sidecar = await fetchStatus(`${state.sidecar.url}/_bridge/status`, { headers: internalCallHeaders(state.token) });
  const wordpress = await fetchStatus(`${state.wordpress.url}/?rest_route=/`, { headers: { cookie: PLAYGROUND_COOKIE } }, 15_000);
  return {
    instance,
    running: sidecar === 200 && wordpress === 200,
    runtime: state.runtime,
    wordpress: { url: state.wordpress.url, status: wordpress, serverPids: playgroundServerPids(state.workDir) },
    sidecar: { url: state.sidecar.url, status: sidecar, pid: alive(sidecarPid) ? sidecarPid : undefined },
  };
}

function printStarted(state) {
  const w = state.wordpress.url;
  console.log(`
WordPress ${state.wordpress.version} (PHP ${state.wordpress.php}, ${state.runtime} runtime) with the Manufacturer Agent plugin:
  site            ${w}/
  wp-admin        ${w}/wp-admin/   login: ${state.wordpress.admin.user} / ${state.wordpress.admin.password}
  materials       ${w}/wp-json/manufacturer-agent/v1/materials
  ask             ${w}/wp-json/nlweb/v1/ask?query=Wallcheck
  tool endpoint   ${w}/mcp/
  llms.txt        ${w}/llms.txt
  openapi.json    ${w}/openapi.json
sidecar           ${state.sidecar.url}   (log ${path.relative(ROOT, state.sidecar.log)}, data ${path.relative(ROOT, state.sidecar.env.MANUFACTURER_AGENT_DATA_DIR)})
WordPress log     ${path.relative(ROOT, state.wordpress.debugLog)}
${state.runtime === 'playground' ? `Send the cookie ${PLAYGROUND_COOKIE} to browse anonymously (without it the playground logs you in as admin).\n` : ''}Started in ${state.timings.totalSeconds} s (WordPress ${state.timings.wordpressStartSeconds} s). Stop with: npm run stack:stop`);
}

async function main(argv) {
  const [command = 'status', ...rest] = argv;
  const option = (name) => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const flag = (name) => rest.includes(`--${name}`);
  const instance = option('instance') ?? 'dev';
  switch (command) {
    case 'start': {
      const state = await startStack({ instance, php: option('php'), wordpress: option('wordpress'), fresh: flag('fresh'), build: !flag('no-build') });
      printStarted(state);
      return 0;
    }
    case 'stop': {
      const names = flag('all') && existsSync(STACK_DIR) ? readdirSync(STACK_DIR).filter((d) => existsSync(path.join(STACK_DIR, d, 'wp-env.json'))) : [instance];
      for (const name of names) {
        await stopStack({ instance: name, remove: name.startsWith('test-') });
        console.log(`[stack] ${name} stopped`);
      }
      return 0;
    }
    case 'status': {
      const status = await stackStatus(instance);
      console.log(JSON.stringify(status, null, 2));
      return status.running ? 0 : 3;
    }
    case 'php': {
      process.stdout.write(wordpressPhp(instance, rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--instance').join(' ')));
      return 0;
    }
    default:
      console.error('usage: node scripts/stack.mjs start|stop|status|php [--instance NAME] [--php 8.x] [--wordpress 7.1|6.8] [--fresh] [--no-build] [--all]');
      return 2;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error) => {
      console.error(`[stack] ${error.stack ?? error}`);
      process.exit(1);
    },
  );
}

