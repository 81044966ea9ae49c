import { defineConfig } from 'vitest/config';

/** Unit and integration tests: real PGlite (in memory), real OpenID provider, Node environment. */
export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'node',
    setupFiles: ['tests/unit/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
