import type { Database, Db } from './client.ts'
import { MAIN_DATABASE } from './database-urls.ts'

/**
 * Where each company's data lives (docs/decisions/086-database-routing.md): the `main` database
 * holds the directory (companies: host, token, database name) and the data of the companies
 * placed in it; every other name is a database of DATABASE_URLS, holding the data of the
 * companies placed there and a copy of their companies row (the foreign keys need it). Which
 * company goes where is a column of its directory row, read per request with the company
 * (server/http/company.ts); this only turns a name into its open connection pool, which
 * holds no state any answer depends on.
 */
export interface DatabaseDirectory {
  /** the configured names, `main` first */
  readonly names: readonly string[]
  readonly main: Db
  /** the database of that name; undefined when it is not configured (the row names a removed one) */
  db(name: string): Db | undefined
}

export { MAIN_DATABASE } from './database-urls.ts'

/** The directory of one database: every company's data in `main`. */
export function singleDatabase(main: Db): DatabaseDirectory {
  return {
    names: [MAIN_DATABASE],
    main,
    db: (name) => (name === MAIN_DATABASE ? main : undefined),
  }
}

/** The directory over `main` and the databases opened from DATABASE_URLS, by name. */
export function databaseDirectory(
  main: Db,
  others: ReadonlyMap<string, Database>,
): DatabaseDirectory {
  return {
    names: [MAIN_DATABASE, ...others.keys()],
    main,
    db: (name) => (name === MAIN_DATABASE ? main : others.get(name)?.db),
  }
}
