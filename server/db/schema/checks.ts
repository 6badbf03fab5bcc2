import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'

/**
 * `column in ('a', 'b')` for CHECK constraints of status columns. The values are constants of
 * this code (never input), so inlining them as literals is safe; a CHECK cannot take parameters.
 */
export function inList(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')
  return sql`${column} in (${sql.raw(literals)})`
}
