import * as z from 'zod/mini'
import { defineCall } from '../call'
import { company } from '../company'
import { queryFlag } from '../query'
import { crudCalls, FIRST_PUBLIC } from './crud'

/**
 * Startup (docs/product/7-calls.md): host -> company token -> company. The token call runs before any company
 * header exists; /me reads the company header and the previewtheme header.
 */

const hostParams = z.object({
  host: z.string().check(z.regex(/^[a-z0-9.-]{1,253}(?::\d{1,5})?$/i)),
})

export const companiesTokenByHost = defineCall({
  method: 'GET',
  path: '/api/companies/token/host/:host',
  ...FIRST_PUBLIC,
  params: hostParams,
  /** the request's debug header, forwarded so a debug company resolves while disabled */
  query: z.object({ debug: z._default(queryFlag, false) }),
  response: z.object({ token: z.string().check(z.minLength(1)) }),
})

export const companiesMe = defineCall({
  method: 'GET',
  path: '/api/companies/me',
  ...FIRST_PUBLIC,
  response: company,
})

/** docs/product/2-screens.md maintenance page: the site is back when offline is false */
export const companiesOffline = defineCall({
  method: 'GET',
  path: '/api/companies/offline',
  ...FIRST_PUBLIC,
  response: z.object({ offline: z.boolean() }),
})

/** Company administration; the server issues the token, so bodies carry none. */
const companyCrud = crudCalls(
  '/api/companies',
  z.omit(company, { token: true }),
  company,
  'first',
  'provider',
)

export const companiesCalls = {
  tokenByHost: companiesTokenByHost,
  me: companiesMe,
  offline: companiesOffline,
  list: companyCrud.list,
  get: companyCrud.get,
  create: companyCrud.create,
  update: companyCrud.update,
  remove: companyCrud.remove,
}
