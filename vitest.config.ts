import { defineConfig } from 'vitest/config';

// Three projects: pure rules and stores (unit), and services/endpoints against PGlite or PostgreSQL
// plus the HTTP contract against the built server (integration, see tests/integration/global-setup.ts),
// and concurrency and fault tests on PostgreSQL (load: `npm run test:load`, and the PostgreSQL pass of npm test).
export default defineConfig({
  // The #lib/*, #server/*, … import aliases of tsconfig.json.
  resolve: { tsconfigPaths: true },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
