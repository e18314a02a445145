// The sidecar's own walls, straight on its socket: ambiguous request paths, requests HTTP frames
// badly, who a client is behind trusted proxies, and memory that request-derived values cannot grow.
// The same attacks through WordPress's PHP relay are tests/wordpress/relay-attacks.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { ServiceProcess } from '../support/service.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { internalHeaders, relayedHeaders } from '../support/bridge-headers.js';
import { figure, PREFIX, portOf, rawRequest, requestBytes, Sidecars } from './support.js';
import { AMBIGUOUS_ROOT_TARGETS, AMBIGUOUS_TARGETS } from '../support/attack-paths.js';
import { SIDECAR_NODE_FLAGS } from '../../scripts/sidecar-node-flags.mjs';

const TOKEN = 'paths-and-clients-secret-41c7';
const sidecars = new Sidecars();
afterAll(() => sidecars.killAll());

const port = (p: ServiceProcess) => portOf(p.baseUrl);

async function exchange(
  p: ServiceProcess,
  method: string,
  target: string,
  headers: Record<string, string> = {},
  options: { host?: string | null; localAddress?: string } = {},
) {
  const bytes = requestBytes(method, target, Object.entries(headers), undefined, options.host === undefined ? '127.0.0.1' : options.host);
  const outcome = await rawRequest(port(p), bytes, { localAddress: options.localAddress });
  if (!outcome.response) throw new Error(`no answer to ${method} ${target}: ${outcome.error ?? 'closed'}`);
  return outcome.response;
}

describe('ambiguous request paths', () => {
  let p: ServiceProcess;
  beforeAll(async () => {
    p = await sidecars.start({ MANUFACTURER_AGENT_DATA_DIR: sidecars.dataDir(), MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN });
  });

  it('are refused with 400 problem+json on every method, with or without the bridge secret', async () => {
    let tried = 0;
    for (const target of [...AMBIGUOUS_TARGETS, ...AMBIGUOUS_ROOT_TARGETS]) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']) {
        for (const credentials of [{}, relayedHeaders(TOKEN), internalHeaders(TOKEN)]) {
          const res = await exchange(p, method, target, credentials);
          expect(res.status, `${method} ${target}`).toBe(400);
          if (method !== 'HEAD') {
            expect(res.headers['content-type'], `${method} ${target}`).toMatch(/^application\/problem\+json/);
            expect(JSON.parse(res.body.toString()).code).toBe('rest_invalid_path');
          }
          tried++;
        }
      }
    }
    figure(
      `paths: ${AMBIGUOUS_TARGETS.length + AMBIGUOUS_ROOT_TARGETS.length} ambiguous targets × 7 methods × 3 credential sets = ${tried} raw requests to the sidecar, all 400 problem+json, none reached a route`,
    );
  });

  it('answers an HTTP/1.1 request without Host with 400 problem+json, and HTTP/1.0 without Host as usual', async () => {
    const missing = await exchange(p, 'GET', `${PREFIX}/materials`, {}, { host: null });
    expect(missing.status).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(missing.body.toString())).toMatchObject({ status: 400, code: 'missing_host' });
    const old = await rawRequest(port(p), Buffer.from(`GET ${PREFIX}/materials HTTP/1.0\r\n\r\n`));
    expect(old.response?.status).toBe(200);
  });
});

describe('client identity behind trusted proxies', () => {
  let p: ServiceProcess;
  beforeAll(async () => {
    p = await sidecars.start({
      MANUFACTURER_AGENT_DATA_DIR: sidecars.dataDir(),
      MANUFACTURER_AGENT_RATE_LIMIT: '3',
      MANUFACTURER_AGENT_RATE_LIMIT_WINDOW_MS: '600000',
      // The proxy is 127.0.0.1; a client connecting from 127.0.0.2 is not one.
      MANUFACTURER_AGENT_TRUSTED_PROXIES: '127.0.0.1/32, 2001:db8:ffff::/48',
      MANUFACTURER_AGENT_CLIENT_IP_HEADER: 'X-Forwarded-For',
    });
  });

  async function statuses(n: number, forwardedFor: string | undefined, localAddress?: string): Promise<number[]> {
    const out: number[] = [];
    for (let i = 0; i < n; i++) {
      const headers: Record<string, string> = forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor };
      out.push((await exchange(p, 'GET', `${PREFIX}/company`, headers, { localAddress })).status);
    }
    return out;
  }

  it('gives two clients behind one trusted proxy budgets of their own', async () => {
    expect(await statuses(4, '198.51.100.1')).toEqual([200, 200, 200, 429]);
    expect(await statuses(4, '198.51.100.2')).toEqual([200, 200, 200, 429]);
    // A client that wrote its own address at the left of the list is counted by what the proxy appended.
    expect(await statuses(1, '203.0.113.50, 198.51.100.2')).toEqual([429]);
  });

  it('ignores the header from an untrusted address: it cannot choose its identity', async () => {
    expect(await statuses(3, '198.51.100.3', '127.0.0.2')).toEqual([200, 200, 200]);
    expect(await statuses(1, '198.51.100.4', '127.0.0.2')).toEqual([429]);
    expect(await statuses(1, undefined, '127.0.0.2')).toEqual([429]);
    // The header did not spend the named clients' budgets either.
    expect(await statuses(1, '198.51.100.3')).toEqual([200]);
  });

  it('counts IPv6 clients per /64', async () => {
    expect(await statuses(2, '2001:db8:1:2::1')).toEqual([200, 200]);
    expect(await statuses(2, '2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toEqual([200, 429]);
    expect(await statuses(1, '2001:db8:1:3::1')).toEqual([200]);
    // A trusted IPv6 hop is passed over to the client before it.
    expect(await statuses(3, '2001:db8:9:9::1, 2001:db8:ffff:1::1')).toEqual([200, 200, 200]);
    expect(await statuses(1, '2001:db8:9:9::2')).toEqual([429]);
  });
});

describe('memory under request-derived keys', () => {
  // Past MAX_SITE_URLS per configuration a named site URL is not rendered for (tests/http/bridge.test.ts).
  it('stays bounded over 10,000 distinct public site URLs named through the bridge', { timeout: 240_000 }, async () => {
    // With the V8 settings it runs with in production (scripts/sidecar-node-flags.mjs).
    const p = await sidecars.start(
      { MANUFACTURER_AGENT_DATA_DIR: sidecars.dataDir(), MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN },
      { nodeArgs: SIDECAR_NODE_FLAGS },
    );
    const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p.child.pid}/status`, 'utf8'))![1]) / 1024;
    const paths = [
      `${PREFIX}/company`,
      '/llms.txt',
      '/llms-full.txt',
      '/.well-known/agent.json',
      '/.well-known/mcp.json',
      '/openapi.json',
      '/.well-known/mcp/server-card.json',
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const get = (path: string, base: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(`${p.baseUrl}${path}`, { agent, headers: relayedHeaders(TOKEN, { [BRIDGE_HEADERS.publicBase]: base }) }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const started = rss();
    let peak = started;
    const BASES = 10_000;
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < BASES) {
          const i = next++;
          expect(await get(paths[i % paths.length], `https://site-${i}.example`)).toBe(200);
          if (i % 500 === 0) peak = Math.max(peak, rss());
        }
      }),
    );
    peak = Math.max(peak, rss());
    agent.destroy();
    figure(
      `memory: ${BASES} distinct public site URLs through the bridge header: RSS ${started.toFixed(0)} MB after start, ${peak.toFixed(0)} MB at the peak (limit 120 MB)`,
    );
    expect(peak).toBeLessThan(120);
  });
});
