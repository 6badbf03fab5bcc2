import { pageCount } from '#domain/studio/customer-name'
import { useStudioText } from './studio-text'

/** Previous and next page of a list the server pages, and where the user is. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number
  total: number
  size: number
  onPage: (page: number) => void
}) {
  const { t } = useStudioText()
  const pages = pageCount(total, size)
  return (
    <p className="studio-pages">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('studio.customers.previous')}
      </button>
      <span>{t('studio.customers.page', { page, pages })}</span>
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('studio.customers.next')}
      </button>
    </p>
  )
}
