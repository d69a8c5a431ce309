import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
/**
 * Two workers, each with its own server and database (ports PORT and PORT + 1): tests that change
 * the demo organisation never meet another worker's. Playwright loads this file in every worker with
 * TEST_PARALLEL_INDEX set, so a worker's baseURL is its own server's.
 */
const WORKERS = 2;
const serverUrl = (index: number) => `http://127.0.0.1:${PORT + index}`;
const baseURL = serverUrl(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * Browser tests in Debian's Chromium (no browser downloads here) against the built app on a
 * fresh embedded database with the demo organisation. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: WORKERS,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace records screenshots of every step of every test (a fifth of the machine, measured),
    // and a CI log cannot carry it: traces are kept locally only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    colorScheme: 'light',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: Array.from({ length: WORKERS }, (_, index) => ({
    // A fresh data folder per port, outside test-results/ (which Playwright empties at every start).
    command: 'node e2e/fresh-server.ts',
    url: `${serverUrl(index)}/api/v1/health`,
    reuseExistingServer: false,
    // SIGTERM, so that the app stops its managed database server on the way out.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    timeout: 60_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT + index),
      HOST: '127.0.0.1',
      APP_URL: serverUrl(index),
      DATA_DIR: `.e2e-data/${PORT + index}`,
      DEMO: '1',
      // Tests move the app's clock ahead through PUT /dev/clock instead of waiting (e2e/api-helpers.ts).
      TEST_CLOCK: '1',
      LOG_LEVEL: 'warn',
    },
  })),
});
