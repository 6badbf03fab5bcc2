import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

/**
 * The API tests' run directory for the PGlite templates (pglite-template.ts): built by the first
 * file that needs each fixture set, deleted when the run ends. On PostgreSQL
 * (TEST_DATABASE_URL) every file creates its own database and no template is made.
 */
export default function setup(project: TestProject) {
  const onPostgres = Boolean(process.env.TEST_DATABASE_URL)
  const dir = onPostgres ? '' : mkdtempSync(join(tmpdir(), 'storefront-pglite-'))
  project.provide('pgliteTemplates', dir)
  return () => {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** '' when the tests run on PostgreSQL */
    pgliteTemplates: string
  }
}
