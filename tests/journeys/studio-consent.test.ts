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
import { type BookingPlace, bookingByApi } from './support/manage'
import { journeyProduct } from './support/product'
import { signInToAgenda, staffHeaders, TABLET } from './support/studio'

/**
 * Consent forms (docs/decisions/080-consent-record.md), staff and visitor side by side on the
 * demo salon: the owner writes a form for the brows service in the studio, a visitor books that
 * service (through the API, confirmed by the free provider), the consent e-mail's link arrives
 * in the product's log, the visitor opens it in a fresh phone browser and signs (typed name,
 * explicit agreement), and the owner's agenda shows the visit's consent as signed.
 */
const product = journeyProduct()
let browser: Browser
const contexts: BrowserContext[] = []
const OWNER = 'claire.dumas@maison-lumiere.example'
/** tenants/maison-lumiere.localhost: 'Sourcils, création de ligne', 20 minutes at shop 1 */
const BROWS: BookingPlace = { host: ML, shopId: '1', service: { id: '121', minutes: 20 } }
const TITLE = `Consentement sourcils ${Date.now()}`

beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(async () => {
  // the form is archived, so the other journeys' visits of that service ask for nothing
  const { headers: auth } = await staffHeaders(product, ML, OWNER)
  const list = await fetch(`${product.apiUrl}/api/consentements`, { headers: auth })
  for (const form of (await list.json()) as { id: string; serviceId: string }[]) {
    if (form.serviceId !== BROWS.service.id) continue
    await fetch(`${product.apiUrl}/api/consentements/${form.id}`, {
      method: 'DELETE',
      headers: auth,
    })
  }
  await browser?.close()
})
afterEach(async () => {
  await Promise.allSettled(contexts.splice(0).map((c) => c.close()))
})

/** Signs the owner in once the studio has drawn its sign-in, then waits for the agenda. */
/** The consent link of `orderId` among the e-mails the product printed after `from`. */
async function consentLinkFromLog(orderId: string, from: number): Promise<string> {
  const until = Date.now() + 60_000
  for (;;) {
    const links = product
      .output()
      .slice(from)
      .matchAll(/\/payments\/consent#([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/g)
    for (const [, link = ''] of links) {
      const body = Buffer.from(link.split('.')[0] ?? '', 'base64url').toString()
      if ((JSON.parse(body) as { o?: string }).o === orderId) return link
    }
    if (Date.now() > until) throw new Error(`no consent link for ${orderId} in the product log`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('studio: a consent form sent, signed on the storefront, shown signed', () => {
  it('the owner writes it, a visitor books and signs, the agenda shows it signed', async () => {
    // the owner, on a front-desk tablet: the consent forms' screen, a new form for the brows
    const staff = await openPage(browser, TABLET, contexts)
    await staff.page.goto(product.url(ML, '/studio/'))
    await signInToAgenda(staff.page, OWNER)
    await staff.page.getByRole('button', { name: t('fr', 'studio.nav.consents') }).click()
    await staff.page.getByRole('button', { name: t('fr', 'studio.consent.new') }).click()
    await staff.page.getByLabel(t('fr', 'studio.consent.service')).selectOption(BROWS.service.id)
    await staff.page.getByLabel(t('fr', 'studio.consent.title'), { exact: true }).fill(TITLE)
    await staff.page
      .getByLabel(t('fr', 'studio.consent.body'), { exact: true })
      .fill('Je confirme ne pas avoir de lésion cutanée sur la zone.\n\nJ’accepte le soin.')
    await expectAxeClean(staff.page, 'consent editor')
    await staff.page.getByRole('button', { name: t('fr', 'studio.consent.create') }).click()
    const row = staff.page.locator('.studio-table tbody tr', { hasText: TITLE })
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1)
    expect(await row.textContent()).toContain('1')

    // a visitor books the brows: the consent e-mail's link arrives in the product's log
    const from = product.output().length
    const token = await registerByApi(product, ML, freshIdentity('consent'))
    const booked = await bookingByApi(product, token, 2, 7, () => true, BROWS)
    if (!booked) throw new Error('no free slot for the brows')
    const link = await consentLinkFromLog(booked.orderId, from)

    // the visitor, in a fresh phone browser: reads the form, signs it
    const visitor = await openPage(browser, PHONE, contexts)
    await visitor.page.goto(product.url(ML, `/payments/consent#${link}`))
    await visitor.page.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 })
    await expectAxeClean(visitor.page, 'consent form to sign')
    // signing without the agreement is refused on the page, nothing sent
    await visitor.page.getByLabel(tShop('fr', 'consent.fullName')).fill('Camille Visiteuse')
    await visitor.page.getByRole('button', { name: tShop('fr', 'consent.sign') }).click()
    await visitor.page.getByText(tShop('fr', 'consent.agreeRequired')).waitFor()
    await visitor.page.getByLabel(tShop('fr', 'consent.agree')).check()
    await visitor.page.getByRole('button', { name: tShop('fr', 'consent.sign') }).click()
    await visitor.page.getByText(tShop('fr', 'consent.allSigned')).waitFor({ timeout: 30_000 })
    expect(await visitor.page.locator('.consent-signed').textContent()).toContain(
      'Camille Visiteuse',
    )
    await expectAxeClean(visitor.page, 'consent form signed')
    const wide = await visitor.page.evaluate(() => document.documentElement.scrollWidth)
    expect(wide).toBeLessThanOrEqual(PHONE.width)
    expect(visitor.problems).toEqual([])

    // the owner's agenda of that day: the visit's consent is signed
    const day = booked.start.slice(0, 10)
    await staff.page.goto(product.url(ML, `/studio/?day=${day}`))
    const signed = staff.page.locator('.rbc-event .studio-consent--signed')
    await expect.poll(() => signed.count(), { timeout: 30_000 }).toBeGreaterThan(0)
    expect(await signed.first().textContent()).toBe(t('fr', 'studio.consent.signed'))
    await expectAxeClean(staff.page, 'agenda with a signed consent')
    expect(staff.problems).toEqual([])
  }, 240_000)
})
