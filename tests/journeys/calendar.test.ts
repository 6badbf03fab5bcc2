import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { icsUtc, wallClockToUtc } from '#domain/booking/ics'
import { type Locale, t } from '#i18n/index'
import {
  DESKTOP,
  focusedName,
  journeyBrowser,
  signInByApi,
  tabTo,
  withCustomerSession,
} from './support/booking'
import { journeyProduct } from './support/product'

/**
 * Add to calendar (docs/decisions/039-reminders-and-calendar.md), in German on bains-du-lac: a
 * visit booked and paid with the free provider, then on /payments/success the calendar links
 * (reached by keyboard): the .ics file downloaded, its times those of the slot in the shop's
 * zone, Google and Outlook links with the same instants; and the confirmation e-mail in the
 * product's log carries the same links, its file link opening the visit's .ics.
 */
const product = journeyProduct()
const browser = journeyBrowser()
const HOST = 'bains-du-lac.localhost'
const CUSTOMER = 'julien.favre@example.com'
const LOCALE: Locale = 'de'
const SERVICE = '/de/services/beaute-epilation/epilation-jambes-completes?page=reserved'

interface StoredLine {
  start: string
  end: string
  timeZone: string
}

describe('add to calendar after booking', () => {
  it('the confirmation page and e-mail offer the file, Google and Outlook, with the slot times', {
    timeout: 240_000,
  }, async () => {
    const from = product.output().length
    const token = await signInByApi(product.apiUrl, HOST, CUSTOMER)
    const { context, page, problems } = await browser.open(DESKTOP)
    await withCustomerSession(context, token)

    await page.goto(product.url(HOST, SERVICE))
    const dialog = page.getByRole('dialog', { name: t(LOCALE, 'booking.shopDialogTitle') })
    await dialog.waitFor({ timeout: 60_000 })
    // any shop offering it: the calendar does not depend on which
    await dialog
      .getByRole('button', { name: new RegExp(`^${t(LOCALE, 'booking.bookHere')}`) })
      .last()
      .click()
    const grid = page.getByRole('grid', { name: t(LOCALE, 'booking.chooseSlot') })
    await grid.waitFor()
    await grid.getByRole('button').last().click()
    await page.getByRole('button', { name: t(LOCALE, 'booking.addToCart') }).click()
    await page.getByText(t(LOCALE, 'booking.addedToCart'), { exact: false }).waitFor()
    await page.goto(product.url(HOST, '/de/panier'))
    await page.getByRole('button', { name: t(LOCALE, 'booking.proceed') }).click()
    const pay = page.getByRole('button', { name: t(LOCALE, 'payment.confirmFree') })
    await pay.waitFor()
    await pay.click()
    await page.waitForURL('**/de/payments/success', { timeout: 60_000 })

    // the slot as the page kept it: shop wall clock and zone
    const stored = await page.evaluate(() => sessionStorage.getItem('booking-confirmation'))
    const { lines, orderId } = JSON.parse(stored ?? '{}') as {
      lines: StoredLine[]
      orderId: string
    }
    const [line] = lines
    if (!line) throw new Error('no booked line')
    const start = icsUtc(wallClockToUtc(line.start, line.timeZone) as Date)
    const end = icsUtc(wallClockToUtc(line.end, line.timeZone) as Date)

    const nav = page.getByRole('navigation', { name: t(LOCALE, 'calendar.links') })
    await nav.waitFor()
    const file = nav.getByRole('link', { name: t(LOCALE, 'booking.addToCalendar') })
    const google = nav.getByRole('link', { name: new RegExp(`^${t(LOCALE, 'calendar.google')}`) })
    const outlook = nav.getByRole('link', { name: new RegExp(`^${t(LOCALE, 'calendar.outlook')}`) })
    const googleHref = new URL((await google.getAttribute('href')) ?? '')
    expect(googleHref.origin).toBe('https://calendar.google.com')
    expect(googleHref.searchParams.get('dates')).toBe(`${start}/${end}`)
    expect(googleHref.searchParams.get('ctz')).toBe(line.timeZone)
    const outlookHref = new URL((await outlook.getAttribute('href')) ?? '')
    expect(outlookHref.origin).toBe('https://outlook.live.com')
    expect(outlookHref.searchParams.get('startdt')).toBe(
      (wallClockToUtc(line.start, line.timeZone) as Date).toISOString().replace('.000Z', 'Z'),
    )
    expect(await google.getAttribute('target')).toBe('_blank')
    expect(await google.getAttribute('rel')).toBe('noopener noreferrer')

    // by keyboard: the file link takes focus, Enter downloads it
    await tabTo(page, t(LOCALE, 'booking.addToCalendar'))
    expect(await focusedName(page)).toBe(t(LOCALE, 'booking.addToCalendar'))
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.keyboard.press('Enter'),
    ])
    const ics = readFileSync(await download.path(), 'utf8')
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(ics).toContain(`DTSTART:${start}\r\n`)
    expect(ics).toContain(`DTEND:${end}\r\n`)
    expect(ics).toContain('SUMMARY:Beinenthaarung komplett')
    expect(await file.count()).toBe(1)
    expect(problems).toEqual([])

    // the confirmation e-mail (printed by the development notifier), in German, with the links
    const [, body = ''] = await product.waitForOutput(
      /notify email to julien\.favre@example\.com: \[[^\]]*\] ([\s\S]*?\nLes Bains du Lac)\n/,
      60_000,
      from,
    )
    expect(body).toContain(t(LOCALE, 'calendar.mailIntro'))
    const mailGoogle = /https:\/\/calendar\.google\.com\/\S+/.exec(body)?.[0] ?? ''
    expect(new URL(mailGoogle).searchParams.get('dates')).toBe(`${start}/${end}`)
    expect(body).toMatch(/https:\/\/outlook\.live\.com\/calendar\/0\/deeplink\/compose\?\S+/)
    const mailFile = /https?:\/\/[^/\s]+(\/api\/calendar\/[^/\s]+\/([^?\s]+)\?token=\S+)/.exec(body)
    expect(mailFile?.[2]).toBe(orderId)
    const answer = await fetch(`${product.apiUrl}${mailFile?.[1] ?? ''}`)
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain(`DTSTART:${start}\r\n`)
  })
})
