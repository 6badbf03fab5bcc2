import type { Article, Category, EshopCategory, Shop } from '#contract/index'
import {
  isExactSpan,
  isListedService,
  isProductArticle,
  isServiceArticle,
  type PriceSpan,
  priceSpan,
  unitPrice,
} from '#domain/index'
import { products, type Site } from './site-model'

const memo = new WeakMap<object, Map<string, unknown>>()

/** Per-site memo: listings are asked for by many pages of one build. */
function cached<T>(owner: object, key: string, compute: () => T): T {
  let table = memo.get(owner)
  if (!table) {
    table = new Map()
    memo.set(owner, table)
  }
  if (!table.has(key)) table.set(key, compute())
  return table.get(key) as T
}

/** The services a category lists (docs/product/5-rules.md: no drafts, no upsell-only), optionally in one shop. */
export function categoryServices(site: Site, category: Category, shop?: Shop): Article[] {
  return cached(site, `cat:${category.id}:${shop?.id ?? ''}`, () => {
    const inShop = shop ? new Set(shop.articles.map((a) => a.id)) : undefined
    return category.articles
      .map((ref) => site.articleById.get(ref.id))
      .filter((a): a is Article => a !== undefined && isServiceArticle(a) && isListedService(a))
      .filter((a) => inShop === undefined || inShop.has(a.id))
  })
}

/** Categories with at least one listed service (in the shop, when given). */
export function listedCategories(site: Site, shop?: Shop): Category[] {
  return cached(site, `cats:${shop?.id ?? ''}`, () =>
    site.categories.filter((category) => categoryServices(site, category, shop).length > 0),
  )
}

/** Every (category, service) pair that gets a detail page. */
export function servicePages(site: Site, shop?: Shop): { category: Category; service: Article }[] {
  return listedCategories(site, shop).flatMap((category) =>
    categoryServices(site, category, shop).map((service) => ({ category, service })),
  )
}

/**
 * `/:shop/services/:service` (docs/product/2-screens.md: the category is optional): each service of the
 * shop once, with the first category listing it (its breadcrumbs, and the canonical full path). A
 * slug that is also one of the shop's categories stays the category's page.
 */
export function shopServiceShortPages(
  site: Site,
  shop: Shop,
): { category: Category; service: Article }[] {
  const categories = new Set(listedCategories(site, shop).map((category) => category.slug))
  const seen = new Set<string>()
  return servicePages(site, shop).filter(({ service }) => {
    if (categories.has(service.slug) || seen.has(service.slug)) return false
    seen.add(service.slug)
    return true
  })
}

/**
 * A price as a page shows it (docs/decisions/011-price-rule.md): `from` when the page is not tied
 * to one shop and the offering shops charge differently ("from {amount}", the lowest), else the
 * exact amount every offering shop charges. Minor units incl. tax.
 */
export interface ShownPrice {
  readonly amount: number
  readonly from: boolean
}

/**
 * The shops an article can be bought at: for a service, the shops offering it (docs/product/5-rules.md: matched
 * by slug); for a product, the shops the e-shop cart lets the customer order from.
 */
export function shopsSelling(site: Site, article: Article): readonly Shop[] {
  return isProductArticle(article) ? eshopShops(site) : shopsOffering(site, article)
}

/** The shops an e-shop order can be collected at (the cart's shop choice, docs/product/4-states.md). */
export function eshopShops(site: Site): readonly Shop[] {
  return site.shops
}

/**
 * The prices of an article on a page: on a shop's page (or once a shop is chosen) that shop's
 * unitPrice, the price the server charges; elsewhere the span over the shops selling it.
 */
export function priceSpanOn(site: Site, article: Article, shop?: Shop): PriceSpan {
  if (shop) {
    const price = unitPrice(article, shop.id)
    return { min: price, max: price }
  }
  return priceSpan(
    article,
    shopsSelling(site, article).map((s) => s.id),
  )
}

/** The price a page shows: exact, or "from" the lowest where the selling shops differ. */
export function shownPrice(site: Site, article: Article, shop?: Shop): ShownPrice {
  const span = priceSpanOn(site, article, shop)
  return { amount: span.min, from: !isExactSpan(span) }
}

/** Add-ons proposed with a service (booker.upsells), drafts left out. */
export function upsellsOf(site: Site, service: Article): Article[] {
  return service.booker.upsells
    .map((id) => site.articleById.get(id))
    .filter((a): a is Article => a !== undefined && !a.draft)
}

/** docs/product/5-rules.md: shops are offered for a service matched by service slug. */
export function shopsOffering(site: Site, service: Article): readonly Shop[] {
  return cached(site, `offering:${service.id}`, () =>
    site.allShops.filter((shop) => shop.articles.some((a) => a.slug === service.slug)),
  )
}

/** The services to feature on the mono home: the hero's service first, then by order. */
export function featuredServices(site: Site, count = 6): Article[] {
  const listed = servicePages(site).map((p) => p.service)
  const unique = [...new Map(listed.map((s) => [s.id, s])).values()]
  const heroId = site.company.booker.sections.home.heroImage.serviceId
  return unique
    .sort((a, b) => Number(b.id === heroId) - Number(a.id === heroId) || a.order - b.order)
    .slice(0, count)
}

export interface ProductGroup {
  category: EshopCategory | undefined
  products: Article[]
}

/** The e-shop list: products by e-shop category, then those in none. */
export function productGroups(site: Site): ProductGroup[] {
  return cached(site, 'products', () => {
    const all = products(site)
    const byId = new Map(all.map((p) => [p.id, p]))
    const seen = new Set<string>()
    const groups = [...site.snapshot.eshopCategories]
      .sort((a, b) => a.order - b.order)
      .map((category) => {
        const items = category.articles
          .map((ref) => byId.get(ref.id))
          .filter((p): p is Article => p !== undefined && isProductArticle(p))
        for (const p of items) seen.add(p.id)
        return { category, products: items }
      })
      .filter((group) => group.products.length > 0)
    const rest = all.filter((p) => !seen.has(p.id))
    return rest.length > 0 ? [...groups, { category: undefined, products: rest }] : groups
  })
}
