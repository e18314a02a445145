// The plugin runs on PHP 8.1, 8.2, 8.3 and 8.4 without a line in debug.log: one stack per version
// (the playground's WebAssembly PHP builds, the stack's default WordPress), the public paths and an
// admin save exercised, then what wp-content/debug.log got since the start read (WP_DEBUG_LOG on,
// WP_DEBUG_DISPLAY off). Any line counts, whatever file it names (tests/support/debug-log.ts).
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startStack, stopStack } from '../../scripts/stack.mjs';
import { ADMIN_PREFIX, PLAYGROUND_COOKIE, login } from '../support/stack.js';
import { defaultConfig } from '../../plugin/sidecar/core/site-config.js';
import { STACK_SIDECAR_ENV, recordFigure } from './global-setup.js';
import { PHP_VERSIONS } from './php-lint.test.js';
import { debugLogSince, debugLogSize, unexpectedDebugLogLines } from '../support/debug-log.js';

const anonymous = { cookie: PLAYGROUND_COOKIE };
const json = { 'content-type': 'application/json' };

/** One request of each kind the plugin handles: [method, path, headers, body, expected status]. */
const REQUESTS: [string, string, Record<string, string>, string | undefined, number][] = [
  ['GET', '/wp-json/manufacturer-agent/v1/materials', {}, undefined, 200],
  ['GET', '/?rest_route=/manufacturer-agent/v1/materials/recommendation&priority=robust', {}, undefined, 200],
  ['GET', '/wp-json/manufacturer-agent/v1/materials/recommendation?priority=billig', {}, undefined, 400],
  ['GET', '/wp-json/manufacturer-agent/v1/company', {}, undefined, 200],
  [
    'POST',
    '/wp-json/manufacturer-agent/v1/handoffs',
    { ...json, 'idempotency-key': 'IDEMPOTENCY' },
    '{"next_step":"project_enquiry","requirements":{"priority":"robust","motif_description":"Wald"}}',
    201,
  ],
  ['GET', '/wp-json/nlweb/v1/ask?query=Wallcheck', {}, undefined, 200],
  ['GET', '/wp-json/nlweb/v1/ask?query=Wallcheck', { accept: 'text/event-stream' }, undefined, 200],
  ['POST', '/mcp/', { ...json, accept: 'application/json, text/event-stream' }, '{"jsonrpc":"2.0","id":1,"method":"tools/list"}', 200],
  ['GET', '/llms.txt', {}, undefined, 200],
  ['GET', '/llms-full.txt', {}, undefined, 200],
  ['GET', '/openapi.json', {}, undefined, 200],
  ['GET', '/.well-known/agent.json', {}, undefined, 200],
  ['GET', '/.well-known/mcp.json', {}, undefined, 200],
  ['GET', '/.well-known/mcp/server-card.json', {}, undefined, 200],
  ['GET', '/robots.txt', {}, undefined, 200],
  ['GET', '/kontakt/?handoff=ho_unknownunknownunknown00', {}, undefined, 200],
];

describe.each(PHP_VERSIONS)('PHP %s', (php) => {
  it('serves every public path and saves in wp-admin without a line in debug.log', { timeout: 300_000 }, async () => {
    const instance = `test-${process.pid}-php${php.replace('.', '')}`;
    const started = performance.now();
    const state = await startStack({ instance, php, wpPort: 0, sidecarPort: 0, fresh: true, build: false, sidecarEnv: STACK_SIDECAR_ENV, log: () => {} });
    const logStart = debugLogSize(state.wordpress.debugLog);
    try {
      recordFigure(`PHP ${php}: stack started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      expect(state.wordpress.php).toBe(php);
      expect(state.setup?.plugin).toBe('active');
      const url = state.wordpress.url;
      let review = '';
      for (const [method, path, headers, body, status] of REQUESTS) {
        const res = await fetch(`${url}${path}`, {
          method,
          headers: { ...anonymous, ...headers, ...(headers['idempotency-key'] ? { 'idempotency-key': `php-${randomUUID()}` } : {}) },
          body,
        });
        const text = await res.text();
        expect(res.status, `${method} ${path}: ${text.slice(0, 200)}`).toBe(status);
        if (path.startsWith('/wp-json/manufacturer-agent/v1/handoffs')) review = JSON.parse(text).link;
      }
      expect((await fetch(review, { headers: anonymous })).status).toBe(200);

      const admin = await login(url, state.wordpress.admin.user, state.wordpress.admin.password);
      const headers = { cookie: admin.cookie, 'x-wp-nonce': admin.nonce, ...json };
      const config = defaultConfig();
      config.company.name = `PHP ${php} GmbH`;
      const put = await fetch(`${url}${ADMIN_PREFIX}/config`, { method: 'PUT', headers, body: JSON.stringify({ config }) });
      expect(put.status).toBe(200);
      const invalid = await fetch(`${url}${ADMIN_PREFIX}/config`, { method: 'PUT', headers, body: JSON.stringify({ config: { materials: [] } }) });
      expect(invalid.status).toBe(400);
      const company = (await (await fetch(`${url}/wp-json/manufacturer-agent/v1/company`, { headers: anonymous })).json()) as any;
      expect(company.company.name).toBe(`PHP ${php} GmbH`);
      for (const route of ['/status', '/handoffs', '/config']) expect((await fetch(`${url}${ADMIN_PREFIX}${route}`, { headers })).status).toBe(200);
      expect((await fetch(`${url}/wp-admin/admin.php?page=manufacturer-agent`, { headers: { cookie: admin.cookie } })).status).toBe(200);

      expect(unexpectedDebugLogLines(debugLogSince(state.wordpress.debugLog, logStart))).toEqual([]);
    } finally {
      await stopStack({ instance, remove: true, log: () => {} });
    }
  });
});
