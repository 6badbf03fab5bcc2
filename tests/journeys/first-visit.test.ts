import type { Page } from 'playwright-core'
import { afterAll, describe, expect, it } from 'vitest'
import {
  firstVisitState,
  focusedPlace,
  headerPlaces,
  transferredBytes,
  watchFirstVisit,
} from './support/first-visit'
import { BAINS, MAISON, SCREENS, siteBrowser } from './support/site'

// docs/decisions/058-consent-first-visit.md: a first visit with nothing pre-set (no
// `events-shown`, no cookie), with the keyboard only. The cookie dialog comes alone and first;
// the events carousel (and the coupon pop-up on bains-du-lac's home) follow its answer, one at a
// time, drawn in their final place; Escape gives the focus back to where it was (the document
// start: the next Tab is the skip link); a home's first visit stays under 100 KB.
const site = siteBrowser({ eventsOnLoad: true })
afterAll(() => site.close())

const HOME_BUDGET = 100 * 1024
const CLS_BUDGET = 0.01
const TENANTS = [
  ['marketplace', BAINS],
  ['mono', MAISON],
] as const
const LANGUAGES = [
  ['fr', '/', 'Tout accepter'],
  ['en', '/en/', 'Accept all'],
] as const

/** Tabs until a cookie button has the focus; every stop on the way is recorded. */
async function tabToCookieButton(page: Page, button: string): Promise<string[]> {
  const stops: string[] = []
  for (let step = 0; step < 8; step++) {
    await page.keyboard.press('Tab')
    const place = await focusedPlace(page)
    stops.push(place)
    if (place === `consent:button:${button}`) break
  }
  return stops
}

/**
 * The dialogs that follow the cookie answer, one at a time in the order they come: each is
 * checked while on screen (the events carousel: its title once, its image in place), then closed
 * with Escape, until every expected one has shown. Answers the order they came in.
 */
async function closeEachWithEscape(page: Page, expected: readonly string[]): Promise<string[]> {
  const seen: string[] = []
  while (seen.length < expected.length) {
    const open = page.locator('dialog[open]')
    await open.waitFor()
    await expect(open.count()).resolves.toBe(1)
    const kind = (await open.getAttribute('class'))?.includes('events-dialog') ? 'events' : 'coupon'
    seen.push(kind)
    const shown = page.locator(
      kind === 'events' ? 'dialog.events-dialog' : 'dialog.notice-dialog--coupon',
    )
    if (kind === 'events') {
      const { title, count } = await titleCount(page)
      expect(title).not.toBe('')
      expect(count, title).toBe(1)
      await shown.locator('img').evaluate((img) => (img as HTMLImageElement).decode())
    }
    await page.keyboard.press('Escape')
    await shown.waitFor({ state: 'detached' })
  }
  return seen
}

/** The events carousel's slide heading shows the title; the body must not say it again. */
async function titleCount(page: Page): Promise<{ title: string; count: number }> {
  return page.locator('dialog.events-dialog').evaluate((dialog) => {
    const title = dialog.querySelector('article h3')?.textContent?.trim() ?? ''
    const text = dialog.querySelector('article')?.textContent ?? ''
    return { title, count: title ? text.split(title).length - 1 : 0 }
  })
}

