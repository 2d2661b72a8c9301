import { defineConfig } from 'vitest/config';

// Tiers (STYLE §8): unit tests beside the code; API and database tests run once per
// database (PGlite always, PostgreSQL when scripts/test.ts provisioned a cluster);
// end-to-end tests drive Chromium against a running server.
const databaseTests = ['api/src/**/*.api.test.ts', 'db/src/**/*.db.test.ts', 'tests/api/**/*.test.ts'];
const hasPostgres = Boolean(process.env.TEST_POSTGRES_URL);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{core,db,api,desktop,print-templates,portal,scripts}/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', ...databaseTests],
        },
      },
      {
        test: {
          name: 'pglite',
          include: databaseTests,
          env: { TEST_DATABASE: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              test: {
                name: 'postgres',
                include: databaseTests,
                env: { TEST_DATABASE: 'postgres' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
