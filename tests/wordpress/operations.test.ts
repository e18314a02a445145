// Issue 29 as the agency that hosts the site runs it: WordPress 7.1 on nginx + PHP-FPM + MariaDB (as
// relay-attacks.test.ts), the built sidecar as its own process, and WP-CLI — `wp` from PATH, else the
// one assembled in ../shared/tools/wp-cli (WP-CLI 2.12.0; Debian has none). Tools → Site Health's
// tests are run as WordPress runs them: the direct one through WP_Site_Health, the asynchronous ones
// through their REST routes as an administrator; every `wp manufacturer-agent` subcommand, with its
// refusals (exit 1 and WP-CLI's "Error:" line), and the sidecar stopped and restarted under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { ensurePackages, startWordPress } from '../../scripts/bench/lib/wordpress.mjs';
import { SIDECAR_BUNDLE_OPTIONS } from '../../scripts/sidecar-bundle.mjs';
import { freePort } from '../../scripts/bench/lib/proc.mjs';
import { PREFIX, ROOT, SIDECAR_BUNDLE, spawnService, tempDataDir, type ServiceProcess } from '../support/service.js';
import { internalHeaders, relayedHeaders } from '../support/bridge-headers.js';
import { BRIDGE_HEADERS, EXAMPLE_BRIDGE_TOKEN } from '../../plugin/sidecar/core/bridge.js';
import { MAX_SITE_URLS } from '../../plugin/sidecar/core/site-config.js';
import { HANDOFF_STATES } from '../../plugin/sidecar/core/schemas.js';

const TOKEN = `operations-${process.pid}-${randomUUID()}`;
const CHECKS = ['reachable', 'version', 'config_sync', 'secret', 'storage', 'retention', 'site_url'];
const ASYNC = CHECKS.filter((check) => check !== 'secret');
/** nobody's uid and group: a user that, unlike root, cannot write where it was not allowed to. */
const NOBODY = Number(spawnSync('id', ['-u', 'nobody'], { encoding: 'utf8' }).stdout.trim());
const NOBODY_GROUP = Number(spawnSync('id', ['-g', 'nobody'], { encoding: 'utf8' }).stdout.trim());

let site: Awaited<ReturnType<typeof startWordPress>>;
let sidecar: ServiceProcess;
let sidecarPort: number;
const dataDir = tempDataDir();
const work = mkdtempSync(path.join(os.tmpdir(), 'ma-operations-'));

