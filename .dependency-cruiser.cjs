/**
 * The layering of docs/architecture.md as rules (issue 15 §6), checked by `npm run lint:layers`
 * inside `npm test`. Shared layers (contract, domain, i18n, api) may be imported by everyone;
 * the server and the islands never import each other; production never imports test support;
 * no import cycles; the service modules import only the modules below them, each through its
 * index.ts.
 */

/**
 * The service modules of server/services, top to bottom (docs/decisions/069-server-modules.md):
 * each may import the modules below it, never one above, so no two import each other. Written
 * once; the rules below are generated from it.
 */
const MODULES = [
  'platform',
  'visits',
  'waitlist',
  'payments',
  'consents',
  'booking',
  'eshop',
  'files',
  'media',
  'orders',
  'pricing',
  'gifts',
  'loyalty',
  'rebuilds',
  'content',
  'accounts',
  'auth',
  'notifier',
  'webhooks',
  'abuse',
  'geocoding',
]
/** What other files import of a module only through its index.ts: the modules and the kernel. */
const WALLED = [...MODULES.map((name) => `server/services/${name}`), 'server/kernel']
/**
 * Read by everything below the modules, so they name the one file they need, never a module's
 * entry (which would import the whole module back into them: a cycle): the configuration reads
 * the modules' parsers and defaults, deps.ts names the types of the shared instances.
 */
const BELOW_THE_ENTRIES = ['^server/config\\.ts$', '^server/services/deps\\.ts$']

const moduleOrder = MODULES.slice(1).map((name, index) => ({
  name: 'modules-import-only-below',
  comment: `${name} imports no module above it (${MODULES.slice(0, index + 1).join(', ')}).`,
  severity: 'error',
  // a test drives the assembled app (server/test/harness.ts imports every module) and may read a higher module's entry
  from: { path: `^server/services/${name}/`, pathNot: '\\.test\\.tsx?$' },
  to: { path: `^server/services/(${MODULES.slice(0, index + 1).join('|')})/` },
}))

const oneEntry = WALLED.map((folder) => ({
  name: 'modules-only-through-their-entry',
  comment: `Outside ${folder}, only its index.ts is imported; its own tests may read its files, and tests anywhere its testing/ support (test support: production never imports it).`,
  severity: 'error',
  from: { pathNot: [`^${folder}/`, ...BELOW_THE_ENTRIES] },
  to: {
    path: `^${folder}/`,
    pathNot: [`^${folder}/index\\.ts$`, `^${folder}/.*testing/`],
  },
}))

const TEST_SUPPORT = [
  '\\.test\\.tsx?$',
  '^tests/',
  '^server/test/',
  '^server/conformance/',
  '^server/db/fixtures/',
  '^server/services/.+/testing/',
]

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'An import cycle makes the load order decide behaviour; split the shared part out.',
      severity: 'error',
      from: {},
      to: {
        circular: true,
      },
    },
    {
      name: 'server-imports-shared-layers-only',
      comment:
        'The API shares only the contract, pure rules, catalogs and the typed client with the sites.',
      severity: 'error',
      // a server test may read a browser-side name (the session cookie) to prove the server ignores it
      from: { path: '^server/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/', pathNot: '^src/(contract|domain|i18n|api)/' },
    },
    {
      name: 'sites-never-import-server',
      comment: 'Islands and pages run in browsers or at build time; the server is another process.',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'sites-scripts-never-import-server',
      comment:
        'The build and the sites server run beside the API, not inside it: they share the contract with it (the publish event and its signature, decision 070), never its modules. Their tests may start a real API.',
      severity: 'error',
      from: { path: '^scripts/(serve|build-sites)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/' },
    },
    {
      name: 'shared-layers-stay-shared',
      comment: 'contract, domain, i18n and api are imported by server, build and islands alike.',
      severity: 'error',
      from: { path: '^src/(contract|domain|i18n|api)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^src/', pathNot: '^src/(contract|domain|i18n|api)/' },
    },
    {
      name: 'services-never-import-the-web-layer',
      comment:
        'Services throw kernel refusals and take ServiceDeps; only server/http and server/routes know Hono (decision 067).',
      severity: 'error',
      from: { path: '^server/services/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^server/(http|routes)/' },
    },
    {
      name: 'kernel-imports-no-module',
      comment:
        'server/kernel is what every module may import: it imports no service, route, web layer or web framework (decision 067).',
      severity: 'error',
      from: { path: '^server/kernel/' },
      to: {
        path: ['^server/(services|http|routes|cluster)/', '(^|/)node_modules/hono/', '^hono$'],
      },
    },
    ...moduleOrder,
    ...oneEntry,
    {
      name: 'modules-never-import-their-own-entry',
      comment:
        "A module's files import each other directly: through its own index.ts the load order would depend on the barrel.",
      severity: 'error',
      from: { path: '^(server/services/[^/]+|server/kernel)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^$1/index\\.ts$' },
    },
    {
      name: 'production-never-imports-test-support',
      comment: 'Test support moves beside the tests; shipping code cannot reach it.',
      severity: 'error',
      // benchmarks are measuring tools: they reuse the tests' browser and server helpers
      from: { pathNot: [...TEST_SUPPORT, '^scripts/bench/'] },
      to: { path: TEST_SUPPORT },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(node_modules|dist|\\.astro|\\.data)/', '^tests/layers/fixture/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.astro'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
