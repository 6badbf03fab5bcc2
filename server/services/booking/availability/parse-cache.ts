import type * as z from 'zod/mini'
import type { RawRow } from './period-query.ts'

/**
 * Content rows read through a contract schema, memoised per (table, company, id, updated_at):
 * availability reads the same shop, services and staff on every call, and parsing them (the
 * shop's time-zone check builds an Intl formatter) cost more than the queries. Every write of
 * a content row (routes, seed) sets updated_at, which makes a new key; stale keys just age out.
 */
const MAX_ENTRIES = 20_000
const cache = new Map<string, { ok: boolean; value: unknown }>()

export function parseRow<S extends z.ZodMiniType>(
  table: string,
  companyId: number,
  row: RawRow,
  schema: S,
): z.output<S> | undefined {
  const key = `${table}|${companyId}|${row.id}|${row.updated}`
  let entry = cache.get(key)
  if (!entry) {
    const parsed = schema.safeParse({ ...row.data, id: row.id })
    entry = parsed.success ? { ok: true, value: parsed.data } : { ok: false, value: undefined }
    if (cache.size >= MAX_ENTRIES) cache.clear()
    cache.set(key, entry)
  }
  return entry.ok ? (entry.value as z.output<S>) : undefined
}
