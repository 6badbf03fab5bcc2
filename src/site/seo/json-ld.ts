import type { Article, Company, Post, Shop, Weekday } from '#contract/index'
import { WEEKDAYS } from '#contract/index'
import { isExactSpan, type PriceSpan, toDecimalString } from '#domain/index'
import type { Locale } from '#i18n/index'
import { excerpt, pick } from '../localized-text'

/** A JSON-LD node; serialised by jsonLdText. */
export type JsonLd = Record<string, unknown>

/**
 * JSON for a <script type="application/ld+json"> element. `<`, `>` and `&` are written as
 * \u escapes (still the same JSON) so tenant text can never close the script element, and
 * U+2028/2029 likewise for old parsers.
 */
export function jsonLdText(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

const SCHEMA_DAY: Record<Weekday, string> = {
  monday: 'https://schema.org/Monday',
  tuesday: 'https://schema.org/Tuesday',
  wednesday: 'https://schema.org/Wednesday',
  thursday: 'https://schema.org/Thursday',
  friday: 'https://schema.org/Friday',
  saturday: 'https://schema.org/Saturday',
  sunday: 'https://schema.org/Sunday',
}

/** Opening hours as schema.org specifications: one per open range ('day' and 'pause' alike). */
export function openingHoursSpecification(shop: Shop): JsonLd[] {
  return WEEKDAYS.flatMap((day) => {
    const opening = shop.openingHours[day]
    if (!opening || (opening.status !== 'day' && opening.status !== 'pause')) return []
    return opening.hours.map((range) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAY[day],
      opens: range.start,
      closes: range.end,
    }))
  })
}

export interface LdContext {
  origin: string
  locale: Locale
  asset: (url: string) => string
}

/** An image or file address as an absolute url (tenant images are /storage paths). */
export const absolute = (ctx: LdContext, url: string) =>
  url.startsWith('http') ? url : `${ctx.origin}${ctx.asset(url)}`

/**
 * The offer of a priced page (decision 011): an Offer at the exact price when every shop selling
 * it charges the same (or the page is one shop's), else an AggregateOffer from the lowest to the
 * highest shop price, never a list price no shop charges.
 */
function offer(company: Company, span: PriceSpan, url: string): JsonLd {
  const currency = company.booker.mCurrency
  const decimal = (minor: number) => toDecimalString(minor, currency.precision)
  return isExactSpan(span)
    ? { '@type': 'Offer', url, price: decimal(span.min), priceCurrency: currency.code }
    : {
        '@type': 'AggregateOffer',
        url,
        lowPrice: decimal(span.min),
        highPrice: decimal(span.max),
        priceCurrency: currency.code,
      }
}

/** A service detail page: schema.org Service offered by the company, with its prices. */
export function serviceLd(
  ctx: LdContext,
  company: Company,
  service: Article,
  prices: PriceSpan,
  url: string,
): JsonLd {
  const image = service.images[0]
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: pick(service.name, ctx.locale),
    description: excerpt(pick(service.description, ctx.locale), 300),
    url,
    ...(image ? { image: absolute(ctx, image.url) } : {}),
    provider: { '@type': 'Organization', name: company.identity.displayName, url: ctx.origin },
    offers: offer(company, prices, url),
  }
}

/** A product page: schema.org Product with its offer at the shops' prices. */
export function productLd(
  ctx: LdContext,
  company: Company,
  product: Article,
  prices: PriceSpan,
  url: string,
): JsonLd {
  const image = product.images[0]
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: pick(product.name, ctx.locale),
    description: excerpt(pick(product.description, ctx.locale), 300),
    url,
    ...(image ? { image: absolute(ctx, image.url) } : {}),
    brand: { '@type': 'Brand', name: company.identity.displayName },
    offers: offer(company, prices, url),
  }
}

/** A magazine post: schema.org BlogPosting. */
export function blogPostingLd(ctx: LdContext, company: Company, post: Post, url: string): JsonLd {
  const image = post.images[0]
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: pick(post.title, ctx.locale),
    description: excerpt(pick(post.summary, ctx.locale), 300),
    url,
    mainEntityOfPage: url,
    inLanguage: ctx.locale,
    ...(post.publishedAt ? { datePublished: post.publishedAt } : {}),
    ...(image ? { image: absolute(ctx, image.url) } : {}),
    author: {
      '@type': post.author ? 'Person' : 'Organization',
      name: post.author ?? company.identity.displayName,
    },
    publisher: { '@type': 'Organization', name: company.identity.displayName, url: ctx.origin },
  }
}

/** Breadcrumbs as schema.org BreadcrumbList. */
export function breadcrumbLd(items: readonly { name: string; url: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: item.url,
    })),
  }
}
