import type { Db } from '#server/db/client.ts'

/**
 * A statement prepared once per database (node-postgres then prepares it once per connection
 * under its name, PGlite once per session): the planner's work is not redone on every call of
 * a hot query. `build` receives the database the statement runs on.
 */
export function prepared<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>()
  return (db) => {
    let statement = byDb.get(db)
    if (!statement) {
      statement = build(db)
      byDb.set(db, statement)
    }
    return statement
  }
}
