import { describe, expect, it } from 'vitest'
import { rootLocale } from './root-locale'

describe('the language of the unprefixed address (docs/product/4-states.md)', () => {
  it('is French whenever French is enabled', () => {
    expect(rootLocale(['fr', 'en'], 'fr')).toBe('fr')
    expect(rootLocale(['fr'], 'fr')).toBe('fr')
  })

  it('is the single language of a company without French', () => {
    expect(rootLocale(['en'], 'fr')).toBe('en')
    expect(rootLocale(['de'], 'fr')).toBe('de')
  })

  it('is the first enabled language when several are on but not French', () => {
    expect(rootLocale(['en', 'it'], 'fr')).toBe('en')
  })

  it('falls back to the base when nothing is given', () => {
    expect(rootLocale([], 'fr')).toBe('fr')
  })
})
