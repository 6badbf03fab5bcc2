import { describe, expect, it } from 'vitest'
import { flattenCatalog } from './flatten'
import { interpolate, placeholders, pluralCategory } from './format'

describe('format', () => {
  it('docs/product/2-screens.md drawer: {name} and {email} are filled from params', () => {
    expect(interpolate('{name} <{email}>', { name: 'Léa', email: 'lea@example.com' })).toBe(
      'Léa <lea@example.com>',
    )
  })

  it('docs/product/2-screens.md drawer: a missing param leaves its placeholder visible', () => {
    expect(interpolate('Bonjour {name}', {})).toBe('Bonjour {name}')
    expect(interpolate('Bonjour {name}')).toBe('Bonjour {name}')
  })

  it('docs/product/2-screens.md drawer: numbers are inserted as given and repeated placeholders all filled', () => {
    expect(interpolate('© {year} {year}', { year: 2025 })).toBe('© 2025 2025')
  })

  it('docs/product/2-screens.md drawer: inherited object keys are not params', () => {
    expect(interpolate('{toString}', {})).toBe('{toString}')
  })

  it('docs/product/2-screens.md drawer: placeholders are listed once, sorted', () => {
    expect(placeholders('{b} {a} {b} plain')).toEqual(['a', 'b'])
    expect(placeholders('none')).toEqual([])
  })

  it('docs/product/1-overview.md languages: plural categories follow each language (0 is singular in French)', () => {
    expect(pluralCategory('fr-FR', 0)).toBe('one')
    expect(pluralCategory('en-GB', 0)).toBe('other')
    expect(pluralCategory('de-DE', 1)).toBe('one')
  })

  it('docs/product/1-overview.md languages: catalogs flatten to dotted keys', () => {
    expect(flattenCatalog({ a: { b: 'x', c: { d: 'y' } }, e: 'z' })).toEqual({
      'a.b': 'x',
      'a.c.d': 'y',
      e: 'z',
    })
  })

  it('docs/product/1-overview.md languages: a non-string leaf in a catalog is rejected', () => {
    expect(() => flattenCatalog({ a: { b: 3 } })).toThrow(/"a.b"/)
    expect(() => flattenCatalog({ a: ['x'] })).toThrow(/"a"/)
  })
})
