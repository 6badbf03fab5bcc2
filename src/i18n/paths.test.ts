import { describe, expect, it } from 'vitest'
import {
  alternateLinks,
  enabledLocales,
  localeFromParam,
  localeParam,
  localizePath,
  parseAcceptLanguage,
  resolveLocale,
  stripLocale,
  switchLocalePath,
} from './paths'

describe('localizePath', () => {
  it('docs/product/2-screens.md routes: French has no prefix, the others are prefixed', () => {
    expect(localizePath('/services', 'fr')).toBe('/services')
    expect(localizePath('/services', 'en')).toBe('/en/services')
    expect(localizePath('/profile/orders/42', 'it')).toBe('/it/profile/orders/42')
  })

  it('docs/product/2-screens.md routes: home is at the root and at /de, /en, /es, /it', () => {
    expect(localizePath('/', 'fr')).toBe('/')
    expect(localizePath('/', 'en')).toBe('/en')
    expect(localizePath('', 'de')).toBe('/de')
  })

  it('docs/product/2-screens.md routes: query strings and hashes are kept', () => {
    expect(localizePath('/services/soins?page=reserved', 'es')).toBe(
      '/es/services/soins?page=reserved',
    )
    expect(localizePath('/legal#cgv', 'de')).toBe('/de/legal#cgv')
    expect(localizePath('/?tab=2#top', 'en')).toBe('/en?tab=2#top')
    expect(localizePath('/?tab=2', 'fr')).toBe('/?tab=2')
  })

  it('docs/product/2-screens.md routes: a slash inside the query or hash is not a trailing slash', () => {
    expect(localizePath('/magazine?next=/a/', 'en')).toBe('/en/magazine?next=/a/')
    expect(localizePath('/legal#a/b/', 'it')).toBe('/it/legal#a/b/')
  })

  it('docs/product/2-screens.md routes: trailing slashes are preserved by default, forced on demand', () => {
    expect(localizePath('/services/', 'en')).toBe('/en/services/')
    expect(localizePath('/services/', 'en', { trailingSlash: 'never' })).toBe('/en/services')
    expect(localizePath('/services', 'en', { trailingSlash: 'always' })).toBe('/en/services/')
    expect(localizePath('/', 'en', { trailingSlash: 'always' })).toBe('/en/')
    expect(localizePath('/', 'fr', { trailingSlash: 'always' })).toBe('/')
    expect(localizePath('/?x=1', 'en', { trailingSlash: 'always' })).toBe('/en/?x=1')
  })

  it('docs/product/2-screens.md routes: missing leading slash and doubled slashes are normalised', () => {
    expect(localizePath('services', 'en')).toBe('/en/services')
    expect(localizePath('/services//soins', 'de')).toBe('/de/services/soins')
  })

  it('docs/product/2-screens.md routes: an already localized path is re-targeted, not prefixed twice', () => {
    expect(localizePath('/en/services', 'de')).toBe('/de/services')
    expect(localizePath('/en/services', 'fr')).toBe('/services')
    expect(localizePath(localizePath('/gift', 'es'), 'es')).toBe('/es/gift')
  })

  it('docs/product/2-screens.md routes: a segment merely starting like a locale is a path, not a prefix', () => {
    expect(localizePath('/english-tea', 'de')).toBe('/de/english-tea')
    expect(localizePath('/EN/services', 'de')).toBe('/de/EN/services')
  })

  it('docs/product/2-screens.md drawer: custom menu items pointing elsewhere are left alone', () => {
    for (const url of ['https://example.com/a', 'mailto:a@b.fr', 'tel:+33100000000', '//cdn.x/y']) {
      expect(localizePath(url, 'en')).toBe(url)
    }
  })
})

describe('stripLocale', () => {
  it('docs/product/2-screens.md routes: reads the locale prefix and returns the unprefixed path', () => {
    expect(stripLocale('/en/services')).toEqual({ locale: 'en', path: '/services' })
    expect(stripLocale('/services')).toEqual({ locale: 'fr', path: '/services' })
    expect(stripLocale('/it/profile/orders/7')).toEqual({ locale: 'it', path: '/profile/orders/7' })
  })

  it('docs/product/2-screens.md routes: localized homes with and without slash, with query and hash', () => {
    expect(stripLocale('/en')).toEqual({ locale: 'en', path: '/' })
    expect(stripLocale('/en/')).toEqual({ locale: 'en', path: '/' })
    expect(stripLocale('/de?tab=1#x')).toEqual({ locale: 'de', path: '/?tab=1#x' })
    expect(stripLocale('/')).toEqual({ locale: 'fr', path: '/' })
    expect(stripLocale('')).toEqual({ locale: 'fr', path: '/' })
  })

  it('docs/product/2-screens.md routes: trailing slash, query and hash survive', () => {
    expect(stripLocale('/es/services/?tab=a#b')).toEqual({
      locale: 'es',
      path: '/services/?tab=a#b',
    })
  })

  it('docs/product/2-screens.md routes: a redundant /fr prefix is understood as French', () => {
    expect(stripLocale('/fr/contact')).toEqual({ locale: 'fr', path: '/contact' })
  })

  it('docs/product/2-screens.md routes: unknown or look-alike first segments stay in the path', () => {
    expect(stripLocale('/pt/services')).toEqual({ locale: 'fr', path: '/pt/services' })
    expect(stripLocale('/enx')).toEqual({ locale: 'fr', path: '/enx' })
  })
})

