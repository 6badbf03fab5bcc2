import { sql } from 'drizzle-orm'
import {
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { companyId, createdAt, entityId, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/** One stored variant of a picture: its width, format, object key and size. */
export interface MediaVariantRow {
  readonly width: number
  readonly format: 'avif' | 'webp' | 'jpeg' | 'png' | 'svg'
  readonly key: string
  readonly bytes: number
}

/**
 * The company's picture library (docs/decisions/081-media-storage.md). The files are in the
 * object store under the keys of `variants`; a row is written only once they all are. One row
 * per content and folder: the same picture uploaded again is the same media.
 */
export const medias = pgTable(
  'medias',
  {
    id: entityId(),
    companyId: companyId(),
    dir: text('dir').notNull(),
    /** the content hash of the uploaded bytes (hex), part of every key */
    hash: text('hash').notNull(),
    /** the uploaded format, as the bytes say */
    type: text('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<MediaVariantRow[]>().notNull(),
    alt: jsonb('alt').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'medias_pkey', columns: [t.companyId, t.id] }),
    foreignKey({
      name: 'medias_company_fk',
      columns: [t.companyId],
      foreignColumns: [companies.id],
    }).onDelete('cascade'),
    uniqueIndex('medias_content_idx').on(t.companyId, t.dir, t.hash),
    index('medias_newest_idx').on(t.companyId, sql`${t.createdAt} DESC`, t.id),
  ],
)
