import { SEARCH_PAGE_SIZE } from '#contract/constants'

export interface ResultPage<T> {
  visible: T[]
  /** Whether 'see more results' is shown. */
  hasMore: boolean
}

/**
 * The results shown after `pages` reveals (docs/product/9-constants.md): 6 at first, 'see more' adds 6 each time.
 * The page count is the whole state, so a new search resets it to 1 and nothing else.
 */
export function pageResults<T>(results: readonly T[], pages = 1): ResultPage<T> {
  const count = Math.max(1, Math.floor(Number.isFinite(pages) ? pages : 1)) * SEARCH_PAGE_SIZE
  return { visible: results.slice(0, count), hasMore: results.length > count }
}
