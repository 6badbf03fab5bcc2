import { and, eq, sql } from 'drizzle-orm'
import type { CollectionSchema, CollectionValue } from '#contract/collection.ts'
import { collectionSchema } from '#contract/collection.ts'
import { duplicateFieldKeys, itemProblems } from '#domain/collections/item-values.ts'
import {
  type CompanyRow,
  type ContentRow,
  collectionItems,
  type JsonObject,
} from '#server/db/schema/index.ts'
import { badRequest, conflict, notFound } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'
import { findContent } from './repository.ts'
import { inOneTransaction, removeContent, saveContent } from './write.ts'

/**
 * Collections (docs/decisions/084-collections-and-theme-editor.md): schemas and items are content
 * rows (their writes publish a `collections` event and rebuild the site), with the rules the
 * generic content routes do not know: an item must fit its schema (src/domain), a schema keeps
 * its type while it has items, and is deleted only once it has none. Each write holds the
 * company's collections lock, so an item cannot be checked against a schema changing meanwhile.
 */

type Deps = Pick<ServiceDeps, 'db' | 'publisher'>

async function lockCollections(deps: Deps, company: CompanyRow): Promise<void> {
  await deps.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${company.id}:collections`}))`)
}

async function schemaOfType(deps: Deps, company: CompanyRow, type: string) {
  const row = await findContent(deps.db, company.id, 'collectionSchemas', { slug: type })
  return row ? collectionSchema.parse({ ...row.data, id: row.id }) : undefined
}

async function hasItems(deps: Deps, company: CompanyRow, type: string): Promise<boolean> {
  const rows = await deps.db
    .select({ id: collectionItems.id })
    .from(collectionItems)
    .where(and(eq(collectionItems.companyId, company.id), eq(collectionItems.type, type)))
    .limit(1)
  return rows.length > 0
}

const invalid = (where: string) => badRequest(`Invalid request: ${where}`, 'invalidInput')

export function saveCollectionSchema(
  deps: Deps,
  company: CompanyRow,
  id: string | undefined,
  body: Omit<CollectionSchema, 'id'>,
): Promise<ContentRow | undefined> {
  const twice = duplicateFieldKeys(body.fields)
  if (twice.length > 0) throw invalid(`fields: key ${twice.join(', ')} used twice`)
  return inOneTransaction(deps, async (tx) => {
    await lockCollections(tx, company)
    if (id !== undefined) {
      const before = await findContent(tx.db, company.id, 'collectionSchemas', { id })
      if (!before) return undefined
      const oldType = String(before.data.type)
      if (oldType !== body.type && (await hasItems(tx, company, oldType))) {
        throw conflict('Conflict: this collection has items; its type cannot change.')
      }
    }
    return saveContent(tx, company, 'collectionSchemas', id, body as unknown as JsonObject)
  })
}

export function removeCollectionSchema(deps: Deps, company: CompanyRow, id: string) {
  return inOneTransaction(deps, async (tx) => {
    await lockCollections(tx, company)
    const row = await findContent(tx.db, company.id, 'collectionSchemas', { id })
    if (!row) return false
    if (await hasItems(tx, company, String(row.data.type))) {
      throw conflict('Conflict: delete the items of this collection first.')
    }
    return removeContent(tx, company, 'collectionSchemas', id)
  })
}

export interface ItemBody {
  readonly type: string
  readonly values: Record<string, CollectionValue>
  readonly order: number
}

/** Creates or replaces an item after checking it against its schema; 404 for an unknown type. */
export function saveCollectionItem(
  deps: Deps,
  company: CompanyRow,
  id: string | undefined,
  body: ItemBody,
): Promise<ContentRow | undefined> {
  return inOneTransaction(deps, async (tx) => {
    await lockCollections(tx, company)
    const schema = await schemaOfType(tx, company, body.type)
    if (!schema) throw notFound('No such collection.')
    const problems = itemProblems(schema.fields, body.values)
    const [first] = problems
    if (first) throw invalid(`values.${first.key}: ${first.reason}`)
    return saveContent(tx, company, 'collectionItems', id, body as unknown as JsonObject)
  })
}
