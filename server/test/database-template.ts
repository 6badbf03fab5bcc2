import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { DEFAULT_PGLITE_CACHE } from '#server/config.ts'
import { createDatabase, migrationsFolder } from '#server/db/client.ts'
import { clusterKey } from '#server/db/pglite-cluster-cache.ts'
import { prepareDatabase } from '#server/start.ts'

/**
 * A migrated and seeded database per fixture set and test run, that each API test file's
 * database starts as (global-setup.ts made the run's place for them):
 * - on PGlite, a data directory tarball: a new PGlite cluster costs 3-5 s of initdb on two cores,
 *   a start from a tarball about 1 s, and the migrations and the seed another second (measured
 *   on 2026-11-29);
 * - on PostgreSQL, a template database that CREATE DATABASE copies (the migrations and the seed
 *   are most of a file's set-up there).
 * The API's own start then finds the migrations applied and the database seeded, as after a
 * restart. Each run makes its own and deletes them at its end, so none outlives a change of the
 * migrations or the seed code.
 */
export async function pgliteTemplate(seedFrom: string | false): Promise<Blob | undefined> {
  const { dir } = templates()
  if (!dir) return undefined
  const file = join(dir, `${keyOf(seedFrom)}.tar.gz`)
  // two files wanting the same set at once both make it; the rename keeps one
  if (!existsSync(file)) {
    const database = await createDatabase({
      pgliteDir: 'memory://',
      pgliteCache: DEFAULT_PGLITE_CACHE,
    })
    try {
      await prepareDatabase(database, seedFrom, () => undefined)
      const dump = await database.dumpDataDir?.()
      if (!dump) return undefined
      const partial = `${file}.${process.pid}.part`
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()))
      renameSync(partial, file)
    } finally {
      await database.close()
    }
  }
  return new Blob([readFileSync(file)])
}

/** Nothing outside the api project's run (its global set-up provides the place). */
function templates(): { dir: string; runId: string } {
  return inject('databaseTemplates') ?? { dir: '', runId: '' }
}

/** The template databases of this run on a PostgreSQL server share this prefix. */
export const templatePrefix = (runId: string) => `storefront_tmpl_${runId}_`

/**
 * The name of this run's template database for `seedFrom` on the PostgreSQL server `admin` is
 * connected to, made first if needed: under an advisory lock, so a file never copies a
 * template another file is still filling (CREATE DATABASE needs its template without
 * connections).
 */
export async function postgresTemplate(
  admin: pg.Client,
  server: string,
  seedFrom: string | false,
): Promise<string | undefined> {
  const { runId } = templates()
  if (!runId) return undefined
  const name = `${templatePrefix(runId)}${keyOf(seedFrom)}`
  await admin.query('select pg_advisory_lock(hashtext($1))', [name])
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) {
      await admin.query(`create database ${name}`)
      const url = new URL(server)
      url.pathname = `/${name}`
      const database = await createDatabase({ url: url.toString(), poolMax: 2 })
      try {
        await prepareDatabase(database, seedFrom, () => undefined)
      } catch (error) {
        // a half-filled template must not be copied by the next file
        await database.close()
        await admin.query(`drop database if exists ${name} with (force)`)
        throw error
      }
      await database.close()
    }
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name])
  }
  return name
}

/** Drops the run's template databases (global-setup.ts, at the run's end). */
export async function dropPostgresTemplates(server: string, runId: string): Promise<void> {
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ name: string }>(
      "select datname as name from pg_database where datname like $1 || '%'",
      [templatePrefix(runId)],
    )
    for (const { name } of rows) await admin.query(`drop database if exists ${name} with (force)`)
  } finally {
    await admin.end()
  }
}

/**
 * The fixture set's files, by path within their folder and content, and the migrations (their key
 * as the kept PGlite cluster names them, pglite-cluster-cache.ts): the fixture sets a helper writes
 * into a new temporary folder for each file (payment.ts, waitlist.ts) share a template when their
 * contents are the same.
 */
function keyOf(seedFrom: string | false): string {
  const hash = createHash('sha256').update(`migrations ${clusterKey(migrationsFolder)}`)
  if (seedFrom !== false) {
    for (const file of filesUnder(seedFrom)) {
      hash.update(`\0${relative(seedFrom, file)}\0`).update(readFileSync(file))
    }
  }
  return hash.digest('hex').slice(0, 24)
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? filesUnder(path) : [path]
    })
}
