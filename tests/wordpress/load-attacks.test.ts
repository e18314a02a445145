// Issue 27, "one request must not take the site down", tried as the attacker did: WordPress on nginx
// and PHP-FPM with Debian's default pool (pm.max_children = 5) behind a trusted proxy that names the visitor
// (X-Forwarded-For from 127.0.0.1), the sidecar as it ships. Each door that took the sidecar's thread for
// seconds is attacked (REST handoff, the ability's run endpoint, an MCP batch of handoff calls), keys are
// tried across clients, and one client floods the agent routes with expensive-but-valid requests while the
// home page is loaded. The figures go to RELIABILITY.md's figures file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { ensurePackages, startWordPress } from '../../scripts/bench/lib/wordpress.mjs';
import { freePort } from '../../scripts/bench/lib/proc.mjs';
import { ROOT, type ServiceProcess } from '../support/service.js';
import { spawnBridgedSidecar } from '../support/bridged-sidecar.js';
import { figure } from '../reliability/support.js';
import { WHITESPACE_CLASSES } from '../support/linear-time.js';
import { MAX_BATCH_MESSAGES } from '../../plugin/sidecar/tools/routes.js';
import { SCHEMAS } from '../../plugin/sidecar/core/schemas.js';

const TOKEN = `load-attacks-${process.pid}-secret`;
const PREFIX = '/wp-json/manufacturer-agent/v1';
/** The longest motif the schema takes: the attack fills it. */
const MOTIF_MAX: number = SCHEMAS.HandoffRequest.properties.requirements.properties.motif_description.maxLength;

let site: Awaited<ReturnType<typeof startWordPress>>;
let sidecar: ServiceProcess;

beforeAll(async () => {
  ensurePackages((m: string) => console.log(`[load-attacks] ${m}`));
  const sidecarPort = await freePort();
  // The limits off: the attack must be harmless by its cost, not only because a limit refuses it.
  sidecar = await spawnBridgedSidecar(sidecarPort, TOKEN, { MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '' });
  site = await startWordPress({
    workDir: mkdtempSync(path.join(os.tmpdir(), 'ma-load-')),
    pluginDir: path.join(ROOT, 'plugin'),
    sidecarUrl: `http://127.0.0.1:${sidecarPort}`,
    token: TOKEN,
    body: '{}',
    fpmChildren: 5,
    log: (m: string) => console.log(`[load-attacks] ${m}`),
    constants: { MANUFACTURER_AGENT_TRUSTED_PROXIES: '127.0.0.1/32', MANUFACTURER_AGENT_CLIENT_IP_HEADER: 'X-Forwarded-For' },
  });
}, 600_000);

afterAll(async () => {
  await site?.stop();
  if (sidecar) {
    sidecar.child.kill('SIGKILL');
    await sidecar.exited;
  }
});

interface Answer {
  status: number;
  ms: number;
  headers: Headers;
  json: any;
}

