import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { webUrl } from '#contract/common'
import { BUSINESS_TYPES, type CompanyInput, company, type ShopInput, shop } from '#contract/index'
import { describeIssue, isFailure, jsonLdIssues } from '#support/structured-data'
import { businessLd, organizationId, type Place, placeLd } from './business-ld'
import { type JsonLd, jsonLdText } from './json-ld'

/**
 * docs/decisions/060-structured-data.md: whatever a company and its shops say (or leave out:
 * logo, geo, address, phone, social links, hours), the home's business and its places validate
 * against schema.org and Google's required properties.
 */

const CTX = { origin: 'https://salon.example', locale: 'fr' as const, asset: (url: string) => url }

// absolute and root-relative addresses, as the contract's webUrl takes them
const url = fc
  .stringMatching(/^(https?:\/\/[a-z0-9.-]{1,12}(\/[\w.~%-]{0,10}){0,2}|\/[\w./-]{0,16})$/)
  .filter((u) => webUrl.safeParse(u).success)
const line = fc.oneof(
  fc.constant(''),
  fc.constant('  '),
  fc.string({ minLength: 1, maxLength: 30 }),
)
const network = fc.record({ active: fc.boolean(), url: fc.option(url, { nil: undefined }) })
const time = fc
  .tuple(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`)
const day = fc.record({
  status: fc.constantFrom('day', 'pause', 'closed'),
  hours: fc.array(
    time.map((start) => ({ start, end: '23:30' })),
    { maxLength: 2 },
  ),
})

const companyArb = fc
  .record({
    displayName: fc.string({ minLength: 1, maxLength: 40 }),
    logo: fc.option(fc.oneof(url, fc.constant('/storage/x/logo.svg')), { nil: undefined }),
    businessType: fc.option(fc.constantFrom(...BUSINESS_TYPES), { nil: undefined }),
    socialNetworks: fc.record({ facebook: network, instagram: network, google: network }),
  })
  .map((identity): CompanyInput => ({ token: 't', nickname: 'n', identity }))
  .map((input) => company.parse(input))

const shopArb = (id: number) =>
  fc
    .record({
      name: fc.string({ minLength: 1, maxLength: 40 }),
      address: fc.record({ address: line, city: line, zipcode: line, country: line }),
      phone: fc.option(line, { nil: undefined }),
      email: fc.option(fc.constant('salon@example.org'), { nil: undefined }),
      coordinates: fc.option(
        fc.record({
          lat: fc.double({ min: -90, max: 90, noNaN: true }),
          lng: fc.double({ min: -180, max: 180, noNaN: true }),
        }),
        { nil: undefined },
      ),
      image: fc.option(fc.constant('/storage/x/shop.jpg'), { nil: undefined }),
      monday: fc.option(day, { nil: undefined }),
      saturday: fc.option(day, { nil: undefined }),
      bookingUrl: fc.option(url, { nil: undefined }),
    })
    .map((g): Place => {
      const input: ShopInput = {
        id,
        slug: `shop-${id}`,
        publicInfo: { name: g.name, address: g.address, phone: g.phone, email: g.email },
        localisation: g.coordinates ? { coordonate: g.coordinates } : undefined,
        images: g.image ? [g.image] : [],
        openingHours: {
          ...(g.monday ? { monday: g.monday } : {}),
          ...(g.saturday ? { saturday: g.saturday } : {}),
        },
      }
      return {
        shop: shop.parse(input),
        links: { url: `${CTX.origin}/shop-${id}`, bookingUrl: g.bookingUrl },
      }
    })

const placesArb = fc
  .integer({ min: 0, max: 4 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => shopArb(i + 1))))

async function failures(nodes: readonly JsonLd[]): Promise<string[]> {
  return (await jsonLdIssues(nodes.map((n) => jsonLdText(n)))).filter(isFailure).map(describeIssue)
}

describe('the home business JSON-LD', () => {
  it('validates for any company and shops, and carries the company and each place', async () => {
    await fc.assert(
      fc.asyncProperty(companyArb, placesArb, async (c, places) => {
        const nodes = businessLd(CTX, c, places)
        expect(await failures(nodes)).toEqual([])
        const [first] = nodes
        expect(first?.['@id']).toBe(organizationId(CTX))
        expect(first?.name).toBe(c.identity.displayName)
        expect(first?.url).toBe(CTX.origin)
        expect(first?.logo).toBe(
          c.identity.logo ? c.identity.logo.replace(/^\//, `${CTX.origin}/`) : undefined,
        )
        const shown = Object.values(c.identity.socialNetworks).filter((n) => n.active && n.url)
        expect((first?.sameAs as string[] | undefined)?.length ?? 0).toBe(shown.length)
        // one node per place besides the company, unless the company is its one place
        expect(
          nodes.length === places.length + 1 || (nodes.length === 1 && places.length === 1),
        ).toBe(true)
        for (const place of places) {
          const node = nodes.find((n) => n.url === place.links.url) ?? first
          const action = node?.potentialAction as { target?: { urlTemplate?: string } } | undefined
          expect(action?.target?.urlTemplate).toBe(place.links.bookingUrl)
        }
      }),
      { numRuns: 60 },
    )
  }, 30_000)

  it('validates any shop alone, as a branch or not', async () => {
    await fc.assert(
      fc.asyncProperty(companyArb, shopArb(7), fc.boolean(), async (c, place, branch) => {
        const node = placeLd(CTX, c, place, { branch })
        expect(await failures([node])).toEqual([])
        const hasAddress = Object.values(place.shop.publicInfo.address).some((v) => v.trim())
        expect(node['@type']).toBe(hasAddress ? c.identity.businessType : 'Organization')
        expect(node.geo !== undefined).toBe(hasAddress && place.shop.localisation !== undefined)
        expect(node.parentOrganization !== undefined).toBe(branch)
      }),
      { numRuns: 60 },
    )
  }, 30_000)
})
