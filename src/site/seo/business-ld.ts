import type { Company, Shop } from '#contract/index'
import { shownSocialUrl } from '#domain/index'
import { absolute, type JsonLd, type LdContext, openingHoursSpecification } from './json-ld'

/**
 * The company and its places as search engines read them (docs/decisions/060-structured-data.md):
 * the company an Organization with its name, logo, url and social profiles; each shop its
 * company's business type (identity.businessType, a LocalBusiness) with address, geo, opening
 * hours, telephone and a ReserveAction to where its online booking starts. A company with one
 * place is that place: one node of its business type carrying the company's identity.
 */

/** Where a place lives on the site, as absolute urls. */
export interface PlaceLinks {
  /** its page, or the contact page for a shop without one */
  url: string
  /** where its online booking starts; none when it takes no booking online */
  bookingUrl?: string | undefined
}

export interface Place {
  shop: Shop
  links: PlaceLinks
}

const WEB_PLATFORMS = [
  'https://schema.org/DesktopWebPlatform',
  'https://schema.org/MobileWebPlatform',
]

/** The same id on every page (home, contact, shop page) so the nodes name one company. */
export const organizationId = (ctx: LdContext) => `${ctx.origin}/#organization`
const placeId = (ctx: LdContext, shop: Shop) => `${ctx.origin}/#shop-${encodeURIComponent(shop.id)}`

const text = (value: string | null | undefined) => value?.trim() || undefined
/** The properties whose value is given: no empty string nor undefined in the output. */
const given = (entries: Record<string, unknown>): JsonLd =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== ''))

function identity(ctx: LdContext, company: Company): JsonLd {
  const { displayName, logo, socialNetworks } = company.identity
  const sameAs = Object.values(socialNetworks)
    .map(shownSocialUrl)
    .filter((url) => url !== undefined)
    .map((url) => absolute(ctx, url))
  return given({
    name: displayName,
    url: ctx.origin,
    logo: logo ? absolute(ctx, logo) : undefined,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
  })
}

/** The company alone: an Organization (a marketplace's home, the parent of its places). */
export function organizationLd(ctx: LdContext, company: Company): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(ctx),
    ...identity(ctx, company),
  }
}

function postalAddress(shop: Shop): JsonLd | undefined {
  const { address, city, zipcode, country } = shop.publicInfo.address
  const fields = given({
    streetAddress: text(address),
    addressLocality: text(city),
    postalCode: text(zipcode),
    addressCountry: text(country),
  })
  return Object.keys(fields).length > 0 ? { '@type': 'PostalAddress', ...fields } : undefined
}

function reserveAction(bookingUrl: string): JsonLd {
  return {
    '@type': 'ReserveAction',
    target: { '@type': 'EntryPoint', urlTemplate: bookingUrl, actionPlatform: WEB_PLATFORMS },
  }
}

/**
 * One shop. Google requires an address of a LocalBusiness: a shop that gives none is described
 * as an Organization (no geo nor opening hours, which schema.org gives places only).
 */
export function placeLd(
  ctx: LdContext,
  company: Company,
  { shop, links }: Place,
  options: { branch: boolean },
): JsonLd {
  const address = postalAddress(shop)
  const coordinates = shop.localisation?.coordonate
  const image = shop.images[0]
  const hours = openingHoursSpecification(shop)
  const parent = { '@type': 'Organization', '@id': organizationId(ctx) }
  const common = given({
    '@context': 'https://schema.org',
    '@id': placeId(ctx, shop),
    name: shop.publicInfo.name,
    url: links.url,
    image: image ? absolute(ctx, image.url) : undefined,
    telephone: text(shop.publicInfo.phone),
    email: text(shop.publicInfo.email),
    parentOrganization: options.branch
      ? { ...parent, name: company.identity.displayName }
      : undefined,
    potentialAction: links.bookingUrl ? reserveAction(links.bookingUrl) : undefined,
  })
  if (!address) return { ...common, '@type': 'Organization' }
  return given({
    ...common,
    '@type': company.identity.businessType,
    address,
    geo: coordinates
      ? { '@type': 'GeoCoordinates', latitude: coordinates.lat, longitude: coordinates.lng }
      : undefined,
    openingHoursSpecification: hours.length > 0 ? hours : undefined,
  })
}

/**
 * The home's business: a company with one place that has an address is that place (its
 * business type with the company's name, logo, url and sameAs); otherwise the Organization and
 * each place as its branch.
 */
export function businessLd(ctx: LdContext, company: Company, places: readonly Place[]): JsonLd[] {
  const [only] = places
  if (places.length === 1 && only && postalAddress(only.shop)) {
    const place = placeLd(ctx, company, only, { branch: false })
    return [{ ...place, '@id': organizationId(ctx), ...identity(ctx, company) }]
  }
  return [
    organizationLd(ctx, company),
    ...places.map((place) => placeLd(ctx, company, place, { branch: true })),
  ]
}
