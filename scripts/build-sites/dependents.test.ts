import { describe, expect, it } from 'vitest'
import type { Post } from '#contract/post'
import type { PublishEvent } from '#contract/publish-event'
import type { SiteSnapshot } from '#contract/site-snapshot'
import { tenantSnapshot } from '#support/tenant-snapshot'
import { dependentPages, pageFile } from './dependents'

const before = tenantSnapshot('bains-du-lac.localhost')
const [first] = before.posts
if (!first) throw new Error('the demo marketplace has posts')
const shops = before.shops.map((shop) => shop.slug)

const event = (change: Partial<PublishEvent> = {}): PublishEvent => ({
  host: before.host,
  kind: 'posts',
  id: 'new-post',
  action: 'create',
  languages: ['en'],
  at: '2026-11-29T12:00:00.000Z',
  ...change,
})
const withPost = (snapshot: SiteSnapshot, post: Post): SiteSnapshot => ({
  ...snapshot,
  posts: [...snapshot.posts.filter((p) => p.id !== post.id), post],
})
const added: Post = {
  ...first,
  id: 'new-post',
  slug: 'new-post',
  lang: ['en'],
  position: 'all',
  linkedShop: null,
}

describe('the pages a publish changes', () => {
  it('a new post: its page, the magazine, home, press, feed and shop pages of its languages, the sitemap', () => {
    const home = { ...added, position: 'home' as const }
    expect(dependentPages([event()], before, withPost(before, home))).toEqual([
      '/en',
      '/en/magazine',
      '/en/magazine/new-post',
      '/en/presse',
      '/en/rss.xml',
      '/sitemap.xml',
    ])
    // listed on every shop page when linked to none
    const pages = dependentPages([event()], before, withPost(before, added)) ?? []
    for (const shop of shops) expect(pages).toContain(`/en/${shop}`)
    expect(pages.filter((page) => !page.startsWith('/en'))).toEqual(['/sitemap.xml'])
  })

  it('a renamed post moved to another language: both slugs in both languages (the old page is removed)', () => {
    const old = { ...added, position: 'home' as const }
    const moved = { ...old, slug: 'renamed', lang: ['de' as const] }
    const pages = dependentPages(
      [event({ action: 'update', languages: ['de'] })],
      withPost(before, old),
      withPost(before, moved),
    )
    expect(pages).toEqual(expect.arrayContaining(['/en/magazine/new-post', '/de/magazine/renamed']))
    expect(pages).toEqual(expect.arrayContaining(['/de/magazine/new-post', '/en/magazine/renamed']))
    expect(pageFile('/de/magazine/renamed')).toBe('de/magazine/renamed/index.html')
    expect(pageFile('/')).toBe('index.html')
    expect(pageFile('/en/rss.xml')).toBe('en/rss.xml')
  })

  it('the whole site for other kinds, no known event, a post nobody knows, or a magazine appearing', () => {
    const after = withPost(before, added)
    expect(dependentPages([event({ kind: 'company' })], before, after)).toBeUndefined()
    expect(dependentPages([event(), event({ kind: 'shops' })], before, after)).toBeUndefined()
    expect(dependentPages(undefined, before, after)).toBeUndefined()
    expect(dependentPages([event()], undefined, after)).toBeUndefined()
    expect(dependentPages([event({ id: 'nobody' })], before, after)).toBeUndefined()
    const none = { ...before, posts: [] }
    expect(dependentPages([event()], none, withPost(none, added))).toBeUndefined()
  })
})
