import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { inject } from 'vitest'
import { createDatabase, migrationsFolder } from '#server/db/client.ts'
import { prepareDatabase } from '#server/start.ts'

/**
 * A migrated and seeded PGlite database as a data directory tarball, one per fixture set and per
 * test run: a new PGlite cluster costs 3-5 s of initdb on two cores, a start from a tarball about
 * 1 s, and the migrations and the seed another second (measured on 2026-11-29). The API tests
 * start from it; the API's own start then finds the migrations applied and the database seeded,
 * as after a restart. The tarballs live in the run's directory (global-setup.ts), deleted with it,
 * so none outlives a change of the migrations or the seed code. Two files wanting the same set at
 * once both build it; the rename keeps one.
 */
export async function pgliteTemplate(seedFrom: string | false): Promise<Blob | undefined> {
  const dir = inject('pgliteTemplates')
  if (!dir) return undefined
  const file = join(dir, `${keyOf(seedFrom)}.tar.gz`)
  if (!existsSync(file)) {
    const database = await createDatabase({ pgliteDir: 'memory://' })
    try {
      await prepareDatabase(database, seedFrom, () => undefined)
      const dump = await database.dumpDataDir?.()
      if (!dump) return undefined
      const partial = `${file}.${process.pid}.part`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    } finally {
      await database.close()
    }
  }
  return new Blob([readFileSync(file)])
}

/**
 * The fixture set's files and the migrations, by path within their folder and content: the
 * fixture sets a helper writes into a new temporary folder for each file (payment.ts,
 * waitlist.ts) share a template when their contents are the same.
 */
function keyOf(seedFrom: string | false): string {
  const hash = createHash('sha256')
  for (const root of [migrationsFolder, ...(seedFrom === false ? [] : [seedFrom])]) {
    hash.update(`\0${root === migrationsFolder ? 'migrations' : 'tenants'}`)
    for (const file of filesUnder(root)) {
      hash.update(`\0${relative(root, file)}\0`).update(readFileSync(file))
    }
  }
  return hash.digest('hex').slice(0, 24)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path) : [path]
    })
}
