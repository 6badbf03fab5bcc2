import { describe, expect, it } from 'vitest'
import { flattenCatalog } from './flatten'
import { placeholders } from './format'
import { LOCALES, type Locale } from './locales'
import de from './messages/de.json'
import en from './messages/en.json'
import es from './messages/es.json'
import fr from './messages/fr.json'
import itCatalog from './messages/it.json'
import studioDe from './studio/de.json'
import studioEn from './studio/en.json'
import studioEs from './studio/es.json'
import studioFr from './studio/fr.json'
import studioIt from './studio/it.json'

type FlatSet = Record<Locale, Readonly<Record<string, string>>>

// Raw JSON, not the typed CATALOGS: extra keys must be caught too, which types cannot do.
const flat: FlatSet = {
  fr: flattenCatalog(fr),
  en: flattenCatalog(en),
  es: flattenCatalog(es),
  it: flattenCatalog(itCatalog),
  de: flattenCatalog(de),
}
const reference = flat.fr
const translations = LOCALES.filter((locale) => locale !== 'fr')

// The storefront's catalogs and the studio's own (docs/decisions/071-studio-app.md) obey the
// same rules.
const SETS: readonly (readonly [string, FlatSet])[] = [
  ['storefront', flat],
  [
    'studio',
    {
      fr: flattenCatalog(studioFr),
      en: flattenCatalog(studioEn),
      es: flattenCatalog(studioEs),
      it: flattenCatalog(studioIt),
      de: flattenCatalog(studioDe),
    },
  ],
]

describe('catalogs: the studio and the storefront share no key', () => {
  it('no studio key is also a storefront key', () => {
    const studio = SETS[1]?.[1].fr ?? {}
    expect(Object.keys(studio).filter((key) => key in reference)).toEqual([])
    expect(Object.keys(studio).length).toBeGreaterThan(0)
  })
})

