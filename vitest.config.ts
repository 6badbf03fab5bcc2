import { defineConfig } from 'vitest/config'

process.env.ASTRO_TELEMETRY_DISABLED = '1'

// Unit tests sit beside their code; browser journeys live in tests/e2e and get longer timeouts.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tenants/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
