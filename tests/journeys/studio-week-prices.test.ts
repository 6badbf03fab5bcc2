import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import {
  expectAxeClean,
  freshIdentity,
  ML,
  openPage,
  PHONE,
  registerByApi,
} from './support/account'
import { bookingByApi, cancelByApi } from './support/manage'
import { journeyProduct } from './support/product'
import { signInToAgenda, studioPath, TABLET } from './support/studio'
import { holdByApi, reserveTargetOf, staffApi } from './support/week-prices'

/**
 * Week prices and online booking (docs/decisions/092-week-prices-and-online-booking.md), staff
 * and visitor side by side: the owner of maison-lumiere creates a service at 60,00 €, then gives
 * it a week price of 45,00 €; after the rebuild the visitor's page shows 45,00 € and a booking
 * through the API is charged 4 500. The owner then turns online booking off: the page keeps its
 * price, shows no booking button but "book at the salon" with the shop's phone, and a hold is
 * refused with `onlineBookingOff`. Afterwards the service is a draft again, unlinked, and out of
 * Claire's list, so the other journeys (one shared product) never meet it.
 */
const product = journeyProduct()
const OWNER = 'claire.dumas@maison-lumiere.example'
const SHOP = 'Maison Lumière Lyon'
const STAMP = Date.now()
const NAME = `Soin test semaine ${STAMP}`
const SLUG = `soin-test-semaine-${STAMP}`
const PATH = `/services/soins-visage/${SLUG}/`
let browser: Browser
const contexts: BrowserContext[] = []
let serviceId = ''
/** The visit the journey books, cancelled by its customer afterwards (one shared product). */
let booked: { orderId: string; token: string } | undefined

const ownerApi = () => staffApi(product, ML, OWNER)

