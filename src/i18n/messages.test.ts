import { describe, expect, it } from 'vitest'
import { readMessages } from '#islands/shared/use-translator'
import { LOCALES } from './locales'
import { createTranslator, flatMessages, islandMessages, pickMessages, t, tn } from './messages'
import { createTranslatorFrom } from './translator'

describe('messages', () => {
  it('docs/product/8-errors.md errors: t returns the message of the locale', () => {
    expect(t('fr', 'cart.empty')).toBe('Votre panier est vide.')
    expect(t('en', 'error.pageTitle.notFound')).toBe('404 Not Found')
    expect(t('de', 'nav.services')).toBe('Leistungen')
  })

  it('docs/product/2-screens.md drawer: t interpolates {name} params', () => {
    expect(t('en', 'profile.greeting', { name: 'Ana' })).toBe('Hello Ana')
    expect(createTranslator('it').t('profile.signedInAs', { email: 'a@b.it' })).toBe(
      'Accesso effettuato come a@b.it',
    )
  })

  it('docs/product/2-screens.md header: plural forms follow the language and format the count', () => {
    expect(tn('fr', 'cart.itemCount', 0)).toBe('0 article')
    expect(tn('en', 'cart.itemCount', 0)).toBe('0 items')
    expect(tn('en', 'cart.itemCount', 1)).toBe('1 item')
    expect(tn('de', 'loyalty.points', 1200)).toBe('1.200 Punkte')
    expect(tn('es', 'loyalty.missing', 1)).toBe('Te falta 1 punto para alcanzar este nivel')
  })

  it('docs/product/2-screens.md header: a count param given by the caller wins over the formatted one', () => {
    expect(tn('en', 'cart.itemCount', 3, { count: 'three' })).toBe('three items')
  })

  it('docs/product/1-overview.md languages: a key missing at runtime falls back to French, then to the key', () => {
    const { t: translate, tn: plural } = createTranslatorFrom('en', {}, flatMessages('fr'))
    expect(translate('cart.empty')).toBe('Votre panier est vide.')
    expect(translate('no.such.key')).toBe('no.such.key')
    expect(plural('cart.itemCount', 2)).toBe('2 articles')
  })

  it('docs/product/1-overview.md languages: every locale has a translator', () => {
    for (const locale of LOCALES) {
      expect(createTranslator(locale).locale).toBe(locale)
      expect(t(locale, 'seo.defaultTitle')).not.toBe('seo.defaultTitle')
    }
  })

  it('docs/product/2-screens.md mini cart: pickMessages gives an island only its sections', () => {
    const picked = pickMessages('es', ['cart'])
    expect(picked['cart.empty']).toBe('Tu carrito está vacío.')
    expect(picked['cart.itemCount.other']).toBe('{count} artículos')
    expect(Object.keys(picked).every((key) => key.startsWith('cart.'))).toBe(true)
    expect(createTranslatorFrom('es', picked).tn('cart.itemCount', 2)).toBe('2 artículos')
  })
})

describe('islandMessages', () => {
  it('is pickMessages as JSON text, made once per locale and sections', () => {
    const text = islandMessages('en', ['cart'])
    expect(JSON.parse(text)).toEqual(pickMessages('en', ['cart']))
    expect(islandMessages('en', ['cart'])).toBe(text)
  })

  it('islands read it back, and survive text that is not a catalog', () => {
    expect(readMessages('{"cart.title":"Cart"}')).toEqual({ 'cart.title': 'Cart' })
    expect(readMessages({ 'cart.title': 'Cart' })).toEqual({ 'cart.title': 'Cart' })
    expect(readMessages('not json')).toEqual({})
  })
})
