import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import pg from 'pg'
import { projectRoot } from '../shared/paths.ts'

/** A PostgreSQL server for a bench run; `dataDir` when this run started it (its CPU can be read). */
export interface BenchPostgres {
  readonly url: string
  readonly dataDir: string | undefined
}

/** A new database on a PostgreSQL server (dropped after), as the API tests do. */
export async function withDatabase<T>(
  server: string,
  work: (url: string) => Promise<T>,
): Promise<T> {
  const name = `storefront_bench_${randomBytes(4).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  await admin(`create database ${name}`)
  try {
    const url = new URL(server)
    url.pathname = `/${name}`
    return await work(url.toString())
  } finally {
    await admin(`drop database if exists ${name} with (force)`)
  }
}

/** BENCH_DATABASE_URL, or a throwaway local cluster started (and stopped) for the run. */
export async function withPostgres<T>(work: (server: BenchPostgres) => Promise<T>): Promise<T> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) return work({ url: given, dataDir: undefined })
  const script = join(projectRoot, 'scripts/ci/start-postgres.sh')
  const exports = execFileSync('bash', [script], { encoding: 'utf8' })
  const read = (name: string) => new RegExp(`${name}='([^']+)'`).exec(exports)?.[1] ?? ''
  try {
    return await work({
      url: read('TEST_DATABASE_URL'),
      dataDir: join(read('STOREFRONT_PG_DIR'), 'data'),
    })
  } finally {
    execFileSync('bash', [script, 'stop', read('STOREFRONT_PG_DIR')], { stdio: 'ignore' })
  }
}
