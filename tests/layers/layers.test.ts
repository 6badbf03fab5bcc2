import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { cruise, type IViolation } from 'dependency-cruiser'
import { describe, expect, it } from 'vitest'

/**
 * The layering rules of .dependency-cruiser.cjs (docs/decisions/022-layering-rules.md) run in
 * `npm test` through `npm run lint:layers`; this proves they catch what they name, on a fixture
 * that breaks each.
 */
const require = createRequire(import.meta.url)
const config = require('../../.dependency-cruiser.cjs') as { forbidden: unknown[] }
const fixture = fileURLToPath(new URL('./fixture', import.meta.url))

async function violations(): Promise<string[]> {
  const result = await cruise(['server', 'src', 'scripts'], {
    baseDir: fixture,
    ruleSet: { forbidden: config.forbidden } as never,
    validate: true,
  })
  if (typeof result.output === 'string') throw new Error(result.output)
  return result.output.summary.violations.map(
    (v: IViolation) => `${v.rule.name} ${v.from} → ${v.to}`,
  )
}

describe('layering rules', () => {
  it("catch a cycle, each forbidden direction (the kernel and the services below the web layer, a module importing one above it, another module's file or its own entry, the sites scripts beside the server), and production importing test support", async () => {
    expect((await violations()).sort()).toEqual([
      'kernel-imports-no-module server/kernel/uses-module.ts → ../../../node_modules/hono/dist/cjs/index.js',
      'kernel-imports-no-module server/kernel/uses-module.ts → server/services/uses-web.ts',
      'modules-import-only-below server/services/booking/uses-visits.ts → server/services/visits/index.ts',
      'modules-never-import-their-own-entry server/services/booking/uses-own-entry.ts → server/services/booking/index.ts',
      'modules-only-through-their-entry server/services/visits/reaches-inside.ts → server/services/booking/holds.ts',
      'no-cycles server/a.ts → server/b.ts',
      'production-never-imports-test-support server/c.ts → server/test/seed.ts',
      'server-imports-shared-layers-only server/a.ts → src/islands/island.ts',
      'services-never-import-the-web-layer server/services/uses-web.ts → server/http/route.ts',
      'shared-layers-stay-shared src/domain/rule.ts → src/islands/island.ts',
      'sites-never-import-server src/islands/uses-server.ts → server/b.ts',
      'sites-scripts-never-import-server scripts/serve/uses-server.ts → server/b.ts',
    ])
  })
})
