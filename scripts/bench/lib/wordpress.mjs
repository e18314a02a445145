// WordPress on native PHP for the benchmark, as production sites run it: Debian's PHP-FPM with
// OPcache behind Debian's nginx, on MariaDB. Everything lives in one temporary folder and one
// database of its own; stop() ends the servers, drops the database and removes the folder.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { prepareWordPressCore } from '../../prepare-wordpress-core.mjs';
import { freePort, hasCommand, run, startProcess, waitExit, waitFor200 } from './proc.mjs';

export const APT_PACKAGES = ['php-fpm', 'php-mysql', 'php-curl', 'php-mbstring', 'php-xml', 'nginx', 'wrk'];
const MARIADB = ['-h', '127.0.0.1', '-P', '3306', '-uroot'];
/** The bench's plain REST route, registered by its mu-plugin. */
export const PLAIN_PATH = '/wp-json/bench/v1/materials';
export const BRIDGED_PATH = '/wp-json/manufacturer-agent/v1/materials';

function fpmBinary() {
  const found = existsSync('/usr/sbin')
    ? readdirSync('/usr/sbin')
        .filter((f) => /^php-fpm\d+\.\d+$/.test(f))
        .sort()
    : [];
  return found.length ? path.join('/usr/sbin', found.at(-1)) : undefined;
}

function missingPhpModules(fpm) {
  if (!fpm) return ['php-fpm'];
  const modules = run(fpm, ['-m']).toLowerCase();
  return ['mysqli', 'curl', 'zend opcache', 'mbstring'].filter((m) => !modules.includes(m));
}

/** Another install in progress (a parallel test file, a benchmark) is waited for, not failed on. */
const WAIT_FOR_LOCK = ['-o', 'DPkg::Lock::Timeout=540'];

/**
 * Installs what the benchmark needs from Debian's packages when anything is missing. Services are not
 * started by the packages: where no policy-rc.d exists one is put in place for the install and removed.
 */
export function ensurePackages(log) {
  const missing = [];
  if (!hasCommand('wrk')) missing.push('wrk');
  if (!hasCommand('nginx') && !existsSync('/usr/sbin/nginx')) missing.push('nginx');
  if (missingPhpModules(fpmBinary()).length || !hasCommand('php')) missing.push('php-fpm', 'php-mysql', 'php-curl', 'php-mbstring', 'php-xml', 'php-cli');
  if (!missing.length) return [];
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, '#!/bin/sh\n# put here by scripts/bench for the duration of one apt-get install\nexit 101\n', { mode: 0o755 });
  try {
    if (run('apt-cache', ['policy', ...missing]).includes('Candidate: (none)') || !run('apt-cache', ['policy', missing[0]]).includes('Candidate:')) {
      log('apt-get update');
      run('apt-get', ['update', '-qq', ...WAIT_FOR_LOCK], { timeoutMs: 300_000 });
    }
    log(`apt-get install -y ${missing.join(' ')}`);
    run('apt-get', ['install', '-y', '-qq', ...WAIT_FOR_LOCK, ...missing], { timeoutMs: 600_000, env: { DEBIAN_FRONTEND: 'noninteractive' } });
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
  return missing;
}

