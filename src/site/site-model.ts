import {
  type Article,
  type Category,
  type Company,
  MODULE_LEVEL,
  type Post,
  type Shop,
  type SiteSnapshot,
} from '#contract/index'
import type { SiteMedia } from '#contract/media'
import { isLiveAt } from '#domain/content/post-schedule'
import {
  canRunModule,
  isEshopEnabled,
  isGiftOffered,
  isMarketplace,
  isProductArticle,
} from '#domain/index'
import { mediaByAddress } from '#domain/media/responsive'
import { enabledLocales, type Locale } from '#i18n/index'
import { type SiteTheme, siteTheme } from '#theme/index'
import { assetUrlWith, storageBase } from './asset-url'
import { buildNow } from './build-clock'
import { jobScoped } from './job-scope'
import { isRoutableSlug } from './reserved'
import { readSelectedSnapshots, readSnapshot } from './snapshots'

/**
 * One tenant's site, derived once per build from its snapshot: the rules of src/domain applied,
 * lists sorted and indexed, so pages only look things up (a page must render in about a
 * millisecond: the budget of docs/benchmarks.md is under 2 ms per page).
 */
export interface Site {
  host: string
  company: Company
  /** enabled locales, French first (booker.langs) */
  locales: readonly Locale[]
  /** absolute origin for canonical and og urls */
  origin: string
  theme: SiteTheme
  asset: (url: string) => string
  now: number
  marketplace: boolean
  /** the e-shop module (docs/product/6-roles.md): module level, payment, eshopEnabled */
  shopOn: boolean
  /** gift vouchers offered (docs/product/5-rules.md) */
  giftOn: boolean
  /** docs/product/4-states.md: site disabled and not in debug (pages redirect), or in debug (a debug bar) */
  disabled: 'no' | 'redirect' | 'debug'
  /** every shop, by order */
  allShops: readonly Shop[]
  /** shops that get a /:shop page (slug not reserved by the route tree) */
  shops: readonly Shop[]
  categories: readonly Category[]
  articleById: ReadonlyMap<string, Article>
  /** published posts whose publication time has come, any locale */
  posts: readonly Post[]
  /** the media library's picture behind an image address, if it is one (decision 091) */
  mediaOf: (url: string) => SiteMedia | undefined
  snapshot: SiteSnapshot
}

const byOrder = <T extends { order: number; id: string }>(a: T, b: T) =>
  a.order - b.order || a.id.localeCompare(b.id, 'en', { numeric: true })

/** The public origin: the company's websiteURL when set, https://host otherwise. */
export function siteOrigin(host: string, websiteURL: string | undefined): string {
  if (websiteURL?.startsWith('http')) {
    try {
      return new URL(websiteURL).origin
    } catch {
      // an unreadable websiteURL falls back to the host
    }
  }
  return `https://${host}`
}

export function buildSite(snapshot: SiteSnapshot, env: NodeJS.ProcessEnv = process.env): Site {
  const { company } = snapshot
  const asset = assetUrlWith(storageBase(env))
  const allShops = [...snapshot.shops].sort(byOrder)
  const booker = company.booker
  const media = mediaByAddress(snapshot.media)
  return {
    host: snapshot.host,
    company,
    locales: enabledLocales(booker.langs),
    origin: siteOrigin(snapshot.host, company.identity.websiteURL),
    theme: siteTheme(company, asset),
    asset,
    now: buildNow(env),
    marketplace: isMarketplace(allShops.length, booker.homepageType),
    shopOn: canRunModule(MODULE_LEVEL.eshop, company.version) && isEshopEnabled(company),
    giftOn: isGiftOffered(company),
    disabled: !booker.siteDisabled ? 'no' : company.isDebug ? 'debug' : 'redirect',
    allShops,
    shops: allShops.filter((shop) => isRoutableSlug(shop.slug)),
    categories: [...snapshot.categories].sort(byOrder),
    articleById: new Map(snapshot.articles.map((article) => [article.id, article])),
    // a scheduled post waits for its instant (docs/decisions/082-post-preview.md)
    posts: snapshot.posts.filter((post) => isLiveAt(post, buildNow(env))),
    mediaOf: (url) => media.get(url),
    snapshot,
  }
}

/** Products sold in the e-shop: type '2', drafts hidden. */
export function products(site: Site): Article[] {
  return site.snapshot.articles.filter((a) => isProductArticle(a) && !a.draft).sort(byOrder)
}

const sites = jobScoped<string, Site>()

/** The site of a host, built once per build job (job-scope.ts). */
export function siteOf(host: string): Site {
  let site = sites.get(host)
  if (!site) {
    site = buildSite(readSnapshot(host))
    sites.set(host, site)
  }
  return site
}

/** The sites this build renders (SITES_TENANTS or every snapshot; src/site/snapshots.ts). */
export function selectedSites(): Site[] {
  return readSelectedSnapshots().map((snapshot) => siteOf(snapshot.host))
}
