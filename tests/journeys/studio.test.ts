import { readFileSync } from 'node:fs'
import type { Browser, BrowserContext } from 'playwright-core'
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
import { type Booked, bookingByApi } from './support/manage'
import { journeyProduct } from './support/product'
import { signInToStudio, studioPath, TABLET } from './support/studio'

/**
 * The studio, first part (docs/decisions/071-studio-app.md): a company user signs in at
 * /studio on a demo tenant and finds, in the day's agenda of the shop, the appointment a
 * customer booked on the site (booked here through the API: a fresh customer, so the agenda
 * shows their e-mail, unique to this run), in French and English, on a front-desk tablet
 * (1024 px: the resource columns, then the week) and a phone (the list), each time in a fresh
 * browser context.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let customer = ''
let booked: Booked

/** tenants/maison-lumiere.localhost: the owner, and the manager of its one shop */
const STAFF: Record<'fr' | 'en', string> = {
  fr: 'claire.dumas@maison-lumiere.example',
  en: 'hugo.bernard@maison-lumiere.example',
}

beforeAll(async () => {
  browser = await launchBrowser()
  const identity = freshIdentity('studio')
  customer = identity.email
  const token = await registerByApi(product, ML, identity)
  const visit = await bookingByApi(product, token, 2)
  if (!visit) throw new Error('no free slot to book for the studio journey')
  booked = visit
}, 120_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

describe('studio: a company user signs in and sees the day in the agenda', () => {
  it('refuses a wrong password with words of the page', async () => {
    const { page, problems } = await openPage(browser, TABLET, contexts)
    await page.goto(product.url(ML, studioPath('fr')))
    await signInToStudio(page, 'fr', STAFF.fr, 'not-the-password')
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(t('fr', 'studio.signIn.refused'))
    expect(await page.evaluate(() => localStorage.getItem('auth.provider'))).toBeNull()
    // the refusal itself is the only failed call
    expect(problems.filter((p) => !p.includes('/api/cmpusers/login'))).toEqual([])
  })

  for (const [locale, viewport] of [
    ['en', TABLET],
    ['fr', PHONE],
  ] as const) {
    it(`${locale}, ${viewport.width} px: finds the customer by e-mail in the customer search`, async () => {
      const { page, problems } = await openPage(browser, viewport, contexts)
      await page.goto(product.url(ML, studioPath(locale)))
      await signInToStudio(page, locale, STAFF[locale])
      // failed twice in whole runs (2026-11-29 23:21, 2026-11-30 08:46 UTC) with no navigation
      // after 30 s, and never alone: on a loaded run the first screen takes up to a minute
      // (signInToAgenda), and a failure says what the page showed instead
      const customers = page.getByRole('button', {
        name: t(locale, 'studio.nav.customers'),
        exact: true,
      })
      await customers.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
        const shown = ((await page.locator('body').textContent()) ?? '').slice(0, 600)
        throw new Error(`${String(error)}\nthe page showed instead: ${shown}`)
      })
      await customers.click()
      await page.getByLabel(t(locale, 'studio.customers.search')).fill(customer)
      await page
        .getByRole('button', { name: t(locale, 'studio.customers.searchButton'), exact: true })
        .click()
      // the first page (no filter yet) may hold them too: wait for the search's one row
      const rows = page.locator('.studio-table tbody tr')
      await expect.poll(() => rows.count()).toBe(1)
      expect(await rows.textContent()).toContain(customer)
      const wide = await page.evaluate(() => document.documentElement.scrollWidth)
      expect(wide).toBeLessThanOrEqual(viewport.width)
      expect(problems).toEqual([])
    })
  }

  for (const locale of ['fr', 'en'] as const) {
    for (const [name, viewport] of [
      ['tablet', TABLET],
      ['phone', PHONE],
    ] as const) {
      it(`${locale}, ${name}: signs in, finds the booked visit, signs out`, async () => {
        const { page, problems } = await openPage(browser, viewport, contexts)
        const day = booked.start.slice(0, 10)
        await page.goto(product.url(ML, studioPath(locale, `?day=${day}`)))
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(t(locale, 'studio.signIn.heading'))
        await expectAxeClean(page, `${locale} ${name} sign-in`)
        await signInToStudio(page, locale, STAFF[locale])
        const heading = page.getByRole('heading', { level: 1 })
        await expect.poll(() => heading.textContent()).toContain(t(locale, 'studio.agenda.heading'))
        await expect.poll(() => page.locator('.studio-count').count()).toBe(1)
        await expectAxeClean(page, `${locale} ${name} agenda`)
        const time = t(locale, 'studio.event.time', {
          start: booked.start.slice(11),
          end: '',
        }).trim()
        if (name === 'tablet') {
          // one column per resource of the shop, the visit in its employee's column
          for (const resource of ['Claire', 'Inès', 'Léa', 'Cabine Jasmin']) {
            await expect
              .poll(() => page.locator('.rbc-header', { hasText: resource }).count())
              .toBe(1)
          }
          // the employees' time outside their working hours is shaded
          expect(await page.locator('.rbc-day-slot .studio-off-hours').count()).toBeGreaterThan(0)
          const visit = page.locator('.rbc-event', { hasText: customer })
          await expect.poll(() => visit.isVisible()).toBe(true)
          expect(await visit.textContent()).toContain(tShop(locale, 'orderStatus.confirmed'))
          // keyboard: the visit is a button; Enter opens its details and moves the focus there
          await visit.focus()
          await page.keyboard.press('Enter')
          const details = page.getByRole('heading', { name: t(locale, 'studio.event.details') })
          await expect.poll(() => details.evaluate((h) => h === document.activeElement)).toBe(true)
          const panel = page.locator('.studio-details')
          expect(await panel.textContent()).toContain(time)
          expect(await panel.textContent()).toContain(
            tShop(locale, 'orderDetail.paymentStatus.dueAtShop'),
          )
          await page.keyboard.press('Escape')
          await expect.poll(() => panel.count()).toBe(0)
          // the week: seven day columns, the visit naming its resource, the view in the address
          await page
            .getByRole('button', { name: t(locale, 'studio.agenda.weekView'), exact: true })
            .click()
          const days = page.locator('.rbc-time-header-cell .rbc-header')
          await expect.poll(() => days.count()).toBe(7)
          await expect
            .poll(() => page.locator('.rbc-event', { hasText: customer }).isVisible())
            .toBe(true)
          expect(new URL(page.url()).searchParams.get('view')).toBe('week')
        } else {
          expect(await page.locator('.studio-grid').isVisible()).toBe(false)
          const item = page.locator('.studio-list li', { hasText: customer })
          await expect.poll(() => item.isVisible()).toBe(true)
          const text = (await item.textContent()) ?? ''
          expect(text).toContain(time)
          expect(text).toContain(tShop(locale, 'orderStatus.confirmed'))
          expect(text).toContain(tShop(locale, 'orderDetail.paymentStatus.dueAtShop'))
        }
        // the page scrolls no wider than the screen
        const wide = await page.evaluate(() => document.documentElement.scrollWidth)
        expect(wide).toBeLessThanOrEqual(viewport.width)
        await page.getByRole('button', { name: t(locale, 'studio.signOut'), exact: true }).click()
        await expect
          .poll(() => page.getByRole('heading', { level: 1 }).textContent())
          .toBe(t(locale, 'studio.signIn.heading'))
        expect(await page.evaluate(() => localStorage.getItem('auth.provider'))).toBeNull()
        expect(problems).toEqual([])
      })
    }
  }
})

