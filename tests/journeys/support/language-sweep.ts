import type { BrowserContext, Page } from 'playwright-core'
import { type Locale, t } from '#i18n/index'
import { findLeaks, type Leak, type Lexicon, type PageText } from './language-leaks'

/**
 * The pages and states of the language sweep (docs/product/2-screens.md "Routes"): every page type
 * of src/pages on the demo tenant that has it, in each language the tenant enables.
 */

export const BAINS = 'bains-du-lac.localhost'
export const MAISON = 'maison-lumiere.localhost'
const FERME = 'atelier-ferme.localhost'
/** A host no tenant has: the sites server answers the maintenance page, with 503. */
export const UNKNOWN = 'nobody.localhost'

/** Paths without the language prefix; every tenant below enables the languages listed. */
export const SWEEP = {
  // multi home, 7 shops, no e-shop, all five languages
  [BAINS]: {
    locales: ['fr', 'en', 'de', 'es', 'it'],
    anonymous: [
      '/',
      '/services',
      '/services/massages',
      '/services/massages/massage-deep-tissue',
      '/annecy',
      '/annecy/services/massages',
      '/annecy/services/massages/massage-deep-tissue',
      '/contact',
      '/magazine',
      '/magazine/bienfaits-du-hammam',
      '/gift',
      '/bonscadeaux',
      '/presse',
      '/legal',
      '/panier',
      '/auth/customer/login',
      '/auth/customer/register',
      '/profile/password-reset',
      '/waiting',
      '/payments/fail',
      // the return pages as a visitor lands on them without a payment of this tab: success
      // without a booking to list, rdvcheck without the ?cartId= it needs
      '/payments/success',
      '/payments/rdvcheck',
      '/no-such-page',
    ],
    signedIn: ['/profile', '/profile/orders', '/profile/loyalty', '/profile/eshoporders'],
  },
  // mono home, one shop, the e-shop, French and English
  [MAISON]: {
    locales: ['fr', 'en'],
    anonymous: [
      '/',
      '/institut-lyon',
      '/boutique',
      '/boutique/article',
      '/boutique/article/bougie-figue-cedre',
      '/contact',
      '/magazine',
      '/magazine/cinq-gestes-peau-lumineuse-hiver',
      '/gift',
    ],
    signedIn: ['/profile', '/profile/orders', '/profile/loyalty', '/profile/eshoporders'],
  },
  // a disabled site: every page is /disabled
  [FERME]: { locales: ['fr', 'en'], anonymous: ['/disabled'], signedIn: [] },
} as const satisfies Record<
  string,
  { locales: readonly Locale[]; anonymous: readonly string[]; signedIn: readonly string[] }
>

export const CUSTOMERS: Record<string, string> = {
  [BAINS]: 'julien.favre@example.com',
  [MAISON]: 'camille.martin@example.com',
}

export const prefixed = (locale: Locale, path: string) =>
  locale === 'fr' ? path : path === '/' ? `/${locale}` : `/${locale}${path}`

/** What a visitor reads on the page now: visible text, labels a screen reader reads, the title. */
export function pageText(page: Page): Promise<PageText> {
  return page.evaluate(() => {
    const attributes: string[] = []
    for (const element of document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)
        if (value?.trim()) attributes.push(value)
      }
    }
    return {
      lang: document.documentElement.lang,
      title: document.title,
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a visitor reads
      text: document.body.innerText,
      attributes,
    }
  })
}

/** Every leak of the page as it is now, each line prefixed by where it was seen. */
export async function leaksOf(
  lexicon: Lexicon,
  locale: Locale,
  page: Page,
  where: string,
): Promise<string[]> {
  const text = await pageText(page)
  const found: Leak[] = findLeaks(lexicon, locale, text)
  return found.map((leak) => `${where} [${leak.kind}] ${leak.why}: "${leak.text.slice(0, 160)}"`)
}