describe.each(SETS)('catalogs (%s): every language holds exactly the French keys', (_, flat) => {
  const reference = flat.fr
  const referenceKeys = Object.keys(reference)

  it.each(translations)(
    'docs/product/1-overview.md languages: %s has no key missing from fr',
    (locale) => {
      const own = flat[locale]
      expect(referenceKeys.filter((key) => !(key in own))).toEqual([])
    },
  )

  it.each(translations)(
    'docs/product/1-overview.md languages: %s has no key fr lacks',
    (locale) => {
      expect(Object.keys(flat[locale]).filter((key) => !(key in reference))).toEqual([])
    },
  )

  it.each(LOCALES)('docs/product/1-overview.md languages: %s has no empty message', (locale) => {
    const empty = Object.entries(flat[locale]).filter(([, value]) => value.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })

  it.each(translations)(
    'docs/product/2-screens.md drawer placeholders: %s uses the same {params} as fr',
    (locale) => {
      const own = flat[locale]
      const differing = referenceKeys.filter((key) => {
        const value = own[key]
        const base = reference[key]
        return (
          value !== undefined &&
          base !== undefined &&
          !sameList(placeholders(value), placeholders(base))
        )
      })
      expect(differing).toEqual([])
    },
  )

  it('docs/product/2-screens.md plural groups: a group holds exactly one and other', () => {
    const groups = new Map<string, string[]>()
    for (const key of referenceKeys) {
      const cut = key.lastIndexOf('.')
      const leaf = key.slice(cut + 1)
      if (leaf === 'one' || leaf === 'other') {
        const base = key.slice(0, cut)
        groups.set(base, [...(groups.get(base) ?? []), leaf])
      }
    }
    expect(groups.size).toBeGreaterThan(0)
    for (const [base, leaves] of groups) {
      const siblings = referenceKeys.filter((key) => key.startsWith(`${base}.`))
      expect({ base, siblings: siblings.length, leaves: leaves.sort() }).toEqual({
        base,
        siblings: 2,
        leaves: ['one', 'other'],
      })
    }
  })

  it.each(translations.filter((locale) => locale !== 'en'))(
    'docs/product/1-overview.md languages: %s is translated, not a copy of English',
    (locale) => {
      const own = flat[locale]
      const copies = referenceKeys.filter((key) => {
        const value = own[key]
        // Values without letters ("{distance} m", "{current} / {total}") are the same everywhere.
        const words = value?.replace(/\{\w+\}/g, '') ?? ''
        return /\p{L}{3}/u.test(words) && value === flat.en[key]
      })
      // Loanwords (Magazine, PROMO, Description, Agenda, Password…) are legitimately shared; a
      // copied file is not. A small catalog (the studio's) holds proportionally more of them.
      expect(copies.length).toBeLessThan(Math.max(referenceKeys.length * 0.05, 8))
    },
  )
})

describe('catalogs: the product texts are present', () => {
  it('docs/product/8-errors.md errors: French fixed texts', () => {
    expect(reference['maintenance.title']).toBe('Nous revenons bientôt !')
    expect(reference['cart.empty']).toBe('Votre panier est vide.')
    expect(reference['error.serviceUnavailable']).toBe('Le service est indisponible.')
    expect(reference['seo.defaultTitle']).toBe('Réservation en ligne')
  })

  it('docs/product/2-screens.md screens: French fixed texts', () => {
    expect(reference['error.notFoundHero']).toBe("Il semblerait que cette page n'existe pas.")
    expect(reference['mkp.search.placeholder']).toBe('Rechercher une boutique')
    expect(reference['booking.onlineUnavailable']).toBe('Réservation en ligne non disponible')
  })

  it('docs/product/2-screens.md error page and docs/product/8-errors.md: English fixed texts', () => {
    expect(flat.en['error.notFoundText']).toBe('This page could not be found')
    expect(flat.en['error.pageTitle.notFound']).toBe('404 Not Found')
    expect(flat.en['error.pageTitle.generic']).toBe('An error occurred')
    expect(flat.en['error.unknownMiddleware']).toBe('Unknown middleware')
    expect(flat.en['nav.myShop']).toBe('My shop')
    expect(flat.en['nav.myShops']).toBe('My shops')
  })

  it('docs/product/9-constants.md constants: ungrouped shops are "Autre(s)"', () => {
    expect(reference['mkp.otherGroup']).toBe('Autre(s)')
  })

  it('docs/product/8-errors.md errors: the documented keys keep their names', () => {
    for (const key of [
      'error.societyNotRegister',
      'error.pageNotFound',
      'error.generic',
      'appointment.error.errorDuringPayment',
      'mkp.search.localisationDeactivated',
    ]) {
      expect(reference[key], key).toBeTruthy()
    }
  })

  it.each([
    [
      'docs/product/2-screens.md header',
      ['nav.services', 'nav.shop', 'nav.gift', 'nav.magazine', 'nav.others'],
    ],
    [
      'docs/product/2-screens.md account menu',
      ['nav.account', 'nav.myOrders', 'nav.loyalty', 'nav.shopOrders'],
    ],
    [
      'docs/product/2-screens.md account menu (anonymous)',
      ['nav.login', 'nav.register', 'nav.logout', 'nav.cart'],
    ],
    [
      'docs/product/2-screens.md footer',
      ['footer.privacy', 'footer.legalNotice', 'footer.salesConditions'],
    ],
    [
      'docs/product/2-screens.md footer (terms, credit)',
      ['footer.termsOfUse', 'footer.press', 'footer.credit'],
    ],
    [
      'docs/product/2-screens.md legal anchors',
      ['legal.rgpd', 'legal.mentions', 'legal.cgv', 'legal.cgu'],
    ],
    [
      'docs/product/2-screens.md mini cart',
      ['cart.total', 'cart.remove', 'cart.goToCart', 'cart.quantity'],
    ],
    [
      'docs/product/2-screens.md cookie dialog',
      ['cookies.title', 'cookies.text', 'cookies.accept', 'cookies.deny'],
    ],
    [
      'docs/product/2-screens.md cookie preferences',
      ['cookies.manage', 'cookies.connection.title', 'cookies.analytics.title'],
    ],
    [
      'docs/product/2-screens.md events dialog',
      ['events.previous', 'events.next', 'events.close', 'events.moreInfo'],
    ],
    [
      'docs/product/2-screens.md alerts dialog',
      ['alerts.reserve', 'alerts.pagination', 'alerts.chooseShop'],
    ],
    ['docs/product/2-screens.md coupon pop-up', ['coupon.book', 'coupon.promo']],
    [
      'docs/product/2-screens.md shop search',
      ['mkp.search.seeMoreResults', 'mkp.search.suggestions', 'mkp.search.radius'],
    ],
    [
      'docs/product/2-screens.md recent shops',
      ['mkp.search.lastVisit', 'mkp.search.visit', 'mkp.search.noVisit'],
    ],
    ['docs/product/2-screens.md shop choice dialog', ['shopChoice.book', 'shopChoice.showMore']],
    [
      'docs/product/2-screens.md maintenance page',
      ['maintenance.apology', 'waiting.title', 'disabled.title'],
    ],
    [
      'docs/product/4-states.md booking cart',
      ['booking.chooseShop', 'booking.chooseSlot', 'booking.anyEmployee'],
    ],
    [
      'docs/product/4-states.md booking slots',
      ['booking.noSlot', 'booking.loading', 'booking.error', 'booking.retry'],
    ],
    [
      'docs/product/4-states.md booking cart rule',
      ['booking.addToCart', 'booking.otherShopRefused', 'booking.pay'],
    ],
    [
      'docs/product/2-screens.md payment outcomes',
      ['payment.success.title', 'payment.fail.title', 'payment.rdvcheck.title'],
    ],
    [
      'docs/product/4-states.md registration',
      ['auth.email', 'auth.password', 'auth.phone', 'auth.smsCode'],
    ],
    [
      'docs/product/4-states.md registration steps',
      ['auth.next', 'auth.verify', 'auth.resendCode', 'auth.exist'],
    ],
    [
      'docs/product/7-calls.md users',
      ['auth.forgotPassword', 'auth.resetPassword', 'auth.loginWithGoogle'],
    ],
    [
      'docs/product/8-errors.md login error type',
      ['auth.errType.server', 'auth.loginWithFacebook', 'profile.conflict'],
    ],
    [
      'docs/product/3-entities.md customer profile',
      ['profile.firstname', 'profile.lastname', 'profile.city', 'profile.country'],
    ],
    [
      'docs/product/2-screens.md profile routes',
      ['orders.title', 'orders.detailTitle', 'orders.status', 'eshopOrders.title'],
    ],
    [
      'docs/product/3-entities.md loyalty card',
      ['loyalty.card', 'loyalty.tiers', 'loyalty.points.other', 'loyalty.exchange'],
    ],
    [
      'docs/product/3-entities.md gift',
      ['gift.theme', 'gift.amount', 'gift.recipientName', 'gift.recipientEmail'],
    ],
    ['docs/product/3-entities.md gift purchase', ['gift.message', 'gift.buy']],
    [
      'docs/product/2-screens.md e-shop',
      ['eshop.addToCart', 'eshop.outOfStock', 'eshop.quantity', 'eshop.checkout'],
    ],
    ['docs/product/2-screens.md magazine', ['magazine.readMore', 'magazine.publishedOn']],
    [
      'docs/product/3-entities.md opening hours',
      ['contact.openingHours', 'contact.closed', 'contact.pause', 'contact.seeOnMap'],
    ],
    [
      'docs/product/2-screens.md header (a11y)',
      ['language.label', 'a11y.skipToContent', 'a11y.menuOpen', 'a11y.menuClose'],
    ],
    [
      'docs/product/2-screens.md misc',
      ['common.loading', 'nav.home', 'nav.contact', 'nav.myShop', 'nav.myShops'],
    ],
  ])('%s: the keys exist in fr', (_section, keys) => {
    expect(keys.filter((key) => reference[key] === undefined)).toEqual([])
  })
})

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}
