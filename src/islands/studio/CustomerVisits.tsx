import type { UseQueryResult } from '@tanstack/react-query'
import type { BookingOrder } from '#contract/booking-order'
import { splitVisits, type VisitLine } from '#domain/studio/customer-visits'
import { Loading, Retry } from './ReadState'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'

/** The customer's visits, coming and past, and their orders with what is paid of each. */
export function CustomerVisits({ history }: { history: UseQueryResult<BookingOrder[]> }) {
  const { t, locale } = useStudioText()
  if (history.isError) {
    return <Retry message={t('studio.file.loadError')} onRetry={() => void history.refetch()} />
  }
  if (!history.data) return <Loading message={t('studio.loading')} />
  const now = new Date().toISOString().slice(0, 16)
  const { coming, past } = splitVisits(history.data, now)
  const line = (v: VisitLine) => (
    <li key={v.id}>
      {t('studio.file.visit', {
        day: v.start.slice(0, 10),
        time: v.start.slice(11, 16),
        order: v.ideorder,
      })}{' '}
      · {t(`orderStatus.${v.status as BookingOrder['status']}`)}
    </li>
  )
  return (
    <>
      <section aria-labelledby="studio-coming">
        <h2 id="studio-coming">{t('studio.file.coming')}</h2>
        {coming.length === 0 ? <p>{t('studio.file.none')}</p> : <ul>{coming.map(line)}</ul>}
      </section>
      <section aria-labelledby="studio-past">
        <h2 id="studio-past">{t('studio.file.past')}</h2>
        {past.length === 0 ? <p>{t('studio.file.none')}</p> : <ul>{past.map(line)}</ul>}
      </section>
      <section aria-labelledby="studio-orders">
        <h2 id="studio-orders">{t('studio.file.orders')}</h2>
        {history.data.length === 0 ? (
          <p>{t('studio.file.none')}</p>
        ) : (
          <ul>
            {history.data.map((o) => (
              <li key={o.id}>
                {t('studio.file.order', {
                  order: o.ideorder,
                  total: moneyText(o.total, locale),
                  paid: moneyText(o.paid, locale),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
