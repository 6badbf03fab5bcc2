import type { Category, Shop } from '#contract/index'
import { pick } from './localized-text'
import type { PageContext } from './page-context'
import { breadcrumbLd, type JsonLd } from './seo/json-ld'

export interface Crumb {
  name: string
  /** French path */
  path: string
}

/** The services trail: home, [shop], services, [category], [service name]. */
export function serviceCrumbs(
  ctx: PageContext,
  shop: Shop | undefined,
  category?: Category,
  service?: { name: string; path: string },
): Crumb[] {
  const base = shop ? `/${shop.slug}/services` : '/services'
  const servicesLabel =
    ctx.nav.primary.find((l) => l.id === 'services')?.label ?? ctx.t.t('nav.services')
  return [
    { name: ctx.nav.home.label, path: '/' },
    ...(shop ? [{ name: shop.publicInfo.name, path: `/${shop.slug}` }] : []),
    ...(shop ? [] : [{ name: servicesLabel, path: base }]),
    ...(category
      ? [{ name: pick(category.name, ctx.locale), path: `${base}/${category.slug}` }]
      : []),
    ...(service ? [service] : []),
  ]
}

/** The same trail as schema.org BreadcrumbList with absolute urls. */
export function crumbsLd(ctx: PageContext, crumbs: readonly Crumb[]): JsonLd {
  return breadcrumbLd(
    crumbs.map((c) => ({ name: c.name, url: `${ctx.site.origin}${ctx.link(c.path)}` })),
  )
}
