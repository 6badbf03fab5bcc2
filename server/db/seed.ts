import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { count } from 'drizzle-orm'
import { loadConfig, projectRoot } from '#server/config.ts'
import { createDatabase, type Db } from './client.ts'
import { type ContentKind, companies } from './schema/index.ts'
import { insertLoyaltyCards, insertStock, stockRows } from './seed/commerce.ts'
import { rebaseToNow } from './seed/demo-calendar.ts'
import { listTenants, readTenant, type TenantData } from './seed/read-tenant.ts'
import {
  type Counts,
  emptyCounts,
  upsertAccounts,
  upsertCompany,
  upsertContent,
} from './seed/upsert.ts'
import { findInvalid, type Invalid } from './seed/validate.ts'

export const defaultTenantsDir = join(projectRoot, 'tenants')

export interface SeedOptions {
  /** The folder holding one folder per tenant host (default: tenants/). */
  readonly root?: string
  readonly log?: (line: string) => void
  /** Refuse a tenant whose files break the contract, instead of reporting and loading it. */
  readonly strict?: boolean
  /** Only these hosts. */
  readonly hosts?: readonly string[]
  /** Move a demo folder's dates to this instant's week (seed/demo-calendar.ts); else as written. */
  readonly rebaseTo?: Date
}

export interface SeedReport {
  readonly host: string
  readonly counts: Counts
  readonly invalid: number
}

function invalidEntries(tenant: TenantData) {
  const content = Object.entries(tenant.content).flatMap(([kind, list]) =>
    findInvalid(kind as ContentKind, list),
  )
  const users = tenant.users.flatMap((user) =>
    findInvalid(user.kind, [{ id: user.id, email: user.email, ...user.profile }]),
  )
  return [...findInvalid('company', [tenant.company]), ...content, ...users]
}

/** One line per kind: how many entities break the contract, and why the first one does. */
function reportInvalid(host: string, invalid: readonly Invalid[], log: (line: string) => void) {
  const byKind = Map.groupBy(invalid, (entry) => entry.kind)
  for (const [kind, entries] of byKind) {
    log(`seed ${host}: ${entries.length} invalid ${kind}, first: ${entries[0]?.message ?? ''}`)
  }
}

/**
 * Loads every tenant folder into the database, one transaction per tenant, upserting by
 * (company, natural id): running it again with the same files (and, with `rebaseTo`, in the same
 * week) changes nothing. Rows that are no longer in the files are kept (they may be data created
 * through the API since).
 */
export async function seedTenants(db: Db, options: SeedOptions = {}): Promise<SeedReport[]> {
  const root = options.root ?? defaultTenantsDir
  const log = options.log ?? console.log
  const hosts = options.hosts ?? listTenants(root)
  const reports: SeedReport[] = []
  const rebase = rebaseToNow(root, options.rebaseTo)
  for (const host of hosts) {
    const tenant = rebase(readTenant(join(root, host), host))
    const invalid = invalidEntries(tenant)
    reportInvalid(tenant.host, invalid, log)
    if (invalid.length > 0 && options.strict) {
      throw new Error(`seed ${tenant.host}: ${invalid.length} entities break the contract`)
    }
    const counts = emptyCounts()
    await db.transaction(async (tx) => {
      const companyId = await upsertCompany(tx, tenant.host, tenant.company, counts)
      for (const [kind, list] of Object.entries(tenant.content)) {
        await upsertContent(tx, companyId, kind as ContentKind, list, counts)
      }
      await upsertAccounts(tx, companyId, tenant.users, counts)
      // After the accounts (cards point at them); inserts only: balances and stock are live data.
      await insertLoyaltyCards(tx, companyId, tenant.loyaltyCards, counts)
      const { articles, shops } = tenant.content
      await insertStock(tx, companyId, stockRows(articles, shops), counts)
    })
    log(
      `seed ${tenant.host}: ${counts.inserted} inserted, ${counts.updated} updated, ${counts.unchanged} unchanged`,
    )
    reports.push({ host: tenant.host, counts, invalid: invalid.length })
  }
  return reports
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(companies)
  return (row?.n ?? 0) === 0
}

/** `npm run seed [-- --strict] [-- host ...]`: the database of DATABASE_URL or PGLITE_DIR. */
async function main(args: readonly string[]): Promise<void> {
  const config = loadConfig()
  const database = await createDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir })
  try {
    await database.migrate()
    const hosts = args.filter((arg) => !arg.startsWith('--'))
    await seedTenants(database.db, {
      root: config.tenantsDir,
      strict: args.includes('--strict'),
      rebaseTo: new Date(),
      ...(hosts.length > 0 ? { hosts } : {}),
    })
    console.log(`seed done (database: ${database.description})`)
  } finally {
    await database.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
