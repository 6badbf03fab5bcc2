import { configDefaults, defineConfig } from 'vitest/config'
import { SlowFirstSequencer } from './scripts/test/slow-first'

process.env.ASTRO_TELEMETRY_DISABLED = '1'
// Password hashes at scrypt's N = 2^10 instead of 2^15 in every API, product and process the
// tests start (server/services/auth/password.ts passwordCost, decision 106): about 180 ms of CPU
// a hash became 2, and the api files alone hash 888 times a pass (sign-ups, codes, sign-ins),
// besides the demo accounts each product seeds. A journey in production mode sets it back (it
// is refused there).
process.env.PASSWORD_SCRYPT_N ||= '1024'

/**
 * Tests beside their code that start a process, open a port or write files (a fake API server,
 * the sites server, a build): the `integration` project. Everything else beside the code is a
 * `unit` test, and tests/support/unit-guard.ts makes any such call fail there.
 */
const INTEGRATION = [
  'scripts/bench/report-md.test.ts',
  'scripts/build-studio/{one-builder,studio-cache}.test.ts',
  'scripts/build-sites/{args,batches,compress,divert-writes,later-jobs-site,publish-atomic,publish-in-place,publish-shared,pull-api,run,site-headers}.test.ts',
  'scripts/deploy/deploy.test.ts',
  'scripts/serve/{compression,crash-recovery,hooks-proxy,publish-flow,publish-stamps,publish-swap,replay-guard,security-headers,server}.test.ts',
  'scripts/shared/resolve-memo-options.test.ts',
  'scripts/start/*.test.ts',
  'src/api/{error-body,errors,request,startup}.test.ts',
  'src/api/wrappers/{swallowed,users}.test.ts',
]

// expect.poll's 1 s default is shorter than a page's answer while the node lane keeps both cores
// busy (an island's stock check stayed past it in CI); Playwright's own waits allow 30 s.
const BROWSER_POLL = { timeout: 15_000, interval: 100 }

// Unit tests sit beside their code; browser journeys live in tests/e2e and the whole-site build
// tests in tests/site: both build with Astro, so they get longer timeouts and run one at a time.
export default defineConfig({
  test: {
    // the files known to take a minute or more first, also on a clean clone (slow-first.ts)
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'scripts/**/*.test.ts',
            'tenants/**/*.test.ts',
            'tests/layers/**/*.test.ts',
            'tests/support/unit-guard.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...INTEGRATION],
          environment: 'node',
          // The files of a worker share the loaded modules (docs/decisions/099): 248 files took
          // 135 s of CPU isolated, 18 s not, mostly importing the same modules again. A unit
          // test keeps no state past its file (vi.stubEnv is undone; the guard below is the same
          // for every file); shuffled orders pass too.
          isolate: false,
          setupFiles: ['tests/support/unit-guard.ts'],
          // The workflow parser imports its schema JSON without an import attribute, which Node
          // refuses; bundled by Vite it loads (scripts/ci/workflows.test.ts).
          server: { deps: { inline: ['@actions/workflow-parser'] } },
        },
      },
      {
        test: {
          name: 'integration',
          include: INTEGRATION,
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Each API test file starts the real server on its own database (PGlite in memory, or a
        // database of TEST_DATABASE_URL): slow to start on two cores, so generous timeouts.
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          // one migrated and seeded PGlite database per fixture set and run (server/test/pglite-template.ts)
          globalSetup: ['server/test/global-setup.ts'],
          // The files of a worker share the loaded server modules (docs/decisions/068): each file
          // still starts its own server on its own database; file-setup.ts puts back the env and
          // the clock a file changed. On PostgreSQL too since 2026-11-30 (two whole passes green).
          isolate: false,
          setupFiles: ['server/test/file-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/site/**/*.test.ts'],
          // Each file isolated: they run Astro's build() in the test process, and with shared
          // modules the second file's build found the first's state (its pages missing, the
          // consent tests' third parties never requested: a whole run, decision 099).
          // a CSP violation in any page a test opened fails it (decision 019)
          setupFiles: ['tests/support/csp-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: BROWSER_POLL },
        },
      },
      {
        // The customer journeys in Chromium, sharing one started product (global-setup.ts)
        test: {
          name: 'journeys',
          include: ['tests/journeys/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/journeys/support/global-setup.ts'],
          // Files share loaded modules (decision 099): importing Playwright, the catalogs and the
          // contract again cost each file about a second of the browser lane's CPU.
          isolate: false,
          setupFiles: ['tests/support/csp-setup.ts', 'tests/journeys/support/share-browser.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          expect: { poll: BROWSER_POLL },
        },
      },
    ],
  },
})
