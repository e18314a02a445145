// Global setup of the `wordpress` vitest project: one stack for the whole run (its own instance, free
// ports, a fresh site), logged-in sessions for an administrator and a subscriber, torn down at the end.
import { appendFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT, startStack, stopStack, sweepStaleTestInstances } from '../../scripts/stack.mjs';
import { login, type WordPressStack } from '../support/stack.js';
import { debugLogSince, debugLogSize, unexpectedDebugLogLines } from '../support/debug-log.js';

/** What the contract suites need from the stack's sidecar (the standalone suites set the same per suite). */
export const STACK_SIDECAR_ENV = {
  MANUFACTURER_AGENT_RATE_LIMIT: '100000',
  MANUFACTURER_AGENT_HANDOFF_RATE_LIMIT: '100000',
  MANUFACTURER_AGENT_ALLOWED_ORIGINS: 'https://partner.example/',
  MANUFACTURER_AGENT_IDEMPOTENCY_RETENTION_DAYS: '14',
  // No event-loop shedding on /ask: the suites run on a shared machine (tests/answers/fair-use.test.ts tests it).
  MANUFACTURER_AGENT_MAX_EVENT_LOOP_DELAY_MS: '0',
};

export const FIGURES_FILE = path.join(ROOT, 'test-results/wordpress-figures.txt');

export function recordFigure(line: string): void {
  mkdirSync(path.dirname(FIGURES_FILE), { recursive: true });
  appendFileSync(FIGURES_FILE, `${line}\n`);
  console.log(`[wordpress] ${line}`);
}

export default async function setup(project: TestProject) {
  const instance = `test-${process.pid}`;
  const log = (m: string) => console.log(`[wordpress stack] ${m}`);
  await sweepStaleTestInstances(log);
  const started = performance.now();
  const state = await startStack({
    instance,
    wpPort: 0,
    sidecarPort: 0,
    fresh: true,
    build: !existsSync(path.join(ROOT, 'plugin/build/sidecar/main.mjs')),
    sidecarEnv: STACK_SIDECAR_ENV,
    log,
  });
  const startSeconds = Number(((performance.now() - started) / 1000).toFixed(1));
  // The run is judged from here on: the playground's own installation has logged before.
  const debugLogStart = debugLogSize(state.wordpress.debugLog);
  try {
    if (state.setup?.plugin !== 'active') throw new Error(`the plugin is not active in the stack: ${state.setup?.plugin}`);
    const [admin, subscriber] = await Promise.all([
      login(state.wordpress.url, state.wordpress.admin.user, state.wordpress.admin.password),
      login(state.wordpress.url, state.wordpress.subscriber.user, state.wordpress.subscriber.password),
    ]);
    const stack: WordPressStack = {
      instance,
      url: state.wordpress.url,
      sidecarUrl: state.sidecar.url,
      token: state.token,
      version: state.wordpress.version,
      php: state.wordpress.php,
      runtime: state.runtime,
      debugLog: state.wordpress.debugLog,
      startSeconds,
      admin: {
        ...admin,
        user: state.wordpress.admin.user,
        password: state.wordpress.admin.password,
        applicationPassword: state.wordpress.admin.applicationPassword ?? '',
      },
      subscriber: {
        ...subscriber,
        user: state.wordpress.subscriber.user,
        password: state.wordpress.subscriber.password,
        applicationPassword: state.wordpress.subscriber.applicationPassword ?? '',
      },
    };
    project.provide('wordpress', stack);
    recordFigure(
      `stack start (fresh site, ${state.runtime}, WordPress ${state.wordpress.version}, PHP ${state.wordpress.php}): ${startSeconds} s in all, WordPress ${state.timings.wordpressStartSeconds} s, on ${state.wordpress.url} with the sidecar on ${state.sidecar.url}`,
    );
  } catch (error) {
    await stopStack({ instance, remove: true, log });
    throw error;
  }
  return async () => {
    let unexpected: string[];
    try {
      unexpected = unexpectedDebugLogLines(debugLogSince(state.wordpress.debugLog, debugLogStart));
      recordFigure(`debug.log: ${unexpected.length} new lines besides core's offline update checks`);
    } finally {
      await stopStack({ instance, remove: true, log });
    }
    // Any line fails the run, whatever file it names (core's notices caused by the plugin name core files).
    if (unexpected.length) throw new Error(`wp-content/debug.log got ${unexpected.length} new lines during the run:\n${unexpected.slice(0, 20).join('\n')}`);
  };
}
