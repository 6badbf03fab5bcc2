import { defineConfig } from 'vitest/config'

process.env.ASTRO_TELEMETRY_DISABLED = '1'

// Unit tests sit beside their code; browser journeys live in tests/e2e and the whole-site build
// tests in tests/site: both build with Astro, so they get longer timeouts and run one at a time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tenants/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        // Each API test file starts the real server on its own database (PGlite in memory, or a
        // database of TEST_DATABASE_URL): slow to start on two cores, so generous timeouts.
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/site/**/*.test.ts'],
          // a CSP violation in any page a test opened fails it (decision 019)
          setupFiles: ['tests/support/csp-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        // Issue 6's customer journeys in Chromium, sharing one started product (global-setup.ts)
        test: {
          name: 'journeys',
          include: ['tests/journeys/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/journeys/support/global-setup.ts'],
          setupFiles: ['tests/support/csp-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
