import { FALLBACK_TAB_TITLE } from '#contract/constants'

/**
 * The browser tab title from seo.siteTabTitlePattern (docs/product/3-entities.md, docs/product/8-errors.md): every %s is replaced by the
 * page title. Without a page title the tab reads the fallback 'Réservation en ligne' alone (the
 * contract's default pattern already ends with it, so filling the pattern would repeat it);
 * without a pattern the page title stands alone; a pattern without %s is a fixed title.
 * The fallback is a parameter so a translated one can be passed.
 */
export function tabTitle(
  pattern: string | null | undefined,
  pageTitle: string | null | undefined,
  fallback: string = FALLBACK_TAB_TITLE,
): string {
  const title = pageTitle?.trim()
  if (!title) return fallback
  const template = pattern?.trim()
  if (!template) return title
  // split/join, not replace(): a title containing '$&' must be inserted literally.
  return template.split('%s').join(title)
}
