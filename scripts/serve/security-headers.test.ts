import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '#site/headers/csp'
import { formatHeaders } from '#site/headers/headers-file'
import { raw } from '#support/serve'
import { serveSitesDuringSuite } from '#support/serve-suite'
import { securityHeaders } from './security-headers'

// Decision 019: the sites server applies each site's _headers (written by the build), never
// serves it, and sends the strictest default where a site has none.
const headersFile = formatHeaders([
  { pattern: '/*', headers: { 'Content-Security-Policy': "default-src 'self'; x-site a" } },
  { pattern: '/panier', headers: { 'Content-Security-Policy': 'pay' } },
  { pattern: '/panier/*', headers: { 'Content-Security-Policy': 'pay' } },
  { pattern: '/profile/password-reset/*', headers: { 'Referrer-Policy': 'no-referrer' } },
])
const serve = serveSitesDuringSuite({
  'a.localhost/index.html': '<h1>A</h1>',
  'a.localhost/panier/index.html': '<h1>Cart</h1>',
  'a.localhost/profile/password-reset/index.html': '<h1>Reset</h1>',
  'a.localhost/404.html': 'not found',
  'a.localhost/_headers': headersFile,
  'b.localhost/index.html': '<h1>B</h1>',
  '_public/favicon.svg': '<svg/>',
  '_maintenance/index.html': '<h1>Maintenance</h1>',
})

describe('serve: security headers of the sites', () => {
  it("applies the site's rules to its pages, 404s and shared files", async () => {
    const home = await raw(serve().port, '/', { host: 'a.localhost' })
    expect(home.headers['content-security-policy']).toBe("default-src 'self'; x-site a")
    expect(home.headers['x-content-type-options']).toBe('nosniff')
    for (const path of ['/panier', '/panier/', '/panier/?x=1']) {
      const cart = await raw(serve().port, path, { host: 'a.localhost' })
      expect(cart.headers['content-security-policy']).toBe('pay')
    }
    const missing = await raw(serve().port, '/nothing', { host: 'a.localhost' })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-security-policy']).toBe("default-src 'self'; x-site a")
    const icon = await raw(serve().port, '/favicon.svg', { host: 'a.localhost' })
    expect(icon.headers['content-security-policy']).toBe("default-src 'self'; x-site a")
  })

  it('the reset page, whose address holds the token, sends no Referer', async () => {
    const reset = await raw(serve().port, '/profile/password-reset/tok123', { host: 'a.localhost' })
    expect(reset.status).toBe(200)
    expect(reset.headers['referrer-policy']).toBe('no-referrer')
  })

  it('never serves the _headers file itself', async () => {
    const file = await raw(serve().port, '/_headers', { host: 'a.localhost' })
    expect(file.status).toBe(404)
    expect(file.body).not.toContain('Content-Security-Policy')
    expect((await raw(serve().port, '/%5Fheaders', { host: 'a.localhost' })).status).toBe(404)
  })

  it('sends the strictest default where a site has no rules, and on the maintenance page', async () => {
    for (const host of ['b.localhost', 'unknown.localhost']) {
      const page = await raw(serve().port, '/', { host })
      expect(page.headers['content-security-policy']).toBe(contentSecurityPolicy())
      expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
      expect(page.headers['permissions-policy']).toContain('camera=()')
      expect(page.headers['strict-transport-security']).toBeUndefined()
    }
  })

  it('adds HSTS only when the request came over TLS', () => {
    const over = (encrypted: boolean) => ({ socket: { encrypted } }) as unknown as IncomingMessage
    expect(securityHeaders(over(false), undefined, '/')['strict-transport-security']).toBe(
      undefined,
    )
    expect(securityHeaders(over(true), undefined, '/')['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })
})
