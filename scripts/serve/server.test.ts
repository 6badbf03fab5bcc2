import { describe, expect, it } from 'vitest'
import { formatHeaders } from '#site/headers/headers-file'
import { siteHeaderRules } from '#site/headers/site-rules'
import { raw } from '#support/serve'
import { serveSitesDuringSuite } from '#support/serve-suite'

const serve = serveSitesDuringSuite({
  'a.localhost/index.html': '<h1>A home</h1>',
  'a.localhost/services/index.html': '<h1>A services</h1>',
  'a.localhost/robots.txt': 'User-agent: *',
  'a.localhost/404.html': 'Il semblerait que cette page n’existe pas.',
  'a.localhost/en/index.html': '<h1>A home en</h1>',
  'a.localhost/en/404.html': 'This page could not be found',
  'a.localhost/de/404/index.html': 'Diese Seite wurde nicht gefunden',
  'a.localhost/profile/orders/index.html': '<h1>Orders</h1>',
  'a.localhost/en/profile/password-reset/index.html': '<h1>Reset en</h1>',
  'b.localhost/index.html': '<h1>B home</h1>',
  // a site whose API is on another origin (a CDN deployment): its _headers has the studio rule
  'c.localhost/index.html': '<h1>C home</h1>',
  'c.localhost/_headers': formatHeaders(siteHeaderRules({ apiOrigins: ['https://api.c.example'] })),
  '_astro/app.abc123.css': 'body{}',
  '_astro/app.abc123.js': 'export{}',
  '_public/favicon.svg': '<svg/>',
  '_maintenance/index.html': '<h1>Maintenance</h1>',
  '_maintenance/en/index.html': '<h1>Maintenance en</h1>',
  '_studio/index.html': '<h1>Studio</h1>',
  '_studio/en/index.html': '<h1>Studio en</h1>',
  '_studio/_astro/studio.def456.js': 'export{}',
  'secret.txt': 'outside every site',
})