async function send(pathAndQuery: string, init: RequestInit & { client?: string; timeoutMs?: number } = {}): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${site.url}${pathAndQuery}`, {
    redirect: 'manual',
    ...init,
    headers: { 'x-forwarded-for': init.client ?? '198.51.100.7', ...(init.headers as Record<string, string> | undefined) },
    signal: AbortSignal.timeout(init.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (the home page)
  }
  return { status: res.status, ms: performance.now() - started, headers: res.headers, json };
}

const handoff = (motif: string, key: string = randomUUID(), client?: string) =>
  send(`${PREFIX}/handoffs`, {
    method: 'POST',
    client,
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify({ next_step: 'project_enquiry', requirements: { motif_description: motif } }),
  });

/** The motif: "tel", whitespace up to the schema's bound, a letter. */
const telThen = (ws: string) => `tel${ws.repeat(MOTIF_MAX - 4)}x`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('one request costs the sidecar milliseconds, whatever the motif (finding 1)', () => {
  it('REST handoffs with "tel", 1,996 of each whitespace class and a letter are answered in well under a second', async () => {
    const times: string[] = [];
    for (const [name, ws] of Object.entries(WHITESPACE_CLASSES)) {
      const res = await handoff(telThen(ws));
      expect(res.status, name).toBe(201);
      expect(res.ms, name).toBeLessThan(1500);
      times.push(`${name} ${res.ms.toFixed(0)}`);
    }
    figure(`issue 27 REST handoff "tel" + 1996 whitespace + letter through WordPress (nginx + PHP-FPM, ms): ${times.join(', ')}`);
  });

  it('an MCP batch of create_idempotent_project_handoff calls with such motifs is answered in well under a second', async () => {
    // The batch was 7 calls in 16 KB (the body limit); spaces keep 7 full motifs inside it.
    const calls = Array.from({ length: 7 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i + 1,
      method: 'tools/call',
      params: {
        name: 'create_idempotent_project_handoff',
        arguments: { idempotency_key: randomUUID(), next_step: 'project_enquiry', requirements: { motif_description: telThen(' ') } },
      },
    }));
    const res = await send('/mcp/', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
      body: JSON.stringify(calls),
    });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(7);
    for (const answer of res.json) expect(answer.result.structuredContent.replayed).toBe(false);
    expect(res.ms).toBeLessThan(2000);
    figure(`issue 27 MCP batch of 7 handoff calls with "tel" + 1996 spaces through WordPress: ${res.ms.toFixed(0)} ms (the issue measured 24 s)`);
  });

  it('the ability’s run endpoint, where WordPress has the Abilities API, answers such a motif as fast', async () => {
    const index = await send('/wp-json/wp-abilities/v1/abilities/manufacturer-agent/create-project-handoff');
    if (index.status === 404) {
      figure(`issue 27 ability run endpoint: WordPress ${site.wordpress} has no Abilities API; nothing to attack there`);
      return;
    }
    const res = await send('/wp-json/wp-abilities/v1/abilities/manufacturer-agent/create-project-handoff/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ input: { idempotency_key: randomUUID(), next_step: 'project_enquiry', requirements: { motif_description: telThen('\u3000') } } }),
    });
    expect(res.ms).toBeLessThan(1500);
    figure(`issue 27 ability run endpoint with "tel" + 1996 U+3000 + letter (WordPress ${site.wordpress}): ${res.status} in ${res.ms.toFixed(0)} ms`);
  });
});

describe('Idempotency-Keys are per client (finding 8)', () => {
  it('client B sending A’s key gets a handoff of its own, never A’s link, and no 422 for another body; A still replays its own', async () => {
    const key = randomUUID();
    const motif = 'Waldmotiv, 4 Bahnen';
    const a = await handoff(motif, key, '198.51.100.7');
    expect(a.status).toBe(201);
    const b = await handoff(motif, key, '203.0.113.9');
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.json.id).not.toBe(a.json.id);
    expect(b.json.link).not.toBe(a.json.link);
    expect(JSON.stringify(b.json)).not.toContain(a.json.id);
    // Another body from B: a new handoff, not the 422 that told B the key exists.
    const other = await handoff('Sternenhimmel', key, '203.0.113.10');
    expect(other.status).toBe(201);
    // One /64 is one client: A's retry from its IPv6 neighbour replays A's.
    const v6 = await handoff(motif, key, '2001:db8:1:2::10');
    const v6Again = await handoff(motif, key, '2001:db8:1:2:ffff::1');
    expect([v6.status, v6Again.status]).toEqual([201, 200]);
    expect(v6Again.json.id).toBe(v6.json.id);
    const retry = await handoff(motif, key, '198.51.100.7');
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.json).toEqual(a.json);
    const conflict = await handoff('Sternenhimmel', key, '198.51.100.7');
    expect(conflict.status).toBe(422);
  });
});

describe('one client flooding the agent routes does not take the site down', () => {
  it('with 5 PHP workers, 16 concurrent expensive-but-valid agent requests for 20 s leave the home page answering', { timeout: 180_000 }, async () => {
    const bigBatch = () =>
      JSON.stringify(
        Array.from({ length: MAX_BATCH_MESSAGES }, (_, i) => ({
          jsonrpc: '2.0',
          id: i + 1,
          method: 'tools/call',
          params: {
            name: 'create_idempotent_project_handoff',
            arguments: { idempotency_key: randomUUID(), next_step: 'sample_request', requirements: { motif_description: `Tel ${'9 '.repeat(300)}` } },
          },
        })),
      );
    const kinds: (() => Promise<Answer>)[] = [
      () => handoff(`Motiv ${'Wald und Wiese, '.repeat(120)}`.slice(0, MOTIF_MAX)),
      () =>
        send('/mcp/', {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
          body: bigBatch(),
        }),
      () => send(`/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Welches Material ist schwer entflammbar, feuchtraumgeeignet und breiter als 130 cm?')}`),
    ];
    const agent: { status: number; ms: number; retryAfter: string | null }[] = [];
    const home: number[] = [];
    const homeStatuses = new Set<number>();
    let flooding = true;
    const floodUntil = Date.now() + 20_000;
    const flooders = Array.from({ length: 16 }, async (_, i) => {
      for (let n = i; Date.now() < floodUntil; n++) {
        try {
          const res = await kinds[n % kinds.length]();
          agent.push({ status: res.status, ms: res.ms, retryAfter: res.headers.get('retry-after') });
        } catch (error) {
          agent.push({ status: 0, ms: 30_000, retryAfter: String(error) });
        }
      }
    });
    const visitor = (async () => {
      while (flooding) {
        const res = await send('/', { client: '192.0.2.50', timeoutMs: 20_000 });
        homeStatuses.add(res.status);
        home.push(res.ms);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();
    await Promise.all(flooders);
    flooding = false;
    await visitor;

    const statuses = agent.reduce<Record<number, number>>((out, a) => ({ ...out, [a.status]: (out[a.status] ?? 0) + 1 }), {});
    const shed = agent.filter((a) => a.status === 503);
    const slowestAgent = Math.max(...agent.map((a) => a.ms));
    figure(
      `issue 27 flood (5 PHP-FPM workers, 16 concurrent agent requests for 20 s, WordPress ${site.wordpress}): ` +
        `home page ${home.length} loads (HTTP ${[...homeStatuses].join('/')}), median ${median(home).toFixed(0)} ms, max ${Math.max(...home).toFixed(0)} ms; ` +
        `agent ${agent.length} answers ${JSON.stringify(statuses)}, median ${median(agent.map((a) => a.ms)).toFixed(0)} ms, slowest ${slowestAgent.toFixed(0)} ms`,
    );
    expect(home.length).toBeGreaterThan(10);
    // The page itself, rendered by a PHP worker (the nginx site passes the port in HTTP_HOST, so no canonical redirect).
    expect([...homeStatuses]).toEqual([200]);
    for (const ms of home) expect(ms).toBeLessThan(5000);
    expect(median(home)).toBeLessThan(1500);
    // Agent routes answer normally or 503 with Retry-After; none hangs or fails otherwise.
    expect(agent.every((a) => [200, 201, 503].includes(a.status))).toBe(true);
    for (const a of shed) expect(a.retryAfter).toMatch(/^\d+$/);
    expect(slowestAgent).toBeLessThan(15_000);
  });
});

