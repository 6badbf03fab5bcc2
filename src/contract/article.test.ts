import { describe, expect, test } from 'vitest'
import { article, articleRecord } from './article'

const base = {
  id: 101,
  name: { fr: 'Soin éclat', en: 'Radiance facial' },
  slug: 'soin-eclat',
  type: '1',
  prices: 7500,
}

describe('article', () => {
  test('docs/product/3-entities.md: weekprices replaces prices on load and disappears', () => {
    const a = article.parse({ ...base, weekprices: 6800 })
    expect(a.prices).toBe(6800)
    expect('weekprices' in a).toBe(false)
  })

  test('docs/product/3-entities.md: without weekprices (absent or null) prices stay', () => {
    expect(article.parse(base).prices).toBe(7500)
    expect(article.parse({ ...base, weekprices: null }).prices).toBe(7500)
  })

  test('docs/product/3-entities.md: the stored record keeps weekprices for writing', () => {
    expect(articleRecord.parse({ ...base, weekprices: 6800 }).weekprices).toBe(6800)
  })

  test('docs/product/3-entities.md: ids are read as strings and defaults apply', () => {
    const a = article.parse(base)
    expect(a.id).toBe('101')
    expect(a.draft).toBe(false)
    expect(a.booker).toMatchObject({ upsellOnly: false, upsells: [], enableStock: false })
  })

  test('docs/product/3-entities.md money: prices are integer minor units, a float is refused', () => {
    expect(article.safeParse({ ...base, prices: 75.5 }).success).toBe(false)
    expect(article.safeParse({ ...base, prices: -1 }).success).toBe(false)
  })

  test("docs/product/3-entities.md: type is '1', '2' or '4'", () => {
    expect(article.safeParse({ ...base, type: '3' }).success).toBe(false)
    expect(article.parse({ ...base, type: '2' }).type).toBe('2')
  })
})
