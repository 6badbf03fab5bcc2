import { useState } from 'react'
import { Loading, Retry } from '../ReadState'
import { useStudioText } from '../studio-text'
import { MediaCard } from './MediaCard'
import { MediaPager } from './MediaPager'
import { MediaUpload } from './MediaUpload'
import { mediaErrorKey } from './media-errors'
import { useCompanyLanguages, useMediaPage, useMediaWrites } from './media-queries'

/**
 * The company's picture library (docs/decisions/081-media-storage.md): add one with its alt
 * texts, read and edit them per language, delete. A practitioner's writes are refused by the
 * server; the screen is the owner's and managers' (StudioShell).
 */
export function MediaScreen() {
  const { t } = useStudioText()
  const [page, setPage] = useState(1)
  const languages = useCompanyLanguages()
  const library = useMediaPage(page)
  const { editAlt, remove } = useMediaWrites(() => undefined)
  if (languages.isError || library.isError) {
    const retry = () => Promise.all([languages.refetch(), library.refetch()])
    return <Retry message={t('studio.media.loadError')} onRetry={() => void retry()} />
  }
  if (!languages.data || !library.data) return <Loading message={t('studio.loading')} />
  const { items, total, itemPerPage } = library.data
  return (
    <>
      <h1>{t('studio.media.heading')}</h1>
      <p>{t('studio.media.intro')}</p>
      <MediaUpload languages={languages.data} />
      <h2 id="studio-media-list">{t('studio.media.list')}</h2>
      {editAlt.isError && (
        <p role="alert">
          {mediaErrorKey(editAlt.error) === 'studio.media.error.altMissing'
            ? t('studio.media.error.altMissing')
            : t('studio.media.saveError')}
        </p>
      )}
      {remove.isError && <p role="alert">{t('studio.media.deleteError')}</p>}
      {items.length === 0 ? (
        <p>{t('studio.media.empty')}</p>
      ) : (
        <ul className="studio-media-grid" aria-labelledby="studio-media-list">
          {items.map((media) => (
            <MediaCard
              key={media.id}
              media={media}
              languages={languages.data}
              onSaveAlt={(alt) => editAlt.mutate({ id: media.id, alt })}
              onDelete={() => remove.mutate(media.id)}
            />
          ))}
        </ul>
      )}
      <MediaPager page={page} pages={Math.ceil(total / itemPerPage)} onPage={setPage} />
    </>
  )
}
