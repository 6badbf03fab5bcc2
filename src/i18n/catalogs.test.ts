import { describe, expect, it } from 'vitest'
import { flattenCatalog } from './flatten'
import { placeholders } from './format'
import { LOCALES, type Locale } from './locales'
import de from './messages/de.json'
import en from './messages/en.json'
import es from './messages/es.json'
import fr from './messages/fr.json'
import itCatalog from './messages/it.json'

// Raw JSON, not the typed CATALOGS: extra keys must be caught too, which types cannot do.
const flat: Record<Locale, Readonly<Record<string, string>>> = {
  fr: flattenCatalog(fr),
  en: flattenCatalog(en),
  es: flattenCatalog(es),
  it: flattenCatalog(itCatalog),
  de: flattenCatalog(de),
}
const reference = flat.fr
const referenceKeys = Object.keys(reference)
const translations = LOCALES.filter((locale) => locale !== 'fr')

describe('catalogs: every language holds exactly the French keys', () => {
  it.each(translations)('§1 languages: %s has no key missing from fr', (locale) => {
    const own = flat[locale]
    expect(referenceKeys.filter((key) => !(key in own))).toEqual([])
  })

  it.each(translations)('§1 languages: %s has no key fr lacks', (locale) => {
    expect(Object.keys(flat[locale]).filter((key) => !(key in reference))).toEqual([])
  })

  it.each(LOCALES)('§1 languages: %s has no empty message', (locale) => {
    const empty = Object.entries(flat[locale]).filter(([, value]) => value.trim() === '')
    expect(empty.map(([key]) => key)).toEqual([])
  })

  it.each(translations)('§2 drawer placeholders: %s uses the same {params} as fr', (locale) => {
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
  })

  it('§2 plural groups: a group holds exactly one and other', () => {
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
    '§1 languages: %s is translated, not a copy of English',
    (locale) => {
      const own = flat[locale]
      const copies = referenceKeys.filter((key) => {
        const value = own[key]
        // Values without letters ("{distance} m", "{current} / {total}") are the same everywhere.
        const words = value?.replace(/\{\w+\}/g, '') ?? ''
        return /\p{L}{3}/u.test(words) && value === flat.en[key]
      })
      // Loanwords (Magazine, PROMO, Description…) are legitimately shared; a copied file is not.
      expect(copies.length).toBeLessThan(referenceKeys.length * 0.05)
    },
  )
})

describe('catalogs: the product texts are present', () => {
  it('§8 errors: French fixed texts', () => {
    expect(reference['maintenance.title']).toBe('Nous revenons bientôt !')
    expect(reference['cart.empty']).toBe('Votre panier est vide.')
    expect(reference['error.serviceUnavailable']).toBe('Le service est indisponible.')
    expect(reference['seo.defaultTitle']).toBe('Réservation en ligne')
  })

  it('§2 screens: French fixed texts', () => {
    expect(reference['error.notFoundHero']).toBe("Il semblerait que cette page n'existe pas.")
    expect(reference['mkp.search.placeholder']).toBe('Rechercher une boutique')
    expect(reference['booking.onlineUnavailable']).toBe('Réservation en ligne non disponible')
  })

  it('§2 error page and §8: English fixed texts', () => {
    expect(flat.en['error.notFoundText']).toBe('This page could not be found')
    expect(flat.en['error.pageTitle.notFound']).toBe('404 Not Found')
    expect(flat.en['error.pageTitle.generic']).toBe('An error occurred')
    expect(flat.en['error.unknownMiddleware']).toBe('Unknown middleware')
    expect(flat.en['nav.myShop']).toBe('My shop')
    expect(flat.en['nav.myShops']).toBe('My shops')
  })

  it('§9 constants: ungrouped shops are "Autre(s)"', () => {
    expect(reference['mkp.otherGroup']).toBe('Autre(s)')
  })

  it('§8 errors: the documented keys keep their names', () => {
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
    ['§2 header', ['nav.services', 'nav.shop', 'nav.gift', 'nav.magazine', 'nav.others']],
    ['§2 account menu', ['nav.account', 'nav.myOrders', 'nav.loyalty', 'nav.shopOrders']],
    ['§2 account menu (anonymous)', ['nav.login', 'nav.register', 'nav.logout', 'nav.cart']],
    ['§2 footer', ['footer.privacy', 'footer.legalNotice', 'footer.salesConditions']],
    ['§2 footer (terms, credit)', ['footer.termsOfUse', 'footer.press', 'footer.credit']],
    ['§2 legal anchors', ['legal.rgpd', 'legal.mentions', 'legal.cgv', 'legal.cgu']],
    ['§2 mini cart', ['cart.total', 'cart.remove', 'cart.goToCart', 'cart.quantity']],
    ['§2 cookie dialog', ['cookies.title', 'cookies.text', 'cookies.accept', 'cookies.deny']],
    [
      '§2 cookie preferences',
      ['cookies.manage', 'cookies.connection.title', 'cookies.analytics.title'],
    ],
    ['§2 events dialog', ['events.previous', 'events.next', 'events.close', 'events.moreInfo']],
    ['§2 alerts dialog', ['alerts.reserve', 'alerts.pagination', 'alerts.chooseShop']],
    ['§2 coupon pop-up', ['coupon.book', 'coupon.promo']],
    [
      '§2 shop search',
      ['mkp.search.seeMoreResults', 'mkp.search.suggestions', 'mkp.search.radius'],
    ],
    ['§2 recent shops', ['mkp.search.lastVisit', 'mkp.search.visit', 'mkp.search.noVisit']],
    ['§2 shop choice dialog', ['shopChoice.book', 'shopChoice.showMore']],
    ['§2 maintenance page', ['maintenance.apology', 'waiting.title', 'disabled.title']],
    ['§4 booking cart', ['booking.chooseShop', 'booking.chooseSlot', 'booking.anyEmployee']],
    ['§4 booking slots', ['booking.noSlot', 'booking.loading', 'booking.error', 'booking.retry']],
    ['§4 booking cart rule', ['booking.addToCart', 'booking.otherShopRefused', 'booking.pay']],
    [
      '§2 payment outcomes',
      ['payment.success.title', 'payment.fail.title', 'payment.rdvcheck.title'],
    ],
    ['§4 registration', ['auth.email', 'auth.password', 'auth.phone', 'auth.smsCode']],
    ['§4 registration steps', ['auth.next', 'auth.verify', 'auth.resendCode', 'auth.exist']],
    ['§7 users', ['auth.forgotPassword', 'auth.resetPassword', 'auth.loginWithGoogle']],
    ['§8 login error type', ['auth.errType.server', 'auth.loginWithFacebook', 'profile.conflict']],
    [
      '§3 customer profile',
      ['profile.firstname', 'profile.lastname', 'profile.city', 'profile.country'],
    ],
    [
      '§2 profile routes',
      ['orders.title', 'orders.detailTitle', 'orders.status', 'eshopOrders.title'],
    ],
    [
      '§3 loyalty card',
      ['loyalty.card', 'loyalty.tiers', 'loyalty.points.other', 'loyalty.exchange'],
    ],
    ['§3 gift', ['gift.theme', 'gift.amount', 'gift.recipientName', 'gift.recipientEmail']],
    ['§3 gift purchase', ['gift.message', 'gift.buy']],
    ['§2 e-shop', ['eshop.addToCart', 'eshop.outOfStock', 'eshop.quantity', 'eshop.checkout']],
    ['§2 magazine', ['magazine.readMore', 'magazine.publishedOn']],
    [
      '§3 opening hours',
      ['contact.openingHours', 'contact.closed', 'contact.pause', 'contact.seeOnMap'],
    ],
    ['§3 weekdays', ['weekday.monday', 'weekday.thursday', 'weekday.sunday']],
    [
      '§2 header (a11y)',
      ['language.label', 'a11y.skipToContent', 'a11y.menuOpen', 'a11y.menuClose'],
    ],
    ['§2 misc', ['common.loading', 'nav.home', 'nav.contact', 'nav.myShop', 'nav.myShops']],
  ])('%s: the keys exist in fr', (_section, keys) => {
    expect(keys.filter((key) => reference[key] === undefined)).toEqual([])
  })
})

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}