export async function ensureMariaDb(log) {
  const ok = () => {
    try {
      run('mariadb', [...MARIADB, '-e', 'SELECT 1'], { timeoutMs: 10_000 });
      return true;
    } catch {
      return false;
    }
  };
  if (ok()) return;
  log('starting MariaDB');
  run('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', '/usr/sbin/mariadbd']);
  for (let i = 0; i < 60; i++) {
    if (ok()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('MariaDB on 127.0.0.1:3306 did not answer within 30 s');
}

export function phpVersion() {
  return run('php', ['-r', 'echo PHP_VERSION;']).trim();
}

const php = (s) => `'${String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * A WordPress site with the plugin active, served by nginx + PHP-FPM on 127.0.0.1.
 * options: { workDir, pluginDir, sidecarUrl, token, body (the bytes the plain route answers), fpmChildren, log,
 *   constants (further wp-config.php constants, e.g. the trusted proxies) }
 */
export async function startWordPress({ workDir, pluginDir, sidecarUrl, token, body, fpmChildren = 8, log, constants = {} }) {
  const core = prepareWordPressCore({ log: (m) => log(`core: ${m}`) });
  const site = path.join(workDir, 'wordpress');
  const run_ = path.join(workDir, 'run');
  mkdirSync(run_, { recursive: true });
  cpSync(core.dir, site, { recursive: true });
  symlinkSync(pluginDir, path.join(site, 'wp-content/plugins/manufacturer-agent'));
  mkdirSync(path.join(site, 'wp-content/mu-plugins'), { recursive: true });

  const port = await freePort();
  const home = `http://127.0.0.1:${port}`;
  const database = `ma_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const fpm = fpmBinary();
  const stoppers = [];
  const state = { url: home, port, database, site, php: phpVersion(), wordpress: core.version, fpm: path.basename(fpm), fpmChildren };

  const stop = async () => {
    for (const s of stoppers.reverse()) {
      try {
        await s();
      } catch (error) {
        log(`cleanup: ${error.message}`);
      }
    }
  };

  try {
    await ensureMariaDb(log);
    run('mariadb', [...MARIADB, '-e', `CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`]);
    stoppers.push(() => run('mariadb', [...MARIADB, '-e', `DROP DATABASE IF EXISTS \`${database}\``]));
    stoppers.push(() => rmSync(workDir, { recursive: true, force: true }));

    const salts = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT']
      .map((k) => `define( '${k}', '${randomBytes(24).toString('hex')}' );`)
      .join('\n');
    writeFileSync(
      path.join(site, 'wp-config.php'),
      `<?php
define( 'DB_NAME', ${php(database)} );
define( 'DB_USER', 'root' );
define( 'DB_PASSWORD', '' );
define( 'DB_HOST', '127.0.0.1:3306' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wp_';
${salts}
define( 'WP_HOME', ${php(home)} );
define( 'WP_SITEURL', ${php(home)} );
define( 'WP_DEBUG', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'MANUFACTURER_AGENT_SIDECAR_URL', ${php(sidecarUrl)} );
define( 'MANUFACTURER_AGENT_BRIDGE_TOKEN', ${php(token)} );
${Object.entries(constants)
  .map(([name, value]) => `define( ${php(name)}, ${php(value)} );`)
  .join('\n')}
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`,
    );

    // The plain route: WordPress's REST API dispatches it as any plugin's route; its answer is the
    // same bytes as the bridged route's, echoed as stored (no JSON encoding per request).
    writeFileSync(
      path.join(site, 'wp-content/mu-plugins/bench-plain-route.php'),
      `<?php
/**
 * Plugin Name: Bench plain REST route
 * Description: GET /wp-json/bench/v1/materials answers the bytes of the bridged materials route, through the REST API.
 */
add_action(
	'rest_api_init',
	static function () {
		register_rest_route(
			'bench/v1',
			'/materials',
			array(
				'methods'             => 'GET',
				'permission_callback' => '__return_true',
				'callback'            => static fn () => new WP_REST_Response( null, 200 ),
			)
		);
	}
);
add_filter(
	'rest_pre_serve_request',
	static function ( $served, $result, $request ) {
		if ( '/bench/v1/materials' !== $request->get_route() ) {
			return $served;
		}
		header( 'Content-Type: application/json; charset=utf-8' );
		echo require __DIR__ . '/bench-materials-body.php'; // phpcs:ignore
		return true;
	},
	10,
	3
);
`,
    );
    writeFileSync(path.join(site, 'wp-content/mu-plugins/bench-materials-body.php'), `<?php return ${php(body)};\n`);

    writeFileSync(
      path.join(run_, 'install.php'),
      `<?php
define( 'WP_INSTALLING', true );
$_SERVER['HTTP_HOST']   = ${php(`127.0.0.1:${port}`)};
$_SERVER['REQUEST_URI'] = '/';
require ${php(path.join(site, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';
if ( ! is_blog_installed() ) {
	wp_install( 'Bench', 'admin', 'admin@example.com', true, '', wp_generate_password( 24 ) );
}
global $wp_rewrite;
$wp_rewrite->set_permalink_structure( '/%postname%/' );
$wp_rewrite->flush_rules( false );
$result = activate_plugin( 'manufacturer-agent/manufacturer-agent.php' );
if ( is_wp_error( $result ) ) {
	fwrite( STDERR, $result->get_error_message() . "\\n" );
	exit( 1 );
}
echo 'installed ', get_bloginfo( 'version' ), "\\n";
`,
    );
    log(`installing WordPress ${core.version} (database ${database})`);
    run('php', [path.join(run_, 'install.php')], { timeoutMs: 120_000 });

    const sock = path.join(run_, 'php-fpm.sock');
    writeFileSync(
      path.join(run_, 'php-fpm.conf'),
      `[global]
pid = ${run_}/php-fpm.pid
error_log = ${run_}/php-fpm.log
daemonize = no

[bench]
user = root
group = root
listen = ${sock}
pm = static
pm.max_children = ${fpmChildren}
clear_env = no
catch_workers_output = yes
php_admin_flag[display_errors] = off
php_admin_value[error_log] = ${run_}/php-errors.log
`,
    );
    const fpmChild = startProcess({
      command: fpm,
      args: ['-R', '-F', '-y', path.join(run_, 'php-fpm.conf')],
      logFile: path.join(run_, 'php-fpm.out'),
      name: 'php-fpm',
    });
    stoppers.push(async () => {
      fpmChild.kill('SIGQUIT');
      await waitExit(fpmChild, 10_000).catch(() => fpmChild.kill('SIGKILL'));
    });

    // Debian's fastcgi_params names the host without the port (HTTP_HOST $host): on this port WordPress
    // would redirect every front-end page to itself (redirect_canonical). A copy that names the port.
    const fastcgiParams = readFileSync('/etc/nginx/fastcgi_params', 'utf8').replace(/^(fastcgi_param\s+HTTP_HOST\s+)\$host;$/m, '$1$host:$server_port;');
    writeFileSync(path.join(run_, 'fastcgi_params'), fastcgiParams);
    const temp = path.join(run_, 'nginx-temp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(
      path.join(run_, 'nginx.conf'),
      `user root;
worker_processes 1;
daemon off;
pid ${run_}/nginx.pid;
error_log ${run_}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${temp}/body;
  fastcgi_temp_path ${temp}/fastcgi;
  proxy_temp_path ${temp}/proxy;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    index index.php;
    location / { try_files $uri $uri/ /index.php?$args; }
    location ~ \\.php$ {
      include ${run_}/fastcgi_params;
      fastcgi_param SCRIPT_FILENAME $document_root$fastcgi_script_name;
      fastcgi_pass unix:${sock};
    }
  }
}
`,
    );
    const nginx = startProcess({
      command: 'nginx',
      args: ['-p', run_, '-c', path.join(run_, 'nginx.conf')],
      logFile: path.join(run_, 'nginx.out'),
      name: 'nginx',
    });
    stoppers.push(async () => {
      nginx.kill('SIGQUIT');
      await waitExit(nginx, 10_000).catch(() => nginx.kill('SIGKILL'));
    });

    await waitFor200(`${home}${BRIDGED_PATH}`, { timeoutMs: 30_000, intervalMs: 50 });
    await waitFor200(`${home}${PLAIN_PATH}`, { timeoutMs: 30_000, intervalMs: 50 });
    const bridged = await (await fetch(`${home}${BRIDGED_PATH}`)).arrayBuffer();
    const plain = await (await fetch(`${home}${PLAIN_PATH}`)).arrayBuffer();
    state.sameBytes = Buffer.from(plain).equals(Buffer.from(bridged));
    state.bodyBytes = bridged.byteLength;
    state.opcache = run(fpm, ['-i'])
      .split('\n')
      .filter((l) => /^opcache\.(enable|validate_timestamps|revalidate_freq|memory_consumption|jit) =>/.test(l))
      .map((l) => l.replace(/\s+=>\s+/g, ' = ').replace(/ = [^=]*$/, ''));
    return { ...state, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
