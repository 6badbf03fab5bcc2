import { describe, expect, it } from 'vitest'
import { storedLocaleHome } from './stored-locale'

const links: Record<string, string> = { en: 'http://x/en/', de: 'http://x/de/' }
const linkFor = (locale: string) => links[locale]

describe('the next visit starts in the stored language (docs/product/4-states.md)', () => {
  it('sends the unprefixed home to the stored locale home the site offers', () => {
    expect(storedLocaleHome('a=1; i18n_redirected=en', '/', 'fr', linkFor)).toBe('http://x/en/')
  })

  it('stays elsewhere, in the same locale, for unknown or unoffered locales', () => {
    expect(storedLocaleHome('i18n_redirected=en', '/contact/', 'fr', linkFor)).toBeUndefined()
    expect(storedLocaleHome('i18n_redirected=fr', '/', 'fr', linkFor)).toBeUndefined()
    expect(storedLocaleHome('i18n_redirected=xx', '/', 'fr', linkFor)).toBeUndefined()
    expect(storedLocaleHome('i18n_redirected=it', '/', 'fr', linkFor)).toBeUndefined()
    expect(storedLocaleHome('', '/', 'fr', linkFor)).toBeUndefined()
  })
})