/**
 * Pages that load content after the first paint (islands): wait for the network to settle and
 * for no loading message to be left, so the sweep reads what the visitor ends up reading.
 */
export async function settle(page: Page, locale: Locale): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => undefined)
  const loading = t(locale, 'common.loading')
  for (let i = 0; i < 20; i++) {
    const busy = await page.evaluate(
      // biome-ignore lint/performance/useDomNodeTextContent: a loading message left visible
      (text) => document.body.innerText.includes(text),
      loading,
    )
    if (!busy) return
    await page.waitForTimeout(250)
  }
}

const NAMES: Record<string, Partial<Record<Locale, string>>> = {
  112: {
    fr: 'Massage deep tissue',
    en: 'Deep tissue massage',
    de: 'Deep-Tissue-Massage',
    es: 'Masaje deep tissue',
    it: 'Massaggio deep tissue',
  },
  111: { fr: 'Massage californien', en: 'Californian massage' },
  207: { fr: 'Bougie parfumée Figue et Cèdre, 190 g', en: 'Fig and cedar scented candle, 190 g' },
}

/**
 * A booking line as the service page stores it (src/stores), for the mini cart and /panier: the
 * cart keeps the name in the language it was added in, here the page's.
 */
export function bookingLine(host: string, locale: Locale) {
  const bains = host === BAINS
  return {
    id: `${bains ? 112 : 111}@2031-03-04T10:00`,
    serviceId: bains ? '112' : '111',
    shopId: 1,
    prices: bains ? 9000 : 8000,
    artType: null,
    name: NAMES[bains ? 112 : 111]?.[locale] ?? '',
    image: null,
    start: '2031-03-04T10:00',
    end: '2031-03-04T11:00',
    employeeId: null,
    employeeName: null,
    shopName: bains ? 'Les Bains du Lac Annecy' : 'Maison Lumière Lyon',
    timeZone: 'Europe/Paris',
    nb: 1,
  }
}

/** The booking cart (local storage) and, on an e-shop, the e-shop cart (cookie), filled. */
export async function fillCarts(
  context: BrowserContext,
  page: Page,
  host: string,
  url: string,
  locale: Locale,
) {
  if (host === MAISON) {
    const candle = { id: 207, name: NAMES[207]?.[locale] ?? '', price: 3200, quantity: 2 }
    await context.addCookies([
      { name: 'eshop-cart', value: encodeURIComponent(JSON.stringify([candle])), url },
    ])
  }
  await page.evaluate(
    (line) => {
      localStorage.setItem('booking-cart', JSON.stringify({ shopId: 1, items: [line] }))
    },
    bookingLine(host, locale),
  )
}

/**
 * The opening hours tables as Intl writes them in the page's language (`<html lang>`): each row's
 * day name, Monday first, and each time. Answers what differs; no table at all is a difference.
 */
export function hoursOutsideIntl(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lang = document.documentElement.lang
    const day = new Intl.DateTimeFormat(lang, { weekday: 'long', timeZone: 'UTC' })
    const time = new Intl.DateTimeFormat(lang, {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: 'UTC',
    })
    const tables = [...document.querySelectorAll('table.hours')]
    const problems = tables.length === 0 ? ['no opening hours table'] : []
    for (const table of tables) {
      table.querySelectorAll('tbody tr').forEach((row, index) => {
        const name = row.querySelector('th')?.textContent?.trim()
        const expected = day.format(Date.UTC(1970, 0, 5 + index))
        if (name !== expected) problems.push(`day "${name}" is not Intl's "${expected}"`)
        const cell = row.querySelector('td')?.textContent ?? ''
        for (const [shown, h, m] of cell.matchAll(/(\d{1,2}):(\d{2})/g)) {
          const intl = time.format(Date.UTC(1970, 0, 1, Number(h), Number(m)))
          if (!intl.includes(shown)) problems.push(`time "${shown}" is not Intl's "${intl}"`)
        }
      })
    }
    return problems
  })
}
