import * as z from 'zod/mini'
import { defineCall } from '../call'
import { instant } from '../common'
import { company } from '../company'
import { companyThemes } from '../company-theme'
import { queryFlag } from '../query'
import { crudCalls, FIRST_OWNER, FIRST_PUBLIC } from './crud'

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

/**
 * The bearer is optional: the build and visitors send none; a provider previewing a kept theme
 * sends theirs with the `previewtheme` token (docs/decisions/064-error-page-preview-and-shop-times.md).
 */
export const companiesMe = defineCall({
  method: 'GET',
  path: '/api/companies/me',
  group: 'first',
  auth: 'optional',
  response: company,
})

/** docs/product/2-screens.md maintenance page: the site is back when offline is false */
export const companiesOffline = defineCall({
  method: 'GET',
  path: '/api/companies/offline',
  ...FIRST_PUBLIC,
  response: z.object({ offline: z.boolean() }),
})

/**
 * Theme preview (docs/decisions/064-error-page-preview-and-shop-times.md): a provider keeps an
 * unpublished theme; the answer's token, sent as `previewtheme` with that provider's bearer on
 * GET /api/companies/me, returns the company with this theme. Nothing is published or rebuilt.
 */
export const companiesPreviewTheme = defineCall({
  method: 'POST',
  path: '/api/companies/preview',
  ...FIRST_OWNER,
  body: z.object({ themes: companyThemes }),
  response: z.object({ previewToken: z.string().check(z.minLength(20)), expiresAt: instant }),
})

/**
 * Company administration; the server issues the token, so bodies carry none. Creation is the
 * platform's (calls/platform.ts createCompany).
 */
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
  previewTheme: companiesPreviewTheme,
  /** the company's settings: the owner's (docs/decisions/072-studio-roles.md) */
  list: { ...companyCrud.list, ownerOnly: true as const },
  get: { ...companyCrud.get, ownerOnly: true as const },
  update: { ...companyCrud.update, ownerOnly: true as const },
  remove: { ...companyCrud.remove, ownerOnly: true as const },
}
