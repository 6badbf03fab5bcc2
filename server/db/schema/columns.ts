import { sql } from 'drizzle-orm'
import { integer, jsonb, text, timestamp } from 'drizzle-orm/pg-core'

/** A JSON object as stored in `data`/`profile` columns; the contract schemas give it its shape. */
export type JsonObject = Record<string, unknown>

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()

export const jsonData = () => jsonb('data').$type<JsonObject>().notNull()

/** Tenant ownership: a company's rows disappear with it, and every query filters on it. */
export const companyId = () => integer('company_id').notNull()

/**
 * Entity ids are opaque strings (src/contract/common.ts), unique per company: the primary key is
 * (company_id, id). Demo tenants keep the ids written in tenants/ so their cross references stay
 * valid; rows created through the API get a random UUID, which can never collide with them.
 */
export const entityId = () => text('id').notNull().default(sql`gen_random_uuid()::text`)
