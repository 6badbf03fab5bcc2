import { useEffect, useRef } from 'react'
import type { OrderBill } from '#contract/order-bill'
import { moneyText } from './report-rows'
import { useStudioText } from './studio-text'

/**
 * An order's bill as the server's view computed it (docs/product/5-rules.md#order-bills): its
 * lines, coupon, vouchers, total, VAT and payment status, in the storefront's bill words.
 */
export function OrderBillPanel({
  ideorder,
  bill,
  onClose,
}: {
  ideorder: string
  bill: OrderBill
  onClose: () => void
}) {
  const { t, locale } = useStudioText()
  const heading = useRef<HTMLHeadingElement>(null)
  // the bill opens below the list: the keyboard and the screen reader are taken to it
  useEffect(() => heading.current?.focus(), [])
  const money = (m: OrderBill['total']) => moneyText(m, locale)
  const name = (line: OrderBill['lines'][number]) =>
    line.name[locale] ?? line.name.fr ?? Object.values(line.name)[0] ?? line.articleId
  const foot = (label: string, amount: string, key: string) => (
    <tr key={key}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td>{amount}</td>
    </tr>
  )
  return (
    <section className="studio-bill" aria-label={t('studio.lists.bill', { ideorder })}>
      <h2 ref={heading} tabIndex={-1}>
        {t('studio.lists.bill', { ideorder })}
      </h2>
      <button type="button" onClick={onClose}>
        {t('studio.lists.closeBill')}
      </button>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling region must take the focus */}
      <div className="studio-table" tabIndex={0}>
        <table data-order-bill="">
          <thead>
            <tr>
              <th scope="col">{t('orderDetail.article')}</th>
              <th scope="col">{t('orderDetail.unitPrice')}</th>
              <th scope="col">{t('orderDetail.quantity')}</th>
              <th scope="col">{t('orderDetail.lineTotal')}</th>
            </tr>
          </thead>
          <tbody>
            {bill.lines.map((line, i) => (
              // a bill may hold the same article twice: its rank keeps the key unique
              // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id of their own
              <tr key={`${line.articleId}-${i}`}>
                <td>{name(line)}</td>
                <td>{money(line.unitPrice)}</td>
                <td>{line.quantity}</td>
                <td>{money(line.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {foot(t('orderDetail.subtotal'), money(bill.subtotal), 'subtotal')}
            {bill.coupon &&
              foot(
                t('orderDetail.coupon', { code: bill.coupon.code }),
                `−${money(bill.coupon.amount)}`,
                'coupon',
              )}
            {bill.vouchers.map((v) =>
              foot(t('orderDetail.voucher', { code: v.code }), `−${money(v.amount)}`, v.code),
            )}
            {foot(t('orderDetail.total'), money(bill.total), 'total')}
            {foot(t('orderDetail.vat'), money(bill.vat), 'vat')}
            {foot(t('orderDetail.payment'), t(`orderDetail.paymentStatus.${bill.payment}`), 'pay')}
          </tfoot>
        </table>
      </div>
    </section>
  )
}
