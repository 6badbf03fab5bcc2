import { type ArticleRecord, articleBody } from '#contract/article'
import { LANGUAGES } from '#contract/language'
import { parsePrice, parseWeekPrice, priceText, weekPriceText } from './price-fields'

/**
 * The studio's service form (docs/decisions/083-catalogue-checks.md): what the fields hold as
 * typed, and the article body they make. Prices are typed as decimals and sent as integer minor
 * units; the body is held to the contract's schema before it is sent.
 */
export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const FORM_LANGUAGES: readonly LanguageCode[] = LANGUAGES.map((l) => l.code)

export interface ShopOffer {
  readonly offered: boolean
  /** the shop's own price as typed; empty: the list price */
  readonly price: string
}

export interface ServiceFormValues {
  readonly names: Readonly<Partial<Record<LanguageCode, string>>>
  readonly descriptions: Readonly<Partial<Record<LanguageCode, string>>>
  readonly duration: string
  readonly price: string
  /** the week price as typed; empty: none (docs/decisions/092-week-prices-and-online-booking.md) */
  readonly weekPrice: string
  readonly published: boolean
  /** booked online; off: listed with its price, booked at the salon only (decision 092) */
  readonly onlineBooking: boolean
  readonly shops: Readonly<Record<string, ShopOffer>>
}

export type ServiceFormError = 'name' | 'duration' | 'price' | 'weekPrice' | 'shopPrice'

/**
 * Articles as the studio reads them: the stored record (GET /api/articles/records), list price
 * and week price apart. Never the `article` read, whose week price is already swapped in: saving
 * that would write the week price as the list price (decision 092).
 */
type ReadArticle = ArticleRecord

/** 'Soin Visage éclat' -> 'soin-visage-eclat': the service's address on the site. */
export function slugOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
}

export function serviceFormOf(
  article: ReadArticle | undefined,
  shops: readonly { readonly id: string; readonly articles: readonly { id: string }[] }[],
): ServiceFormValues {
  const own = new Map(article?.booker.pricesByShops.map((p) => [p.boutiqueId, p.pvTtc]))
  return {
    names: { ...article?.name },
    descriptions: { ...article?.description },
    duration: article?.duration === undefined ? '' : String(article.duration),
    price: article ? priceText(article.prices) : '',
    weekPrice: weekPriceText(article?.weekprices),
    published: article ? !article.draft : false,
    onlineBooking: article ? article.booker.onlineBooking : true,
    shops: Object.fromEntries(
      shops.map((shop) => {
        const price = own.get(shop.id)
        const offered = article ? shop.articles.some((a) => a.id === article.id) : false
        return [shop.id, { offered, price: price === undefined ? '' : priceText(price) }]
      }),
    ),
  }
}

const filled = (text: Readonly<Partial<Record<LanguageCode, string>>>) =>
  Object.fromEntries(Object.entries(text).filter(([, v]) => v !== undefined && v.trim() !== ''))

/**
 * The body to send, kept from `base` (an edited service) but for the form's fields, or the
 * first field in error. The French name is required: the site's base language.
 */
export function serviceBodyOf(
  values: ServiceFormValues,
  base?: ReadArticle,
): { body: ReturnType<typeof articleBody.parse> } | { error: ServiceFormError } {
  const name = filled(values.names)
  if (!name.fr) return { error: 'name' }
  const duration = Number(values.duration)
  if (!/^\d{1,4}$/.test(values.duration.trim()) || duration <= 0) return { error: 'duration' }
  const prices = parsePrice(values.price)
  if (prices === undefined) return { error: 'price' }
  const week = parseWeekPrice(values.weekPrice)
  if (!week.ok) return { error: 'weekPrice' }
  const pricesByShops: { boutiqueId: string; pvTtc: number }[] = []
  for (const [boutiqueId, offer] of Object.entries(values.shops)) {
    if (!offer.offered || offer.price.trim() === '') continue
    const pvTtc = parsePrice(offer.price)
    if (pvTtc === undefined) return { error: 'shopPrice' }
    pricesByShops.push({ boutiqueId, pvTtc })
  }
  const { id: _id, ...kept } = base ?? { id: '' }
  const parsed = articleBody.safeParse({
    type: '1',
    slug: slugOf(name.fr) || 'service',
    ...kept,
    name,
    description: filled(values.descriptions),
    duration,
    prices,
    // cleared: the key is left out, and PUT replaces the stored record
    weekprices: week.minor,
    draft: !values.published,
    booker: { ...base?.booker, pricesByShops, onlineBooking: values.onlineBooking },
  })
  return parsed.success ? { body: parsed.data } : { error: 'name' }
}

/** The shops to link the service to, and to unlink it from, to match the form. */
export function offerChanges(
  values: ServiceFormValues,
  serviceId: string,
  shops: readonly { readonly id: string; readonly articles: readonly { id: string }[] }[],
): { link: string[]; unlink: string[] } {
  const link: string[] = []
  const unlink: string[] = []
  for (const shop of shops) {
    const now = shop.articles.some((a) => a.id === serviceId)
    const wanted = values.shops[shop.id]?.offered ?? now
    if (wanted && !now) link.push(shop.id)
    if (!wanted && now) unlink.push(shop.id)
  }
  return { link, unlink }
}

/** An employee as the form reads it: whose services list decides who performs what. */
export interface SkilledLike {
  readonly id: string
  /** empty: performs every service (service-needs.ts) */
  readonly services: readonly string[]
}

/**
 * The employees whose list must change so that exactly the `wanted` ones perform the service.
 * One performing everything (empty list) is left as is: narrowing them would mean listing every
 * other service, a choice for their own form.
 */
export function performerChanges<R extends SkilledLike>(
  serviceId: string,
  wanted: Readonly<Record<string, boolean>>,
  employees: readonly R[],
): { employee: R; services: string[] }[] {
  return employees.flatMap((employee) => {
    const want = wanted[employee.id]
    if (want === undefined || employee.services.length === 0) return []
    const has = employee.services.includes(serviceId)
    if (want === has) return []
    const services = want
      ? [...employee.services, serviceId]
      : employee.services.filter((s) => s !== serviceId)
    return [{ employee, services }]
  })
}
