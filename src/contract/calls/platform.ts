import * as z from 'zod/mini'
import { loginError, password } from '../auth'
import { defineCall } from '../call'
import { email, languageCode, line } from '../common'

/**
 * The platform's calls (docs/product/7-calls.md "Admin and servers", "Companies", GET
 * /api/databases): installation, the platform administrators' sign-in, company creation and
 * where a company's data lives (docs/decisions/085-company-creation.md,
 * docs/decisions/086-database-routing.md). No company header: these act on the platform.
 */

const PLATFORM = { group: 'first', auth: 'platform' } as const
const PUBLIC = { group: 'first', auth: 'none' } as const

export const platformAdmin = z.object({ id: z.string(), email })
const adminSession = z.object({ token: z.string(), user: platformAdmin })

/** a host name as the sites are reached (lowercase letters, digits, dots and dashes, no port) */
export const siteHost = z
  .string()
  .check(
    z.regex(
      /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/,
    ),
  )

/** a database name of the directory (its URL is configuration, never sent) */
export const databaseName = z.string().check(z.regex(/^[a-z][a-z0-9_-]{0,39}$/))

const name = line.check(z.minLength(1), z.maxLength(120))

export const newCompany = z.object({
  host: siteHost,
  name,
  /** the enabled languages, the first one the site's default */
  languages: z.array(languageCode).check(z.minLength(1), z.maxLength(5)),
  shop: z.object({
    name,
    address: z.optional(line),
    city: z.optional(line),
    zipcode: z.optional(line.check(z.maxLength(20))),
    country: z.optional(line),
    timeZone: z._default(line.check(z.minLength(1), z.maxLength(64)), 'Europe/Paris'),
  }),
  /** the first owner, invited by e-mail to choose a password */
  owner: z.object({
    email,
    firstname: name,
    lastname: name,
  }),
  /** where its data lives; absent: `main` */
  database: z.optional(databaseName),
})

export const createdCompany = z.object({
  token: z.string(),
  host: siteHost,
  database: databaseName,
  ownerId: z.string(),
})

export const databaseEntry = z.object({
  name: databaseName,
  companies: z.int().check(z.nonnegative()),
})

export const platformCalls = {
  installed: defineCall({
    method: 'GET',
    path: '/api/admins/installed',
    ...PUBLIC,
    response: z.object({ installed: z.boolean() }),
  }),
  /** the first administrator, once: afterwards 409 `alreadyInstalled` */
  register: defineCall({
    method: 'POST',
    path: '/api/admins/register',
    ...PUBLIC,
    body: z.object({ email, password }),
    response: adminSession,
  }),
  login: defineCall({
    method: 'POST',
    path: '/api/admins/login',
    ...PUBLIC,
    body: z.object({ email, password: z.string().check(z.minLength(1), z.maxLength(200)) }),
    response: z.union([adminSession, loginError]),
  }),
  me: defineCall({ method: 'GET', path: '/api/admins/me', ...PLATFORM, response: platformAdmin }),
  createCompany: defineCall({
    method: 'POST',
    path: '/api/companies',
    ...PLATFORM,
    body: newCompany,
    response: createdCompany,
  }),
  /** every company's host and token, for the platform screen */
  companies: defineCall({
    method: 'GET',
    path: '/api/admins/companies',
    ...PLATFORM,
    response: z.array(z.object({ host: siteHost, token: z.string(), database: databaseName })),
  }),
  /**
   * The hosts whose sites are built (scripts/build-sites): public, as the sites themselves are.
   */
  sites: defineCall({
    method: 'GET',
    path: '/api/companies/hosts',
    ...PUBLIC,
    response: z.object({ hosts: z.array(z.string()) }),
  }),
  databases: defineCall({
    method: 'GET',
    path: '/api/databases',
    ...PLATFORM,
    response: z.array(databaseEntry),
  }),
  /** the same directory, as the spec's servers: configured, not written through the API */
  servers: defineCall({
    method: 'GET',
    path: '/api/servers',
    ...PLATFORM,
    response: z.array(databaseEntry),
  }),
}
