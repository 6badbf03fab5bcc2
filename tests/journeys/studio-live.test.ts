import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { t as tShop } from '#i18n/messages'
import { tStudio as t } from '#i18n/studio-messages'
import { dateLabel } from '#islands/booking/dates'
import { launchBrowser } from '#support/browser'
import { freshIdentity, ML, openPage, registerByApi } from './support/account'
import { DESKTOP, openJourney, withCustomerSession } from './support/booking'
import { bookingByApi } from './support/manage'
import { journeyProduct } from './support/product'
import { signInToStudio, TABLET } from './support/studio'

/**
 * The studio's live agenda (docs/decisions/075-studio-live-agenda.md), staff and visitor side by
 * side in two browser contexts: the owner of maison-lumiere has the day's agenda open, a fresh
 * visitor books a service on the site (a hold, then the free provider's payment), and the
 * appointment shows in the agenda within 2 s of each step, without a reload.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let visitor = { email: '', phone: '', password: '' }
let visitorToken = ''
/** a second visitor, whose visit is booked through the API and marked a no-show */
let absent = { email: '', phone: '', password: '' }
let absentToken = ''

const OWNER = 'claire.dumas@maison-lumiere.example'
const SERVICE = '/services/soins-visage/soin-eclat-lumiere'
/** the booking admin's changeStatus, whatever its query (the client adds `_timestamp`) */
const CHANGE_STATUS = /\/bookingOrder\/changeStatus(\?|$)/

beforeAll(async () => {
  browser = await launchBrowser()
  visitor = freshIdentity('live')
  visitorToken = await registerByApi(product, ML, visitor)
  absent = freshIdentity('noshow')
  absentToken = await registerByApi(product, ML, absent)
}, 120_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** The ISO day a slot's label names ('lundi 30 novembre 2026 à 10:00'), among the next weeks. */
function dayOf(label: string): string {
  for (let offset = 0; offset < 60; offset++) {
    const day = new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)
    if (label.startsWith(`${dateLabel(day, 'fr')} `)) return day
  }
  throw new Error(`no day in the next weeks is named by "${label}"`)
}

async function openAgenda(page: Page, day: string): Promise<void> {
  await page.goto(product.url(ML, `/studio/?day=${day}`))
  await signInToStudio(page, 'fr', OWNER)
  await page.locator('.studio-count').waitFor()
  await page.locator('[data-live="live"]').waitFor()
}

