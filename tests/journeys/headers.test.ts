import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fetchPage } from '#support/product'
import { journeyProduct } from './support/product'
import { BAINS, MAISON } from './support/site'

// Decision 019: every page type of a marketplace (bains-du-lac) and a mono tenant
// (maison-lumiere), and the disabled site, answer through the started product's sites server
// with the site's security headers, their host lists exact. Both tenants pay with the free
// provider (no payment host anywhere; tests/journeys/stripe.test.ts checks a Stripe tenant's
// paying pages); bains-du-lac has every analytics and marketing tag and an error DSN, both
// have Google web fonts; the product has no back office origin and plain http, so no HSTS.
const product = journeyProduct()

type Answer = Awaited<ReturnType<typeof fetchPage>>
const get = (host: string, path: string) => fetchPage(product.port, host, path)

// bains-du-lac configures every third party of decisions 008 and 032 (Analytics, the Ads
// conversion, Klaviyo, OptinMonster, avis-verifies) and an error DSN
// the error ingest of the company's DSN comes last in connect-src (src/site/headers/site-rules.ts)
const ERRORS = 'https://errors.example.com'
const KLAVIYO = ['https://static.klaviyo.com', 'https://static-tracking.klaviyo.com']
const ALL = {
  script: [
    'https://www.googletagmanager.com',
    'https://www.googleadservices.com',
    ...KLAVIYO,
    'https://a.omappapi.com',
    'https://cl.avis-verifies.com',
  ],
  style: [...KLAVIYO, 'https://cl.avis-verifies.com'],
  img: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://www.google.com',
    'https://googleads.g.doubleclick.net',
    'https://www.googleadservices.com',
    'https://static.klaviyo.com',
    'https://a.omappapi.com',
    'https://cl.avis-verifies.com',
  ],
  font: ['https://static.klaviyo.com'],
  connect: [
    'https://www.googletagmanager.com',
    'https://*.google-analytics.com',
    'https://*.analytics.google.com',
    'https://www.google.com',
    'https://googleads.g.doubleclick.net',
    'https://www.googleadservices.com',
    'https://a.klaviyo.com',
    'https://static-forms.klaviyo.com',
    'https://api.omappapi.com',
    'https://a.omappapi.com',
    'https://cl.avis-verifies.com',
    ERRORS,
  ],
  frame: ['https://td.doubleclick.net'],
}
const NONE = { script: [], style: [], img: [], font: [], connect: [], frame: [] }
type Party = typeof ALL
// docs/decisions/033-maps-after-consent.md: bains-du-lac configures Google Maps, whose hosts its
// contact and shop pages (the map) and its marketplace home (the city autocomplete) add, and no
// other page
const MAPS = {
  script: ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com'],
  img: [
    'https://*.googleapis.com',
    'https://*.gstatic.com',
    'https://*.google.com',
    'https://*.googleusercontent.com',
  ],
  connect: ['https://*.googleapis.com', 'https://*.google.com', 'https://*.gstatic.com'],
  frame: ['https://*.google.com'],
}
const ALL_MAPS: Party = {
  script: [...ALL.script, ...MAPS.script],
  style: ALL.style,
  img: [...ALL.img, ...MAPS.img],
  font: ALL.font,
  connect: [...ALL.connect.filter((host) => host !== ERRORS), ...MAPS.connect, ERRORS],
  frame: [...ALL.frame, ...MAPS.frame],
}

/** The directives of a policy, each with its sources. */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/)
      return [name, values]
    }),
  )
}

/** sha256 of every inline script the page runs (not JSON-LD, not src scripts). */
function inlineHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*ld\+json)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(
      (m) =>
        `'sha256-${createHash('sha256')
          .update(m[1] ?? '')
          .digest('base64')}'`,
    )
    .filter((hash, i, all) => all.indexOf(hash) === i)
}

