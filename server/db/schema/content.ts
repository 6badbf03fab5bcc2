import { sql } from 'drizzle-orm'
import {
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'
import { companyId, createdAt, entityId, jsonData, updatedAt } from './columns.ts'
import { companies } from './companies.ts'

/**
 * Every content entity has the same shape: a few queryable columns and `data`, the entity as the
 * contract describes it. Uniform tables let one repository list, fetch, write and publish them all.
 * Ids: see entityId (per company, opaque strings).
 */
function contentTable(name: string, options: { byShop?: boolean } = {}) {
  return pgTable(
    name,
    {
      id: entityId(),
      companyId: companyId(),
      slug: text('slug'),
      type: text('type'),
      order: integer('order').notNull().default(0),
      published: boolean('published').notNull().default(true),
      startsAt: timestamp('starts_at', { withTimezone: true }),
      endsAt: timestamp('ends_at', { withTimezone: true }),
      data: jsonData(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.companyId, t.id] }),
      foreignKey({
        name: `${name}_company_fk`,
        columns: [t.companyId],
        foreignColumns: [companies.id],
      }).onDelete('cascade'),
      index(`${name}_slug_idx`).on(t.companyId, t.slug),
      index(`${name}_order_idx`).on(t.companyId, t.order),
      // a shop's resources, closed and open days (the availability catalogue, decision 035)
      ...(options.byShop
        ? [index(`${name}_shop_idx`).on(t.companyId, sql`(${t.data}->>'shopId')`, t.startsAt)]
        : []),
    ],
  )
}

export const shops = contentTable('shops')
export const geogroupments = contentTable('geogroupments')
export const categories = contentTable('categories')
/** type: '1' and '4' services, '2' shop products (docs/product/3-entities.md). */
export const articles = contentTable('articles')
/** type: 100 collaborator (employee), anything else a cabin or equipment. */
export const resources = contentTable('resources', { byShop: true })
export const posts = contentTable('posts')
export const postCategories = contentTable('post_categories')
export const events = contentTable('events')
export const alerts = contentTable('alerts')
export const coupons = contentTable('coupons')
export const loyaltyPrograms = contentTable('loyalty_programs')
export const closedDays = contentTable('closed_days', { byShop: true })
export const openDays = contentTable('open_days', { byShop: true })
export const eshopCategories = contentTable('eshop_categories')
/** A company's content types (decision 084); slug: the type items name, unique per company. */
export const collectionSchemas = contentTable('collection_schemas')
/** Their items; type: the schema's. */
export const collectionItems = contentTable('collection_items')

/** The content tables by the name the seed files and the publish webhooks use. */
export const contentTables = {
  shops,
  geogroupments,
  categories,
  articles,
  resources,
  posts,
  postCategories,
  events,
  alerts,
  coupons,
  loyaltyPrograms,
  closedDays,
  openDays,
  eshopCategories,
  collectionSchemas,
  collectionItems,
} as const

export type ContentKind = keyof typeof contentTables
/** All content tables share one type (their name is a plain string), so generic code needs no casts. */
export type ContentTable = typeof shops
export type ContentRow = typeof shops.$inferSelect
export type NewContentRow = typeof shops.$inferInsert