/** When `check` first holds (polled every 25 ms, at most 10 s after `since`). */
async function timeWhen(since: number, check: () => Promise<boolean>): Promise<number> {
  while (!(await check())) {
    if (Date.now() - since > 10_000) throw new Error('not shown within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  return Date.now()
}

/** A write of the visitor's page: when it was sent and when its answer came. */
interface Write {
  readonly path: string
  readonly sent: number
  answered?: number
}

/**
 * How long the agenda took after the visitor's write `path` (the hold, the free provider's pay):
 * from its answer (0 when the agenda was faster than the answer) and from its request.
 */
function delays(writes: readonly Write[], path: string, clicked: number, shown: number) {
  const write = writes.find((w) => w.path === path && w.sent >= clicked)
  if (!write) throw new Error(`no ${path} after the click`)
  const answered = write.answered ?? shown
  return {
    afterAnswer: Math.max(0, shown - answered),
    afterRequest: shown - write.sent,
    afterClick: shown - clicked,
  }
}

describe('studio: the live agenda', () => {
  it('shows a visit booked on the site within 2 s, held then confirmed, without a reload', async () => {
    // the visitor puts the first free time of the service in the booking cart (nothing written yet)
    const site = await openJourney(browser, DESKTOP)
    contexts.push(site.context)
    await withCustomerSession(site.context, visitorToken)
    const writes: Write[] = []
    site.page.on('request', (r) => {
      // the hold is a PUT of the cart, the payment a POST
      if (r.method() === 'POST' || r.method() === 'PUT') {
        writes.push({ path: new URL(r.url()).pathname, sent: Date.now() })
      }
    })
    site.page.on('response', (r) => {
      const path = new URL(r.url()).pathname
      const write = writes.find((w) => w.path === path && w.answered === undefined)
      if (write) write.answered = Date.now()
    })
    await site.page.goto(product.url(ML, `${SERVICE}?page=reserved`))
    const grid = site.page.getByRole('grid', { name: tShop('fr', 'booking.chooseSlot') })
    await grid.waitFor()
    const first = grid.getByRole('button').first()
    const day = dayOf((await first.getAttribute('aria-label')) ?? '')
    await first.click()
    await site.page.getByRole('button', { name: tShop('fr', 'booking.addToCart') }).click()
    await site.page.getByText(tShop('fr', 'booking.addedToCart'), { exact: false }).waitFor()
    await site.page.goto(product.url(ML, '/panier'))
    const cart = site.page.getByRole('region', { name: tShop('fr', 'booking.cartTitle') })
    const proceed = cart.getByRole('button', { name: tShop('fr', 'booking.proceed') })
    await proceed.waitFor()

    // the owner has that day's agenda open, the stream live, the visit not there
    const desk = await openPage(browser, TABLET, contexts)
    await openAgenda(desk.page, day)
    const visit = desk.page.locator('.rbc-event', { hasText: visitor.email })
    expect(await visit.count()).toBe(0)
    // a mark on the page: a reload would lose it
    await desk.page.evaluate(() => document.body.setAttribute('data-journey-mark', 'kept'))

    // 1. the visitor books: the slot is held, the visit shows, tentative
    const held = Date.now()
    await proceed.click()
    // the whole visit held in one call on the server's cart (docs/decisions/073-one-cart.md)
    const hold = delays(
      writes,
      '/api/appointments/cart',
      held,
      await timeWhen(held, () => visit.isVisible()),
    )
    expect(await visit.textContent()).toContain(t('fr', 'studio.event.tentative'))

    // 2. the free provider's payment: the same visit shows confirmed
    const pay = site.page.getByRole('button', { name: tShop('fr', 'payment.confirmFree') })
    await pay.waitFor()
    const paid = Date.now()
    await pay.click()
    const confirmed = tShop('fr', 'orderStatus.confirmed')
    const shownPaid = await timeWhen(paid, async () =>
      ((await visit.textContent()) ?? '').includes(confirmed),
    )
    const payment = delays(writes, '/api/payment/pay', paid, shownPaid)
    await site.page.waitForURL('**/payments/success')

    console.log(
      `live agenda (ms after the answer, the request, the click): hold ${JSON.stringify(hold)}, payment ${JSON.stringify(payment)}`,
    )
    expect(hold.afterAnswer).toBeLessThan(2_000)
    expect(payment.afterAnswer).toBeLessThan(2_000)
    // no reload of the studio page, and nothing failed on either side
    expect(await desk.page.locator('body').getAttribute('data-journey-mark')).toBe('kept')
    expect(desk.problems).toEqual([])
    expect(site.problems).toEqual([])
  })

  it('marks a no-show from the details by keyboard: shown at once, undone on a refusal, kept with who did it, and the visitor’s account shows it', async () => {
    const booked = await bookingByApi(product, absentToken, 3)
    if (!booked) throw new Error('no free slot to book for the no-show journey')
    const desk = await openPage(browser, TABLET, contexts)
    await openAgenda(desk.page, booked.start.slice(0, 10))
    const visit = desk.page.locator('.rbc-event', { hasText: absent.email })
    await visit.waitFor()
    await visit.focus()
    await desk.page.keyboard.press('Enter')
    const panel = desk.page.locator('.studio-details')
    const status = panel.locator('.studio-status')
    const shows = (value: 'confirmed' | 'arrived' | 'noShow') =>
      t('fr', 'studio.status.current', { status: tShop('fr', `orderStatus.${value}`) })
    await expect.poll(() => status.textContent()).toBe(shows('confirmed'))

    // a refusal (the server says 409, held until the mark was seen): the mark shows at once,
    // then the old status is back. A fixed delay let a loaded machine miss the mark.
    let release = () => {}
    const markSeen = new Promise<void>((resolve) => {
      release = resolve
    })
    await desk.page.route(CHANGE_STATUS, async (route) => {
      await markSeen
      await route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: JSON.stringify({ code: 409, message: 'Conflict.', type: 'invalidTransition' }),
      })
    })
    await panel.getByRole('button', { name: t('fr', 'studio.status.arrived') }).focus()
    await desk.page.keyboard.press('Enter')
    await expect.poll(() => status.textContent()).toBe(shows('arrived'))
    // the focus stays in the details, on the status line
    expect(await status.evaluate((p) => p === document.activeElement)).toBe(true)
    release()
    await expect
      .poll(() => panel.getByRole('alert').textContent())
      .toBe(t('fr', 'studio.status.refused'))
    await expect.poll(() => status.textContent()).toBe(shows('confirmed'))
    await desk.page.unroute(CHANGE_STATUS)

    // the no-show, by keyboard
    await panel.getByRole('button', { name: t('fr', 'studio.status.noShow') }).focus()
    await desk.page.keyboard.press('Enter')
    await expect.poll(() => status.textContent()).toBe(shows('noShow'))
    // the server's answer read again: the history names who marked it
    const history = panel.locator('.studio-history li').last()
    await expect.poll(() => history.textContent()).toContain('Claire Dumas')
    expect(await history.textContent()).toContain(tShop('fr', 'orderStatus.noShow'))
    expect(await panel.getByRole('button', { name: t('fr', 'studio.status.noShow') }).count()).toBe(
      0,
    )
    // the 409 above is the only failed call
    expect(desk.problems.filter((p) => !p.includes('/bookingOrder/changeStatus'))).toEqual([])

    // the visitor's account shows the order as a no-show
    const site = await openJourney(browser, DESKTOP)
    contexts.push(site.context)
    await withCustomerSession(site.context, absentToken)
    await site.page.goto(product.url(ML, `/profile/orders/${booked.orderId}`))
    await site.page.getByText(tShop('fr', 'orderStatus.noShow')).first().waitFor()
    expect(site.problems).toEqual([])
  })
})
