import type { Page } from 'playwright-core'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { type Locale, t } from '#i18n/index'
import { BAINS, MAISON, seriousAxe, siteBrowser } from './support/site'

// The page-load progress bar (docs/product/9-constants.md timings): a load that lasts shows a
// thin bar with an accessible name; it is gone once the load is over. Without motion it stays
// still but is shown all the same.
const site = siteBrowser()
afterEach(() => site.closeContexts())
afterAll(() => site.close())

const prefix = (locale: Locale) => (locale === 'fr' ? '' : `/${locale}`)

/** A request held until the test lets it go. */
function gate() {
  let open: () => void = () => undefined
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, opened }
}

interface BarState {
  role: string | null
  name: string | null
  animation: string
  position: string
}

const progressBar = (page: Page, locale: Locale) =>
  page.getByRole('progressbar', { name: t(locale, 'progress.pageLoading') })

describe('the page-load progress bar', () => {
  it.for([
    ['fr', 'no-preference'],
    ['en', 'reduce'],
  ] as const)(
    '%s: shows while a slow page loads, gone once it is there (motion: %s)',
    async ([locale, reducedMotion]) => {
      const { context, page, errors } = await site.open(MAISON, { reducedMotion })
      // while the next page is held Playwright cannot evaluate in this one: the page reports the
      // bar itself, through a binding, whenever it is shown
      const shown: BarState[] = []
      let clicked = false
      await context.exposeBinding('progressShown', (_source, state: BarState) => {
        if (clicked) shown.push(state)
      })
      await context.addInitScript(() => {
        new MutationObserver((records) => {
          for (const { target } of records) {
            if (!(target instanceof HTMLElement) || !target.matches('[data-page-progress]'))
              continue
            if (target.hidden) continue
            const style = getComputedStyle(target)
            Reflect.get(
              window,
              'progressShown',
            )({
              role: target.getAttribute('role'),
              name: target.getAttribute('aria-label'),
              animation: style.animationName,
              position: style.position,
            })
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['hidden'] })
      })
      const target = `${prefix(locale)}/contact`
      const held = gate()
      await context.route(
        (url) => url.pathname === target,
        async (route) => {
          await held.opened
          await route.continue()
        },
      )
      await page.goto(site.url(MAISON, prefix(locale) || '/'))
      await expect.poll(() => progressBar(page, locale).count()).toBe(0)
      clicked = true
      await page
        .locator(`a[href="${target}"]`)
        .first()
        .evaluate((link) => {
          ;(link as HTMLAnchorElement).click()
        })
      await expect.poll(() => shown.length, { timeout: 20_000 }).toBeGreaterThan(0)
      expect(shown[0]).toEqual({
        role: 'progressbar',
        name: t(locale, 'progress.pageLoading'),
        // without motion the bar is still shown, only still
        animation: reducedMotion === 'reduce' ? 'none' : 'page-progress-fill',
        // fixed over the page: showing it moves nothing
        position: 'fixed',
      })
      held.open()
      await page.waitForURL((url) => url.pathname === target)
      await expect.poll(() => progressBar(page, locale).count()).toBe(0)
      expect(errors).toEqual([])
    },
  )

  it.for(['fr', 'en'] as const)(
    '%s: shows while an island’s code is slow to come, gone once the island is there',
    async (locale) => {
      const { context, page, errors } = await site.open(BAINS)
      const held = gate()
      let heldChunks = 0
      await context.route(
        (url) => url.pathname.startsWith('/_astro/') && /BookingIsland/.test(url.pathname),
        async (route) => {
          heldChunks += 1
          await held.opened
          await route.continue()
        },
      )
      const service = '/services/massages/massage-deep-tissue?page=reserved'
      await page.goto(site.url(BAINS, `${prefix(locale)}${service}`))
      await progressBar(page, locale).waitFor({ state: 'visible' })
      expect(heldChunks).toBeGreaterThan(0)
      expect(await seriousAxe(page)).toEqual([])
      held.open()
      await page.getByRole('dialog', { name: t(locale, 'booking.shopDialogTitle') }).waitFor()
      await expect.poll(() => progressBar(page, locale).count()).toBe(0)
      expect(errors).toEqual([])
    },
  )
})
