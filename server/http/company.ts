import { isDeepStrictEqual } from 'node:util'
import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type DatabaseDirectory, MAIN_DATABASE } from '#server/db/directory.ts'
import { type CompanyRow, companies } from '#server/db/schema/index.ts'
import { badRequest, Refusal } from '#server/kernel/index.ts'
import type { ServiceDeps } from '#server/services/deps.ts'

/**
 * Company tokens are looked up on every call, so resolved companies are cached per token. The
 * cache is short-lived (another API process may change a company) and the company routes
 * invalidate it on every write of this process.
 */
export interface CompanyResolver {
  byToken(token: string): Promise<CompanyRow | undefined>
  invalidate(token?: string): void
}

const TTL_MS = 30_000
const MAX_ENTRIES = 1_000
/** Tokens are short opaque strings; anything else is refused before it reaches the database. */
const TOKEN_PATTERN = /^[A-Za-z0-9._~-]{1,128}$/

export function createCompanyResolver(
  db: Db,
  now: () => number = Date.now,
  databases?: DatabaseDirectory,
): CompanyResolver {
  const cache = new Map<string, { row: CompanyRow | undefined; expires: number }>()
  return {
    async byToken(token) {
      const hit = cache.get(token)
      if (hit && hit.expires > now()) return hit.row
      const [listed] = await db.select().from(companies).where(eq(companies.token, token)).limit(1)
      const loaded = listed && (await placed(listed, databases))
      // A row read again only because its lifetime ran out, and unchanged, stays the same object:
      // availability answers are reused by its identity (docs/decisions/044-reloaded-alike-keeps-identity.md).
      const row = hit?.row && isDeepStrictEqual(hit.row, loaded) ? hit.row : loaded
      // Unknown tokens are cached too, so a client hammering a bad token costs one query per TTL.
      if (cache.size >= MAX_ENTRIES) cache.clear()
      cache.set(token, { row, expires: now() + TTL_MS })
      return row
    },
    invalidate(token) {
      if (token === undefined) cache.clear()
      else cache.delete(token)
    },
  }
}

const unavailable = (name: string) =>
  new Refusal(503, 'databaseUnavailable', `The database ${name} is not configured.`)

/**
 * A company placed in another database (docs/decisions/086-database-routing.md) is that
 * database's row: its settings are written there; the directory keeps where and by what names.
 */
async function placed(
  listed: CompanyRow,
  databases: DatabaseDirectory | undefined,
): Promise<CompanyRow | undefined> {
  const name = listed.database ?? MAIN_DATABASE
  if (name === MAIN_DATABASE) return listed
  const db = databases?.db(name)
  if (!db) throw unavailable(name)
  const [row] = await db.select().from(companies).where(eq(companies.id, listed.id)).limit(1)
  return row && { ...row, host: listed.host, token: listed.token, database: name }
}

/** What a request hands its writes to, per database (server/cluster/database-services.ts). */
export interface DatabaseServices extends Pick<ServiceDeps, 'notifier' | 'publisher'> {
  wakeWaitlist(): Promise<void>
}

interface Routable {
  readonly db: Db
  readonly databases: DatabaseDirectory
  readonly databaseServices: ReadonlyMap<string, DatabaseServices>
}

/**
 * The services' dependencies of a request of this company: its database in place of `main`, and
 * that database's notifier, publisher and waitlist wake, so what the request queues (messages,
 * publish events, freed slots) is relayed from where it was written.
 */
export function routedDeps<D extends Routable>(deps: D, company: CompanyRow): D {
  const name = company.database ?? MAIN_DATABASE
  if (name === MAIN_DATABASE) return deps
  const db = deps.databases.db(name)
  const services = deps.databaseServices.get(name)
  if (!db || !services) throw unavailable(name)
  return { ...deps, db, ...services }
}

/**
 * The company of a request, from the `company` header (docs/product/7-calls.md).
 * Missing header: 400 `companyRequired` (the request itself is incomplete).
 * Unknown token: 404 `societyNotRegister`, the docs/product/8-errors.md name; 404 rather than 401 because the
 * token is a public identifier, not a credential: the company does not exist for this API.
 */
export async function resolveCompany(
  resolver: CompanyResolver,
  header: string | undefined,
): Promise<CompanyRow> {
  const token = header?.trim()
  if (!token) throw badRequest('The company header is required.', 'companyRequired')
  const row = TOKEN_PATTERN.test(token) ? await resolver.byToken(token) : undefined
  if (!row) throw new Refusal(404, 'societyNotRegister', 'Unknown company.')
  return row
}

/** Host names are at most 253 characters (RFC 1035); longer is no company's, unasked. */
const MAX_HOST_LENGTH = 253

/** Whether some company is served at this host (CORS preflights, server/http/api-headers.ts). */
export async function isCompanyHost(db: Db, host: string): Promise<boolean> {
  if (host.length > MAX_HOST_LENGTH) return false
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.host, host.toLowerCase()))
    .limit(1)
  return row !== undefined
}
