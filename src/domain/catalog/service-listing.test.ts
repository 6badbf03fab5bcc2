import { describe, expect, it } from 'vitest'
import { isProductArticle, isServiceArticle, listedServices } from './service-listing'

const article = (id: number, extra: object = {}) => ({ id, type: '1', draft: false, ...extra })
const ids = (found: { id: number }[]) => found.map((a) => a.id)

describe('service listings (docs/product/3-entities.md Article, docs/product/5-rules.md)', () => {
  it('hides drafts and upsell-only services, keeping the order', () => {
    const articles = [
      article(1),
      article(2, { draft: true }),
      article(3, { booker: { upsellOnly: true } }),
      article(4, { booker: { upsellOnly: false } }),
      article(5, { booker: null }),
      article(6, { draft: undefined }),
    ]
    expect(ids(listedServices(articles))).toEqual([1, 4, 5, 6])
  })

  it('types 1 and 4 are services, 2 is a product', () => {
    expect(isServiceArticle({ type: '1' })).toBe(true)
    expect(isServiceArticle({ type: '4' })).toBe(true)
    expect(isServiceArticle({ type: 4 })).toBe(true)
    expect(isServiceArticle({ type: '2' })).toBe(false)
    expect(isProductArticle({ type: '2' })).toBe(true)
    expect(isProductArticle({ type: '1' })).toBe(false)
    expect(isServiceArticle({ type: null })).toBe(false)
  })
})
