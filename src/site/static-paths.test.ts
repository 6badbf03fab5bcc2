import { afterEach, describe, expect, it } from 'vitest'
import { PAGES_ENV } from './snapshot-env'
import { onlySelected, pagePath } from './static-paths'

afterEach(() => {
  delete process.env[PAGES_ENV]
})

describe('the pages of a build', () => {
  const route = { routePattern: '/[tenant]/[...lang]/magazine/[post]' }
  const paths = [
    { params: { tenant: 'a.localhost', lang: undefined, post: 'one' } },
    { params: { tenant: 'a.localhost', lang: 'en', post: 'one' } },
    { params: { tenant: 'a.localhost', lang: 'en', post: 'two' } },
  ]

  it('are served at the route with its params, the tenant and an absent language left out', () => {
    expect(paths.map(({ params }) => pagePath(route.routePattern, params))).toEqual([
      '/magazine/one',
      '/en/magazine/one',
      '/en/magazine/two',
    ])
    expect(pagePath('/[tenant]/[...lang]', { tenant: 'a', lang: undefined })).toBe('/')
    expect(pagePath('/[tenant]/sitemap.xml', { tenant: 'a' })).toBe('/sitemap.xml')
  })

  it('are all of them, or those SITES_PAGES lists', () => {
    expect(onlySelected(route, paths)).toEqual(paths)
    process.env[PAGES_ENV] = '/en/magazine/one,/sitemap.xml'
    expect(onlySelected(route, paths)).toEqual([paths[1]])
  })
})
