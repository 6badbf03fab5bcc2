import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase, migrationsFolder } from './client.ts'
import { clusterKey } from './pglite-cluster-cache.ts'

const root = mkdtempSync(join(tmpdir(), 'pglite-cluster-cache-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
let n = 0
const freshFolder = () => join(root, `cache${++n}`)

/**
 * Starts an in-memory database with `cache`, migrates it and closes it; answers how many
 * migrations drizzle had recorded before migrate(): 0 for a new cluster, all of them for one that
 * started from the kept cluster.
 */
async function startAndMigrate(cache: string): Promise<number> {
  const database = await createDatabase({ pgliteDir: 'memory://', pgliteCache: cache })
  try {
    const before = await database.db
      .execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)
      .then((result) => (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0)
      // no drizzle schema yet: a new cluster
      .catch(() => 0)
    await database.migrate()
    return before
  } finally {
    await database.close()
  }
}

const migrationCount = () => readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')).length
const kept = (cache: string) => readdirSync(cache).filter((f) => f.endsWith('.tar.gz'))

describe('the migrated PGlite cluster kept for the next in-memory database', () => {
  it('is named for the migrations and PGlite: another file or version, another name', () => {
    const copy = join(root, 'migrations')
    cpSync(migrationsFolder, copy, { recursive: true })
    const key = clusterKey(copy, '0.5.16')
    expect(clusterKey(copy, '0.5.16')).toBe(key)
    expect(clusterKey(copy, '0.5.17')).not.toBe(key)
    writeFileSync(join(copy, '9999_next.sql'), 'create table next_one (id int);')
    expect(clusterKey(copy, '0.5.16')).not.toBe(key)
  })

  it('is made by the first start and is where the next one starts; an unreadable one is replaced', async () => {
    const cache = freshFolder()
    expect(await startAndMigrate(cache)).toBe(0)
    expect(kept(cache)).toHaveLength(1)
    // the next database has every migration before migrate(): it started from the kept cluster
    expect(await startAndMigrate(cache)).toBe(migrationCount())
    // a file PGlite cannot read: a new cluster, as without the cache, and a good file kept
    writeFileSync(join(cache, kept(cache)[0] ?? ''), 'not a tarball')
    expect(await startAndMigrate(cache)).toBe(0)
    expect(await startAndMigrate(cache)).toBe(migrationCount())
  }, 120_000)
})
