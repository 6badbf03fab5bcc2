import { asc } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { companies } from '#server/db/schema/index.ts'
import { startApi } from '#server/start.ts'
import { fingerprint, tableNames } from './db-fingerprint.ts'
import { fixturesDir, freshDatabase, startTestApi } from './harness.ts'

/** Each table's row count (the rows' text differs: the seed stamps updated_at). */
async function rowCounts(db: Db): Promise<Record<string, number>> {
  const tables = await fingerprint(db, await tableNames(db))
  return Object.fromEntries([...tables].map(([name, { rows }]) => [name, rows]))
}

const tenants = (db: Db) =>
  db
    .select({ id: companies.id, host: companies.host, token: companies.token })
    .from(companies)
    .orderBy(asc(companies.id))

const seeded = (logs: readonly string[]) => logs.filter((line) => line.startsWith('seed '))

describe('API test files start from a migrated and seeded copy (database-template.ts)', () => {
  it('holds the tables, rows and tenants a fresh start migrates and seeds', async () => {
    const fromTemplate = await startTestApi()
    const logs: string[] = []
    // an empty database of the same driver, migrated and seeded by the API's start
    const empty = await freshDatabase()
    const fresh = await startApi(
      loadConfig(
        {},
        {
          port: 0,
          host: '127.0.0.1',
          databaseUrl: empty.url,
          pgliteDir: 'memory://',
          log: (line) => logs.push(line),
        },
      ),
      { seedFrom: fixturesDir },
    )
    try {
      // the copy was seeded before this start: the start found the tenants there
      expect(seeded(fromTemplate.logs)).toEqual([])
      expect(seeded(logs)).not.toEqual([])
      expect(await tenants(fresh.database.db)).not.toEqual([])
      expect(await tenants(fromTemplate.db)).toEqual(await tenants(fresh.database.db))
      expect(await rowCounts(fromTemplate.db)).toEqual(await rowCounts(fresh.database.db))
    } finally {
      await fromTemplate.close()
      await fresh.close()
      await empty.drop()
    }
  })
})
