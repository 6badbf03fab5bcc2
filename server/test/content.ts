import { and, asc, count, eq } from 'drizzle-orm'
import { type PublishEvent, publishEvent } from '#contract/publish-event.ts'
import type { Db } from '#server/db/client.ts'
import { contentColumns } from '#server/db/content-columns.ts'
import {
  accounts,
  type ContentKind,
  companies,
  contentTables,
  type JsonObject,
  webhookDeliveries,
} from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'

/**
 * Test support for the content routes: rows and accounts written straight to the database, so
 * each test file sets up what it reads without growing the shared fixture tenants (whose exact
 * contents other tests assert). Never imported by the server itself.
 */

export async function companyIdOf(db: Db, host: string): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.host, host))
  if (!row) throw new Error(`no company ${host}`)
  return row.id
}

/** Inserts entities (with their ids) as the seed would, queryable columns included. */
export async function insertContent(
  db: Db,
  host: string,
  kind: ContentKind,
  entities: readonly JsonObject[],
): Promise<void> {
  const companyId = await companyIdOf(db, host)
  const rows = entities.map(({ id, ...data }, index) => ({
    companyId,
    id: String(id),
    ...contentColumns(kind, data, index),
    data,
  }))
  await db.insert(contentTables[kind]).values(rows)
}

export async function countContent(db: Db, host: string, kind: ContentKind): Promise<number> {
  const table = contentTables[kind]
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(eq(table.companyId, await companyIdOf(db, host)))
  return row?.n ?? 0
}

/**
 * A bearer of a provider of `host`, creating the account when the tenant has none (the beta
 * fixture has no company user: the "other company's provider" cases need one).
 */
export async function providerBearer(db: Db, host: string): Promise<string> {
  const companyId = await companyIdOf(db, host)
  const where = and(eq(accounts.companyId, companyId), eq(accounts.kind, 'provider'))
  const [found] = await db.select({ id: accounts.id }).from(accounts).where(where).limit(1)
  const [account] = found
    ? [found]
    : await db
        .insert(accounts)
        .values({ companyId, kind: 'provider', email: `staff@${host}` })
        .returning({ id: accounts.id })
  if (!account) throw new Error(`no provider for ${host}`)
  const { token } = await issueToken(db, { companyId, kind: 'provider', subjectId: account.id })
  return token
}

/** The publish events recorded for one entity id, oldest first, read as the receivers do. */
export async function publishedEventsFor(db: Db, entityId: string): Promise<PublishEvent[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.entityId, entityId))
    .orderBy(asc(webhookDeliveries.id))
  return rows.map((row) => publishEvent.parse(JSON.parse(row.body)))
}

/** The publish webhooks recorded for one entity id, oldest first. */
export async function publishedFor(
  db: Db,
  entityId: string,
): Promise<{ host: string; kind: string; action: string }[]> {
  const events = await publishedEventsFor(db, entityId)
  return events.map(({ host, kind, action }) => ({ host, kind, action }))
}

/** Every publish webhook recorded so far: "nothing was published" checks compare counts. */
export async function countPublished(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookDeliveries)
  return row?.n ?? 0
}