function expectSiteHeaders(
  answer: Answer,
  party: Party,
  referrer = 'strict-origin-when-cross-origin',
) {
  const csp = directives(String(answer.headers['content-security-policy']))
  expect(Object.keys(csp)).toEqual([
    'default-src',
    'script-src',
    'style-src',
    'img-src',
    'font-src',
    'connect-src',
    'frame-src',
    'form-action',
    'object-src',
    'base-uri',
    'frame-ancestors',
  ])
  expect(csp['default-src']).toEqual(["'self'"])
  const script = csp['script-src'] ?? []
  const hashes = script.filter((s) => s.startsWith("'sha256-"))
  expect(script).toEqual(["'self'", ...hashes, ...party.script])
  // every inline script of this page is allowed by its hash; no 'unsafe-inline' for scripts
  for (const hash of inlineHashes(answer.body)) expect(hashes).toContain(hash)
  expect(csp['style-src']).toEqual([
    "'self'",
    "'unsafe-inline'",
    ...party.style,
    'https://fonts.googleapis.com',
  ])
  expect(csp['img-src']).toEqual(["'self'", 'data:', ...party.img])
  expect(csp['font-src']).toEqual(["'self'", 'data:', ...party.font, 'https://fonts.gstatic.com'])
  expect(csp['connect-src']).toEqual(["'self'", ...party.connect])
  expect(csp['frame-src']).toEqual(party.frame.length > 0 ? party.frame : ["'none'"])
  expect(csp['form-action']).toEqual(["'self'"])
  expect(csp['object-src']).toEqual(["'none'"])
  expect(csp['base-uri']).toEqual(["'self'"])
  expect(csp['frame-ancestors']).toEqual(["'self'"])
  expect(answer.headers['referrer-policy']).toBe(referrer)
  expect(answer.headers['x-content-type-options']).toBe('nosniff')
  expect(answer.headers['permissions-policy']).toBe(
    'accelerometer=(), camera=(), geolocation=(self), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
  )
  expect(answer.headers['strict-transport-security']).toBeUndefined()
}

const PAGES: Record<
  string,
  { host: string; party: Party; pages: [string, string, number, Party?][] }
> = {
  marketplace: {
    host: BAINS,
    party: ALL,
    pages: [
      ['home', '/', 200, ALL_MAPS],
      ['home (en)', '/en/', 200, ALL_MAPS],
      ['contact', '/contact/', 200, ALL_MAPS],
      ['contact (de)', '/de/contact', 200, ALL_MAPS],
      ['shop', '/annecy', 200, ALL_MAPS],
      ['shop (en)', '/en/chambery/', 200, ALL_MAPS],
      ['service', '/services/hammam-rituels/acces-hammam', 200],
      ['post', '/magazine/bienfaits-du-hammam', 200],
      ['cart and payment', '/panier', 200],
      ['gift vouchers', '/gift', 200],
      ['account', '/profile', 200],
      ['order detail', '/profile/orders/42', 200],
      ['login', '/auth/customer/login', 200],
      ['404', '/nowhere', 404],
      ['404 (de)', '/de/nowhere', 404],
    ],
  },
  mono: {
    host: MAISON,
    party: NONE,
    pages: [
      ['home', '/', 200],
      ['service', '/services/soins-visage/soin-eclat-lumiere', 200],
      ['product', '/boutique/article/bougie-figue-cedre', 200],
      ['e-shop', '/boutique', 200],
      ['post', '/magazine/cire-ou-lumiere-pulsee', 200],
      ['cart and payment', '/panier/', 200],
      ['payment return', '/payments/rdvcheck', 200],
      ['account', '/en/profile', 200],
      ['404', '/nowhere', 404],
    ],
  },
}

describe.each(Object.entries(PAGES))(
  'site headers of the %s tenant',
  (_kind, { host, party, pages }) => {
    it.each(pages)('%s (%s)', async (_name, path, status, pageParty) => {
      const answer = await get(host, path)
      expect(answer.status).toBe(status)
      expectSiteHeaders(answer, pageParty ?? party)
    })

    it('the reset page, whose address carries the token, sends no Referer', async () => {
      for (const path of ['/profile/password-reset/abc123', '/en/profile/password-reset/abc123']) {
        const answer = await get(host, path)
        expect(answer.status).toBe(200)
        expectSiteHeaders(answer, party, 'no-referrer')
      }
    })

    it('never serves its _headers file', async () => {
      const answer = await get(host, '/_headers')
      expect(answer.status).toBe(404)
      expect(answer.body).not.toContain('Content-Security-Policy')
    })
  },
)

describe('the disabled site and an unknown host', () => {
  it("the disabled site's redirect script is allowed by its hash", async () => {
    const answer = await get('atelier-ferme.localhost', '/')
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('location.replace(')
    const script = directives(String(answer.headers['content-security-policy']))['script-src']
    expect(inlineHashes(answer.body).length).toBeGreaterThan(0)
    for (const hash of inlineHashes(answer.body)) expect(script).toContain(hash)
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('the maintenance page gets the strictest policy', async () => {
    const answer = await get('nobody.localhost', '/')
    expect(answer.status).toBe(503)
    const csp = directives(String(answer.headers['content-security-policy']))
    expect(csp['script-src']).toEqual(["'self'"])
    expect(csp['connect-src']).toEqual(["'self'"])
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  })
})
