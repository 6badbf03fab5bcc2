import { LOCALES } from '#i18n/index'
import { SLUG_PATTERN } from '../content/post-editing'

/**
 * First path segments the route tree uses itself. A shop page lives at /:shop
 * (docs/product/2-screens.md), so a shop whose slug is one of these (or a locale code: /en is the
 * English home) would collide with another page; such a shop gets no page of its own. The site
 * skips such a shop, the studio and the API refuse to name a shop so
 * (docs/decisions/094-shop-lifecycle.md).
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set([
  ...LOCALES,
  'services',
  'boutique',
  'gift',
  'bonscadeaux',
  'magazine',
  'contact',
  'legal',
  'presse',
  'disabled',
  'waiting',
  'payments',
  'auth',
  'profile',
  'panier',
  '404',
  '500',
  // served beside the pages: API proxy, tenant images, Astro's shared assets, the studio
  'api',
  'storage',
  '_astro',
  // pages added since: a collection's page, and the studio the same host serves
  'collections',
  'studio',
])

export function isRoutableSlug(slug: string): boolean {
  return !RESERVED_SEGMENTS.has(slug)
}

export type ShopSlugVerdict = 'ok' | 'invalid' | 'reserved' | 'taken'

/** Whether a new or renamed shop may take `slug`, beside the company's other shops' slugs. */
export function shopSlugVerdict(slug: string, others: readonly string[]): ShopSlugVerdict {
  if (!SLUG_PATTERN.test(slug)) return 'invalid'
  if (!isRoutableSlug(slug)) return 'reserved'
  return others.includes(slug) ? 'taken' : 'ok'
}
