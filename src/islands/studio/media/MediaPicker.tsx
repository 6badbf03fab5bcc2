import { useId, useState } from 'react'
import type { Media } from '#contract/media'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { MediaImage } from './MediaImage'
import { MediaPager } from './MediaPager'
import { useMediaPage } from './media-queries'

/**
 * Picks a picture of the library for an editor (posts, events: docs/decisions/081-media-storage.md).
 * `onPick` receives the whole media: `url` for an <img src>, `sources` (type and srcset per
 * format) for a <picture>, `width` and `height`, and `alt` per language.
 */
export function MediaPicker({ onPick }: { onPick: (media: Media) => void }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const [page, setPage] = useState(1)
  const library = useMediaPage(page)
  if (library.isError) {
    return <Retry message={t('studio.media.loadError')} onRetry={() => void library.refetch()} />
  }
  if (!library.data) return <Loading message={t('studio.loading')} />
  const { items, total, itemPerPage } = library.data
  return (
    <section className="studio-media-picker" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('studio.media.pickerLabel')}</h2>
      {items.length === 0 && <p>{t('studio.media.empty')}</p>}
      <ul className="studio-media-grid">
        {items.map((media) => {
          const alt = media.alt[locale as 'fr'] ?? media.alt.fr ?? ''
          return (
            <li key={media.id} className="studio-media-card">
              <MediaImage media={media} alt={alt} sizes="200px" />
              <button type="button" onClick={() => onPick(media)}>
                {t('studio.media.pick')}
                <span className="visually-hidden">: {alt}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <MediaPager page={page} pages={Math.ceil(total / itemPerPage)} onPage={setPage} />
    </section>
  )
}
