import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesDir, startTestApi, type TestApi } from '#server/test/harness.ts'
import type { Db } from './client.ts'
import { accounts, companies, contentTables, loyaltyPrograms } from './schema/index.ts'
import { defaultTenantsDir, seedTenants } from './seed.ts'

let t: TestApi
const dir = mkdtempSync(join(tmpdir(), 'storefront-seed-'))
beforeAll(async () => {
  t = await startTestApi({ seedFrom: false })
  cpSync(fixturesDir, dir, { recursive: true })
})
afterAll(async () => {
  await t.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Every seeded row of every table (updated_at included), hashed: any write changes it. */
async function snapshot(db: Db) {
  const tables = { companies, accounts, ...contentTables }
  const counts: Record<string, number> = {}
  const hash = createHash('sha256')
  for (const [name, table] of Object.entries(tables)) {
    const rows = await db.select().from(table)
    counts[name] = rows.length
    const lines = rows.map((row) => JSON.stringify(row)).sort()
    hash.update(`${name}\n${lines.join('\n')}\n`)
  }
  return { counts, hash: hash.digest('hex') }
}

const quiet = () => undefined

describe('seed', () => {
  it('loads every tenant folder, then a second run changes nothing', async () => {
    const first = await seedTenants(t.db, { root: dir, log: quiet, strict: true })
    expect(first.map((r) => [r.host, r.counts.updated, r.counts.unchanged])).toEqual([
      ['alpha.localhost', 0, 0],
      ['beta.localhost', 0, 0],
    ])
    const before = await snapshot(t.db)
    expect(before.counts).toMatchObject({ companies: 2, accounts: 3, shops: 3, articles: 2 })

    const second = await seedTenants(t.db, { root: dir, log: quiet })
    expect(second.every((r) => r.counts.inserted === 0 && r.counts.updated === 0)).toBe(true)
    expect(await snapshot(t.db)).toEqual(before)
  })

  it('hashes demo passwords, lowercases emails and keeps secrets out of profiles', async () => {
    const rows = await t.db.select().from(accounts).where(eq(accounts.email, 'camille@example.com'))
    expect(rows).toHaveLength(2) // alpha and beta: one email, two companies
    for (const row of rows) {
      expect(row.passwordHash).toMatch(/^scrypt\$/)
      expect(JSON.stringify(row.profile)).not.toMatch(/password/i)
    }
  })

  it('stores the loyalty program without the customers’ cards', async () => {
    const [program] = await t.db.select().from(loyaltyPrograms)
    expect(program?.id).toBe('default')
    expect(program?.data).not.toHaveProperty('cards')
  })

  it('updates only what changed in the files', async () => {
    const path = join(dir, 'alpha.localhost', 'articles.json')
    const articles = JSON.parse(readFileSync(path, 'utf8')) as { prices: number }[]
    if (articles[0]) articles[0].prices = 7000
    writeFileSync(path, JSON.stringify(articles))
    const [alpha] = await seedTenants(t.db, { root: dir, log: quiet, hosts: ['alpha.localhost'] })
    expect(alpha?.counts).toMatchObject({ inserted: 0, updated: 1 })
  })

  it('refuses a tenant whose files break the contract in strict mode', async () => {
    writeFileSync(join(dir, 'beta.localhost', 'shops.json'), '[{"id": "s9", "slug": "Not A Slug"}]')
    const lines: string[] = []
    await expect(
      seedTenants(t.db, {
        root: dir,
        log: (l) => lines.push(l),
        strict: true,
        hosts: ['beta.localhost'],
      }),
    ).rejects.toThrow(/break the contract/)
    expect(lines.join('\n')).toMatch(/1 invalid shops, first: shops\[0\]\.slug/)
    const [beta] = await t.db.select().from(companies).where(eq(companies.host, 'beta.localhost'))
    expect(beta).toBeDefined()
  })

  it.runIf(existsSync(defaultTenantsDir))(
    'loads the demo tenants of tenants/ idempotently',
    {
      timeout: 60_000,
    },
    async () => {
      await seedTenants(t.db, { log: quiet })
      const before = await snapshot(t.db)
      await seedTenants(t.db, { log: quiet })
      expect(await snapshot(t.db)).toEqual(before)
    },
  )
})
