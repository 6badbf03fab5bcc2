import { type FormEvent, useId } from 'react'
import { BOOKING_STATUSES } from '#contract/booking-order'
import { useStudioText } from './studio-text'
import { type HistoryFilters, NO_FILTERS } from './use-history'

const ORIGINS = ['web', 'backoffice'] as const

/** The history's filters (docs/product/7-calls.md): period, customer, transaction, origin, status, shop. */
export function HistoryForm({
  asked,
  shops,
  onFilter,
}: {
  asked: HistoryFilters
  shops: readonly { id: string; name: string }[]
  onFilter: (filters: HistoryFilters) => void
}) {
  const { t } = useStudioText()
  const id = useId()
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: keyof HistoryFilters) => String(form.get(name) ?? '')
    const status = BOOKING_STATUSES.find((s) => s === text('bookerStatus'))
    onFilter({
      ...NO_FILTERS,
      periodSearch: text('periodSearch') === 'appointment' ? 'appointment' : 'order',
      start: text('start'),
      end: text('end'),
      firstname: text('firstname'),
      lastname: text('lastname'),
      mail: text('mail'),
      transactionId: text('transactionId'),
      bookerOrigin: text('bookerOrigin'),
      bookerStatus: status ?? '',
      shopId: text('shopId'),
    })
  }
  type Field = 'start' | 'end' | 'firstname' | 'lastname' | 'mail' | 'transactionId'
  const field = (name: Field, type = 'text') => (
    <span>
      <label htmlFor={`${id}-${name}`}>{t(`studio.lists.${name}`)}</label>
      <input id={`${id}-${name}`} name={name} type={type} defaultValue={asked[name]} />
    </span>
  )
  return (
    <search className="studio-list-filters">
      <form onSubmit={submit}>
        <span>
          <label htmlFor={`${id}-periodSearch`}>{t('studio.lists.periodSearch')}</label>
          <select id={`${id}-periodSearch`} name="periodSearch" defaultValue={asked.periodSearch}>
            <option value="order">{t('studio.lists.byOrder')}</option>
            <option value="appointment">{t('studio.lists.byVisit')}</option>
          </select>
        </span>
        {field('start', 'date')}
        {field('end', 'date')}
        {field('firstname')}
        {field('lastname')}
        {field('mail', 'search')}
        {field('transactionId')}
        <span>
          <label htmlFor={`${id}-bookerOrigin`}>{t('studio.lists.bookerOrigin')}</label>
          <select id={`${id}-bookerOrigin`} name="bookerOrigin" defaultValue={asked.bookerOrigin}>
            <option value="">{t('studio.lists.any')}</option>
            {ORIGINS.map((origin) => (
              <option key={origin} value={origin}>
                {t(`studio.lists.origins.${origin}`)}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor={`${id}-bookerStatus`}>{t('studio.lists.bookerStatus')}</label>
          <select id={`${id}-bookerStatus`} name="bookerStatus" defaultValue={asked.bookerStatus}>
            <option value="">{t('studio.lists.any')}</option>
            {BOOKING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`orderStatus.${status}`)}
              </option>
            ))}
          </select>
        </span>
        <span>
          <label htmlFor={`${id}-shopId`}>{t('studio.reports.shop')}</label>
          <select id={`${id}-shopId`} name="shopId" defaultValue={asked.shopId}>
            <option value="">{t('studio.reports.allShops')}</option>
            {shops.map((shop) => (
              <option key={shop.id} value={shop.id}>
                {shop.name}
              </option>
            ))}
          </select>
        </span>
        <button type="submit">{t('studio.lists.filter')}</button>
      </form>
    </search>
  )
}
