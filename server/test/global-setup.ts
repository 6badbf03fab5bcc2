import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { dropPostgresTemplates } from './database-template.ts'

/**
 * The API tests' run-scoped place for their template databases (database-template.ts): on
 * PGlite a temporary folder of tarballs, on PostgreSQL (TEST_DATABASE_URL) template databases
 * named with this run's id. Each is made by the first file that needs its fixture set, and all
 * are deleted when the run ends.
 */
export default function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_URL
  const runId = randomBytes(4).toString('hex')
  const dir = server ? '' : mkdtempSync(join(tmpdir(), 'storefront-pglite-'))
  project.provide('databaseTemplates', { dir, runId: server ? runId : '' })
  return async () => {
    if (dir) rmSync(dir, { recursive: true, force: true })
    if (server) await dropPostgresTemplates(server, runId)
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** dir: PGlite's tarballs ('' on PostgreSQL); runId: PostgreSQL's template names ('' on PGlite) */
    databaseTemplates: { dir: string; runId: string }
  }
}
