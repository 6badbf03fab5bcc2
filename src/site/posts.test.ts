import { describe, expect, it } from 'vitest'
import { type Post, post as postSchema } from '#contract/index'
import { homePosts, isFeatured, magazinePosts, postLocales, shopPosts } from './posts'

const now = Date.parse('2026-12-01T12:00:00Z')
const make = (id: number, extra: Record<string, unknown> = {}): Post =>
  postSchema.parse({ id, slug: `p${id}`, title: { fr: `P${id}` }, published: true, ...extra })

describe('magazine posts (docs/product/3-entities.md Post)', () => {
  it('keeps published posts of the locale, lang "all" included', () => {
    const posts = [
      make(1, { lang: ['all'] }),
      make(2, { lang: ['fr', 'en'] }),
      make(3, { lang: ['de'] }),
      make(4, { lang: ['en'], published: false }),
    ]
    expect(magazinePosts(posts, 'en', now).map((p) => p.id)).toEqual(['1', '2'])
    expect(magazinePosts(posts, 'de', now).map((p) => p.id)).toEqual(['1', '3'])
  })

  it('puts the currently featured post first, then the newest', () => {
    const posts = [
      make(1, { publishedAt: '2026-11-01T00:00:00Z' }),
      make(2, { publishedAt: '2026-11-20T00:00:00Z' }),
      make(3, {
        publishedAt: '2026-01-01T00:00:00Z',
        vedette: { active: true, start: '2026-11-01T00:00:00Z', end: '2027-01-01T00:00:00Z' },
      }),
      make(4, {
        publishedAt: '2026-11-25T00:00:00Z',
        vedette: { active: true, start: '2025-01-01T00:00:00Z', end: '2025-02-01T00:00:00Z' },
      }),
    ]
    expect(magazinePosts(posts, 'fr', now).map((p) => p.id)).toEqual(['3', '4', '2', '1'])
  })

  it('reads open vedette windows as unbounded', () => {
    expect(isFeatured(make(1, { vedette: { active: true } }), now)).toBe(true)
    expect(isFeatured(make(1, { vedette: { active: false } }), now)).toBe(false)
    const future = make(1, { vedette: { active: true, start: '2027-01-01T00:00:00Z' } })
    expect(isFeatured(future, now)).toBe(false)
  })

  it('lists the enabled locales a post speaks', () => {
    expect(postLocales(make(1, { lang: ['fr', 'de'] }), ['fr', 'en'])).toEqual(['fr'])
    expect(postLocales(make(1, { lang: ['all'] }), ['fr', 'en'])).toEqual(['fr', 'en'])
  })

  it('selects home and shop posts by position', () => {
    const posts = [
      make(1, { position: 'home' }),
      make(2, { position: 'all' }),
      make(3, { position: 'shop', linkedShop: 7 }),
      make(4, { position: 'shop', linkedShop: 8 }),
    ]
    expect(homePosts(posts).map((p) => p.id)).toEqual(['1', '2'])
    expect(shopPosts(posts, '7').map((p) => p.id)).toEqual(['2', '3'])
  })
})
