import { lengthHint, resultText, SEARCH_RESULT } from '#domain/content/post-editing'
import { useStudioText } from '../studio-text'

/**
 * How a search engine's result would show the post in one language: its title, its address and
 * its description, cut where a result cuts them, with a hint on each length
 * (src/domain/content/post-editing.ts).
 */
export function SearchPreview({
  title,
  url,
  description,
}: {
  title: string
  url: string
  description: string
}) {
  const { t } = useStudioText()
  const hint = (text: string, field: 'title' | 'description') => {
    const kind = lengthHint(text, field)
    const count = { count: [...text.trim()].length, max: SEARCH_RESULT[field].max }
    return (
      <p className={`studio-search-hint studio-search-hint--${kind}`}>
        {t(`studio.posts.length.${kind}`, count)}
      </p>
    )
  }
  return (
    <section className="studio-search-preview" aria-label={t('studio.posts.searchPreview')}>
      <h3>{t('studio.posts.searchPreview')}</h3>
      <div className="studio-search-result">
        <p className="studio-search-result__url">{url}</p>
        <p className="studio-search-result__title">
          {resultText(title, 'title') || t('studio.posts.noTitle')}
        </p>
        <p className="studio-search-result__text">{resultText(description, 'description')}</p>
      </div>
      {hint(title, 'title')}
      {hint(description, 'description')}
    </section>
  )
}
