import { getCoreRowModel, useReactTable } from '@tanstack/react-table'
import { type FormEvent, useId, useState } from 'react'
import { CsvDownload } from './CsvDownload'
import { giftSaleColumns } from './gift-sale-columns'
import { giftCsvRows, giftFiguresOf } from './list-csv'
import type { GiftSale } from './list-types'
import { Pager } from './Pager'
import { Loading, Retry } from './ReadState'
import { RefundAmountForm } from './RefundAmountForm'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'
import { TableView } from './TableView'
import { usePaymentRefund } from './use-desk-money'
import { GIFT_PAGE_SIZE, useGiftSales } from './use-gift-sales'

/** one empty list for every render without data (a new one would reset the table, see PaymentTable) */
const NONE: GiftSale[] = []

/**
 * The gift vouchers sold and their balances (the owner's): filters, a page at a time, the totals
 * sold, redeemed and outstanding over every page (the server's), the CSV of the filtered list.
 */
export function GiftSalesScreen({ shops }: { shops: readonly { id: string; name: string }[] }) {
  const { t, tn, locale } = useStudioText()
  const id = useId()
  const sales = useGiftSales()
  const { asked, result } = sales
  const shopName = (shopId: string) => shops.find((s) => s.id === shopId)?.name ?? shopId
  const money = (m: GiftSale['paid']) => moneyText(m, locale)
  const w = {
    soldOn: t('studio.lists.soldOn'),
    code: t('studio.lists.code'),
    to: t('studio.lists.recipient'),
    email: t('studio.lists.mail'),
    shop: t('studio.reports.shop'),
    sold: t('studio.lists.sold'),
    redeemed: t('studio.lists.redeemed'),
    refunded: t('studio.lists.refundedCol'),
    outstanding: t('studio.lists.outstanding'),
    heading: t('studio.lists.giftsHeading'),
  }
  // the CSV's titles: the words of the columns, in their order (the heading is last)
  const titles = Object.values(w).slice(0, -1)
  // the owner's refund of a sale (the list is the owner's): its form under the table
  const refund = usePaymentRefund(['studio', 'gift-sales'])
  const [chosenId, setChosen] = useState<string | undefined>()
  // read from the list as it is now: once refunded, the row read again says what is left
  const chosen = result.data?.items.find((s) => s.idgift === chosenId) as GiftSale | undefined
  const table = useReactTable({
    data: (result.data?.items ?? NONE) as GiftSale[],
    columns: giftSaleColumns({
      words: w,
      money,
      shopName,
      action: t('studio.desk.columns.action'),
      refundLabel: (s) => t('studio.lists.refundGift', { code: s.gift.code }),
      onRefund: (s) => {
        refund.reset()
        setChosen(s.idgift)
      },
    }),
    getCoreRowModel: getCoreRowModel(),
    getRowId: (s) => s.idgift,
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    const text = (name: string) => String(form.get(name) ?? '')
    sales.filter({
      start: text('start'),
      end: text('end'),
      mail: text('mail'),
      shopId: text('shop'),
    })
  }
  const totals = result.data?.totals
  return (
    <>
      <h2>{w.heading}</h2>
      <search className="studio-list-filters">
        <form onSubmit={submit}>
          {(['start', 'end'] as const).map((name) => (
            <span key={name}>
              <label htmlFor={`${id}-${name}`}>{t(`studio.lists.${name}`)}</label>
              <input
                id={`${id}-${name}`}
                name={name}
                type="date"
                defaultValue={asked.filters[name]}
              />
            </span>
          ))}
          <span>
            <label htmlFor={`${id}-mail`}>{t('studio.lists.mail')}</label>
            <input id={`${id}-mail`} name="mail" type="search" defaultValue={asked.filters.mail} />
          </span>
          <span>
            <label htmlFor={`${id}-shop`}>{t('studio.reports.shop')}</label>
            <select id={`${id}-shop`} name="shop" defaultValue={asked.filters.shopId}>
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
      {result.isError && (
        <Retry message={t('studio.lists.loadError')} onRetry={() => void result.refetch()} />
      )}
      {result.isPending && <Loading message={t('studio.loading')} />}
      {totals && (
        <dl className="studio-report-totals" aria-live="polite">
          {(['sold', 'redeemed', 'refunded', 'outstanding'] as const).map((key) => (
            <div key={key}>
              <dt>{w[key]}</dt>
              <dd>{money(totals[key])}</dd>
            </div>
          ))}
        </dl>
      )}
      {result.data && (
        <>
          <p role="status" className="studio-count">
            {result.data.total === 0
              ? t('studio.lists.noGifts')
              : tn('studio.lists.giftCount', result.data.total)}
          </p>
          {result.data.total > 0 && (
            <CsvDownload
              file="gift-vouchers.csv"
              rows={async () => [titles, ...giftCsvRows(await sales.everySale(), shopName)]}
            />
          )}
          {result.data.items.length > 0 && (
            <>
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must take the focus */}
              <section className="studio-table" tabIndex={0} aria-label={w.heading}>
                <TableView table={table} />
              </section>
            </>
          )}
          <Pager
            page={asked.page}
            total={result.data.total}
            size={GIFT_PAGE_SIZE}
            onPage={sales.toPage}
          />
          {chosen && (
            <RefundAmountForm
              key={`${chosen.idgift}-${giftFiguresOf(chosen).refundable}`}
              label={t('studio.lists.refundGift', { code: chosen.gift.code })}
              refundable={giftFiguresOf(chosen).refundable}
              call={refund}
              onRefund={(amount) => refund.mutate({ orderId: chosen.idgift, amount })}
            />
          )}
        </>
      )}
    </>
  )
}
