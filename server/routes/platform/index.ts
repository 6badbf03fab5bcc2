import { asc, count } from 'drizzle-orm'
import { platformCalls } from '#contract/calls/platform.ts'
import { MAIN_DATABASE } from '#server/db/directory.ts'
import { companies } from '#server/db/schema/index.ts'
import { clientAddress } from '#server/http/client-address.ts'
import { handlePublic, type RouteSpec } from '#server/http/route.ts'
import type { AppDeps } from '#server/http/types.ts'
import {
  createCompany,
  isInstalled,
  loginAdmin,
  registerFirstAdmin,
  resolvePlatformAdmin,
} from '#server/services/platform/index.ts'

/**
 * The platform's calls (docs/decisions/085-company-creation.md): installation, the
 * administrators' sign-in, company creation, and the databases companies are placed in
 * (docs/decisions/086-database-routing.md). They read and write the directory, `main`; route.ts
 * has checked the administrator's bearer of every `platform` call before the handler runs.
 */

/** Each configured database and how many companies the directory places in it. */
async function databaseCounts(deps: AppDeps) {
  const rows = await deps.databases.main
    .select({ name: companies.database, n: count() })
    .from(companies)
    .groupBy(companies.database)
  const byName = new Map(rows.map((row) => [row.name, row.n]))
  return deps.databases.names.map((name) => ({ name, companies: byName.get(name) ?? 0 }))
}

export const platformRoutes: RouteSpec[] = [
  handlePublic(platformCalls.installed, async ({ c }) => ({
    installed: await isInstalled(c.var.deps.databases.main),
  })),

  handlePublic(platformCalls.register, async ({ c, body }) =>
    registerFirstAdmin(c.var.deps.databases.main, body),
  ),

  handlePublic(platformCalls.login, async ({ c, body }) =>
    loginAdmin(c.var.deps.databases.main, { ...body, address: clientAddress(c) }),
  ),

  handlePublic(platformCalls.me, async ({ c }) =>
    resolvePlatformAdmin(c.var.deps.databases.main, c.req.header('authorization')),
  ),

  handlePublic(platformCalls.createCompany, async ({ c, body }) => {
    const { row, ownerId } = await createCompany(c.var.deps, body)
    return { token: row.token, host: row.host, database: row.database ?? MAIN_DATABASE, ownerId }
  }),

  handlePublic(platformCalls.companies, async ({ c }) =>
    c.var.deps.databases.main
      .select({ host: companies.host, token: companies.token, database: companies.database })
      .from(companies)
      .orderBy(asc(companies.host)),
  ),

  handlePublic(platformCalls.sites, async ({ c }) => {
    const rows = await c.var.deps.databases.main
      .select({ host: companies.host })
      .from(companies)
      .orderBy(asc(companies.host))
    return { hosts: rows.map((row) => row.host) }
  }),

  handlePublic(platformCalls.databases, async ({ c }) => databaseCounts(c.var.deps)),
  handlePublic(platformCalls.servers, async ({ c }) => databaseCounts(c.var.deps)),
]
