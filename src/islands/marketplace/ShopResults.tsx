import type { RecentShops } from '#domain/search/recent-shops'
import type { ResultPage } from '#domain/search/result-paging'
import type { AppTranslator } from '#i18n/messages'
import { ShopCard } from './ShopCard'
import type { SearchShop, ShopResult } from './search-state'

interface ShopResultsProps {
  t: AppTranslator
  /** the island's useId, prefix of its element ids */
  id: string
  searching: boolean
  results: readonly ShopResult[]
  page: ResultPage<ShopResult>
  suggestions: readonly ShopResult[]
  suggestionsOpen: boolean
  onMore(): void
  onToggleSuggestions(): void
}

/** The results (their count in the title, 6 at a time), then the suggestions, folded on demand. */
export function ShopResults(props: ShopResultsProps) {
  const { t, id, searching, results, page, suggestions } = props
  return (
    <section className="shop-results" aria-labelledby={`${id}-results`}>
      <h2 id={`${id}-results`} className="shop-results__title" aria-live="polite">
        {results.length === 0
          ? t.t('mkp.search.noResults')
          : searching
            ? t.tn('mkp.search.resultCount', results.length)
            : `${t.t('mkp.search.nearby')} – ${t.tn('mkp.search.resultCount', results.length)}`}
      </h2>
      <ul className="shop-results__list">
        {page.visible.map((result) => (
          <ShopCard key={result.shop.id} t={t} result={result} />
        ))}
      </ul>
      {page.hasMore && (
        <button type="button" className="button" onClick={props.onMore}>
          {t.t('mkp.search.seeMoreResults')}
        </button>
      )}
      {suggestions.length > 0 && (
        <div className="shop-suggestions">
          <h3>
            <button
              type="button"
              className="link-button"
              aria-expanded={props.suggestionsOpen}
              aria-controls={`${id}-suggestions`}
              onClick={props.onToggleSuggestions}
            >
              {t.t('mkp.search.suggestions')}
            </button>
          </h3>
          <ul
            id={`${id}-suggestions`}
            className="shop-results__list"
            hidden={!props.suggestionsOpen}
          >
            {suggestions.map((result) => (
              <ShopCard key={result.shop.id} t={t} result={result} />
            ))}
          </ul>
        </div>
      )}
    </section>
  )
}

/** The last visited shop and up to three more (docs/product/9-constants.md), or words saying there is none yet. */
export function RecentShopList({
  t,
  id,
  recent,
}: {
  t: AppTranslator
  id: string
  recent: RecentShops<SearchShop>
}) {
  return (
    <section className="shop-recent" aria-labelledby={`${id}-recent`}>
      <h2 id={`${id}-recent`} className="shop-results__title">
        {t.t('mkp.search.recentShops')}
      </h2>
      {recent.last ? (
        <ul className="shop-results__list">
          <ShopCard
            t={t}
            result={{ shop: recent.last, distanceKm: null }}
            tag={t.t('mkp.search.lastVisit')}
          />
          {recent.others.map((shop) => (
            <ShopCard
              key={shop.id}
              t={t}
              result={{ shop, distanceKm: null }}
              tag={t.t('mkp.search.visit')}
            />
          ))}
        </ul>
      ) : (
        <p>{t.t('mkp.search.noVisit')}</p>
      )}
    </section>
  )
}
