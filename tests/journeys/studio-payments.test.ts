import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { deskAmountText } from '#domain/studio/desk-amount'
import { tStudio as t } from '#i18n/studio-messages'
import { launchBrowser } from '#support/browser'
import { freshIdentity, ML, openPage, registerByApi } from './support/account'
import { expectAxeClean } from './support/axe'
import { openJourney, PHONE, withCustomerSession } from './support/booking'
import { bookingByApi } from './support/manage'
import { journeyProduct } from './support/product'
import { signInToStudio, TABLET } from './support/studio'

/**
 * Payments at the desk (docs/decisions/078-desk-payments.md), staff and visitor side by side: a
 * visitor books with "pay at the shop", the owner at the front-desk tablet (fr, 1024 px) records
 * the card payment from the agenda's details and the visitor's order page (en, phone) shows it
 * paid; the owner refunds part of it and the visitor's bill shows the refund.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
let visitor = { email: '', phone: '', password: '' }
let visitorToken = ''

const OWNER = 'claire.dumas@maison-lumiere.example'

beforeAll(async () => {
  browser = await launchBrowser()
  visitor = freshIdentity('desk')
  visitorToken = await registerByApi(product, ML, visitor)
}, 120_000)
afterAll(async () => {
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

describe('studio: payments at the desk', () => {
  it('records a payment due at the shop, the order shows paid; a partial refund shows in the bill', async () => {
    const booked = await bookingByApi(product, visitorToken, 4)
    if (!booked) throw new Error('no free slot to book for the desk payment journey')

    // the owner opens the visit's details in the agenda of its day
    const desk = await openPage(browser, TABLET, contexts)
    await desk.page.goto(product.url(ML, `/studio/?day=${booked.start.slice(0, 10)}`))
    await signInToStudio(desk.page, 'fr', OWNER)
    const visit = desk.page.locator('.rbc-event', { hasText: visitor.email })
    await visit.waitFor()
    await visit.focus()
    await desk.page.keyboard.press('Enter')
    const panel = desk.page.locator('.studio-details')
    const take = panel.getByRole('form', { name: t('fr', 'studio.desk.takeTitle') })
    await take.waitFor()
    // the amount is prefilled with what is due
    const amount = take.getByLabel(t('fr', 'studio.desk.amount'))
    expect(await amount.inputValue()).toBe(deskAmountText(booked.charged))
    await take.getByLabel(t('fr', 'studio.desk.method')).selectOption('card')
    await expectAxeClean(desk.page, 'fr tablet take payment')
    await take.getByRole('button', { name: t('fr', 'studio.desk.record') }).click()
    // paid: the form is gone, the owner's refund takes its place
    const refund = panel.getByRole('form', { name: t('fr', 'studio.desk.refundTitle') })
    await refund.waitFor()
    expect(await take.count()).toBe(0)

    // the visitor's order page says paid
    const site = await openJourney(browser, PHONE)
    contexts.push(site.context)
    await withCustomerSession(site.context, visitorToken)
    const orderPage = product.url(ML, `/en/profile/orders/${booked.orderId}`)
    await site.page.goto(orderPage)
    const state = site.page.locator('[data-bill-payment]')
    await expect.poll(() => state.getAttribute('data-state')).toBe('paid')

    // the owner gives 10 back through the provider that was paid (the desk)
    await refund.getByLabel(t('fr', 'studio.desk.amount')).fill('10')
    await expectAxeClean(desk.page, 'fr tablet refund')
    await refund.getByRole('button', { name: t('fr', 'studio.desk.refund') }).click()
    await panel.getByText(t('fr', 'studio.desk.refunded')).waitFor()

    // the visitor's bill shows it, partially refunded
    await site.page.reload()
    await expect.poll(() => state.getAttribute('data-state')).toBe('partiallyRefunded')
    expect(await site.page.locator('[data-bill-refunded]').getAttribute('data-amount')).toBe('1000')
    await expectAxeClean(site.page, 'en phone bill with a refund')
    expect(desk.problems).toEqual([])
    expect(site.problems).toEqual([])
  })
})
