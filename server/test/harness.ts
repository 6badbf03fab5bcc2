import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { and, eq } from 'drizzle-orm'
import pg from 'pg'
import { type Config, loadConfig } from '#server/config.ts'
import type { Db } from '#server/db/client.ts'
import { type AccountKind, accounts, companies } from '#server/db/schema/index.ts'
import { issueToken } from '#server/services/auth/index.ts'
import { type RunningApi, type StartOptions, startApi } from '#server/start.ts'
import { pgliteTemplate, postgresTemplate } from './database-template.ts'

/** Two small contract-valid tenants: alpha.localhost (token alpha-token) and beta.localhost. */
export const fixturesDir = fileURLToPath(new URL('../db/fixtures/tenants', import.meta.url))

/**
 * Where a test's database lives: PGlite in memory by default; with TEST_DATABASE_URL, a new
 * database created on that PostgreSQL server for this test and dropped after it, so the same
 * tests run against both drivers and never see each other's rows. With `seededFrom`, on
 * PostgreSQL, a copy of the run's migrated and seeded template of that fixture set
 * (database-template.ts).
 */
export async function freshDatabase(
  seededFrom?: string | false,
): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const server = process.env.TEST_DATABASE_URL
  if (!server) return { url: undefined, drop: async () => undefined }
  const name = `storefront_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: server })
  await admin.connect()
  try {
    const template =
      seededFrom === undefined ? undefined : await postgresTemplate(admin, server, seededFrom)
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`)
  } finally {
    await admin.end()
  }
  const url = new URL(server)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server })
      await client.connect()
      await client.query(`drop database if exists ${name} with (force)`)
      await client.end()
    },
  }
}

export interface CallOptions {
  readonly method?: string
  readonly company?: string
  readonly bearer?: string
  /** Sent as JSON. */
  readonly json?: unknown
  /** Sent as is (malformed JSON tests). */
  readonly raw?: string
  readonly headers?: Record<string, string>
}

export interface TestApi {
  readonly url: string
  readonly db: Db
  readonly api: RunningApi
  /** The configuration the API runs with (its notification key opens the outbox's secrets). */
  readonly config: Config
  /** Every line the API logged (requests, seed, notifications). */
  readonly logs: string[]
  call(path: string, options?: CallOptions): Promise<{ status: number; body: unknown }>
  close(): Promise<void>
}

/** The real API on 127.0.0.1, port 0, seeded with the fixture tenants unless told otherwise. */
export async function startTestApi(
  options: StartOptions & { config?: Partial<Config> } = {},
): Promise<TestApi> {
  const logs: string[] = []
  const seedFrom = options.seedFrom ?? fixturesDir
  // this fixture set's migrated and seeded copy (database-template.ts), on either driver
  const database = await freshDatabase(seedFrom)
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      databaseUrl: database.url,
      pgliteDir: 'memory://',
      log: (line) => logs.push(line),
      // Tests play the sites server's proxy on loopback, as `npm start` wires it (decision 014).
      trustProxy: ['127.0.0.1', '::1'],
      ...options.config,
    },
  )
  const fromTemplate = database.url === undefined && config.pgliteDir === 'memory://'
  const pgliteFrom = fromTemplate ? await pgliteTemplate(seedFrom) : undefined
  const api = await startApi(config, { ...options, seedFrom, pgliteFrom })
  return {
    url: api.url,
    db: api.database.db,
    api,
    config,
    logs,
    async call(path, { method, company, bearer, json, raw, headers = {} } = {}) {
      const sent = new Headers(headers)
      if (company !== undefined) sent.set('company', company)
      if (bearer !== undefined) sent.set('authorization', `Bearer ${bearer}`)
      const body = raw ?? (json === undefined ? undefined : JSON.stringify(json))
      // a multipart case (server/conformance/multipart-cases.ts) names its own type and boundary
      if (body !== undefined && !sent.has('content-type'))
        sent.set('content-type', 'application/json')
      const response = await fetch(`${api.url}${path}`, {
        method: method ?? (body === undefined ? 'GET' : 'POST'),
        headers: sent,
        ...(body === undefined ? {} : { body }),
      })
      const text = await response.text()
      return {
        status: response.status,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      }
    },
    async close() {
      await api.close()
      await database.drop()
    },
  }
}

/** A bearer for a seeded account (no login call needed): `await bearer(t, 'alpha.localhost', 'provider')`. */
export async function bearer(t: TestApi, host: string, kind: AccountKind): Promise<string> {
  const [account] = await t.db
    .select({ id: accounts.id, companyId: accounts.companyId })
    .from(accounts)
    .innerJoin(companies, eq(companies.id, accounts.companyId))
    .where(and(eq(companies.host, host), eq(accounts.kind, kind)))
    .limit(1)
  if (!account) throw new Error(`no ${kind} account in ${host}`)
  const { token } = await issueToken(t.db, {
    companyId: account.companyId,
    kind,
    subjectId: account.id,
  })
  return token
}
