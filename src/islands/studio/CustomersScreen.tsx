import { type FormEvent, useId, useState } from 'react'
import { pageCount } from '#domain/studio/customer-name'
import { CustomerProfile } from './CustomerProfile'
import { CustomerTable } from './CustomerTable'
import { Loading, Retry } from './ReadState'
import { useStudioText } from './studio-text'
import { CUSTOMER_PAGE_SIZE, useCustomerSearch } from './use-customer-search'

/**
 * The company's customers: a search by name, e-mail or phone, page by page; a name opens the
 * customer's profile, and going back finds the search as it was.
 */
export function CustomersScreen({ owner }: { owner: boolean }) {
  const { t, tn } = useStudioText()
  const id = useId()
  const { asked, result, search, toPage } = useCustomerSearch()
  const [open, setOpen] = useState<string>()
  if (open)
    return <CustomerProfile artebeauteId={open} owner={owner} onBack={() => setOpen(undefined)} />
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    search(String(new FormData(event.currentTarget).get('filter') ?? ''))
  }
  const pages = pageCount(result.data?.total ?? 0, CUSTOMER_PAGE_SIZE)
  return (
    <>
      <h1>{t('studio.customers.heading')}</h1>
      <search className="studio-search">
        <form onSubmit={submit}>
          <label htmlFor={`${id}-filter`}>{t('studio.customers.search')}</label>
          <input id={`${id}-filter`} name="filter" type="search" defaultValue={asked.filter} />
          <button type="submit">{t('studio.customers.searchButton')}</button>
        </form>
      </search>
      {result.isError && (
        <Retry message={t('studio.customers.loadError')} onRetry={() => void result.refetch()} />
      )}
      {result.isPending && <Loading message={t('studio.loading')} />}
      {result.data && (
        <>
          <p role="status" className="studio-count">
            {result.data.total === 0
              ? t('studio.customers.empty')
              : tn('studio.customers.count', result.data.total)}
          </p>
          {result.data.items.length > 0 && (
            <CustomerTable rows={result.data.items} onOpen={setOpen} />
          )}
          <p className="studio-pages">
            <button type="button" disabled={asked.page <= 1} onClick={() => toPage(asked.page - 1)}>
              {t('studio.customers.previous')}
            </button>
            <span>{t('studio.customers.page', { page: asked.page, pages })}</span>
            <button
              type="button"
              disabled={asked.page >= pages}
              onClick={() => toPage(asked.page + 1)}
            >
              {t('studio.customers.next')}
            </button>
          </p>
        </>
      )}
    </>
  )
}
