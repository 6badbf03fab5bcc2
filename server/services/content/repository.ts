import { and, asc, eq, type SQL } from 'drizzle-orm'
import type * as z from 'zod/mini'
import type { Db } from '#server/db/client.ts'
import { type ContentKind, type ContentRow, contentTables } from '#server/db/schema/index.ts'

/**
 * Reads of the content tables, always scoped by company. Rows leave as their `data` with the
 * row id (the id is the row's, whatever the data says), which is the contract shape: data was
 * validated when written (seed, request bodies) and responses are checked again in dev/test.
 */
export function toEntity<S extends z.ZodMiniType>(_schema: S, row: ContentRow): z.input<S> {
  return { ...row.data, id: row.id } as z.input<S>
}

export interface ListOptions {
  /** Public reads leave out drafts and unpublished posts. */
  readonly publishedOnly?: boolean
  readonly type?: string | undefined
}

export async function listContent(
  db: Db,
  companyId: number,
  kind: ContentKind,
  options: ListOptions = {},
): Promise<ContentRow[]> {
  const table = contentTables[kind]
  const filters: SQL[] = [eq(table.companyId, companyId)]
  if (options.publishedOnly) filters.push(eq(table.published, true))
  if (options.type !== undefined) filters.push(eq(table.type, options.type))
  return db
    .select()
    .from(table)
    .where(and(...filters))
    .orderBy(asc(table.order), asc(table.id))
}

/** One row by id or slug; another company's row, or an unpublished one for the public, is absent. */
export async function findContent(
  db: Db,
  companyId: number,
  kind: ContentKind,
  by: { readonly id: string } | { readonly slug: string },
  options: Pick<ListOptions, 'publishedOnly'> = {},
): Promise<ContentRow | undefined> {
  const table = contentTables[kind]
  const filters: SQL[] = [
    eq(table.companyId, companyId),
    'id' in by ? eq(table.id, by.id) : eq(table.slug, by.slug),
  ]
  if (options.publishedOnly) filters.push(eq(table.published, true))
  const [row] = await db
    .select()
    .from(table)
    .where(and(...filters))
    .orderBy(asc(table.id))
    .limit(1)
  return row
}
