import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The HTTP contract suites run twice: against the sidecar alone (standalone project) and through
 * WordPress (wordpress project), one suite, two base URLs (tests/support/target.ts).
 */
export const CONTRACT_SUITES = [
  'tests/http/rest.test.ts',
  'tests/tools/mcp.test.ts',
  'tests/answers/ask.test.ts',
  'tests/discovery/http.test.ts',
  'tests/discovery/llms.test.ts',
  'tests/discovery/agent-card.test.ts',
];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start real services on loopback; two workers fit the 2-core machines.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'standalone',
          include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, 'tests/wordpress/**', 'tests/browser/**'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'wordpress',
          // tests/browser: the admin screen in Chromium against the same stack.
          include: ['tests/wordpress/**/*.test.ts', 'tests/browser/**/*.test.ts', ...CONTRACT_SUITES],
          // The stack (tests/support/stack.ts) is started once for the project and shared: its one PHP
          // worker serves one request at a time, so its files run one after the other, after the
          // standalone project (a 2-core machine; timings of either must not suffer from the other).
          globalSetup: ['tests/wordpress/global-setup.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
