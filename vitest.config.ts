import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Suites start real services on loopback; two workers fit the 2-core machines.
    maxWorkers: 2,
  },
});
