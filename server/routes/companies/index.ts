import { eq } from 'drizzle-orm'
import { companiesCalls } from '#contract/calls/companies.ts'
import { siteOffline } from '#domain/company/site-offline.ts'
import { companies } from '#server/db/schema/index.ts'
import { handle, handlePublic, type RouteSpec } from '#server/http/route.ts'
import { Refusal } from '#server/kernel/index.ts'
import { keyStoreRoutes } from './key-store.ts'
import { companySettingsRoutes } from './settings.ts'
import { previewRequested, themePreviewRoutes } from './theme-preview.ts'
import { companyView } from './view.ts'

/**
 * Startup calls (docs/product/7-calls.md): host -> company token -> company settings, and the maintenance
 * page's offline check.
 */

const unknownCompany = () => new Refusal(404, 'societyNotRegister', 'Unknown company.')

/** docs/product/1-overview.md: debug mode comes with a request header; the build forwards it (`debug: 1`). */
const debugHeader = (value: string | undefined) => value === '1' || value === 'true'

export const companiesRoutes: RouteSpec[] = [
  handlePublic(companiesCalls.tokenByHost, async ({ c, params }) => {
    // The site is reached as host[:port]; the port is not part of a tenant's name.
    const host = params.host.toLowerCase().replace(/:\d+$/, '')
    const [row] = await c.var.deps.db
      .select({ token: companies.token })
      .from(companies)
      .where(eq(companies.host, host))
      .limit(1)
    if (!row) throw unknownCompany()
    return { token: row.token }
  }),

  handle(companiesCalls.me, async ({ c, company, subject }) => {
    const preview = c.req.header('previewtheme')?.trim()
    const previewing = preview !== undefined && preview !== ''
    return companyView(company, {
      previewTheme: previewing,
      debug: debugHeader(c.req.header('debug')),
      // decision 064: the kept theme, for its token and a provider of the company only
      themes: previewing ? previewRequested(company, preview, subject) : undefined,
    })
  }),

  /**
   * Offline while the company's `offline` switch is on (a maintenance switch of ours) or its site
   * is disabled outside debug mode (docs/product/4-states.md#site-states): the maintenance page
   * sends the visitor home only once home shows the site again. Without a company header the
   * question is whether the API is up: it is.
   */
  handlePublic(companiesCalls.offline, async ({ c, company }) => ({
    offline: company ? siteOffline(company.data, debugHeader(c.req.header('debug'))) : false,
  })),

  ...themePreviewRoutes,
  ...companySettingsRoutes,
  ...keyStoreRoutes,
]
