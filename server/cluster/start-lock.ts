import pg from 'pg'

/**
 * Runs `work` (migrations, the first seed) while holding a PostgreSQL advisory lock, so API
 * instances started together take turns: the second finds the schema migrated and the database
 * seeded instead of racing the first (docs/decisions/036-several-api-instances.md). The lock
 * is held by a connection of its own and goes with it if the process dies. Without a URL
 * (PGlite, one process) it just runs `work`.
 */
export async function underStartLock<T>(
  url: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (url === undefined || url === '') return work()
  const client = new pg.Client({ connectionString: url, application_name: 'storefront-start' })
  await client.connect()
  try {
    await client.query(`select pg_advisory_lock(hashtextextended('storefront:start', 0))`)
    return await work()
  } finally {
    await client.end().catch(() => undefined)
  }
}
