import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;

/**
 * Unit and API tests. API tests start the real app (buildApp) on a real database:
 * PGlite always, and PostgreSQL too when TEST_DATABASE_URL is set (a second project
 * runs the same files against it). Browser tests are Playwright's (e2e/).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api:pglite',
          include: ['apps/server/test/**/*.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(postgres
        ? [
            {
              test: {
                name: 'api:postgres',
                include: ['apps/server/test/**/*.test.ts'],
                env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgres },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
