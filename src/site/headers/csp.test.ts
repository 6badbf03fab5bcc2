import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy, pageHeaders, permissionsPolicy } from './csp'
import { formatHeaders, headersFor, parseHeaders } from './headers-file'

const directives = (csp: string) =>
  Object.fromEntries(
    csp.split('; ').map((d) => {
      const [name = '', ...values] = d.split(' ')
      return [name, values]
    }),
  )

describe('the site Content-Security-Policy (decision 019)', () => {
  it('by default: self only, no inline script, nothing framed, framed by self only', () => {
    expect(contentSecurityPolicy()).toBe(
      [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "font-src 'self' data:",
        "connect-src 'self'",
        "frame-src 'none'",
        "form-action 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    )
  })

  it('adds exactly the hashes and the hosts of what the company configured', () => {
    const csp = directives(
      contentSecurityPolicy({
        scriptHashes: ['sha256-abc='],
        thirdParties: ['googleAnalytics'],
        fontStylesheets: ['https://fonts.googleapis.com/css2?family=Jost'],
        apiOrigins: ['https://api.example.com/', 'not a url', 'javascript:alert(1)'],
        imageOrigins: ['https://cdn.example.com'],
        frameAncestors: ['https://backoffice.example.com', '', 'https://backoffice.example.com/x'],
        https: true,
      }),
    )
    expect(csp['script-src']).toEqual([
      "'self'",
      "'sha256-abc='",
      'https://www.googletagmanager.com',
    ])
    expect(csp['style-src']).toEqual(["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'])
    expect(csp['font-src']).toEqual(["'self'", 'data:', 'https://fonts.gstatic.com'])
    expect(csp['connect-src']).toEqual([
      "'self'",
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://*.analytics.google.com',
      'https://api.example.com',
    ])
    expect(csp['img-src']).toEqual([
      "'self'",
      'data:',
      'https://www.googletagmanager.com',
      'https://*.google-analytics.com',
      'https://cdn.example.com',
    ])
    expect(csp['frame-src']).toEqual(["'none'"])
    expect(csp['frame-ancestors']).toEqual(["'self'", 'https://backoffice.example.com'])
    expect(csp['upgrade-insecure-requests']).toEqual([])
  })

  it('payment hosts only for the provider of a paying page', () => {
    const stripe = directives(contentSecurityPolicy({ payment: 'stripe' }))
    expect(stripe['script-src']).toEqual([
      "'self'",
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ])
    expect(stripe['frame-src']).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ])
    expect(stripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com'])
    const paypal = directives(contentSecurityPolicy({ payment: 'paypal' }))
    const paypalHosts = ['https://*.paypal.com', 'https://*.paypalobjects.com']
    expect(paypal['script-src']).toEqual(["'self'", ...paypalHosts])
    expect(paypal['frame-src']).toEqual(paypalHosts)
    expect(paypal['connect-src']).toEqual(["'self'", ...paypalHosts])
    expect(paypal['img-src']).toEqual(["'self'", 'data:', ...paypalHosts])
    expect(JSON.stringify(paypal)).not.toContain('sandbox')
    const monetico = directives(contentSecurityPolicy({ payment: 'monetico' }))
    expect(monetico['form-action']).toEqual(["'self'", 'https://p.monetico-services.com'])
    expect(monetico['script-src']).toEqual(["'self'"])
    expect(contentSecurityPolicy({ payment: 'free' })).toBe(contentSecurityPolicy())
  })

  it('every page header; no-referrer where the address holds a secret; HSTS over https', () => {
    expect(pageHeaders()).toEqual({
      'Content-Security-Policy': contentSecurityPolicy(),
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Content-Type-Options': 'nosniff',
      'Permissions-Policy': permissionsPolicy(),
    })
    expect(pageHeaders({ secretInPath: true })['Referrer-Policy']).toBe('no-referrer')
    expect(pageHeaders({ https: true })['Strict-Transport-Security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
    expect(permissionsPolicy()).toContain('payment=()')
    expect(permissionsPolicy('stripe')).toContain('payment=(self "https://js.stripe.com")')
  })
})

describe('the _headers file', () => {
  const rules = [
    { pattern: '/*', headers: { A: '1', 'Referrer-Policy': 'strict-origin-when-cross-origin' } },
    { pattern: '/en/panier', headers: { A: '2' } },
    { pattern: '/en/panier/*', headers: { A: '2' } },
    { pattern: '/profile/password-reset/*', headers: { 'referrer-policy': 'no-referrer' } },
  ]

  it('round-trips through its text', () => {
    const text = formatHeaders(rules)
    expect(text.startsWith('/*\n  A: 1\n')).toBe(true)
    expect(parseHeaders(`# comment\n${text}`)).toEqual(rules)
  })

  it('applies every matching rule, a later one replacing a header of the same name', () => {
    expect(headersFor(rules, '/')).toEqual(rules[0]?.headers)
    expect(headersFor(rules, '/en/panier')).toMatchObject({ A: '2' })
    expect(headersFor(rules, '/en/panier/')).toMatchObject({ A: '2' })
    expect(headersFor(rules, '/en/panierx')).toMatchObject({ A: '1' })
    expect(headersFor(rules, '/profile/password-reset/tok.en')).toEqual({
      A: '1',
      'referrer-policy': 'no-referrer',
    })
  })
})
