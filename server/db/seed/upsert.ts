import { and, eq, sql } from 'drizzle-orm'
import { hashPassword, verifyPassword } from '#server/services/auth/index.ts'
import type { Tx } from '../client.ts'
import { contentColumns, entityIdOf } from '../content-columns.ts'
import {
  accounts,
  type ContentKind,
  companies,
  contentTables,
  type JsonObject,
} from '../schema/index.ts'
import type { UserSeed } from './read-tenant.ts'

/** What one upsert did; `unchanged` rows were identical and left untouched. */
export interface Counts {
  inserted: number
  updated: number
  unchanged: number
}

export const emptyCounts = (): Counts => ({ inserted: 0, updated: 0, unchanged: 0 })

/**
 * Rows written by an upsert tell whether they were inserted: a fresh row has xmax = 0.
 * Rows the WHERE of DO UPDATE skipped are not returned at all: they are the unchanged ones.
 */
const wasInserted = sql<boolean>`(xmax = 0)`

function tally(counts: Counts, total: number, written: readonly { inserted: boolean }[]): void {
  const inserted = written.filter((row) => row.inserted).length
  counts.inserted += inserted
  counts.updated += written.length - inserted
  counts.unchanged += total - written.length
}

export async function upsertCompany(
  tx: Tx,
  host: string,
  data: JsonObject,
  counts: Counts,
): Promise<number> {
  const token = typeof data.token === 'string' ? data.token : undefined
  if (!token) throw new Error(`${host}/company.json: token is required`)
  const nickname = typeof data.nickname === 'string' && data.nickname ? data.nickname : host
  const written = await tx
    .insert(companies)
    .values({ host, token, nickname, data })
    .onConflictDoUpdate({
      target: companies.host,
      set: { token, nickname, data, updatedAt: new Date() },
      setWhere: sql`(${companies.token}, ${companies.nickname}, ${companies.data}) is distinct from (excluded.token, excluded.nickname, excluded.data)`,
    })
    .returning({ inserted: wasInserted })
  tally(counts, 1, written)
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.host, host))
  if (!row) throw new Error(`${host}: company row missing after upsert`)
  return row.id
}

/** Upserts by (company, id): a second run with the same files writes nothing. */
export async function upsertContent(
  tx: Tx,
  companyId: number,
  kind: ContentKind,
  entities: readonly JsonObject[],
  counts: Counts,
): Promise<void> {
  if (entities.length === 0) return
  const table = contentTables[kind]
  const rows = entities.map((data, index) => ({
    companyId,
    // Entities without an id get a stable one from their position, so reruns match them.
    id: entityIdOf(data) ?? `${kind}-${index + 1}`,
    ...contentColumns(kind, data, index),
    data,
  }))
  const written = await tx
    .insert(table)
    .values(rows)
    .onConflictDoUpdate({
      target: [table.companyId, table.id],
      set: {
        slug: sql`excluded.slug`,
        type: sql`excluded.type`,
        order: sql`excluded.order`,
        published: sql`excluded.published`,
        startsAt: sql`excluded.starts_at`,
        endsAt: sql`excluded.ends_at`,
        data: sql`excluded.data`,
        updatedAt: new Date(),
      },
      setWhere: sql`(${table.slug}, ${table.type}, ${table.order}, ${table.published}, ${table.startsAt}, ${table.endsAt}, ${table.data}) is distinct from (excluded.slug, excluded.type, excluded.order, excluded.published, excluded.starts_at, excluded.ends_at, excluded.data)`,
    })
    .returning({ inserted: wasInserted })
  tally(counts, rows.length, written)
}

/**
 * Accounts by (company, kind, email). A demo password is hashed with a random salt, so an
 * existing hash that still verifies is kept: otherwise every run would rewrite every account.
 */
export async function upsertAccounts(
  tx: Tx,
  companyId: number,
  users: readonly UserSeed[],
  counts: Counts,
): Promise<void> {
  for (const user of users) {
    const [existing] = await tx
      .select({ passwordHash: accounts.passwordHash })
      .from(accounts)
      .where(
        and(
          eq(accounts.companyId, companyId),
          eq(accounts.kind, user.kind),
          eq(accounts.email, user.email),
        ),
      )
    const keep =
      user.password === undefined
        ? null
        : existing?.passwordHash && (await verifyPassword(user.password, existing.passwordHash))
          ? existing.passwordHash
          : await hashPassword(user.password)
    const values = {
      companyId,
      kind: user.kind,
      email: user.email,
      phone: user.phone ?? null,
      passwordHash: keep,
      profile: user.profile,
      ...(user.id === undefined ? {} : { id: user.id }),
    }
    const written = await tx
      .insert(accounts)
      .values(values)
      .onConflictDoUpdate({
        target: [accounts.companyId, accounts.kind, accounts.email],
        set: {
          phone: values.phone,
          passwordHash: keep,
          profile: user.profile,
          updatedAt: new Date(),
        },
        setWhere: sql`(${accounts.phone}, ${accounts.passwordHash}, ${accounts.profile}) is distinct from (excluded.phone, excluded.password_hash, excluded.profile)`,
      })
      .returning({ inserted: wasInserted })
    tally(counts, 1, written)
  }
}
