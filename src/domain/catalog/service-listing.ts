/** The Article fields the listing reads (spec §3 Article). */
export interface ListableArticleLike {
  type?: string | number | null | undefined
  draft?: boolean | null | undefined
  booker?: { upsellOnly?: boolean | null | undefined } | null | undefined
}

/** Article types '1' and '4' are services, '2' is a product (spec §3). */
export function isServiceArticle(article: ListableArticleLike): boolean {
  const type = String(article.type ?? '')
  return type === '1' || type === '4'
}

export function isProductArticle(article: ListableArticleLike): boolean {
  return String(article.type ?? '') === '2'
}

/**
 * Whether a service appears in the service listings (spec §5): drafts are hidden, and so are
 * upsell-only services, which are only offered alongside another service.
 */
export function isListedService(article: ListableArticleLike): boolean {
  return article.draft !== true && article.booker?.upsellOnly !== true
}

/** The services a listing shows, in their given order. */
export function listedServices<T extends ListableArticleLike>(articles: readonly T[]): T[] {
  return articles.filter(isListedService)
}
