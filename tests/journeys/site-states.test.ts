import { readFileSync } from 'node:fs'
import type { Request } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { MAISON, seriousAxe, siteBrowser } from './support/site'

// docs/product/4-states.md site states and docs/product/2-screens.md maintenance page: the
// disabled site says it is back soon, with its message and name, and asks the API whether it is
// still offline; an online site's /disabled sends the visitor home.
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const FERME = 'atelier-ferme.localhost'
const ferme: {
  token: string
  identity: { displayName: string }
  booker: { siteDisabledMessage: Record<string, string> }
} = JSON.parse(
  readFileSync(new URL(`../../tenants/${FERME}/company.json`, import.meta.url), 'utf8'),
)

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)
const isOfflineCheck = (request: Request) =>
  new URL(request.url()).pathname === '/api/companies/offline'

describe('the disabled site (docs/product/4-states.md)', () => {
  it.for(['fr', 'en'] as const)(
    '%s: back soon, the message and the name; stays while the API says offline',
    async (locale) => {
      const { page, errors } = await site.open(FERME)
      const checks: Request[] = []
      page.on('request', (request) => {
        if (isOfflineCheck(request)) checks.push(request)
      })
      const answered = page.waitForResponse((response) => isOfflineCheck(response.request()))
      await page.goto(site.url(FERME, `${prefix(locale)}/`))
      await page.waitForURL(site.url(FERME, `${prefix(locale)}/disabled`))
      const answer = await answered
      expect(await answer.json()).toEqual({ offline: true })
      expect(checks[0]?.headers().company).toBe(ferme.token)
      const heading = page.getByRole('heading', { level: 1 })
      expect(await heading.textContent()).toBe(t(locale, 'maintenance.title'))
      if (locale === 'fr') expect(await heading.textContent()).toBe('Nous revenons bientôt !')
      const main = (await page.locator('main').textContent()) ?? ''
      expect(main).toContain(ferme.booker.siteDisabledMessage[locale])
      expect(main).toContain(ferme.identity.displayName)
      await page.waitForTimeout(1_000)
      expect(new URL(page.url()).pathname).toBe(`${prefix(locale)}/disabled`)
      expect(await seriousAxe(page)).toEqual([])
      expect(errors).toEqual([])
    },
  )

  it('goes home when the API says the site is back, and does not bounce straight back', async () => {
    const { page, context } = await site.open(FERME)
    const checks: string[] = []
    // the company re-enabled its site: the API says online while home is not rebuilt yet
    await context.route(
      (url) => url.pathname === '/api/companies/offline',
      (route) => {
        checks.push(new URL(page.url()).pathname)
        return route.fulfill({ contentType: 'application/json', body: '{"offline":false}' })
      },
    )
    const home = page.waitForRequest(
      (request) => request.isNavigationRequest() && new URL(request.url()).pathname === '/en',
    )
    await page.goto(site.url(FERME, '/en/disabled'))
    await home
    // home still redirects to /disabled: that page waits an interval before asking again
    await page.waitForURL(site.url(FERME, '/en/disabled'))
    await page.waitForTimeout(2_000)
    expect(checks).toEqual(['/en/disabled'])
    expect(new URL(page.url()).pathname).toBe('/en/disabled')
  })
})

describe('an online site’s /disabled page', () => {
  it.for(['fr', 'en'] as const)('%s: sends the visitor home', async (locale) => {
    const { page, errors } = await site.open(MAISON)
    await page.goto(site.url(MAISON, `${prefix(locale)}/disabled`))
    await page.waitForURL(site.url(MAISON, prefix(locale) || '/'))
    expect(await page.locator('html').getAttribute('lang')).toMatch(new RegExp(`^${locale}`))
    expect(errors).toEqual([])
  })
})
