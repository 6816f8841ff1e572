import { defineConfig } from '@playwright/test';
import { hurriedTimings, servers, urlOf } from './servers';

/**
 * Browser journeys against the real portal, started fresh with its demo data in memory. The browser
 * is Debian's Chromium (scripts/ensure-chromium.sh installs it); Playwright's own download is
 * never used.
 */

/** A portal with its demo data in memory, paying through its own sandbox; mail is sent every second. */
function portal(server: { port: number; gatewayPort: number }, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${urlOf(server)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(server.port),
      GATEWAY_PORT: String(server.gatewayPort),
      // The address the browser uses, so the gateway returns it to the same origin (its storage).
      PUBLIC_URL: urlOf(server),
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
      JOBS_INTERVAL_SECONDS: '1',
      // Every journey's browser is one guest at one address, 127.0.0.1, where a council's payers
      // are thousands of addresses: the per-client limits would count all journeys as one payer.
      // The limits themselves are tested against the API (checkout's own tests).
      CHECKOUTS_PER_MINUTE: '120',
      OPEN_PAYMENTS_PER_CLIENT: '50',
      LIST_SEARCHES_PER_MINUTE: '120',
      ...env,
    },
  };
}

/** The sandbox card gateway a portal sends its payers to, in its own process as `npm start` runs it. */
function sandbox(server: { gatewayPort: number }, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx apps/gateway-sandbox/src/main.ts',
    cwd: '..',
    url: `http://127.0.0.1:${server.gatewayPort}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { GATEWAY_PORT: String(server.gatewayPort), ...env },
  };
}

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // A journey walks a dozen pages; on the shared 2-core machine that CI runs on, the longest took
  // 24-32 s while other work ran, so 30 s failed them by chance. Likewise a step: the confirmation
  // page, loaded afresh after the gateway's return, once took 4 s to render its first answer.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: urlOf(servers.portal),
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
    // The portal's service worker keeps the app for offline use; journeys that do not test that
    // run without it, so that each page load comes from the server as it does the first time.
    serviceWorkers: 'block',
  },
  webServer: [
    sandbox(servers.portal),
    portal(servers.portal),
    sandbox(servers.hurried, {
      GATEWAY_PAGE_TIMEOUT_SECONDS: String(hurriedTimings.gatewayPageTimeoutSeconds),
    }),
    portal(servers.hurried, {
      PAYMENT_REQUERY_AFTER_SECONDS: String(hurriedTimings.requeryAfterSeconds),
      GATEWAY_PAGE_TIMEOUT_SECONDS: String(hurriedTimings.gatewayPageTimeoutSeconds),
      PAYMENT_RELEASE_MARGIN_SECONDS: String(hurriedTimings.releaseMarginSeconds),
      JOBS_INTERVAL_SECONDS: String(hurriedTimings.jobsIntervalSeconds),
    }),
    sandbox(servers.settings),
    portal(servers.settings),
  ],
});
