import type { PathWithRoute } from 'astro'
import { describe, expect, it } from 'vitest'
import { expectedFiles, groupOf, inTenantOrder } from './tenants-when-ready'

const path = (pathname: string, route: string): PathWithRoute =>
  ({ pathname, route: { route } }) as unknown as PathWithRoute

describe('the tenants of a build, in the order they are served (decision 074)', () => {
  it("names a path's tenant by its first segment", () => {
    expect(groupOf('/a.localhost/en/magazine/')).toBe('a.localhost')
    expect(groupOf('/_maintenance/')).toBe('_maintenance')
    expect(groupOf('/')).toBe('')
  })

  it('renders the tenant with the fewest pages first, keeping the order within a tenant', () => {
    const paths = [
      path('/big.localhost/', 'home'),
      path('/small.localhost/', 'home'),
      path('/big.localhost/en/', 'home'),
      path('/_maintenance/', 'maintenance'),
      path('/big.localhost/404', 'not-found'),
      path('/small.localhost/404', 'not-found'),
    ]
    expect(inTenantOrder(paths).map((p) => p.pathname)).toEqual([
      '/_maintenance/',
      '/small.localhost/',
      '/small.localhost/404',
      '/big.localhost/',
      '/big.localhost/en/',
      '/big.localhost/404',
    ])
  })

  it('expects one file per distinct path, as Astro dedupes them (a trailing slash aside)', () => {
    const paths = [
      path('/a.localhost/en/', 'home'),
      path('/a.localhost/en', 'other'),
      path('/a.localhost/', 'home'),
      path('/b.localhost/', 'home'),
    ]
    expect(Object.fromEntries(expectedFiles(paths))).toEqual({ 'a.localhost': 2, 'b.localhost': 1 })
  })
})
