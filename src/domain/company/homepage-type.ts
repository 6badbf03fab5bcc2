export type HomepageType = 'mono' | 'multi'

/**
 * The homepage mode (docs/product/1-overview.md, docs/product/9-constants.md): mono whenever there is at most one shop; otherwise the
 * company's homepageType, where 'multi' and 'mkp' both mean marketplace. Anything else, or no
 * setting, is mono, the default.
 */
export function resolveHomepageType(
  shopCount: number,
  homepageType: string | null | undefined,
): HomepageType {
  if (!(shopCount > 1)) return 'mono'
  const type = homepageType?.trim().toLowerCase()
  return type === 'multi' || type === 'mkp' ? 'multi' : 'mono'
}

/** The marketplace hero, search and grouping are shown only outside mono mode (docs/product/2-screens.md). */
export function isMarketplace(shopCount: number, homepageType: string | null | undefined): boolean {
  return resolveHomepageType(shopCount, homepageType) === 'multi'
}
