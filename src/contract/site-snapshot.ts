import * as z from 'zod/mini'
import { alert } from './alert'
import { article } from './article'
import { category } from './category'
import { collectionItem, collectionSchema } from './collection'
import { company } from './company'
import { coupon } from './coupon'
import { eshopCategory } from './eshop'
import { event } from './event'
import { siteMedia } from './media'
import { post, postCategory } from './post'
import { shop } from './shop'

/**
 * Everything one tenant's static site is built from, pulled through src/api by
 * scripts/build-sites and written to disk; the Astro pages read it back in getStaticPaths
 * (reading from disk rather than importing keeps Astro's incremental builds cheap).
 * `host` is the site's host name and the `[tenant]` route parameter.
 */
export const siteSnapshot = z.object({
  host: z.string().check(z.regex(/^[a-z0-9.-]+$/)),
  /**
   * The company token of docs/product/7-calls.md startup (public: any browser gets it from /companies/token by
   * host); written on each page so the islands call the API without that first round trip.
   */
  companyToken: z.optional(z.string()),
  company,
  shops: z.array(shop),
  categories: z.array(category),
  /** services and products as the catalogue lists them (drafts included; rules in src/domain filter) */
  articles: z.array(article),
  eshopCategories: z.array(eshopCategory),
  posts: z.array(post),
  postCategories: z.array(postCategory),
  events: z.array(event),
  alerts: z.array(alert),
  coupons: z.array(coupon),
  /**
   * The company's collections with their items (decision 084); absent in a snapshot written
   * before them: none.
   */
  collections: z._default(
    z.array(z.object({ schema: collectionSchema, items: z.array(collectionItem) })),
    [],
  ),
  /**
   * The media library's pictures the pages show (decision 091), so they render as responsive
   * <picture>s; absent in older snapshots and in demo tenants: plain <img>s.
   */
  media: z._default(z.array(siteMedia), []),
})
export type SiteSnapshot = z.infer<typeof siteSnapshot>
