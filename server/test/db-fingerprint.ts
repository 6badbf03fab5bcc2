import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'

/**
 * "Nothing changed in the database", checkable after any request: every table of the public
 * schema (read from the catalogue, so a table added later is covered without editing this file)
 * with its row count and an md5 of all its rows as text, in text order. One statement, so a
 * check costs one round trip on either driver.
 */

export type Fingerprint = ReadonlyMap<string, { readonly rows: number; readonly hash: string }>

/** Tables every test treats alike; a caller may leave out tables that log attempts by design. */
export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  )
  return rowsOf<{ name: string }>(result).map((row) => row.name)
}

export async function fingerprint(db: Db, tables: readonly string[]): Promise<Fingerprint> {
  if (tables.length === 0) return new Map()
  // Table names come from pg_tables, quoted as identifiers: no value of a request reaches here.
  const parts = tables.map((name) => {
    const id = `"${name.replaceAll('"', '""')}"`
    const literal = `'${name.replaceAll("'", "''")}'`
    return `select ${literal} as name, count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as h from ${id} r`
  })
  const result = await db.execute(sql.raw(parts.join(' union all ')))
  return new Map(
    rowsOf<{ name: string; n: number; h: string }>(result).map((row) => [
      row.name,
      { rows: Number(row.n), hash: row.h },
    ]),
  )
}

/** The tables whose count or content differ, as `name: rows before -> after` lines. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  const names = new Set([...before.keys(), ...after.keys()])
  const changed: string[] = []
  for (const name of [...names].sort()) {
    const a = before.get(name)
    const b = after.get(name)
    if (a?.hash === b?.hash && a?.rows === b?.rows) continue
    changed.push(`${name}: ${a?.rows ?? 'absent'} rows -> ${b?.rows ?? 'absent'} rows`)
  }
  return changed
}

/** Both drivers answer `execute` with an object holding `rows` (pglite Results, pg QueryResult). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}
