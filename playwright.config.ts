import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4391);
export const BASE_URL = `http://localhost:${PORT}`;

/** End-to-end tests in Debian's Chromium against the real server, database and OpenID provider. */
export default defineConfig({
  testDir: 'tests/e2e',
  // tests/e2e/cluster/ runs through the balancer only (playwright.cluster.config.ts).
  testIgnore: ['**/cluster/**'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/auth-config.json`,
    reuseExistingServer: false,
    // Cold start on a busy machine (tsx compiles the server, PGlite migrates and seeds): allow more than the default.
    timeout: 300_000,
    env: { PORT: String(PORT), DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e', LOG_LEVEL: 'warn', LOGIN_MAX_FAILURES: '5',
      // issue 17: SSO users on claim pages go to the self-service site (tests/e2e/sso.test.ts answers it with page.route).
      SELF_SERVICE_URL: 'https://self-service.example.test/start' },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
