import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Locale } from '#i18n/index'
import { LOCALES, t } from '#i18n/index'
import { DESKTOP, journeyBrowser, signInByApi, withCustomerSession } from './support/booking'
import { buildLexicon, findLeaks, type Lexicon } from './support/language-leaks'
import {
  BAINS,
  CUSTOMERS,
  fillCarts,
  hoursOutsideIntl,
  leaksOf,
  MAISON,
  prefixed,
  SWEEP,
  settle,
  UNKNOWN,
} from './support/language-sweep'
import {
  giftFormErrors,
  paidBooking,
  rdvcheckChecking,
  refusedCheckout,
  refusedRegistration,
} from './support/language-sweep-states'
import { journeyProduct } from './support/product'

/**
 * The language sweep (docs/product/1-overview.md: the storefront in the visitor's language): every
 * page type on the demo tenant that has it, in every language the tenant enables, and the states
 * that show words of their own (a refused sign-in or registration, the gift form's errors, an empty
 * and a filled cart, the open mini cart, a refused booking step, a booking paid up to
 * /payments/success, /payments/rdvcheck checking, an e-shop checkout refused), and the maintenance
 * page of an unknown host in every language it is built in. It fails on any text a visitor would read in another language than the
 * page's (support/language-leaks.ts says how it tells) and on a `<html lang>` of another language.
 * One browser, one signed-out and one signed-in context per tenant and language.
 */
const product = journeyProduct()
const journeys = journeyBrowser()
let lexicon: Lexicon
let visited = 0
const started = Date.now()

beforeAll(() => {
  lexicon = buildLexicon()
})

describe('the language detector', () => {
  it('finds French in English, server English in French, keys; keeps tenant text and names', () => {
    const page = (text: string, attributes: string[] = []) => ({
      lang: 'en-GB',
      title: 'Deep tissue massage | Les Bains du Lac',
      text,
      attributes,
    })
    // tenant text the tenant gives in French only, names, prices and dates: the tenant's words
    const clean = page(
      'Deep tissue massage\nHome | Maison Lumière, institut de beauté à Lyon\n€90.00\nMon 23 Nov\nJulien Favre',
      ['Les Bains du Lac Annecy'],
    )
    expect(findLeaks(lexicon, 'en', clean)).toEqual([])
    const kinds = (text: string, attributes: string[] = []) =>
      findLeaks(lexicon, 'en', page(text, attributes)).map((leak) => leak.kind)
    expect(kinds('Votre panier est vide.')).toContain('catalog')
    expect(kinds('', ['Fermer'])).toContain('catalog')
    expect(kinds('Nous avons bien reçu votre demande spéciale')).toEqual(['words'])
    expect(kinds('booking.slotChosen')).toContain('key')
    // the tenant's French where it gives English too
    expect(kinds('Hammam et rituels')).toEqual(['tenant'])
    expect(
      findLeaks(lexicon, 'fr', {
        ...page('No such shop.'),
        lang: 'fr-FR',
        title: 'Les Bains du Lac',
      }),
    ).toHaveLength(1)
    expect(findLeaks(lexicon, 'fr', page('Réserver'))[0]?.kind).toBe('lang')
  })
})

async function visit(page: Page, locale: Locale, host: string, path: string): Promise<void> {
  await page.goto(product.url(host, prefixed(locale, path)))
  await settle(page, locale)
  visited += 1
}

async function refusedLogin(page: Page, locale: Locale, host: string): Promise<string[]> {
  await visit(page, locale, host, '/auth/customer/login')
  await page.getByLabel(t(locale, 'auth.email'), { exact: true }).fill(CUSTOMERS[host] ?? '')
  await page.getByLabel(t(locale, 'auth.password'), { exact: true }).fill('not-the-password')
  await page.getByRole('button', { name: t(locale, 'auth.submitLogin') }).click()
  await page
    .getByRole('alert')
    .filter({ hasText: t(locale, 'auth.errType.credentials') })
    .waitFor()
  return leaksOf(lexicon, locale, page, 'refused login')
}

async function filledCarts(page: Page, locale: Locale, host: string): Promise<string[]> {
  const leaks: string[] = []
  await fillCarts(page.context(), page, host, product.url(host), locale)
  // the contact page: home opens the coupon pop-up, which a visitor would close first
  await visit(page, locale, host, '/contact')
  await page.locator('.cart-button').click()
  await page.getByRole('region', { name: t(locale, 'cart.title') }).waitFor()
  leaks.push(...(await leaksOf(lexicon, locale, page, 'open mini cart')))
  await visit(page, locale, host, '/panier')
  leaks.push(...(await leaksOf(lexicon, locale, page, '/panier with lines')))
  return leaks
}

