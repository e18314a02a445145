// Attacks through WordPress's PHP relay as production sites run it: nginx and PHP-FPM (Debian's, as the
// benchmark's site; installed when missing) hand PHP the request-target exactly as the client wrote it,
// which the playground's server does not (it resolves dot segments before PHP sees them). Every request
// is raw bytes on a socket, so no client normalises it either. The figures go to RELIABILITY.md.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdtempSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { ensurePackages, startWordPress } from '../../scripts/bench/lib/wordpress.mjs';
import { freePort } from '../../scripts/bench/lib/proc.mjs';
import { ROOT, type ServiceProcess } from '../support/service.js';
import { spawnBridgedSidecar } from '../support/bridged-sidecar.js';
import { AMBIGUOUS_REST_ROUTES, AMBIGUOUS_TARGETS } from '../support/attack-paths.js';
import { figure, pool, rawRequest, requestBytes, type RawResponse } from '../reliability/support.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';

const TOKEN = `relay-attacks-${process.pid}-secret`;
const PREFIX = '/wp-json/manufacturer-agent/v1';
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'];
const SEED = process.env.FC_SEED ? Number(process.env.FC_SEED) : 1723;

let site: Awaited<ReturnType<typeof startWordPress>>;
let sidecar: ServiceProcess;
let sidecarPort: number;
let host: string;

async function startSidecar(env: Record<string, string>): Promise<void> {
  sidecar = await spawnBridgedSidecar(sidecarPort, TOKEN, env);
}

async function stopSidecar(): Promise<void> {
  sidecar.child.kill('SIGKILL');
  await sidecar.exited;
}

beforeAll(async () => {
  ensurePackages((m: string) => console.log(`[relay-attacks] ${m}`));
  sidecarPort = await freePort();
  await startSidecar({});
  site = await startWordPress({
    workDir: mkdtempSync(path.join(os.tmpdir(), 'ma-relay-')),
    pluginDir: path.join(ROOT, 'plugin'),
    sidecarUrl: `http://127.0.0.1:${sidecarPort}`,
    token: TOKEN,
    body: '{}',
    fpmChildren: 4,
    log: (m: string) => console.log(`[relay-attacks] ${m}`),
    // The site is behind one proxy on 127.0.0.1 that writes X-Forwarded-For; 127.0.0.2 is an ordinary client.
    constants: { MANUFACTURER_AGENT_TRUSTED_PROXIES: '127.0.0.1/32', MANUFACTURER_AGENT_CLIENT_IP_HEADER: 'X-Forwarded-For' },
  });
  host = `127.0.0.1:${site.port}`;
}, 600_000);

afterAll(async () => {
  await site?.stop();
  if (sidecar) await stopSidecar();
});

async function send(method: string, target: string, headers: [string, string | Buffer][] = [], body?: Buffer, localAddress?: string): Promise<RawResponse> {
  const outcome = await rawRequest(site.port, requestBytes(method, target, headers, body, host), { timeoutMs: 30_000, localAddress });
  if (!outcome.response) throw new Error(`no answer to ${method} ${target}: ${outcome.timedOut ? 'timed out' : (outcome.error ?? 'closed')}`);
  return outcome.response;
}

/** What only the sidecar's internal routes answer: the status, the configuration push, the handoff list. */
function leaksInternal(response: RawResponse): boolean {
  return /uptime_seconds|idempotency_retention_days|"applied":|"total":\d+,"limit":/.test(response.body.toString('latin1'));
}

/** A valid configuration that would show if a push got through: another company name. */
function hostilePush(): Buffer {
  const config = defaultConfig();
  config.company.name = 'Pushed By An Attacker GmbH';
  return Buffer.from(JSON.stringify({ revision: 'attacker', config }));
}

async function companyName(): Promise<string> {
  const res = await send('GET', `${PREFIX}/company`);
  expect(res.status).toBe(200);
  return JSON.parse(res.body.toString()).company.name;
}

