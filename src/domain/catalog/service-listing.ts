import { SERVICE_ARTICLE_TYPES, SHOP_ARTICLE_TYPE } from '#contract/article'

/** The Article fields the listing reads (docs/product/3-entities.md Article). */
export interface ListableArticleLike {
  type?: string | number | null | undefined
  draft?: boolean | null | undefined
  booker?: { upsellOnly?: boolean | null | undefined } | null | undefined
}

export function isServiceArticle(article: ListableArticleLike): boolean {
  return (SERVICE_ARTICLE_TYPES as readonly string[]).includes(String(article.type ?? ''))
}

export function isProductArticle(article: ListableArticleLike): boolean {
  return String(article.type ?? '') === SHOP_ARTICLE_TYPE
}

/**
 * Whether a service appears in the service listings (docs/product/5-rules.md): drafts are hidden, and so are
 * upsell-only services, which are only offered alongside another service.
 */
export function isListedService(article: ListableArticleLike): boolean {
  return article.draft !== true && article.booker?.upsellOnly !== true
}

/** The services a listing shows, in their given order. */
export function listedServices<T extends ListableArticleLike>(articles: readonly T[]): T[] {
  return articles.filter(isListedService)
}
