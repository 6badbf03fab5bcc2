import { describe, expect, it } from 'vitest'
import { autoLanguage } from './auto-language'

describe('automatic language (docs/product/4-states.md)', () => {
  it('exactly one enabled language is set automatically', () => {
    expect(autoLanguage({ fr: false, en: true, de: false })).toBe('en')
    expect(autoLanguage({ fr: true })).toBe('fr')
  })

  it('none or several enabled languages set nothing', () => {
    expect(autoLanguage({ fr: true, en: true })).toBeNull()
    expect(autoLanguage({ fr: false, en: false })).toBeNull()
    expect(autoLanguage({})).toBeNull()
    expect(autoLanguage(undefined)).toBeNull()
  })

  it('only true counts as enabled', () => {
    expect(autoLanguage({ fr: true, en: null, de: undefined })).toBe('fr')
  })
})
