import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;

/**
 * Browser tests in Debian's Chromium (no browser downloads here) against the built app on a
 * fresh embedded database with the demo organisation. `npm run test:e2e` builds first.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    // A fresh data folder per port, outside test-results/ (which Playwright empties at every start).
    command: 'node e2e/fresh-server.ts',
    url: `${baseURL}/api/v1/health`,
    reuseExistingServer: false,
    // SIGTERM, so that the app stops its managed database server on the way out.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: baseURL,
      DATA_DIR: `.e2e-data/${PORT}`,
      DEMO: '1',
      // Tests move the app's clock ahead through PUT /dev/clock instead of waiting (e2e/api-helpers.ts).
      TEST_CLOCK: '1',
      LOG_LEVEL: 'warn',
    },
  },
});