describe.each(SCREENS)('a first visit on %s', (_screen, viewport) => {
  describe.each(TENANTS)('%s home', (_kind, host) => {
    it.each(LANGUAGES)(
      '%s: the cookie dialog alone first, then the events; Escape returns to the document start; under 100 KB',
      async (_lang, path, accept) => {
        const { page, context, errors } = await site.open(host, { viewport })
        await watchFirstVisit(page)
        await page.goto(site.url(host, path), { waitUntil: 'networkidle' })

        // nothing pre-set: the cookie dialog shows, alone, and the page stays light
        await expect(page.locator('[data-consent-banner]').isVisible()).resolves.toBe(true)
        await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
        const bytes = await transferredBytes(page)
        console.log(`first visit ${host}${path} ${viewport.width}px: ${bytes} B transferred`)
        expect(bytes, `${bytes} bytes transferred`).toBeLessThan(HOME_BUDGET)

        const header = await headerPlaces(page)
        // the keyboard reaches the cookie buttons first: the skip link, then the banner only
        const stops = await tabToCookieButton(page, accept)
        expect(stops[0]).toBe('skip')
        expect(
          stops.slice(1).every((stop) => stop.startsWith('consent:')),
          stops.join(' > '),
        ).toBe(true)
        expect(stops.at(-1)).toBe(`consent:button:${accept}`)
        await page.keyboard.press('Enter')
        await page.locator('[data-consent-banner]').waitFor({ state: 'detached' })

        // then the events carousel (and bains-du-lac's coupon pop-up), one at a time
        const expected = host === BAINS ? ['events', 'coupon'] : ['events']
        const seen = await closeEachWithEscape(page, expected)
        expect([...seen].sort()).toEqual([...expected].sort())
        await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
        // the bell came in the place the page kept for it
        await expect(page.locator('.bell').isVisible()).resolves.toBe(true)
        await expect(headerPlaces(page)).resolves.toEqual(header)
        // back to where the focus was before: the document start
        await page.keyboard.press('Tab')
        await expect(focusedPlace(page)).resolves.toBe('skip')
        const state = await firstVisitState(page)
        expect(state.mostDialogs).toBe(1)
        // input: the Tab that shows the skip link and the answer that removes the banner move
        // things on purpose; what moves on its own counts
        expect(state.cls, state.shifted.join(', ')).toBeLessThan(CLS_BUDGET)

        // a new tab of the same visitor (the cookie answered, nothing in the tab): the carousel
        // opens on load with no input at all, and does not move the page either
        const again = await context.newPage()
        await watchFirstVisit(again)
        await again.goto(site.url(host, path))
        await again
          .locator('dialog.events-dialog[open] img')
          .evaluate((img) => (img as HTMLImageElement).decode())
        await again.waitForLoadState('networkidle')
        await expect(again.locator('dialog[open]').count()).resolves.toBe(1)
        const later = await firstVisitState(again)
        console.log(
          `CLS ${host}${path} ${viewport.width}px: first tab ${state.cls.toFixed(4)} (all shifts ${state.allShifts.toFixed(4)}), new tab ${later.cls.toFixed(4)}`,
        )
        expect(later.cls, later.shifted.join(', ')).toBeLessThan(CLS_BUDGET)
        await closeEachWithEscape(again, ['events'])
        await again.keyboard.press('Tab')
        await expect(focusedPlace(again)).resolves.toBe('skip')
        expect((await firstVisitState(again)).mostDialogs).toBe(1)
        expect(errors).toEqual([])
        await context.close()
      },
    )
  })
})

// the marketplace search loads React and its island when used: what the visitor types into the
// server-rendered field before they arrive is searched (docs/decisions/058-consent-first-visit.md)
describe('the shop search on a first visit', () => {
  it('downloads nothing before it is used; typed at once with the keyboard, it finds the shop', async () => {
    const { page, context, errors } = await site.open(BAINS)
    const islandLoads: string[] = []
    page.on('request', (request) => {
      if (/\/_astro\/ShopSearch\.[\w-]+\.js$/.test(request.url())) islandLoads.push(request.url())
    })
    await page.goto(site.url(BAINS, '/'), { waitUntil: 'networkidle' })
    expect(islandLoads).toEqual([])
    const field = page.getByRole('combobox', { name: /Rechercher une boutique/ })
    // no wait for the island: the keys go to the server-rendered field while it loads
    await field.focus()
    await page.keyboard.type('chambery')
    const names = page.locator('.shop-results__list').first().locator('.shop-result__name')
    // React and the island download now: on a loaded machine, seconds
    await expect
      .poll(() => names.allTextContents(), { timeout: 20_000 })
      .toEqual(['Les Bains du Lac Chambéry'])
    expect(islandLoads).toHaveLength(1)
    // the cookie dialog is still there, and nothing opened over it
    await expect(page.locator('[data-consent-banner]').isVisible()).resolves.toBe(true)
    await expect(page.locator('dialog[open]').count()).resolves.toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