describe('a stalled sidecar costs PHP workers seconds, not the site (the bridge’s bounded waits)', () => {
  it(
    'a stopped sidecar: the first agent request waits its read budget, the next ones get 503 at once, the home page keeps answering, and it recovers',
    { timeout: 120_000 },
    async () => {
      const materials = () => send(`${PREFIX}/materials`, { client: '198.51.100.20', timeoutMs: 30_000 });
      const before = await materials();
      expect(before.status).toBe(200);
      // SIGSTOP keeps the socket listening (the kernel still accepts connections) but nothing is answered:
      // the worst case for the bridge, which a crashed sidecar (connection refused) is not.
      process.kill(sidecar.child.pid!, 'SIGSTOP');
      try {
        const first = await materials();
        expect(first.status).toBe(503);
        expect(first.headers.get('retry-after')).toMatch(/^\d+$/);
        // The read budget is 5 s (Sidecar_Client::READ_TIMEOUT); never the PHP worker's whole time limit.
        expect(first.ms).toBeGreaterThan(4000);
        expect(first.ms).toBeLessThan(8000);

        // Inside the back-off, every door answers 503 without waiting on the sidecar, however many come.
        const burst = await Promise.all([
          ...Array.from({ length: 8 }, () => materials()),
          handoff('Wald und Wiese', randomUUID(), '198.51.100.21'),
          send(`/wp-json/nlweb/v1/ask?query=${encodeURIComponent('Welches Material ist feuchtraumgeeignet?')}`),
          send('/mcp/', {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-03-26' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
          }),
        ]);
        for (const res of burst) {
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
          expect(res.ms).toBeLessThan(2500);
        }
        const page = await send('/', { client: '192.0.2.51', timeoutMs: 20_000 });
        expect(page.status).toBe(200);
        expect(page.ms).toBeLessThan(3000);
        figure(
          `issue 27 stopped sidecar through WordPress ${site.wordpress} (nginx + PHP-FPM, 5 workers): first GET 503 after ${first.ms.toFixed(0)} ms, ` +
            `then ${burst.length} concurrent agent requests 503 in at most ${Math.max(...burst.map((r) => r.ms)).toFixed(0)} ms, home page 200 in ${page.ms.toFixed(0)} ms`,
        );
      } finally {
        process.kill(sidecar.child.pid!, 'SIGCONT');
      }
      // Past the back-off window (Sidecar_Client::BACKOFF_SECONDS = 5) the sidecar is asked again.
      await new Promise((resolve) => setTimeout(resolve, 5_500));
      const after = await materials();
      expect(after.status).toBe(200);
    },
  );
});
