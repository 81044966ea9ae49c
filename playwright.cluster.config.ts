import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * Issue 19: the sign-in, claim and work-order journeys through a real HAProxy in front of two portal processes on one
 * PostgreSQL database (scripts/e2e-cluster.ts; the server of TEST_DATABASE_URL, or the one
 * scripts/start-test-postgres.sh starts), plus tests/e2e/cluster/ (requests spread over both processes, a live update
 * written through one process reaching a stream held by the other). `npx playwright test -c playwright.cluster.config.ts`.
 */
const PORT = Number(process.env.E2E_CLUSTER_PORT ?? 4392);
const STATS_PORT = Number(process.env.E2E_CLUSTER_STATS_PORT ?? PORT + 1);
const BASE_URL = `http://localhost:${PORT}`;
const DATA_DIR = process.env.E2E_CLUSTER_DATA_DIR ?? '.data-e2e-cluster';
// For the test workers: the shared dev mailbox (tests/e2e/mailbox.ts) and HAProxy's stats (tests/e2e/cluster/).
process.env.E2E_DATA_DIR = DATA_DIR;
process.env.E2E_CLUSTER_STATS_PORT = String(STATS_PORT);

export default defineConfig({
  ...base,
  testDir: 'tests/e2e',
  testMatch: ['sign-in.test.ts', 'sign-out.test.ts', 'claim-flow.test.ts', 'work-orders.test.ts', 'work-orders-dashboard.test.ts', 'cluster/*.test.ts'],
  testIgnore: [],
  use: { ...base.use, baseURL: BASE_URL },
  webServer: {
    command: 'node --import tsx scripts/e2e-cluster.ts',
    // Ready once HAProxy sees BOTH processes UP (its URL answers as soon as the first one is).
    wait: { stderr: /HAProxy at \S+ .*: both processes UP/ },
    reuseExistingServer: false,
    // Two cold starts on a busy machine (the first migrates and seeds PostgreSQL), then HAProxy's health checks.
    timeout: 300_000,
    // SIGTERM, not the default SIGKILL: the harness stops the processes and HAProxy and drops its scratch database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    env: {
      E2E_CLUSTER_PORT: String(PORT),
      E2E_CLUSTER_STATS_PORT: String(STATS_PORT),
      E2E_DATA_DIR: DATA_DIR,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_FAILURES: '5',
      SELF_SERVICE_URL: 'https://self-service.example.test/start',
    },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