describe('path traversal through the PHP relay', () => {
  it('refuses every ambiguous path and rest_route with 400 or 404, on every method, and nothing internal answers', async () => {
    const before = await companyName();
    const targets = [...AMBIGUOUS_TARGETS, ...AMBIGUOUS_REST_ROUTES.flatMap((route) => [`/?rest_route=${route}`, `/index.php?rest_route=${route}`])];
    const statuses = new Map<number, number>();
    let tried = 0;
    await pool(
      targets.flatMap((target) => METHODS.map((method) => [method, target] as const)),
      4,
      async ([method, target]) => {
        const body = method === 'PUT' || method === 'POST' ? hostilePush() : undefined;
        const res = await send(method, target, body ? [['Content-Type', 'application/json']] : [], body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        // nginx itself answers 405 to PUT, DELETE and PATCH on the directory "/" (the rest_route form) before PHP runs.
        const nginxRefused = res.status === 405 && target.startsWith('/?') && res.body.toString().includes('<center>nginx');
        expect(nginxRefused || [400, 404].includes(res.status), `${method} ${target} → ${res.status} ${res.body.toString().slice(0, 200)}`).toBe(true);
        expect(leaksInternal(res), `${method} ${target}`).toBe(false);
        tried++;
      },
    );
    // Nothing was pushed: the public answer still names the company staff configured.
    expect(await companyName()).toBe(before);
    expect(tried).toBeGreaterThanOrEqual(30 * METHODS.length);
    figure(
      `relay (nginx + PHP-FPM, WordPress ${site.wordpress}, PHP ${site.php}): ${targets.length} traversal variants (${AMBIGUOUS_TARGETS.length} paths, ${AMBIGUOUS_REST_ROUTES.length} rest_route values in both URL forms) × ${METHODS.length} methods = ${tried} raw requests: ${[...statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}; 0 internal answers`,
    );
  });

  it('is refused by the sidecar on an internal route even if a relayed request got there', () => {
    // The bridge's own exchange (what every relayed request goes through) aimed straight at internal
    // routes, as if a path had slipped past the checks; the plugin's internal call for comparison.
    const code = `
      require ${JSON.stringify(path.join(site.site, 'wp-load.php'))};
      use ManufacturerAgent as M;
      $bridge = new M\\Bridge\\Bridge( M\\Bridge\\Sidecar_Client::from_environment(), M\\Bridge\\Config_Sync::instance(), M\\Bridge\\Client_Address::from_environment() );
      $out = array();
      foreach ( array( array( 'GET', '/_bridge/status', '' ), array( 'GET', '/_bridge/handoffs', '' ), array( 'PUT', '/_bridge/config', ${JSON.stringify(hostilePush().toString())} ) ) as $r ) {
        $out[] = $bridge->exchange( $r[0], $r[1], '', array( 'content-type' => 'application/json' ), $r[2] )->status;
      }
      $out[] = M\\Bridge\\Sidecar_Client::from_environment()->json( 'GET', '/_bridge/status' )->status;
      echo wp_json_encode( $out );`;
    const result = spawnSync('php', ['-r', code], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HTTP_HOST: host } });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).toEqual([403, 403, 403, 200]);
  });
});

