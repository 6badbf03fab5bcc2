import { sql } from 'drizzle-orm'
import { check, pgTable, serial, text } from 'drizzle-orm/pg-core'
import { createdAt, jsonData, updatedAt } from './columns.ts'

/**
 * One row per tenant. `data` is the Company of the contract (identity, themes, booker...);
 * host and token are columns because every request resolves the company by one of them.
 * The token is a public identifier sent by browsers, not a secret, so it is stored as is.
 */
export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    host: text('host').notNull().unique(),
    token: text('token').notNull().unique(),
    nickname: text('nickname').notNull(),
    /**
     * Where the company's data lives (docs/decisions/086-database-routing.md): a database name of
     * the directory (`main` is the one this row is in); its URL is configuration, never stored.
     */
    database: text('database').notNull().default('main'),
    data: jsonData(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('companies_host_lowercase', sql`${t.host} = lower(${t.host})`)],
)

/** `database` may be left out where it does not matter (rows made by tests): it reads as `main`. */
export type CompanyRow = Omit<typeof companies.$inferSelect, 'database'> & {
  readonly database?: string
}
