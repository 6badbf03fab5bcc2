import type { ArticleRecord } from '#contract/article'
import { formatMoney } from '#domain/money/format-money'
import type { StudioTranslator } from '#i18n/studio-messages'

/**
 * An article's price in the studio's tables: the list price, and the week price beside it when
 * one is set, since that is what the site shows and charges (decision 092).
 */
export function priceCell(
  article: Pick<ArticleRecord, 'prices' | 'weekprices'>,
  { t, locale }: Pick<StudioTranslator, 't' | 'locale'>,
): string {
  const list = formatMoney(article.prices, locale)
  const week = article.weekprices
  return week === undefined
    ? list
    : t('studio.catalogue.priceWithWeek', { price: list, week: formatMoney(week, locale) })
}
