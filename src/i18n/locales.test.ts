import { describe, expect, it } from 'vitest'
import { DEFAULT_LOCALE, isLocale, LOCALE_INFO, LOCALES, localeCookie } from './locales'

describe('locales', () => {
  it('docs/product/1-overview.md languages: five locales, French first and default', () => {
    expect([...LOCALES].sort()).toEqual(['de', 'en', 'es', 'fr', 'it'])
    expect(LOCALES[0]).toBe('fr')
    expect(DEFAULT_LOCALE).toBe('fr')
  })

  it('docs/product/1-overview.md languages: names shown are Français, English, Español, Italiano, Deutsch', () => {
    expect(LOCALES.map((locale) => LOCALE_INFO[locale].name)).toEqual([
      'Français',
      'English',
      'Español',
      'Italiano',
      'Deutsch',
    ])
  })

  it('docs/product/3-entities.md Language entity: code, emoji and iso of each locale', () => {
    for (const locale of LOCALES) {
      const info = LOCALE_INFO[locale]
      expect(info.code).toBe(locale)
      expect(info.iso.startsWith(`${locale}-`)).toBe(true)
      expect(Intl.getCanonicalLocales(info.iso)).toEqual([info.iso])
      expect(info.emoji).toMatch(/^\p{Regional_Indicator}{2}$/u)
    }
  })

  it('docs/product/1-overview.md languages: isLocale accepts the five codes only', () => {
    expect(LOCALES.every(isLocale)).toBe(true)
    for (const value of ['', 'EN', 'en-GB', 'pt', undefined, null, 1]) {
      expect(isLocale(value)).toBe(false)
    }
    expect(isLocale('toString')).toBe(false)
  })

  it('docs/product/9-constants.md constants: the locale cookie lives 365 days', () => {
    expect(localeCookie('de')).toBe('i18n_redirected=de; Path=/; Max-Age=31536000; SameSite=Lax')
  })
})