describe('serve: host mapping', () => {
  it('maps the Host header (port stripped, any case) to the tenant folder', async () => {
    const a = await raw(serve().port, '/', { host: 'A.LocalHost:4321' })
    expect(a.status).toBe(200)
    expect(a.body).toBe('<h1>A home</h1>')
    expect(a.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(a.headers['cache-control']).toBe('no-cache')
    expect((await raw(serve().port, '/', { host: 'b.localhost' })).body).toBe('<h1>B home</h1>')
  })

  it('serves directory indexes, with and without the trailing slash, and typed files', async () => {
    expect((await raw(serve().port, '/services')).body).toBe('<h1>A services</h1>')
    expect((await raw(serve().port, '/services/?x=1')).body).toBe('<h1>A services</h1>')
    const robots = await raw(serve().port, '/robots.txt')
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
  })

  it('serves the shared hashed assets to every host as immutable, and public files', async () => {
    const css = await raw(serve().port, '/_astro/app.abc123.css', { host: 'b.localhost' })
    expect(css.status).toBe(200)
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8')
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const js = await raw(serve().port, '/_astro/app.abc123.js', { host: 'nobody.localhost' })
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8')
    const icon = await raw(serve().port, '/favicon.svg')
    expect(icon.headers['content-type']).toBe('image/svg+xml')
  })

  it('answers 304 to a matching ETag', async () => {
    const first = await raw(serve().port, '/')
    const etag = String(first.headers.etag)
    const again = await raw(serve().port, '/', { headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
  })

  it('answers an unknown or malformed host with the maintenance page, 503', async () => {
    for (const host of ['unknown.localhost', '127.0.0.1', '[::1]:4321', 'bad_host']) {
      const answer = await raw(serve().port, '/services', { host })
      expect(answer.status, host).toBe(503)
      expect(answer.body).toBe('<h1>Maintenance</h1>')
      expect(answer.headers['retry-after']).toBe('300')
      expect(answer.headers['cache-control']).toBe('no-store')
    }
    const en = await raw(serve().port, '/en/services', { host: 'unknown.localhost' })
    expect(en.body).toBe('<h1>Maintenance en</h1>')
    expect((await raw(serve().port, '/it/', { host: 'unknown.localhost' })).body).toBe(
      '<h1>Maintenance</h1>',
    )
  })
})

describe('serve: the studio (docs/decisions/071-studio-app.md)', () => {
  it('answers /studio of every tenant host from the one studio build', async () => {
    for (const host of ['a.localhost', 'b.localhost']) {
      for (const path of ['/studio', '/studio/', '/studio/?day=2026-12-01']) {
        const page = await raw(serve().port, path, { host })
        expect(page.status, `${host}${path}`).toBe(200)
        expect(page.body).toBe('<h1>Studio</h1>')
        expect(page.headers['cache-control']).toBe('no-cache')
      }
    }
    expect((await raw(serve().port, '/studio/en/')).body).toBe('<h1>Studio en</h1>')
  })

  it('keeps the strictest policy and makes its hashed assets immutable', async () => {
    const page = await raw(serve().port, '/studio/')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    // it frames its own host's site, and only that, for the theme preview (decision 084)
    expect(policy).toContain("frame-src 'self';")
    const asset = await raw(serve().port, '/studio/_astro/studio.def456.js', {
      host: 'b.localhost',
    })
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it("applies the studio rule of the host's _headers, as a CDN does", async () => {
    const page = await raw(serve().port, '/studio/en/', { host: 'c.localhost' })
    expect(page.body).toBe('<h1>Studio en</h1>')
    const policy = String(page.headers['content-security-policy'])
    expect(policy).toContain("connect-src 'self' https://api.c.example;")
    expect(policy).toContain("frame-src 'self';")
    // the site's own pages still frame nothing
    const home = await raw(serve().port, '/', { host: 'c.localhost' })
    expect(String(home.headers['content-security-policy'])).toContain("frame-src 'none';")
  })

  it('is no page of an unknown host, and a missing studio file is the tenant 404', async () => {
    expect((await raw(serve().port, '/studio/', { host: 'unknown.localhost' })).status).toBe(503)
    const missing = await raw(serve().port, '/studio/nope')
    expect(missing.status).toBe(404)
    expect(missing.body).toContain('Il semblerait')
  })
})

describe('serve: not found', () => {
  it('answers 404 with the tenant 404 page of the locale in the path', async () => {
    const fr = await raw(serve().port, '/nope')
    expect(fr.status).toBe(404)
    expect(fr.body).toContain('Il semblerait')
    const en = await raw(serve().port, '/en/nope/deeper')
    expect(en.status).toBe(404)
    expect(en.body).toBe('This page could not be found')
    expect((await raw(serve().port, '/de/nope')).body).toBe('Diese Seite wurde nicht gefunden')
  })

  it('answers the docs/product/2-screens.md detail addresses (/profile/orders/:id, password-reset/:token) with their page', async () => {
    const order = await raw(serve().port, '/profile/orders/42')
    expect(order.status).toBe(200)
    expect(order.body).toBe('<h1>Orders</h1>')
    const reset = await raw(serve().port, '/en/profile/password-reset/tok3n')
    expect(reset.status).toBe(200)
    expect(reset.body).toBe('<h1>Reset en</h1>')
    // one data segment only, and only under those pages
    expect((await raw(serve().port, '/profile/orders/42/more')).status).toBe(404)
    expect((await raw(serve().port, '/profile/nope/42')).status).toBe(404)
    expect((await raw(serve().port, '/profile/eshoporders/42')).status).toBe(404)
  })

  it('falls back to the French 404 when the locale has none, and to text when none exists', async () => {
    const it404 = await raw(serve().port, '/it/nope')
    expect(it404.status).toBe(404)
    expect(it404.body).toContain('Il semblerait')
    const b = await raw(serve().port, '/nope', { host: 'b.localhost' })
    expect(b.status).toBe(404)
    expect(b.body).toBe('Not found.')
  })

  it('refuses path traversal, raw or encoded, and never serves outside the site', async () => {
    const paths = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/a/%2E%2E/%2E%2E/secret.txt',
      '/%00',
      '/..\\secret.txt',
      '/%E0%A4%A',
    ]
    for (const path of paths) {
      const answer = await raw(serve().port, path)
      expect(answer.status, path).toBe(400)
      expect(answer.body).not.toContain('outside every site')
    }
    expect((await raw(serve().port, '/secret.txt')).status).toBe(404)
  })

  it('allows only GET and HEAD on the sites', async () => {
    expect((await raw(serve().port, '/', { method: 'POST' })).status).toBe(405)
    const head = await raw(serve().port, '/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
    expect(head.headers['content-length']).toBe(String('<h1>A home</h1>'.length))
  })
})
