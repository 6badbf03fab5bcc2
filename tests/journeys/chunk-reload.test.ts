import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { BAINS, siteBrowser } from './support/site'

// docs/product/8-errors.md: a page chunk that fails to load (here the marketplace search island, gone as
// after a deploy that replaced the hashed files) reloads the page, at most once a minute.
const site = siteBrowser()
const QUIET = { 'preference-set': 'connection', 'coupon-dismissed': '1' }

afterEach(() => site.closeContexts())
afterAll(() => site.close())

/** The home with the search island's chunk answered 404; counts the home's document loads. */
async function openWithMissingChunk(secondsSinceLastReload?: number) {
  const opened = await site.open(BAINS, { cookies: QUIET })
  const { context, page } = opened
  let documents = 0
  await context.route('**/_astro/ShopSearch.*.js', (route) => route.fulfill({ status: 404 }))
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents += 1
  })
  await page.addInitScript((seconds) => {
    sessionStorage.setItem('events-shown', '1')
    // once per tab: a reload earlier in this visit, that many seconds ago
    if (seconds !== null && !sessionStorage.getItem('seeded')) {
      sessionStorage.setItem('seeded', '1')
      sessionStorage.setItem('chunk-reload-at', String(Date.now() - seconds * 1000))
    }
  }, secondsSinceLastReload ?? null)
  await page.goto(site.url(BAINS, '/'))
  return { ...opened, documents: () => documents }
}

describe('a chunk that fails to load', () => {
  it('reloads the page once, not again while it keeps failing', async () => {
    const { page, documents } = await openWithMissingChunk()
    await expect.poll(documents, { timeout: 15_000 }).toBe(2)
    // read once the reloaded page is there (a read during the navigation is lost)
    const stored = () =>
      page.evaluate(() => sessionStorage.getItem('chunk-reload-at')).catch(() => null)
    await expect.poll(stored).not.toBeNull()
    const storedAt = Number(await stored())
    expect(Math.abs(Date.now() - storedAt)).toBeLessThan(30_000)
    // the reloaded page fails the same way: it stays, the search server-rendered but inert
    await page.waitForTimeout(3_000)
    expect(documents()).toBe(2)
    await expect(page.locator('.shop-search').count()).resolves.toBeGreaterThan(0)
    await expect(
      page.locator('[data-needed-island="shop-search"][data-mounted]').count(),
    ).resolves.toBe(0)
  })

  it('a reload 30 s ago: no other one; 61 s ago: one more', async () => {
    const recent = await openWithMissingChunk(30)
    await recent.page.waitForTimeout(3_000)
    expect(recent.documents()).toBe(1)
    await site.closeContexts()

    const older = await openWithMissingChunk(61)
    await expect.poll(older.documents, { timeout: 15_000 }).toBe(2)
    await older.page.waitForTimeout(3_000)
    expect(older.documents()).toBe(2)
  })

  it('the same page with its chunks served does not reload', async () => {
    const { page, errors } = await site.open(BAINS, { cookies: QUIET })
    let documents = 0
    page.on('request', (request) => {
      if (request.isNavigationRequest()) documents += 1
    })
    await page.goto(site.url(BAINS, '/'))
    await page
      .locator('[data-needed-island="shop-search"][data-mounted]')
      .waitFor({ state: 'attached' })
    expect(documents).toBe(1)
    expect(await page.evaluate(() => sessionStorage.getItem('chunk-reload-at'))).toBeNull()
    expect(errors).toEqual([])
  })
})
