import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { ServiceProcess } from '../support/service.js';
import { BRIDGE_HEADERS } from '../../plugin/sidecar/core/bridge.js';
import { figure, PREFIX, postHandoff, Sidecars } from './support.js';
import { internalHeaders } from '../support/bridge-headers.js';

const TOKEN = 'reliability-bridge-secret-7f3a9c';
const sidecars = new Sidecars();
let p: ServiceProcess;

beforeAll(async () => {
  p = await sidecars.start({
    MANUFACTURER_AGENT_DATA_DIR: sidecars.dataDir(),
    MANUFACTURER_AGENT_BRIDGE_TOKEN: TOKEN,
    MANUFACTURER_AGENT_RATE_LIMIT: '4',
    MANUFACTURER_AGENT_RATE_LIMIT_WINDOW_MS: '600000',
  });
});
afterAll(() => sidecars.killAll());

const HANDOFF = { next_step: 'sample_request' };

describe('bridge-only headers', () => {
  it('are ignored without the secret (links keep the default base) and honoured with it', async () => {
    const spoof = { [BRIDGE_HEADERS.publicBase]: 'https://evil.example', [BRIDGE_HEADERS.clientAddress]: '198.51.100.1' };
    const cases = [
      { headers: spoof, base: p.baseUrl },
      { headers: { ...spoof, [BRIDGE_HEADERS.token]: 'wrong-secret' }, base: p.baseUrl },
      { headers: { ...spoof, [BRIDGE_HEADERS.token]: TOKEN.toUpperCase() }, base: p.baseUrl },
      // With the secret: the bridge names the site and its own client address (which has a budget of its own).
      {
        headers: { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.publicBase]: 'https://tapeten.example', [BRIDGE_HEADERS.clientAddress]: '198.51.100.77' },
        base: 'https://tapeten.example',
      },
    ];
    for (const c of cases) {
      const res = await postHandoff(p.baseUrl, `sec-${randomUUID()}`, HANDOFF, c.headers);
      expect(res.status).toBe(201);
      const body = (await res.json()) as { link: string };
      expect(body.link.startsWith(`${c.base}/`), body.link).toBe(true);
    }
  });

  it('cannot escape the rate limit: without the secret the socket address counts, whatever the header says', async () => {
    // The limit is 4 a window; the first test used 3 requests from this socket address already.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${p.baseUrl}${PREFIX}/company`, { headers: { [BRIDGE_HEADERS.clientAddress]: `203.0.113.${i + 1}` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 429, 429, 429]);
    // The bridge, with the secret, forwards other clients: they each have their own budget.
    const other = await fetch(`${p.baseUrl}${PREFIX}/company`, { headers: { [BRIDGE_HEADERS.token]: TOKEN, [BRIDGE_HEADERS.clientAddress]: '203.0.113.200' } });
    expect(other.status).toBe(200);
  });
});

describe('internal endpoints', () => {
  it("refuse without the secret, with a wrong one or with the secret alone (a relayed request), and answer the plugin's internal calls", async () => {
    const endpoints: [string, string, string?][] = [
      ['GET', '/_bridge/status'],
      ['PUT', '/_bridge/config', '{"revision":"r1","config":{}}'],
      ['PUT', '/_bridge/config?dry_run=1', '{"revision":"r1","config":{}}'],
      ['GET', '/_bridge/handoffs'],
      ['GET', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa'],
      ['POST', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa/opened'],
      ['POST', '/_bridge/handoffs/ho_aaaaaaaaaaaaaaaaaaaaaaaa/submitted'],
    ];
    let refused = 0;
    for (const [method, path, body] of endpoints) {
      for (const token of [undefined, '', 'wrong', TOKEN.slice(0, -1), `${TOKEN}x`, TOKEN]) {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (token !== undefined) headers[BRIDGE_HEADERS.token] = token;
        // The secret with a credential derived from another secret is still not an internal call.
        if (token === TOKEN) headers[BRIDGE_HEADERS.internal] = internalHeaders('another-secret')[BRIDGE_HEADERS.internal];
        const res = await fetch(`${p.baseUrl}${path}`, { method, headers, body });
        expect(res.status, `${method} ${path} token=${token}`).toBe(403);
        expect(((await res.json()) as { code: string }).code).toBe('bridge_only');
        refused++;
      }
    }
    const status = await fetch(`${p.baseUrl}/_bridge/status`, { headers: internalHeaders(TOKEN) });
    expect(status.status).toBe(200);
    const list = await fetch(`${p.baseUrl}/_bridge/handoffs`, { headers: internalHeaders(TOKEN) });
    expect(list.status).toBe(200);
    figure(
      `security: bridge headers ignored without the secret (3 spoofing variants), rate limit not escaped by a spoofed client address, ${refused} calls to internal endpoints without the right secret all refused with 403`,
    );
  });
});

/** Inodes of the listening TCP sockets the process holds, with their local addresses (Linux /proc). */
function listeningAddresses(pid: number): string[] {
  const inodes = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]);
    } catch {
      // The descriptor closed meanwhile.
    }
  }
  const found: string[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.trim().split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const [local, , state] = [cols[1], cols[2], cols[3]];
      if (state !== '0A' || !inodes.has(cols[9])) continue;
      const [hex, portHex] = local.split(':');
      const port = parseInt(portHex, 16);
      const address =
        hex.length === 8
          ? [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.')
          : hex === '00000000000000000000000001000000'
            ? '::1'
            : hex === '00000000000000000000000000000000'
              ? '::'
              : `v6:${hex}`;
      found.push(`${address}:${port}`);
    }
  }
  return found;
}

describe('the listening address', () => {
  it('is loopback only by default', async () => {
    const port = Number(new URL(p.baseUrl).port);
    expect(new URL(p.baseUrl).hostname).toBe('127.0.0.1');
    if (process.platform === 'linux') {
      expect(listeningAddresses(p.child.pid!)).toEqual([`127.0.0.1:${port}`]);
    }
    // Not reachable on the machine's other addresses.
    const external = Object.values(os.networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i!.address);
    for (const address of external) {
      const outcome = await new Promise<string>((resolve) => {
        const s = net.connect({ host: address, port }, () => {
          s.destroy();
          resolve('connected');
        });
        s.on('error', (e) => resolve((e as NodeJS.ErrnoException).code ?? 'error'));
        s.setTimeout(2000, () => {
          s.destroy();
          resolve('timeout');
        });
      });
      expect(outcome, address).not.toBe('connected');
    }
    figure(`loopback: the sidecar listens on 127.0.0.1:${port} only (checked in /proc), refused on ${external.join(', ') || 'no other address'}`);
  });
});
