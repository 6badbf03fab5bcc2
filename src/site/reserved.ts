import { LOCALES } from '#i18n/index'

/**
 * First path segments the route tree uses itself. A shop page lives at /:shop (docs/product/2-screens.md), so a
 * shop whose slug is one of these (or a locale code: /en is the English home) would collide
 * with another page; such a shop gets no page of its own and is reported by the build test.
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
  // served beside the pages: API proxy, tenant images, Astro's shared assets
  'api',
  'storage',
  '_astro',
])

export function isRoutableSlug(slug: string): boolean {
  return !RESERVED_SEGMENTS.has(slug)
}
