import type { Shop } from '#contract/index'
import { isShopBookable } from '#domain/index'
import type { PageContext } from '../page-context'
import { isRoutableSlug } from '../reserved'
import { businessLd, type Place, placeLd } from './business-ld'
import type { JsonLd, LdContext } from './json-ld'

/**
 * The business JSON-LD of a page, from its site (docs/decisions/060-structured-data.md): where
 * each shop lives on the site and where its booking starts, in the page's language.
 */

export const ldContext = (ctx: PageContext): LdContext => ({
  origin: ctx.site.origin,
  locale: ctx.locale,
  asset: ctx.site.asset,
})

/**
 * A shop's page is its url and where its booking starts (it lists its services, each with its
 * booking); a shop whose slug the route tree keeps has none: the contact page, and the services.
 */
export function placeOf(ctx: PageContext, shop: Shop): Place {
  const routable = isRoutableSlug(shop.slug)
  const absolute = (path: string) => `${ctx.site.origin}${ctx.link(path)}`
  return {
    shop,
    links: {
      url: absolute(routable ? `/${shop.slug}` : '/contact'),
      bookingUrl: isShopBookable(ctx.site.company, shop)
        ? absolute(routable ? `/${shop.slug}` : '/services')
        : undefined,
    },
  }
}

/** The home: the company and its places. */
export function homeLd(ctx: PageContext): JsonLd[] {
  const { site } = ctx
  return businessLd(
    ldContext(ctx),
    site.company,
    site.allShops.map((shop) => placeOf(ctx, shop)),
  )
}

/** A shop as it appears on its page and the contact page, a branch when the company has others. */
export function shopLd(ctx: PageContext, shop: Shop): JsonLd {
  const branch = ctx.site.allShops.length > 1
  return placeLd(ldContext(ctx), ctx.site.company, placeOf(ctx, shop), { branch })
}
