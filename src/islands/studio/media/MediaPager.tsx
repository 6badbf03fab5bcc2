import { useStudioText } from '../studio-text'

/** Previous and next pages of the library; nothing when it fits on one. */
export function MediaPager({
  page,
  pages,
  onPage,
}: {
  page: number
  pages: number
  onPage: (page: number) => void
}) {
  const { t } = useStudioText()
  if (pages <= 1) return null
  return (
    <nav className="studio-media-pager" aria-label={t('studio.media.list')}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('studio.media.previous')}
      </button>{' '}
      <span>{t('studio.media.page', { page, pages })}</span>{' '}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('studio.media.next')}
      </button>
    </nav>
  )
}