/** `wp` from PATH, else the WP-CLI beside the repository (../shared, resolved at run time). */
function wpBinary(): string {
  const onPath = spawnSync('sh', ['-c', 'command -v wp'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const shared = path.resolve(ROOT, '../shared/tools/wp-cli/wp');
  if (!existsSync(shared)) throw new Error(`no WP-CLI: neither wp on PATH nor ${shared}`);
  return shared;
}
const WP = wpBinary();

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function wp(...args: string[]): Run {
  const result = spawnSync(WP, [`--path=${site.site}`, '--allow-root', ...args], { encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** PHP inside the site (WordPress loaded); the last line of its output is JSON. */
function php(code: string): any {
  const script = `require ${JSON.stringify(path.join(site.site, 'wp-load.php'))};\nuse ManufacturerAgent as M;\n${code}`;
  const result = spawnSync('php', ['-r', script], { encoding: 'utf8', timeout: 120_000, env: { ...process.env, HTTP_HOST: `127.0.0.1:${site.port}` } });
  expect(result.status, `${result.stderr}\n${result.stdout}`).toBe(0);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

/** Site Health's tests as WordPress lists them, each run: the direct one called, the async ones through their REST route as `user`. */
function siteHealth(user = 1): Record<string, any> {
  return php(`
    require_once ABSPATH . 'wp-admin/includes/admin.php';
    require_once ABSPATH . 'wp-admin/includes/class-wp-site-health.php';
    wp_set_current_user( ${user} );
    $tests = WP_Site_Health::get_tests();
    $out = array();
    foreach ( $tests['direct'] as $name => $test ) {
      if ( str_starts_with( $name, 'manufacturer_agent_' ) ) {
        $out[ $name ] = array( 'kind' => 'direct', 'result' => call_user_func( $test['test'] ) );
      }
    }
    foreach ( $tests['async'] as $name => $test ) {
      if ( ! str_starts_with( $name, 'manufacturer_agent_' ) ) continue;
      $route = substr( $test['test'], strlen( rest_url() ) - 1 );
      $response = rest_do_request( new WP_REST_Request( 'GET', $route ) );
      $out[ $name ] = array( 'kind' => 'async', 'has_rest' => $test['has_rest'] ?? false, 'url' => $test['test'], 'status' => $response->get_status(), 'result' => $response->get_data() );
    }
    echo wp_json_encode( $out );`);
}

async function startSidecar(): Promise<void> {
  sidecar = await spawnService(
    {
      HOST: '127.0.0.1',
      PORT: String(sidecarPort),
      MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN,
      MANUFACTURER_AGENT_DATA_DIR: dataDir,
      MANUFACTURER_AGENT_RATE_LIMIT: '0',
      MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '0',
      // No event-loop shedding on /ask: the machine is shared (tests/answers/fair-use.test.ts tests it).
      MANUFACTURER_AGENT_ASK_MAX_EVENT_LOOP_DELAY_MS: '0',
    },
    { timeoutMs: 20_000 },
  );
}

async function stopSidecar(): Promise<void> {
  sidecar.child.kill('SIGKILL');
  await sidecar.exited;
}

const sidecarStatus = async () => (await (await fetch(`http://127.0.0.1:${sidecarPort}/_bridge/status`, { headers: internalHeaders(TOKEN) })).json()) as any;
const savedRevision = () => php(`echo wp_json_encode( M\\Settings\\Settings::revision() );`) as string;
const companyName = async () => ((await (await fetch(`${site.url}${PREFIX}/company`)).json()) as any).company.name as string;

beforeAll(async () => {
  ensurePackages((m: string) => console.log(`[operations] ${m}`));
  sidecarPort = await freePort();
  await startSidecar();
  site = await startWordPress({
    workDir: path.join(work, 'site'),
    pluginDir: path.join(ROOT, 'plugin'),
    sidecarUrl: `http://127.0.0.1:${sidecarPort}`,
    token: TOKEN,
    body: '{}',
    fpmChildren: 2,
    log: (m: string) => console.log(`[operations] ${m}`),
  });
  // A subscriber, who may not run Site Health's tests.
  php(`echo wp_json_encode( wp_insert_user( array( 'user_login' => 'reader', 'user_pass' => wp_generate_password(), 'role' => 'subscriber' ) ) );`);
}, 600_000);

afterAll(async () => {
  await site?.stop();
  if (sidecar) await stopSidecar();
  rmSync(work, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Tools → Site Health on a healthy site', () => {
  it('lists the secret as a direct test and the rest as asynchronous tests with a REST route; all good, each with label, badge, description', () => {
    const tests = siteHealth();
    expect(Object.keys(tests).sort()).toEqual(CHECKS.map((c) => `manufacturer_agent_${c}`).sort());
    expect(tests.manufacturer_agent_secret.kind).toBe('direct');
    for (const check of ASYNC) {
      const test = tests[`manufacturer_agent_${check}`];
      expect(test.kind, check).toBe('async');
      expect(test.has_rest, check).toBe(true);
      expect(test.url, check).toBe(`${site.url}/wp-json/manufacturer-agent-admin/v1/site-health/${check}`);
      expect(test.status, check).toBe(200);
    }
    for (const [name, test] of Object.entries(tests)) {
      expect(test.result, name).toMatchObject({ status: 'good', test: name, badge: { label: 'Agent service', color: 'blue' } });
      expect(test.result.label.length, name).toBeGreaterThan(10);
      expect(test.result.description, name).toMatch(/^<p>.+<\/p>$/s);
    }
    expect(tests.manufacturer_agent_site_url.result.description).toContain(site.url);
  });

  it('runs the asynchronous tests for administrators only', () => {
    const reader = php(`echo wp_json_encode( get_user_by( 'login', 'reader' )->ID );`) as number;
    const tests = siteHealth(reader);
    for (const check of ASYNC) expect(tests[`manufacturer_agent_${check}`].status, check).toBe(403);
  });

  it('has an Info section with the same facts and never the secret', () => {
    const info = php(`echo wp_json_encode( apply_filters( 'debug_information', array() )['manufacturer-agent'] );`);
    expect(info.label).toBe('Manufacturer Agent');
    const values = Object.fromEntries(Object.entries(info.fields as Record<string, { value: string }>).map(([k, f]) => [k, f.value]));
    expect(values).toMatchObject({
      reachable: 'Yes',
      plugin_version: '1.1.4',
      sidecar_version: '1.1.4',
      secret: 'Set',
      store: 'sqlite',
      storage_writable: 'Yes',
      site_url: site.url,
      public_base: site.url,
    });
    expect(values.sidecar_revision).toBe(values.wordpress_revision);
    expect(info.fields.sidecar_url.private).toBe(true);
    expect(JSON.stringify(info)).not.toContain(TOKEN);
  });

  it('calls a missing secret and the documentation’s example critical, with an action', () => {
    const verdicts = php(`
      $out = array();
      foreach ( array( '', M\\Settings\\Contract::get( 'example_bridge_token' ), 'a-secret-of-its-own-0123456789' ) as $token ) {
        $client = new M\\Bridge\\Sidecar_Client( 'http://127.0.0.1:${sidecarPort}', $token );
        $out[]  = ( new M\\Admin\\Site_Health( new M\\Admin\\Service_Health( $client, new M\\Bridge\\Config_Sync( $client ) ) ) )->result( 'secret' );
      }
      echo wp_json_encode( $out );`);
    expect(verdicts.map((v: any) => v.status)).toEqual(['critical', 'critical', 'good']);
    expect(verdicts[1].label).toMatch(/documentation’s example/);
    expect(verdicts[1].description).not.toContain(EXAMPLE_BRIDGE_TOKEN.replace('<', '&lt;'));
    for (const v of verdicts.slice(0, 2)) expect(v.actions).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/wp-admin\/admin\.php\?page=manufacturer-agent">/);
  });
});

describe('wp manufacturer-agent', () => {
  it('status: the checks as a table, as JSON, and the facts; exit 0 when nothing is critical', () => {
    const table = wp('manufacturer-agent', 'status');
    expect(table.status, table.stderr).toBe(0);
    for (const check of CHECKS) expect(table.stdout).toMatch(new RegExp(`^${check}\\s+good\\s+`, 'm'));
    const json = wp('manufacturer-agent', 'status', '--format=json');
    expect(json.status).toBe(0);
    const rows = JSON.parse(json.stdout);
    expect(rows.map((r: any) => r.check)).toEqual(CHECKS);
    expect(rows.every((r: any) => r.status === 'good' && r.description.length > 0)).toBe(true);
    const facts = wp('manufacturer-agent', 'status', '--facts', '--format=json');
    expect(facts.status).toBe(0);
    expect(facts.stdout).not.toContain(TOKEN);
    expect(Object.fromEntries(JSON.parse(facts.stdout).map((f: any) => [f.fact, f.value]))).toMatchObject({ sidecar_version: '1.1.4', public_base: site.url });
  });

  it('speaks German where the site does', () => {
    const de = wp(
      '--exec=$GLOBALS["wp_filter"]["locale"][10][] = array( "function" => static fn() => "de_DE", "accepted_args" => 1 );',
      'manufacturer-agent',
      'status',
      '--format=json',
    );
    expect(de.status, de.stderr).toBe(0);
    expect(JSON.parse(de.stdout).find((r: any) => r.check === 'reachable').label).toBe('Der Agentendienst antwortet');
  });

  it('config export, then import --dry-run saves nothing, an invalid file saves nothing, a valid one is saved and served', async () => {
    const exported = path.join(work, 'export.json');
    const written = wp('manufacturer-agent', 'config', 'export', `--file=${exported}`);
    expect(written.status, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/^Success: /);
    const file = JSON.parse(readFileSync(exported, 'utf8'));
    const before = savedRevision();
    expect(file.revision).toBe(before);
    expect(JSON.parse(wp('manufacturer-agent', 'config', 'export').stdout)).toEqual(file);

    const renamed = structuredClone(file);
    renamed.config.company.name = 'Migriert GmbH';
    const candidate = path.join(work, 'candidate.json');
    writeFileSync(candidate, JSON.stringify(renamed));
    const dry = wp('manufacturer-agent', 'config', 'import', candidate, '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/^Success: .*Nothing was saved/);
    expect(savedRevision()).toBe(before);
    expect((await sidecarStatus()).revision).toBe(before);
    expect(await companyName()).toBe(file.config.company.name);

    const invalid = structuredClone(file);
    invalid.config.company.name = '';
    delete invalid.config.materials;
    const bad = path.join(work, 'invalid.json');
    writeFileSync(bad, JSON.stringify(invalid));
    for (const args of [[bad], [bad, '--dry-run']]) {
      const refused = wp('manufacturer-agent', 'config', 'import', ...args);
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/^Warning: \/materials: /m);
      expect(refused.stderr).toMatch(/^Error: The configuration was not saved/m);
    }
    const notJson = path.join(work, 'not.json');
    writeFileSync(notJson, '{"config": ');
    const garbled = wp('manufacturer-agent', 'config', 'import', notJson);
    expect(garbled.status).toBe(1);
    expect(garbled.stderr).toMatch(/^Error: .*is not a JSON object/m);
    const huge = path.join(work, 'huge.json');
    writeFileSync(huge, `{"pad": "${'x'.repeat(1024 * 1024)}"}`);
    const tooLarge = wp('manufacturer-agent', 'config', 'import', huge);
    expect(tooLarge.status).toBe(1);
    expect(tooLarge.stderr).toMatch(/^Error: .*larger than the 1048576 bytes/m);
    const missing = wp('manufacturer-agent', 'config', 'import', path.join(work, 'absent.json'));
    expect(missing.status).toBe(1);
    expect(savedRevision()).toBe(before);
    expect(await companyName()).toBe(file.config.company.name);

    const imported = wp('manufacturer-agent', 'config', 'import', candidate);
    expect(imported.status, imported.stderr).toBe(0);
    const after = savedRevision();
    expect(after).not.toBe(before);
    expect(imported.stdout).toContain(after);
    expect((await sidecarStatus()).revision).toBe(after);
    expect(await companyName()).toBe('Migriert GmbH');
  });

  it('sync pushes the saved configuration now', async () => {
    // The sidecar is given another configuration directly, as if WordPress had missed a push.
    const other = await fetch(`http://127.0.0.1:${sidecarPort}/_bridge/config`, {
      method: 'PUT',
      headers: internalHeaders(TOKEN, { 'content-type': 'application/json' }),
      body: JSON.stringify({ revision: 'elsewhere', config: JSON.parse(wp('manufacturer-agent', 'config', 'export').stdout).config }),
    });
    expect(other.status).toBe(200);
    expect((await sidecarStatus()).revision).toBe('elsewhere');
    const synced = wp('manufacturer-agent', 'sync');
    expect(synced.status, synced.stderr).toBe(0);
    expect(synced.stdout).toBe(`Success: The sidecar holds configuration revision ${savedRevision()}.\n`);
    expect((await sidecarStatus()).revision).toBe(savedRevision());
  });

  it('handoffs list (the admin screen’s filters, --format) and show; an unknown id or filter is refused', async () => {
    const created: Record<string, any> = {};
    for (const step of ['wallcheck', 'sample_request']) {
      const res = await fetch(`${site.url}${PREFIX}/handoffs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `ops-${randomUUID()}` },
        body: JSON.stringify({ next_step: step, requirements: { motif_description: `Motiv für ${step}` } }),
      });
      expect(res.status).toBe(201);
      created[step] = await res.json();
    }
    const all = wp('manufacturer-agent', 'handoffs', 'list', '--format=json');
    expect(all.status, all.stderr).toBe(0);
    const ids = JSON.parse(all.stdout).map((h: any) => h.id);
    expect(ids).toEqual(expect.arrayContaining([created.wallcheck.id, created.sample_request.id]));
    const wallchecks = JSON.parse(wp('manufacturer-agent', 'handoffs', 'list', '--next_step=wallcheck', '--format=json').stdout);
    expect(wallchecks.map((h: any) => h.id)).toContain(created.wallcheck.id);
    expect(wallchecks.every((h: any) => h.next_step === 'wallcheck' && HANDOFF_STATES.includes(h.state))).toBe(true);
    expect(wp('manufacturer-agent', 'handoffs', 'list', '--state=submitted', '--format=count').stdout.trim()).toBe('0');
    const onePage = JSON.parse(wp('manufacturer-agent', 'handoffs', 'list', '--per_page=1', '--page=2', '--format=json').stdout);
    expect(onePage).toHaveLength(1);
    expect(onePage[0].id).toBe(ids[1]);
    const table = wp('manufacturer-agent', 'handoffs', 'list');
    expect(table.stdout.split('\n')[0]).toMatch(/^id\s+next_step\s+state\s+created_at/);

    for (const args of [['--state=bogus'], ['--next_step='.concat('x'.repeat(40))], ['--per_page=101'], ['--page=0']]) {
      const refused = wp('manufacturer-agent', 'handoffs', 'list', ...args);
      expect(refused.status, args[0]).toBe(1);
      expect(refused.stderr, args[0]).toMatch(/^Error: --\w+ must be /m);
    }

    const shown = wp('manufacturer-agent', 'handoffs', 'show', created.wallcheck.id, '--format=json');
    expect(shown.status, shown.stderr).toBe(0);
    const [record] = JSON.parse(shown.stdout);
    expect(record).toMatchObject({ id: created.wallcheck.id, next_step: 'wallcheck', state: 'created', enquiry: null });
    expect(record.requirements.motif_description).toBe('Motiv für wallcheck');
    const shownTable = wp('manufacturer-agent', 'handoffs', 'show', created.wallcheck.id);
    expect(shownTable.stdout).toMatch(/^requirements\s+\{"motif_description":"Motiv für wallcheck"\}/m);

    for (const id of ['ho_0000000000000000000000', 'not-an-id', 'ho_../../_bridge/status']) {
      const unknown = wp('manufacturer-agent', 'handoffs', 'show', id);
      expect(unknown.status, id).toBe(1);
      expect(unknown.stderr, id).toBe(`Error: No handoff has the id ${id}.\n`);
    }
  });

  it('enquiries erase removes that person’s enquiries only', () => {
    const seeded = php(`
      $e = new M\\Enquiries\\Enquiries();
      foreach ( array( 'weg@example.com', 'weg@example.com', 'bleibt@example.com' ) as $i => $email ) {
        $e->save( array( 'name' => 'Person ' . $i, 'email' => $email, 'handoff_id' => '' ) );
      }
      echo wp_json_encode( array( count( $e->ids_by_email( 'weg@example.com', 1, 100 ) ), count( $e->ids_by_email( 'bleibt@example.com', 1, 100 ) ) ) );`);
    expect(seeded).toEqual([2, 1]);
    const erased = wp('manufacturer-agent', 'enquiries', 'erase', 'weg@example.com', '--yes');
    expect(erased.status, erased.stderr).toBe(0);
    expect(erased.stdout).toBe('Success: Deleted 2 enquiries sent with weg@example.com.\n');
    const left = php(`
      $e = new M\\Enquiries\\Enquiries();
      echo wp_json_encode( array( count( $e->ids_by_email( 'weg@example.com', 1, 100 ) ), count( $e->ids_by_email( 'bleibt@example.com', 1, 100 ) ) ) );`);
    expect(left).toEqual([0, 1]);
    const again = wp('manufacturer-agent', 'enquiries', 'erase', 'weg@example.com', '--yes');
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/^Success: No enquiries were sent with weg@example\.com/);
    const invalid = wp('manufacturer-agent', 'enquiries', 'erase', 'no-address', '--yes');
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toBe('Error: no-address is not an e-mail address.\n');
  });

  it('ask answers as an agent gets it through the site', async () => {
    const question = 'Welches Material eignet sich für Fluchtwege?';
    const agent = (await (await fetch(`${site.url}/wp-json/nlweb/v1/ask?query=${encodeURIComponent(question)}`)).json()) as any;
    const json = wp('manufacturer-agent', 'ask', question, '--format=json');
    expect(json.status, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(agent);
    const text = wp('manufacturer-agent', 'ask', question);
    expect(text.status).toBe(0);
    expect(text.stdout.startsWith(`${agent.answer}\n`)).toBe(true);
    expect(text.stdout).toContain(agent.results[0].url);
    const empty = wp('manufacturer-agent', 'ask', '');
    expect(empty.status).toBe(1);
    expect(empty.stderr).toMatch(/^Error: The agent service refused the question \(400\): /m);
  });
});

describe('the sidecar links to another address', () => {
  it('is critical in Site Health and the CLI until a push makes the sidecar answer for the site again', async () => {
    // A site whose WordPress takes its URL from the Host header let clients name other URLs: past
    // MAX_SITE_URLS the sidecar answers with its fallback address. The count starts anew with each
    // configuration (here the saved one, pushed directly), so the site's own URL comes too late.
    const config = JSON.parse(wp('manufacturer-agent', 'config', 'export').stdout);
    const pushed = await fetch(`http://127.0.0.1:${sidecarPort}/_bridge/config`, {
      method: 'PUT',
      headers: internalHeaders(TOKEN, { 'content-type': 'application/json' }),
      body: JSON.stringify(config),
    });
    expect(pushed.status).toBe(200);
    for (let i = 0; i < MAX_SITE_URLS; i++) {
      await fetch(`http://127.0.0.1:${sidecarPort}${PREFIX}/company`, {
        headers: relayedHeaders(TOKEN, { [BRIDGE_HEADERS.publicBase]: `https://other-${i}.example` }),
      });
    }
    const tests = siteHealth();
    expect(tests.manufacturer_agent_site_url.result.status).toBe('critical');
    expect(tests.manufacturer_agent_site_url.result.description).toContain(`http://127.0.0.1:${sidecarPort}`);
    const cli = wp('manufacturer-agent', 'status');
    expect(cli.status).toBe(1);
    expect(cli.stdout).toMatch(/^site_url\s+critical\s+/m);
    expect(cli.stderr).toBe('Error: 1 check needs attention.\n');
    expect(wp('manufacturer-agent', 'sync').status).toBe(0);
    expect(siteHealth().manufacturer_agent_site_url.result.status).toBe('good');
  });
});

describe('a sidecar not restarted after a plugin update', () => {
  it('is critical in Site Health and the CLI, naming both versions', async () => {
    // The sidecar of the previous release: the same sources built with the release before this one,
    // as the process still running after the plugin's files were replaced would be. Built beside the
    // repository's node_modules (test-results/), which its storage drivers are loaded from.
    const release = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version as string;
    const [major, minor, patch] = release.split('.').map(Number);
    const previous = patch > 0 ? `${major}.${minor}.${patch - 1}` : `${major}.${minor}.0-rc.1`;
    const older = path.join(ROOT, 'test-results', `older-sidecar-${process.pid}`, 'main.mjs');
    await build({
      ...SIDECAR_BUNDLE_OPTIONS,
      absWorkingDir: ROOT,
      outfile: older,
      plugins: [
        {
          name: 'previous-release',
          setup(bundler) {
            // The repository's package.json only; a dependency's own stays as it is.
            bundler.onLoad({ filter: /[\\/]package\.json$/ }, (args) =>
              args.path === path.join(ROOT, 'package.json') ? { contents: JSON.stringify({ version: previous }), loader: 'json' } : undefined,
            );
          },
        },
      ],
    });
    await stopSidecar();
    try {
      sidecar = await spawnService(
        { HOST: '127.0.0.1', PORT: String(sidecarPort), MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN, MANUFACTURER_AGENT_DATA_DIR: dataDir },
        { timeoutMs: 20_000, bundle: older },
      );
      const version = siteHealth().manufacturer_agent_version.result;
      expect(version).toMatchObject({ status: 'critical', label: 'The agent service runs another version than the plugin', badge: { color: 'red' } });
      expect(version.description).toContain(`The sidecar runs version ${previous}, the plugin is version ${release}.`);
      const cli = wp('manufacturer-agent', 'status', '--format=json');
      expect(cli.status).toBe(1);
      expect(JSON.parse(cli.stdout).find((r: any) => r.check === 'version').status).toBe('critical');
    } finally {
      await stopSidecar();
      rmSync(path.dirname(older), { recursive: true, force: true });
      await startSidecar();
    }
  });
});

describe('the storage is not writable', () => {
  it('is critical in Site Health and the CLI, naming the folder, and good again once the sidecar can write', async () => {
    // The sidecar as production runs it, under a user of its own (root may write anywhere; setpriv
    // execs node itself, so killing the child ends the sidecar): its data folder made read-only under
    // it, as a wrong owner or a read-only mount would leave it.
    await stopSidecar();
    const readOnly = mkdtempSync(path.join(os.tmpdir(), 'ma-operations-ro-'));
    chownSync(readOnly, NOBODY, -1);
    const child = spawn('setpriv', [`--reuid=${NOBODY}`, `--regid=${NOBODY_GROUP}`, '--clear-groups', '--', process.execPath, SIDECAR_BUNDLE], {
      cwd: ROOT,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(sidecarPort),
        LOG_LEVEL: 'info',
        MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN,
        MANUFACTURER_AGENT_DATA_DIR: readOnly,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`the sidecar did not start as nobody:\n${output}`)), 20_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('listening on')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
      });
      chmodSync(readOnly, 0o555);
      const storage = siteHealth().manufacturer_agent_storage.result;
      expect(storage).toMatchObject({ status: 'critical', label: 'The handoff storage is not writable' });
      expect(storage.description).toContain(`${readOnly} is not writable`);
      expect(storage.actions).toMatch(/page=manufacturer-agent/);
      const cli = wp('manufacturer-agent', 'status');
      expect(cli.status).toBe(1);
      expect(cli.stdout).toMatch(/^storage\s+critical\s+/m);
      chmodSync(readOnly, 0o755);
      expect(siteHealth().manufacturer_agent_storage.result.status).toBe('good');
    } finally {
      child.kill('SIGKILL');
      await exited;
      rmSync(readOnly, { recursive: true, force: true });
      await startSidecar();
    }
  });
});

describe('the sidecar stopped', () => {
  it('Site Health: “does not answer” is critical with an action; the rest say they could not be checked', async () => {
    await stopSidecar();
    const tests = siteHealth();
    const reachable = tests.manufacturer_agent_reachable.result;
    expect(reachable).toMatchObject({ status: 'critical', label: 'The agent service does not answer', badge: { color: 'red' } });
    expect(reachable.description).toContain(`http://127.0.0.1:${sidecarPort}`);
    expect(reachable.actions).toMatch(/<a href="[^"]+page=manufacturer-agent">Open the agent service’s status<\/a>/);
    for (const check of ['version', 'config_sync', 'storage', 'retention', 'site_url']) {
      expect(tests[`manufacturer_agent_${check}`].result.status, check).toBe('recommended');
      expect(tests[`manufacturer_agent_${check}`].result.label, check).toMatch(/not checked, the agent service does not answer/);
    }
    expect(tests.manufacturer_agent_secret.result.status).toBe('good');
  });

  it('the CLI refuses what needs the sidecar with exit 1 and an Error line, and saves nothing', () => {
    const status = wp('manufacturer-agent', 'status');
    expect(status.status).toBe(1);
    expect(status.stdout).toMatch(/^reachable\s+critical\s+/m);
    expect(status.stderr).toBe('Error: 1 check needs attention.\n');
    const before = savedRevision();
    for (const args of [
      ['sync'],
      ['handoffs', 'list'],
      ['handoffs', 'show', 'ho_0000000000000000000000'],
      ['ask', 'Wallcheck'],
      ['config', 'import', path.join(work, 'candidate.json')],
    ]) {
      const refused = wp('manufacturer-agent', ...args);
      expect(refused.status, args.join(' ')).toBe(1);
      expect(refused.stderr, args.join(' ')).toMatch(/^Error: .*(cannot be reached|unavailable)/im);
    }
    expect(savedRevision()).toBe(before);
  });
});

describe('the sidecar restarted (it holds the built-in configuration)', () => {
  it('Site Health’s configuration test pushes the saved configuration, says so, and is good', async () => {
    await startSidecar();
    const revision = savedRevision();
    expect((await sidecarStatus()).revision).not.toBe(revision);
    const result = php(`
      require_once ABSPATH . 'wp-admin/includes/admin.php';
      wp_set_current_user( 1 );
      echo wp_json_encode( rest_do_request( new WP_REST_Request( 'GET', '/manufacturer-agent-admin/v1/site-health/config_sync' ) )->get_data() );`);
    expect(result.status).toBe('good');
    expect(result.description).toContain(`WordPress has just sent it the saved configuration, revision ${revision}`);
    expect((await sidecarStatus()).revision).toBe(revision);
    expect(await companyName()).toBe('Migriert GmbH');
  });

  it('the Status tab’s route pushes too, and reports it', async () => {
    await stopSidecar();
    await startSidecar();
    const status = php(`
      wp_set_current_user( 1 );
      echo wp_json_encode( rest_do_request( new WP_REST_Request( 'GET', '/manufacturer-agent-admin/v1/status' ) )->get_data() );`);
    expect(status.sync).toMatchObject({ needed: true, pushed: true, error: null });
    expect(status.in_sync).toBe(true);
    expect(status.checks.map((c: any) => [c.id, c.status])).toEqual(CHECKS.map((c) => [c, 'good']));
    expect((await sidecarStatus()).revision).toBe(savedRevision());
  });
});
