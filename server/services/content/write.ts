import { and, eq, ne, sql } from 'drizzle-orm'
import type { PublishKind } from '#contract/publish-event.ts'
import type { Tx } from '#server/db/client.ts'
import { contentColumns } from '#server/db/content-columns.ts'
import {
  type CompanyRow,
  type ContentKind,
  type ContentRow,
  contentTables,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { clock, conflict } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { publishLanguagesOf } from '#server/services/webhooks/index.ts'

/** Work a write runs first in its own transaction. */
export type InTransaction = (tx: Tx) => Promise<void>

/** The webhook kind of each content kind: what the serve process is told changed. */
const PUBLISH_KIND: Readonly<Record<ContentKind, PublishKind>> = {
  shops: 'shops',
  geogroupments: 'shops',
  categories: 'catalogue',
  articles: 'catalogue',
  resources: 'catalogue',
  eshopCategories: 'catalogue',
  posts: 'posts',
  postCategories: 'post-categories',
  events: 'events',
  alerts: 'alerts',
  coupons: 'coupons',
  loyaltyPrograms: 'loyalty',
  closedDays: 'calendar',
  openDays: 'calendar',
  collectionSchemas: 'collections',
  collectionItems: 'collections',
}

type Deps = Pick<ServiceDeps, 'db' | 'publisher'>

/** Data is stored without its id: the row's id is the only one (see toEntity). */
function stored({ id: _id, ...data }: JsonObject): JsonObject {
  return data
}

/**
 * Creates (id undefined) or replaces a content row, and records the publish webhook in the same
 * transaction, so the site rebuild is never lost nor announced for a change that rolled back.
 * Returns undefined when the row does not exist for this company.
 */
export async function saveContent(
  deps: Deps,
  company: CompanyRow,
  kind: ContentKind,
  id: string | undefined,
  body: JsonObject,
): Promise<ContentRow | undefined> {
  const table = contentTables[kind]
  const data = stored(body)
  const columns = contentColumns(kind, data)
  const row = await deps.db.transaction(async (tx) => {
    const slug = columns.slug
    if (slug) {
      // A slug names a page of the site: two rows with one slug would build one page, silently
      // dropping the other (decision 016). The lock serialises writers of this company's kind,
      // so two parallel creates cannot both pass the check.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${company.id}:${kind}`}))`)
      const taken = await tx
        .select({ id: table.id })
        .from(table)
        .where(
          and(
            eq(table.companyId, company.id),
            eq(table.slug, slug),
            ...(id === undefined ? [] : [ne(table.id, id)]),
          ),
        )
        .limit(1)
      if (taken.length > 0) throw conflict('Conflict: this slug is already used.', 'slugTaken')
    }
    const [saved] =
      id === undefined
        ? await tx
            .insert(table)
            .values({ companyId: company.id, ...columns, data })
            .returning()
        : await tx
            .update(table)
            .set({ ...columns, data, updatedAt: clock.now() })
            .where(and(eq(table.companyId, company.id), eq(table.id, id)))
            .returning()
    if (saved) {
      await deps.publisher.record(tx, {
        companyId: company.id,
        host: company.host,
        kind: PUBLISH_KIND[kind],
        id: saved.id,
        action: id === undefined ? 'create' : 'update',
        languages: publishLanguagesOf(data),
      })
    }
    return saved
  })
  if (row) deps.publisher.notify()
  return row
}

/**
 * Deletes a row of this company; false when there was none. `first` runs inside the delete's
 * transaction before it (a check under a lock: a shop's removal); what it throws writes nothing.
 */
export async function removeContent(
  deps: Deps,
  company: CompanyRow,
  kind: ContentKind,
  id: string,
  first?: InTransaction,
): Promise<boolean> {
  const table = contentTables[kind]
  const removed = await deps.db.transaction(async (tx) => {
    await first?.(tx)
    const rows = await tx
      .delete(table)
      .where(and(eq(table.companyId, company.id), eq(table.id, id)))
      .returning({ id: table.id, data: table.data })
    const [row] = rows
    if (row) {
      await deps.publisher.record(tx, {
        companyId: company.id,
        host: company.host,
        kind: PUBLISH_KIND[kind],
        id,
        action: 'delete',
        // the languages it was shown in: their pages lose it
        languages: publishLanguagesOf(row.data),
      })
    }
    return rows.length > 0
  })
  if (removed) deps.publisher.notify()
  return removed
}

/**
 * Runs several content writes as one: all of them commit (with their publish webhooks) or none
 * does. saveContent/removeContent inside open savepoints of this transaction; the delivery loop
 * is woken once it committed.
 */
export async function inOneTransaction<T>(
  deps: Deps,
  work: (deps: Deps) => Promise<T>,
): Promise<T> {
  const result = await deps.db.transaction((tx) => work({ db: tx, publisher: deps.publisher }))
  deps.publisher.notify()
  return result
}