/** The stored record of the journey's service (the studio's own read). */
async function storedService(): Promise<{ id: string; [key: string]: unknown } | undefined> {
  const api = await ownerApi()
  const records = (await api('GET', '/api/articles/records?type=1')) as {
    id: string
    slug: string
  }[]
  return records.find((a) => a.slug === SLUG)
}

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  // journeys share one product: the visit booked below is cancelled by its customer (two days
  // ahead at least, within the shop's policy), so its slot is free again for the other journeys
  if (booked) {
    const cancelled = await cancelByApi(product, ML, booked.token, booked.orderId)
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
  }
  // the service becomes a draft again (the cancelled visit still names it), unlinked from its
  // category and shop, and leaves Claire's list
  const stored = await storedService()
  if (stored) {
    const id = stored.id
    const api = await ownerApi()
    const claire = (await api('GET', '/api/resources/301')) as { id: string; services: string[] }
    const { id: _claire, ...body } = claire
    const services = claire.services.filter((s) => String(s) !== id)
    await api('PUT', '/api/resources/301', { ...body, services })
    const categories = (await api('GET', '/api/categories')) as {
      id: string
      articles: { id: string }[]
    }[]
    for (const category of categories.filter((c) => c.articles.some((a) => a.id === id))) {
      await api('POST', `/api/categories/unlink/article/${category.id}`, { articleId: id })
    }
    await api('POST', '/api/shops/unlink/article/1', { articleId: id })
    const { id: _id, ...article } = stored
    await api('PUT', `/api/articles/${id}`, { ...article, draft: true })
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** Opens the service's form from its row in the services table. */
async function editService(page: Page) {
  await page
    .getByRole('button', { name: t('fr', 'studio.catalogue.edit', { service: NAME }) })
    .click()
  return page.locator('form.studio-catalogue-form')
}

async function save(page: Page) {
  const form = page.locator('form.studio-catalogue-form')
  await form.getByRole('button', { name: t('fr', 'studio.catalogue.save') }).click()
  await form.waitFor({ state: 'detached', timeout: 30_000 })
}

/** The visitor's page once the rebuild shows what `ready` waits for (polled, not slept). */
async function pageWhen(page: Page, ready: (main: string) => boolean): Promise<string> {
  let text = ''
  await expect
    .poll(
      async () => {
        const res = await page.goto(product.url(ML, PATH))
        text = res?.status() === 200 ? ((await page.locator('main').textContent()) ?? '') : ''
        return ready(text.replace(/\s/g, ' '))
      },
      { timeout: 240_000, interval: 1_000 },
    )
    .toBe(true)
  return text.replace(/\s/g, ' ')
}

describe('week price and online booking, from the studio to the storefront', () => {
  it('a week price is what the page shows and the booking charges; online booking off refuses holds', async () => {
    const staff = await openPage(browser, TABLET, contexts)
    const page = staff.page
    await page.goto(product.url(ML, studioPath('fr')))
    await signInToAgenda(page, OWNER)
    await page.getByRole('button', { name: t('fr', 'studio.nav.catalogue') }).click()
    await page
      .getByRole('heading', { level: 1, name: t('fr', 'studio.catalogue.heading') })
      .waitFor()

    // a new service at 60,00 €, booked online (the switch's default)
    await page.getByRole('button', { name: t('fr', 'studio.catalogue.newService') }).click()
    let form = page.locator('form.studio-catalogue-form')
    await form.locator('input[name="name-fr"]').fill(NAME)
    await form
      .getByLabel(t('fr', 'studio.catalogue.category'))
      .selectOption({ label: 'Soins visage' })
    await form.getByLabel(t('fr', 'studio.catalogue.duration')).fill('30')
    await form.getByLabel(t('fr', 'studio.catalogue.price')).fill('60,00')
    expect(
      await form.getByLabel(t('fr', 'studio.catalogue.onlineBooking'), { exact: true }).isChecked(),
    ).toBe(true)
    await form.getByLabel(t('fr', 'studio.catalogue.publish')).check()
    await form.getByLabel(t('fr', 'studio.catalogue.offeredAt', { shop: SHOP })).check()
    await form.getByLabel(t('fr', 'studio.catalogue.performedBy', { name: 'Claire' })).check()
    await save(page)
    const row = page.getByRole('row').filter({ hasText: NAME })
    await row.waitFor()
    serviceId = (await storedService())?.id ?? ''
    expect(serviceId).not.toBe('')

    // the owner gives it a week price: a wrong amount is named first, nothing sent
    form = await editService(page)
    const week = form.getByLabel(t('fr', 'studio.catalogue.weekPrice'), { exact: true })
    expect(await week.inputValue()).toBe('')
    await form.getByText(t('fr', 'studio.catalogue.weekPriceHint')).waitFor()
    await week.fill('45,999')
    await form.getByRole('button', { name: t('fr', 'studio.catalogue.save') }).click()
    await form.getByText(t('fr', 'studio.catalogue.fieldErrors.weekPrice')).waitFor()
    expect(await week.getAttribute('aria-invalid')).toBe('true')
    await week.fill('45,00')
    await expectAxeClean(page, 'service form with a week price')
    const logFrom = product.output().length
    await save(page)
    await expect.poll(() => row.textContent()).toMatch(/60,00.*45,00/)

    // the visitor, after the rebuild: the week price is the price, the booking charges it
    const rebuilt = new RegExp(`rebuild ${ML.replace(/\./g, '\\.')}: live`)
    await product.waitForOutput(rebuilt, 240_000, logFrom)
    const visitor = await openPage(browser, PHONE, contexts)
    const shown = await pageWhen(visitor.page, (main) => main.includes('45,00'))
    expect(shown).not.toContain('60,00')
    expect(await visitor.page.locator('article.detail').getAttribute('data-article-id')).toBe(
      serviceId,
    )
    await visitor.page.locator('a.booking-start').waitFor()
    // an alert about it would have its 'reserve' button
    const notices = product.url(ML, '/notices.json')
    expect(await reserveTargetOf(visitor.page, notices, serviceId)).toMatchObject({
      href: expect.stringMatching(new RegExp(`${SLUG}/?\\?page=reserved$`)),
    })
    const token = await registerByApi(product, ML, freshIdentity('weekprice'))
    const place = { host: ML, shopId: '1', service: { id: serviceId, minutes: 30 } }
    const visit = await bookingByApi(product, token, 2, 7, () => true, place)
    if (!visit) throw new Error('no free slot for the new service')
    booked = { orderId: visit.orderId, token }
    expect(visit.charged).toBe(4500)

    // the owner turns online booking off; the week price stays as it was (stored record)
    form = await editService(page)
    expect(
      await form.getByLabel(t('fr', 'studio.catalogue.weekPrice'), { exact: true }).inputValue(),
    ).toBe('45.00')
    expect(await form.getByLabel(t('fr', 'studio.catalogue.price')).inputValue()).toBe('60.00')
    await form.getByLabel(t('fr', 'studio.catalogue.onlineBooking'), { exact: true }).uncheck()
    await form.getByText(t('fr', 'studio.catalogue.onlineBookingOff')).waitFor()
    const offFrom = product.output().length
    await save(page)
    await expect.poll(() => row.textContent()).toContain(t('fr', 'studio.catalogue.atSalonOnly'))
    // not a mistake: the checks say nothing of it
    expect(await page.locator('.studio-checks li').filter({ hasText: NAME }).count()).toBe(0)
    await expectAxeClean(page, 'services with one booked at the salon')

    // the visitor's page: listed with its price, no booking button, the salon's phone instead
    await product.waitForOutput(rebuilt, 240_000, offFrom)
    const atSalon = await pageWhen(visitor.page, (main) =>
      main.includes(tShop('fr', 'services.bookAtSalon')),
    )
    expect(atSalon).toContain('45,00')
    expect(await visitor.page.locator('a.booking-start').count()).toBe(0)
    const call = visitor.page.locator('[data-booking="at-salon"] a[href^="tel:"]')
    expect(await call.getAttribute('href')).toBe('tel:+33478421630')
    await expectAxeClean(visitor.page, 'service booked at the salon')
    expect(visitor.problems).toEqual([])
    expect(await reserveTargetOf(visitor.page, notices, serviceId)).toBeNull()

    // and the API refuses a hold of it, whatever the slot
    const slot = { shopId: '1', serviceId, start: visit.start, minutes: 30 }
    const refused = await holdByApi(product, ML, token, slot)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({ type: 'onlineBookingOff' })
  }, 600_000)
})
