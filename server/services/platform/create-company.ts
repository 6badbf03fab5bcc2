import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { newCompany } from '#contract/calls/platform.ts'
import { company as companySchema } from '#contract/company.ts'
import { shop as shopSchema } from '#contract/shop.ts'
import type { Locale } from '#i18n/locales.ts'
import type { Db } from '#server/db/client.ts'
import type { DatabaseDirectory } from '#server/db/directory.ts'
import { MAIN_DATABASE } from '#server/db/directory.ts'
import {
  type AccountRow,
  type CompanyRow,
  companies,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { emptyCounts, upsertContent } from '#server/db/seed/upsert.ts'
import { badRequest, conflict } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { createManagedAccount, inviteCompanyUser } from '../accounts/index.ts'

type NewCompany = z.output<typeof newCompany>

type Deps = Pick<ServiceDeps, 'notifier' | 'publisher'> & {
  readonly databases: DatabaseDirectory
}

/** The company's settings: what the contract fills in for a company that says nothing else. */
function companyData(token: string, input: NewCompany): JsonObject {
  const langs = Object.fromEntries(input.languages.map((code) => [code, true]))
  return companySchema.parse({
    token,
    nickname: input.host.split('.')[0],
    identity: { displayName: input.name },
    booker: { langs },
  }) as JsonObject
}

function shopData(input: NewCompany): JsonObject {
  const { name, address, city, zipcode, country, timeZone } = input.shop
  return shopSchema.parse({
    id: 1,
    slug: 'shop-1',
    order: 1,
    timeZone,
    publicInfo: {
      name,
      address: {
        address: address ?? '',
        city: city ?? '',
        zipcode: zipcode ?? '',
        country: country ?? '',
      },
    },
    booker: { active: true },
  }) as JsonObject
}

/**
 * Creates a company (docs/decisions/085-company-creation.md): its directory row in `main` (host,
 * token, where its data lives), in its database a copy of that row with the same id, its first
 * shop and its owner, then the owner's invitation and the `company create` publish event that
 * builds its site. The directory row goes first: a host is taken once, by a unique index.
 */
export async function createCompany(
  deps: Deps,
  input: NewCompany,
): Promise<{
  row: CompanyRow
  ownerId: string
}> {
  const placedIn = input.database ?? MAIN_DATABASE
  const db = deps.databases.db(placedIn)
  if (!db) throw badRequest(`No database named ${placedIn}.`, 'databaseUnavailable')
  const main = deps.databases.main
  const token = randomBytes(16).toString('hex')
  const data = companyData(token, input)
  const nickname = String(data.nickname)
  const values = { host: input.host, token, nickname, data, database: placedIn }
  const row = await main.transaction(async (tx) => {
    const [written] = await tx.insert(companies).values(values).onConflictDoNothing().returning()
    if (!written) throw conflict('This host is already a company’s.', 'hostTaken')
    // the site is built from the start (docs/decisions/006-sites-build-serve-publish.md)
    const { id: companyId, host } = written
    const event = { companyId, host, kind: 'company', id: token, action: 'create' } as const
    await deps.publisher.record(tx, { ...event, languages: 'all' })
    return written
  })
  try {
    const owner = await populate(db, placedIn === MAIN_DATABASE ? undefined : row, input)
    const locale: Locale = input.languages[0] ?? 'fr'
    await inviteCompanyUser({ db, outbox: main, notifier: deps.notifier }, row, owner, locale)
    deps.publisher.notify()
    return { row, ownerId: owner.id }
  } catch (error) {
    // nothing of a half-made company stays listed: its directory row goes (and its copy, cascading)
    await main.delete(companies).where(eq(companies.id, row.id))
    if (placedIn !== MAIN_DATABASE) await db.delete(companies).where(eq(companies.id, row.id))
    throw error
  }
}

/** The company's data in its database: the copy of its row (another database), shop, owner. */
async function populate(
  db: Db,
  copy: CompanyRow | undefined,
  input: NewCompany,
): Promise<AccountRow> {
  return db.transaction(async (tx) => {
    if (copy) await tx.insert(companies).values(copy)
    const companyId = copy?.id ?? (await idOf(tx, input.host))
    await upsertContent(tx, companyId, 'shops', [shopData(input)], emptyCounts())
    const { email, firstname, lastname } = input.owner
    const profile = { firstname, lastname, artebeauteIds: [], studioRole: 'owner' }
    // a password nobody knows until the invitation's link sets one
    const password = randomBytes(32).toString('base64url')
    return createManagedAccount(tx, companyId, 'provider', { email, password, profile })
  })
}

async function idOf(db: Db, host: string): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.host, host))
  if (!row) throw new Error(`company ${host} missing after its insert`)
  return row.id
}
