import { defineConfig } from 'vitest/config';

/**
 * Unit and API tests. API tests start the real app (buildApp) on real PostgreSQL, once: the server
 * TEST_DATABASE_URL names (CI), else the managed one `npm start` also runs
 * (apps/server/test/global-setup.ts). Browser tests are Playwright's (e2e/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // `npm run validate` runs these beside typecheck and lint on two cores: a component test
          // that takes 4 s alone must not fail for being slowed down (it is not a timed assertion): a
          // clean-clone run once took 10.7 s to render the candidates table.
          testTimeout: 30_000,
          // Two files at a time: with Vitest's default here (one), the component tests ran alone on one
          // core for minutes after the API tests had finished (clean-clone CI: unit 489 s, API 220 s).
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/test/**/*.test.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Each file has its own database and app: they mostly wait on PostgreSQL, so three at a time
          // keep two cores busy (Vitest's default here would be one).
          maxWorkers: 3,
          // Every file builds its own app on its own database and keeps no module state of its own,
          // so a worker's files share one module graph: importing the app once per worker instead of
          // once per file took the suite from 96 s to 51 s (imports 204 s → 11 s of CPU).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
