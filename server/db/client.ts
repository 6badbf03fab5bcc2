import { mkdirSync } from 'node:fs'
import { relative } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist'
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres'
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { projectRoot } from '#server/config.ts'
import { clusterCache } from './pglite-cluster-cache.ts'
import { lockDirectory } from './pglite-lock.ts'
import * as schema from './schema/index.ts'

/** The database as routes and services see it, whichever driver runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction is a Db too (PgTransaction extends PgDatabase), so helpers accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  readonly db: Db
  readonly kind: 'pglite' | 'postgres'
  /** For the start message, without credentials. */
  readonly description: string
  /** Applies server/db/migrations (drizzle-kit output plus any hand-written SQL file). */
  migrate(): Promise<void>
  /**
   * Raw SQL on PGlite's one connection, for the job queue (server/cluster/jobs.ts): text without
   * values may hold several statements. PostgreSQL gives the queue a pool of its own instead.
   */
  readonly executeSql?: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>
  /**
   * PGlite only: hears the notifications of its one connection (the database's own notices on
   * the bus channel, server/cluster/bus.ts); PostgreSQL's bus listens on a connection of its own.
   */
  readonly listen?: (
    channel: string,
    handler: (payload: string) => void,
  ) => Promise<() => Promise<void>>
  /** PGlite only: the data directory as a gzipped tarball (what `pgliteFrom` starts from). */
  readonly dumpDataDir?: () => Promise<Blob>
  close(): Promise<void>
}

export interface DatabaseOptions {
  /** A postgres:// URL: use a real PostgreSQL server. */
  readonly url?: string | undefined
  /** PGlite data directory, or `memory://` (the default when neither option is given). */
  readonly pgliteDir?: string | undefined
  /** PostgreSQL pool size (default 10) */
  readonly poolMax?: number | undefined
  /**
   * A PGlite data directory tarball (`dumpDataDir`) an empty directory starts from instead of a
   * new cluster: the API tests start from one migrated and seeded database per fixture set
   * (server/test/pglite-template.ts), PGlite's initdb being most of a start.
   */
  readonly pgliteFrom?: Blob | undefined
  /**
   * PGlite only: a folder where a new cluster with the migrations applied is kept, and that an
   * empty database starts from instead of initdb (pglite-cluster-cache.ts). Unset: no cache.
   */
  readonly pgliteCache?: string | undefined
}

export const migrationsFolder = new URL('./migrations', import.meta.url).pathname

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url !== undefined && options.url !== '') {
    return createPostgres(options.url, options.poolMax ?? 10)
  }
  return createPglite(options.pgliteDir ?? 'memory://', options.pgliteFrom, options.pgliteCache)
}

async function createPglite(
  dir: string,
  from: Blob | undefined,
  cacheFolder: string | undefined,
): Promise<Database> {
  const inMemory = dir.startsWith('memory://')
  if (!inMemory) mkdirSync(dir, { recursive: true })
  const unlock = inMemory ? () => undefined : lockDirectory(dir)
  // A new in-memory cluster starts from the migrated one kept. Not a folder: a tarball that
  // failed half-way there would leave a cluster behind to resume.
  const cache =
    inMemory && from === undefined && cacheFolder
      ? clusterCache(cacheFolder, migrationsFolder)
      : undefined
  const cached = cache?.read()
  const open = (start: Blob | undefined) =>
    // btree_gist is loaded now so a later migration can CREATE EXTENSION it (exclusion constraints)
    PGlite.create(dir, { extensions: { btree_gist }, ...(start ? { loadDataDir: start } : {}) })
  let fromCache = cached !== undefined
  const client = await open(from ?? cached)
    .catch((error: unknown) => {
      if (!fromCache) throw error
      // a kept tarball PGlite cannot read: a new cluster, as without the cache (kept anew)
      fromCache = false
      return open(undefined)
    })
    .catch((error: unknown) => {
      unlock()
      throw error
    })
  const db = drizzlePglite({ client, schema })
  const shown = inMemory ? 'memory' : relative(projectRoot, dir) || dir
  return {
    db,
    kind: 'pglite',
    description: `PGlite at ${shown.startsWith('..') ? dir : shown}`,
    async migrate() {
      await migratePglite(db, { migrationsFolder })
      // a cluster made from nothing here: the next empty database starts from it. A cache that
      // cannot be written costs the next start its initdb, nothing else.
      if (cache && !fromCache)
        await client
          .dumpDataDir('gzip')
          .then((dump) => cache.keep(dump))
          .catch(() => undefined)
    },
    executeSql: (text, values) => pgliteSql(client, text, values),
    listen: (channel, handler) => client.listen(channel, handler),
    dumpDataDir: () => client.dumpDataDir('gzip'),
    close: () => client.close().finally(unlock),
  }
}

/**
 * Several statements go through exec (they come without values); one that fails part-way may
 * leave its BEGIN open on the only connection, so it is rolled back before the error is rethrown.
 */
async function pgliteSql(
  client: PGlite,
  text: string,
  values: unknown[] | undefined,
): Promise<{ rows: unknown[] }> {
  if (values !== undefined && values.length > 0) return client.query(text, values)
  try {
    const results = await client.exec(text)
    return results.at(-1) ?? { rows: [] }
  } catch (error) {
    await client.exec('rollback').catch(() => undefined)
    throw error
  }
}

async function createPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  // An idle client's network error must not crash the process; the next query reconnects.
  pool.on('error', (error) => console.error(`postgres pool error: ${error.message}`))
  const db = drizzlePostgres({ client: pool, schema })
  await pool.query('select 1')
  return {
    db,
    kind: 'postgres',
    description: `PostgreSQL at ${redact(url)}`,
    migrate: () => migratePostgres(db, { migrationsFolder }),
    close: () => pool.end(),
  }
}

/** host:port/database of a connection URL: never print the password. */
function redact(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.hostname}${parsed.port ? `:${parsed.port}` : ''}${parsed.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}