describe('switchLocalePath', () => {
  it('docs/product/4-states.md language change: the same page in the target language', () => {
    expect(switchLocalePath('/services/visage', 'en')).toBe('/en/services/visage')
    expect(switchLocalePath('/en/services/visage', 'fr')).toBe('/services/visage')
    expect(switchLocalePath('/en/services/visage?tab=2#a', 'de')).toBe(
      '/de/services/visage?tab=2#a',
    )
  })

  it('docs/product/4-states.md language change: homes switch between / and /xx', () => {
    expect(switchLocalePath('/', 'it')).toBe('/it')
    expect(switchLocalePath('/it', 'fr')).toBe('/')
    expect(switchLocalePath('/it/', 'fr')).toBe('/')
    expect(switchLocalePath('/it/', 'es')).toBe('/es/')
  })
})

describe('route params', () => {
  it('docs/product/2-screens.md routes: the [...lang] param is undefined for French', () => {
    expect(localeParam('fr')).toBeUndefined()
    expect(localeParam('en')).toBe('en')
    expect(localeFromParam(undefined)).toBe('fr')
    expect(localeFromParam('de')).toBe('de')
    expect(localeFromParam('fr')).toBeUndefined()
    expect(localeFromParam('xx')).toBeUndefined()
  })
})

describe('enabledLocales', () => {
  it('docs/product/3-entities.md booker.langs: enabled ones only, French first, picker order', () => {
    expect(enabledLocales({ de: true, en: true, fr: true, it: false })).toEqual(['fr', 'en', 'de'])
    expect(enabledLocales({ fr: true, en: true, es: true, it: true, de: true })).toEqual([
      'fr',
      'en',
      'es',
      'it',
      'de',
    ])
  })

  it('docs/product/3-entities.md booker.langs: unknown codes are ignored, French may be disabled', () => {
    expect(enabledLocales({ pt: true, en: true })).toEqual(['en'])
  })

  it('docs/product/3-entities.md booker.langs: nothing enabled or no record still gives French', () => {
    expect(enabledLocales({})).toEqual(['fr'])
    expect(enabledLocales({ fr: false })).toEqual(['fr'])
    expect(enabledLocales(undefined)).toEqual(['fr'])
    expect(enabledLocales(null)).toEqual(['fr'])
  })
})

describe('resolveLocale', () => {
  it('docs/product/4-states.md language: exactly one enabled language is set automatically', () => {
    expect(resolveLocale({ cookie: 'de', acceptLanguage: 'it', enabled: ['en'] })).toBe('en')
  })

  it('docs/product/4-states.md language change: the cookie choice wins when enabled', () => {
    expect(resolveLocale({ cookie: 'de', acceptLanguage: 'en', enabled: ['fr', 'en', 'de'] })).toBe(
      'de',
    )
  })

  it('docs/product/4-states.md language change: a cookie for a disabled or unknown language is ignored', () => {
    expect(resolveLocale({ cookie: 'it', acceptLanguage: 'en', enabled: ['fr', 'en'] })).toBe('en')
    expect(resolveLocale({ cookie: 'xx', enabled: ['fr', 'en'] })).toBe('fr')
  })

  it('docs/product/4-states.md language: Accept-Language by quality and primary subtag', () => {
    expect(resolveLocale({ acceptLanguage: 'de-CH, en;q=0.9' })).toBe('de')
    expect(resolveLocale({ acceptLanguage: 'pt-BR, es;q=0.5, en;q=0.8' })).toBe('en')
    expect(resolveLocale({ acceptLanguage: 'it;q=0, en;q=0.1' })).toBe('en')
    expect(resolveLocale({ acceptLanguage: 'IT-it' })).toBe('it')
  })

  it('docs/product/1-overview.md languages: defaults to French, or the first enabled one', () => {
    expect(resolveLocale({})).toBe('fr')
    expect(resolveLocale({ acceptLanguage: 'pt, *' })).toBe('fr')
    expect(resolveLocale({ acceptLanguage: 'pt', enabled: ['en', 'de'] })).toBe('en')
    expect(resolveLocale({ enabled: [] })).toBe('fr')
  })

  it('docs/product/4-states.md language: malformed headers do not throw', () => {
    expect(parseAcceptLanguage(' , ;q=1, en;q=abc, de;q=0.3')).toEqual(['de'])
    expect(parseAcceptLanguage('fr-FR,fr;q=0.9,en-US;q=0.8')).toEqual(['fr-fr', 'fr', 'en-us'])
  })
})

describe('alternateLinks', () => {
  it('docs/product/2-screens.md routes: one alternate per enabled locale plus x-default, without trailing slash', () => {
    expect(alternateLinks('/en/services/', ['fr', 'en'])).toEqual([
      { hreflang: 'fr-FR', href: '/services' },
      { hreflang: 'en-GB', href: '/en/services' },
      { hreflang: 'x-default', href: '/services' },
    ])
  })

  it('docs/product/2-screens.md routes: x-default is the first enabled language when French is off', () => {
    expect(alternateLinks('/', ['de', 'it'])).toEqual([
      { hreflang: 'de-DE', href: '/de' },
      { hreflang: 'it-IT', href: '/it' },
      { hreflang: 'x-default', href: '/de' },
    ])
  })
})