/** The booking step refused by the API with its English message: the visitor reads the catalog's. */
async function refusedHold(page: Page, locale: Locale, host: string): Promise<string[]> {
  const appointments = '**/api/appointments**'
  // the cart's hold (PUT /api/appointments/cart, docs/decisions/073-one-cart.md) is refused
  await page.route(appointments, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          contentType: 'application/json',
          body: JSON.stringify({
            errors: { code: 409, message: 'Conflict: this slot is no longer available.' },
            type: 'slotUnavailable',
          }),
        })
      : route.fallback(),
  )
  await visit(page, locale, host, '/panier')
  await page.getByRole('button', { name: t(locale, 'booking.proceed') }).click()
  await page.getByRole('alert').filter({ hasText: /\p{L}/u }).first().waitFor()
  const leaks = await leaksOf(lexicon, locale, page, 'refused booking step')
  await page.unroute(appointments)
  return leaks
}

describe('every page type in every enabled language', () => {
  for (const [host, sweep] of Object.entries(SWEEP)) {
    for (const locale of sweep.locales as readonly Locale[]) {
      it(`${host} in ${locale}`, async () => {
        const leaks: string[] = []
        const guest = await journeys.open(DESKTOP)
        for (const path of sweep.anonymous) {
          await visit(guest.page, locale, host, path)
          leaks.push(...(await leaksOf(lexicon, locale, guest.page, path)))
          if (path === '/contact')
            for (const problem of await hoursOutsideIntl(guest.page))
              leaks.push(`/contact opening hours: ${problem}`)
        }
        // a state that cannot be reached is reported with the leaks, and the sweep goes on
        const state = async (name: string, run: () => Promise<string[]>) => {
          try {
            leaks.push(...(await run()))
          } catch (error) {
            leaks.push(`${name}: not reached (${String(error).split('\n')[0]})`)
          }
        }
        const open = (page: Page) => (path: string) => visit(page, locale, host, path)
        const has = (path: string) => (sweep.anonymous as readonly string[]).includes(path)
        if (has('/payments/rdvcheck'))
          await state('rdvcheck checking', () =>
            rdvcheckChecking(
              lexicon,
              guest.page,
              locale,
              product.url(host, prefixed(locale, '/payments/rdvcheck?cartId=sweep')),
            ),
          )
        if (has('/gift'))
          await state('gift form errors', () =>
            giftFormErrors(lexicon, guest.page, locale, open(guest.page)),
          )
        const customer = CUSTOMERS[host]
        if (customer) {
          await state('refused login', () => refusedLogin(guest.page, locale, host))
          await state('refused registration', () =>
            refusedRegistration(lexicon, guest.page, locale, open(guest.page), customer),
          )
          await state('filled carts', () => filledCarts(guest.page, locale, host))
          const member = await journeys.open(DESKTOP)
          await withCustomerSession(
            member.context,
            await signInByApi(product.apiUrl, host, customer),
          )
          for (const path of sweep.signedIn) {
            await visit(member.page, locale, host, path)
            leaks.push(...(await leaksOf(lexicon, locale, member.page, `${path} (signed in)`)))
          }
          if (host === BAINS) {
            await fillCarts(member.context, member.page, host, product.url(host), locale)
            await state('refused booking step', () => refusedHold(member.page, locale, host))
            await state('paid booking', () =>
              paidBooking(
                lexicon,
                member.page,
                locale,
                open(member.page),
                '/annecy/services/massages/massage-deep-tissue',
              ),
            )
          }
          if (host === MAISON) {
            await fillCarts(member.context, member.page, host, product.url(host), locale)
            await state('refused checkout', () =>
              refusedCheckout(lexicon, member.page, locale, open(member.page)),
            )
          }
        }
        expect(leaks).toEqual([])
        // a real booking paid, forms sent: longer than a page
      }, 300_000)
    }
  }

  // the maintenance page is the sites server's, in every language it is built in
  for (const locale of LOCALES) {
    it(`the maintenance page (unknown host) in ${locale}`, async () => {
      const guest = await journeys.open(DESKTOP)
      const answer = await guest.page.goto(product.url(UNKNOWN, prefixed(locale, '/')))
      expect(answer?.status()).toBe(503)
      await settle(guest.page, locale)
      visited += 1
      await guest.page.getByRole('heading', { name: t(locale, 'maintenance.title') }).waitFor()
      expect(await leaksOf(lexicon, locale, guest.page, 'maintenance')).toEqual([])
    })
  }

  it('measured', () => {
    console.info(
      `language sweep: ${visited} page loads in ${Math.round((Date.now() - started) / 1000)} s`,
    )
  })
})
