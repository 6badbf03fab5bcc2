import { type FormEvent, useId, useState } from 'react'
import { statsCalls } from '#contract/calls/stats'
import { CsvDownload } from './CsvDownload'
import { paymentCsvRows } from './list-csv'
import type { ShopPayment } from './list-types'
import { PaymentTable } from './PaymentTable'
import { Loading, Retry } from './ReadState'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { usePayments } from './use-payments'

const sum = (shops: readonly ShopPayment[]) => shops.reduce((s, shop) => s + shop.total.amount, 0)

/**
 * The payments per shop and provider for a period (the owner's): bookings and gift vouchers,
 * each shop's lines and total as the server computed them from the bills, and their CSV.
 */
export function PaymentsScreen({ shops }: { shops: readonly { id: string; name: string }[] }) {
  const { t, locale } = useStudioText()
  const id = useId()
  const { asked, ask, result } = usePayments()
  const [refused, setRefused] = useState(false)
  const shopName = (shopId: string) => shops.find((s) => s.id === shopId)?.name ?? shopId
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const next = { start: String(form.get('start')), end: String(form.get('end')) }
    // the contract's own check: a period the server would refuse is not asked for
    const valid = statsCalls.bookingShopsPayment.query.safeParse(next).success
    setRefused(!valid)
    if (valid) ask(next)
  }
  const data = result.data
  const currency = data?.bookings[0]?.total.currency ?? data?.gifts[0]?.total.currency ?? 'EUR'
  const money = (amount: number) => moneyText({ amount, currency }, locale)
  const bookings = t('studio.lists.bookings')
  const gifts = t('studio.lists.giftVouchers')
  const csv = async () => [
    [
      t('studio.lists.kind'),
      t('studio.reports.shop'),
      t('studio.lists.provider'),
      t('studio.lists.orders'),
      t('studio.lists.billed'),
      t('studio.lists.paid'),
    ],
    ...paymentCsvRows(bookings, data?.bookings ?? [], shopName),
    ...paymentCsvRows(gifts, data?.gifts ?? [], shopName),
  ]
  return (
    <>
      <h2>{t('studio.lists.paymentsHeading')}</h2>
      <form className="studio-report-form" onSubmit={submit}>
        <label htmlFor={`${id}-start`}>{t('studio.reports.start')}</label>
        <input id={`${id}-start`} name="start" type="date" required defaultValue={asked.start} />
        <label htmlFor={`${id}-end`}>{t('studio.reports.end')}</label>
        <input id={`${id}-end`} name="end" type="date" required defaultValue={asked.end} />
        <button type="submit">{t('studio.reports.show')}</button>
      </form>
      {refused && (
        <p role="alert" className="studio-error">
          {t('studio.lists.badPeriod')}
        </p>
      )}
      {result.isError && (
        <Retry message={t('studio.lists.loadError')} onRetry={() => void result.refetch()} />
      )}
      {result.isPending && <Loading message={t('studio.loading')} />}
      {data && (
        <>
          <dl className="studio-report-totals" aria-live="polite" data-payment-totals="">
            <div>
              <dt>{bookings}</dt>
              <dd data-amount={sum(data.bookings)}>{money(sum(data.bookings))}</dd>
            </div>
            <div>
              <dt>{gifts}</dt>
              <dd data-amount={sum(data.gifts)}>{money(sum(data.gifts))}</dd>
            </div>
          </dl>
          <CsvDownload file={`payments-${asked.start}-${asked.end}.csv`} rows={csv} />
          <PaymentTable title={bookings} shops={data.bookings} shopName={shopName} />
          <PaymentTable title={gifts} shops={data.gifts} shopName={shopName} />
        </>
      )}
    </>
  )
}
