import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm'

/**
 * A row that left PostgreSQL as `row_to_json(t)` (snake_case keys, timestamps as ISO text,
 * jsonb as JSON) turned into the table's select type, through each column's own driver mapping:
 * one statement can then return several tables' rows and still give the same objects as
 * `db.select()` (docs/decisions/041-hold-in-one-round-trip.md).
 */
export function rowFromJson<T extends Table>(
  table: T,
  json: Readonly<Record<string, unknown>>,
): InferSelectModel<T> {
  const out: Record<string, unknown> = {}
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name]
    out[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return out as InferSelectModel<T>
}