describe('fuzzed input through the PHP relay', () => {
  const segment = fc.oneof(
    fc.constantFrom(
      '..',
      '.',
      '%2e',
      '%2E%2e',
      '%252e%252e',
      '..%2f',
      '%2f',
      '%5c',
      '\\',
      ';x=1',
      '%00',
      '%ZZ',
      '%c0%ae',
      '%',
      '~',
      '*',
      '_bridge',
      'status',
      'config',
      'handoffs',
    ),
    fc.constantFrom('v1', 'materials', 'recommendation', 'company', 'ask', 'mcp', 'server-card'),
    fc.string({ unit: 'grapheme-ascii', maxLength: 12 }).map((s) => encodeURIComponent(s)),
    fc.string({ unit: 'binary', maxLength: 6 }).map((s) => Buffer.from(s).toString('latin1')),
  );
  const route = fc.array(segment, { minLength: 0, maxLength: 6 }).map((parts) => parts.join('/'));
  const target = fc.oneof(
    route.map((r) => `${PREFIX}/${r}`),
    route.map((r) => `/wp-json/nlweb/${r}`),
    route.map((r) => `/wp-json/manufacturer-agent/${r}`),
    fc
      .tuple(fc.constantFrom('/?rest_route=/', '/index.php?rest_route=/'), fc.constantFrom('manufacturer-agent/', 'nlweb/', 'manufacturer-agent/v1/'), route)
      .map(([a, b, r]) => `${a}${b}${r}`),
    fc
      .tuple(
        fc.constantFrom(
          '/mcp',
          '/mcp/',
          '/llms.txt',
          '/openapi.json',
          '/.well-known/agent.json',
          `${PREFIX}/materials/recommendation`,
          '/wp-json/nlweb/v1/ask',
        ),
        fc.string({ maxLength: 30 }),
      )
      .map(([p, q]) => `${p}?${encodeURIComponent(q).replace(/%3D/g, '=')}`),
  );
  const header = fc.oneof(
    fc.tuple(
      fc.constantFrom('Content-Type'),
      fc.constantFrom('application/json', 'text/plain', 'application/json; charset=latin1', '', 'multipart/form-data; boundary=x'),
    ),
    fc.tuple(fc.constantFrom('Idempotency-Key'), fc.string({ maxLength: 300 })),
    fc.tuple(fc.constantFrom('Accept'), fc.constantFrom('text/event-stream', 'application/json', '*/*', 'text/html')),
    fc.tuple(
      fc.constantFrom(
        'X-Forwarded-For',
        'X-Manufacturer-Agent-Client-Address',
        'X-Manufacturer-Agent-Public-Base',
        'X-Manufacturer-Agent-Bridge-Token',
        'X-Manufacturer-Agent-Internal-Credential',
        'X-Manufacturer-Agent-Config-Revision',
      ),
      fc.string({ maxLength: 80 }),
    ),
    fc.tuple(fc.constantFrom('Origin', 'If-None-Match', 'Mcp-Protocol-Version', 'Mcp-Method'), fc.string({ maxLength: 60 })),
  );
  const body = fc.oneof(
    fc.constant(undefined),
    fc.json().map((j) => Buffer.from(j)),
    fc.constant(hostilePush()),
    fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)),
    fc.constant(Buffer.from('{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"list_materials","arguments":{}}}')),
  );
  const request = fc.record({
    method: fc.constantFrom(...METHODS),
    target,
    headers: fc.array(header, { maxLength: 4 }).map((hs) => hs.map(([n, v]) => [n, v.replace(/[\r\n]/g, '')] as [string, string])),
    body,
  });

  it(
    'gives 2,000 generated requests an answer: never a server error, never an internal route, never a changed configuration',
    { timeout: 900_000 },
    async () => {
      const before = await companyName();
      const inputs = fc.sample(request, { numRuns: 2000, seed: SEED });
      const statuses = new Map<number, number>();
      const failures: string[] = [];
      await pool(inputs, 4, async (input) => {
        // Bytes a request line cannot carry (space, CR, LF) are escaped as a client would have to.
        const written = input.target.replace(/[\s]/g, (c) => encodeURIComponent(c));
        const res = await send(input.method, written, input.headers, input.body);
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status >= 500 || leaksInternal(res))
          failures.push(`${input.method} ${JSON.stringify(written)} → ${res.status} ${res.body.toString().slice(0, 160)}`);
      });
      expect(failures).toEqual([]);
      expect(await companyName()).toBe(before);
      figure(
        `relay fuzz (nginx + PHP-FPM, seed ${SEED}): ${inputs.length} generated requests through WordPress: ${[...statuses]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${n}× ${s}`)
          .join(', ')}; 0 server errors, 0 internal answers, configuration unchanged`,
      );
    },
  );
});

describe('client identity behind a trusted proxy, through WordPress', () => {
  beforeAll(async () => {
    // The same sidecar address, now with a handoff limit of 3 a window.
    await stopSidecar();
    await startSidecar({ MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '3', MANUFACTURER_AGENT_RATE_LIMIT_WINDOW_MS: '600000' });
  }, 60_000);

  let key = 0;
  async function handoffs(n: number, forwardedFor?: string, localAddress?: string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const headers: [string, string][] = [
        ['Content-Type', 'application/json'],
        ['Idempotency-Key', `proxy-test-${process.pid}-${key++}`],
      ];
      if (forwardedFor !== undefined) headers.push(['X-Forwarded-For', forwardedFor]);
      statuses.push((await send('POST', `${PREFIX}/handoffs`, headers, Buffer.from('{"next_step":"sample_request"}'), localAddress)).status);
    }
    return statuses;
  }

  it('gives two visitors behind the proxy budgets of their own', async () => {
    expect(await handoffs(4, '198.51.100.21')).toEqual([201, 201, 201, 429]);
    expect(await handoffs(4, '198.51.100.22')).toEqual([201, 201, 201, 429]);
    // What the visitor wrote itself at the left of the list does not count; the proxy's entry does.
    expect(await handoffs(1, '203.0.113.9, 198.51.100.22')).toEqual([429]);
  });

  it('does not let a client that is no trusted proxy choose its identity with the header', async () => {
    expect(await handoffs(3, '198.51.100.23', '127.0.0.2')).toEqual([201, 201, 201]);
    expect(await handoffs(2, '198.51.100.24', '127.0.0.2')).toEqual([429, 429]);
    // The named visitor's own budget is untouched.
    expect(await handoffs(1, '198.51.100.23')).toEqual([201]);
  });

  it('counts IPv6 visitors per /64', async () => {
    expect(await handoffs(2, '2001:db8:5:6::1')).toEqual([201, 201]);
    expect(await handoffs(2, '2001:db8:5:6:ffff::9')).toEqual([201, 429]);
    expect(await handoffs(1, '2001:db8:5:7::1')).toEqual([201]);
    figure(
      'client identity through WordPress (nginx + PHP-FPM, trusted proxy 127.0.0.1/32, X-Forwarded-For, handoff limit 3): two visitors behind the proxy 3 handoffs each, a forged header from 127.0.0.2 changed nothing, IPv6 counted per /64',
    );
  });
});