// docs/decisions/076-studio-reports.md: the owner's report of the day of the booked visit; its
// revenue is the sum of the bills of that day's visits, as the history lists them
describe("studio: the owner's reports", () => {
  for (const [locale, viewport] of [
    ['fr', TABLET],
    ['en', PHONE],
  ] as const) {
    it(`${locale}, ${viewport.width} px: the report's totals are the orders' bills`, async () => {
      const { page, problems } = await openPage(browser, viewport, contexts)
      const day = booked.start.slice(0, 10)
      await page.goto(product.url(ML, studioPath(locale)))
      await signInToStudio(page, locale, STAFF.fr)
      await page.getByRole('button', { name: t(locale, 'studio.nav.reports'), exact: true }).click()
      await page.getByLabel(t(locale, 'studio.reports.start'), { exact: true }).fill(day)
      await page.getByLabel(t(locale, 'studio.reports.end'), { exact: true }).fill(day)
      const answer = page.waitForResponse(
        (res) => res.url().includes('/bookingOrder/report') && res.url().includes(`end=${day}`),
      )
      await page
        .getByRole('button', { name: t(locale, 'studio.reports.show'), exact: true })
        .click()
      const response = await answer
      const report = (await response.json()) as {
        total: { revenue: { amount: number }; visits: number }
      }
      // the same day's orders through the history call, with the studio's own session
      const history = new URL('/bookingOrder/history', product.apiUrl)
      history.search = `periodSearch=appointment&start=${day}&end=${day}&itemPerPage=100`
      const listed = (await (
        await fetch(history, {
          headers: { authorization: (await response.request().allHeaders()).authorization ?? '' },
        })
      ).json()) as { items: { status: string; bill: { total: { amount: number } } }[] }
      const visits = listed.items.filter((o) =>
        ['confirmed', 'arrived', 'completed', 'noShow', 'partiallyRefunded'].includes(o.status),
      )
      expect(report.total.visits).toBe(visits.length)
      expect(report.total.visits).toBeGreaterThan(0)
      expect(report.total.revenue.amount).toBe(
        visits.reduce((sum, o) => sum + o.bill.total.amount, 0),
      )
      // the screen shows the server's figures
      const totals = page.locator('.studio-report-totals')
      await expect.poll(() => totals.textContent()).toContain(String(report.total.visits))
      const rows = page.locator('.studio-report-table').first().locator('tbody tr')
      await expect.poll(() => rows.count()).toBe(1)
      // the chart is a lazy chunk, and Recharts draws only once it has measured its box
      await expect.poll(() => page.locator('.studio-report-chart svg').count()).toBeGreaterThan(0)
      const download = page.waitForEvent('download')
      await page
        .getByRole('button', { name: t(locale, 'studio.reports.csv'), exact: true })
        .first()
        .click()
      const csv = await (await download).path()
      const text = readFileSync(csv, 'utf8')
      expect(text.split('\r\n')[1]).toContain(day)
      await expectAxeClean(page, 'studio reports')
      expect(problems).toEqual([])
    })
  }
})
