import type { PathWithRoute } from 'astro'
import { describe, expect, it } from 'vitest'
import { distinctPaths, namingMatches, outFileOf, requestUrlOf } from './later-jobs'

const path = (pathname: string, type: string, isIndex: boolean): PathWithRoute =>
  ({ pathname, route: { type, isIndex, route: pathname } }) as unknown as PathWithRoute

const ORIGIN = 'http://localhost:4321'
const HOME = path('/a.localhost', 'page', true)
const NOT_FOUND = path('/a.localhost/en/404', 'page', false)
const SITEMAP = path('/a.localhost/sitemap.xml', 'endpoint', false)

describe('the names Astro gives a later job’s pages (decision 097)', () => {
  it('writes index routes as folders, other pages as .html files, endpoints as they are', () => {
    expect(outFileOf(HOME)).toBe('a.localhost/index.html')
    expect(outFileOf(path('/a.localhost/en/magazine/un-post', 'page', true))).toBe(
      'a.localhost/en/magazine/un-post/index.html',
    )
    expect(outFileOf(NOT_FOUND)).toBe('a.localhost/en/404.html')
    expect(outFileOf(SITEMAP)).toBe('a.localhost/sitemap.xml')
  })

  it('asks for each at the URL Astro renders it at', () => {
    expect(requestUrlOf(HOME, ORIGIN)).toBe(`${ORIGIN}/a.localhost/`)
    expect(requestUrlOf(NOT_FOUND, ORIGIN)).toBe(`${ORIGIN}/a.localhost/en/404.html`)
    expect(requestUrlOf(SITEMAP, ORIGIN)).toBe(`${ORIGIN}/a.localhost/sitemap.xml`)
  })

  it('keeps the first route of a path, a trailing slash aside', () => {
    const other = path('/a.localhost/', 'page', true)
    expect(distinctPaths([HOME, other, NOT_FOUND])).toEqual([HOME, NOT_FOUND])
  })

  it('takes later jobs only when its names are the ones Astro used in the first', () => {
    const paths = [HOME, NOT_FOUND, SITEMAP]
    const urls = new Set(paths.map((p) => requestUrlOf(p, ORIGIN)))
    // the bundler's assets are written beside the pages, and are no page
    const files = new Set([...paths.map(outFileOf), '_astro/app.js'])
    expect(namingMatches({ paths, urls, files })).toEqual({ ok: true, origin: ORIGIN })

    const renamed = new Set([...files].map((f) => f.replace('404.html', '404/index.html')))
    expect(namingMatches({ paths, urls, files: renamed }).ok).toBe(false)
    const elsewhere = new Set([...urls].map((u) => u.replace('404.html', '404/')))
    expect(namingMatches({ paths, urls: elsewhere, files }).ok).toBe(false)
    const redirect = path('/a.localhost/old', 'redirect', false)
    expect(namingMatches({ paths: [...paths, redirect], urls, files })).toMatchObject({
      ok: false,
      why: 'a redirect route (/a.localhost/old)',
    })
    expect(namingMatches({ paths, urls: new Set(), files }).ok).toBe(false)
  })
})
