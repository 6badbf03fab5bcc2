import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { MAISON, seriousAxe, siteBrowser } from './support/site'

// docs/product/4-states.md overloaded: /waiting asks for the shops again, every 30 s or when the
// visitor presses retry, and sends them back where they were once the shops load.
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)
const isShops = (url: URL) => url.pathname === '/api/shops'

describe('the waiting page (docs/product/4-states.md overloaded)', () => {
  it.for(['fr', 'en'] as const)(
    '%s: retries while the shops fail, then returns to the page the visitor was on',
    async (locale) => {
      const { page, context, errors } = await site.open(MAISON)
      let overloaded = true
      let asked = 0
      await context.route(isShops, (route) => {
        asked += 1
        return overloaded
          ? route.fulfill({ status: 503, contentType: 'application/json', body: '{}' })
          : route.continue()
      })
      const from = `${prefix(locale)}/contact`
      await page.clock.install()
      await page.goto(
        site.url(MAISON, `${prefix(locale)}/waiting?from=${encodeURIComponent(from)}`),
      )
      const main = page.locator('main')
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        t(locale, 'waiting.title'),
      )
      await expect
        .poll(() => main.textContent())
        .toContain(t(locale, 'waiting.retryIn', { seconds: '30' }))
      expect(await seriousAxe(page)).toEqual([])
      // pressing retry while the shops still fail keeps the visitor here
      const retry = page.getByRole('link', { name: t(locale, 'waiting.retry') })
      await retry.click()
      await expect.poll(() => asked).toBe(1)
      expect(new URL(page.url()).pathname).toBe(`${prefix(locale)}/waiting`)
      // the page the visitor goes back to loads slowly (a busy phone): the countdown keeps
      // ticking meanwhile, and must not ask again once the shops answered
      await context.route(
        (url) => url.pathname === from,
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 2_500))
          await route.continue()
        },
      )
      // the next automatic try, 30 s later, finds the shops and goes back
      overloaded = false
      await page.clock.runFor(31_000)
      await page.waitForURL(site.url(MAISON, from))
      expect(asked).toBe(2)
      expect(errors).toEqual([])
    },
  )

  it('never sends the visitor to another site', async () => {
    const { page } = await site.open(MAISON)
    await page.goto(site.url(MAISON, `/waiting?from=${encodeURIComponent('//evil.example/')}`))
    const href = await page
      .getByRole('link', { name: t('fr', 'waiting.retry') })
      .getAttribute('href')
    expect(href).toBe('/')
  })
})
