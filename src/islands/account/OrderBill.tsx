import type { OrderBill as Bill } from '#contract/order-bill'
import type { Locale } from '#i18n/locales'
import type { AppTranslator } from '#i18n/messages'

interface OrderBillProps {
  t: AppTranslator
  bill: Bill
  price(minor: number): string
  /** a line's name: the server's (translated) name, else the page's name of the article */
  lineName(line: Bill['lines'][number]): string
}

const nameIn = (text: Partial<Record<Locale, string>>, locale: Locale) =>
  text[locale] ?? text.fr ?? Object.values(text)[0] ?? ''

/** The line's translated name as the server gave it ('' when it gave none). */
export function billLineName(line: Bill['lines'][number], locale: Locale): string {
  return nameIn(line.name, locale)
}

/** Lines with a stable key: an article's id, and its rank among lines of the same article. */
function keyed(lines: Bill['lines']) {
  const seen = new Map<string, number>()
  return lines.map((line) => {
    const rank = (seen.get(line.articleId) ?? 0) + 1
    seen.set(line.articleId, rank)
    return { line, key: `${line.articleId}#${rank}` }
  })
}

/** The payment status in words. */
export function paymentLabel(t: AppTranslator, bill: Bill): string {
  return t.t(`orderDetail.paymentStatus.${bill.payment}`)
}

/**
 * An order line by line (docs/product/5-rules.md#order-bills), as the server's order view computed
 * it (src/domain/orders: the total recomputed from the lines): unit price, quantity, line total;
 * then the subtotal, the coupon, the gift vouchers, the VAT included, the total and the payment
 * status. DOM hooks (amounts in minor units): [data-bill-line] [data-bill-unit-price][data-amount],
 * [data-bill-line-total][data-amount], [data-bill-subtotal], [data-bill-coupon],
 * [data-bill-voucher], [data-bill-vat], [data-bill-total], [data-bill-refunded] (each with data-amount),
 * [data-bill-payment][data-state].
 */
export function OrderBill({ t, bill, price, lineName }: OrderBillProps) {
  const row = (label: string, amount: number, hook: string, sign = '') => (
    <tr key={`${hook}-${label}`}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td {...{ [`data-bill-${hook}`]: '' }} data-amount={amount}>
        {sign}
        {price(amount)}
      </td>
    </tr>
  )
  return (
    <table className="account-table order-bill" data-order-bill="">
      <caption>{t.t('orderDetail.lines')}</caption>
      <thead>
        <tr>
          <th scope="col">{t.t('orderDetail.article')}</th>
          <th scope="col">{t.t('orderDetail.unitPrice')}</th>
          <th scope="col">{t.t('orderDetail.quantity')}</th>
          <th scope="col">{t.t('orderDetail.lineTotal')}</th>
        </tr>
      </thead>
      <tbody>
        {keyed(bill.lines).map(({ line, key }) => (
          <tr key={key} data-bill-line={line.articleId}>
            <td>{lineName(line)}</td>
            <td data-bill-unit-price="" data-amount={line.unitPrice.amount}>
              {price(line.unitPrice.amount)}
            </td>
            <td>{line.quantity}</td>
            <td data-bill-line-total="" data-amount={line.total.amount}>
              {price(line.total.amount)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        {row(t.t('orderDetail.subtotal'), bill.subtotal.amount, 'subtotal')}
        {bill.coupon &&
          row(
            bill.coupon.code
              ? t.t('orderDetail.coupon', { code: bill.coupon.code })
              : t.t('orderDetail.discount'),
            bill.coupon.amount.amount,
            'coupon',
            '−',
          )}
        {bill.vouchers.map((voucher) =>
          row(
            t.t('orderDetail.voucher', { code: voucher.code }),
            voucher.amount.amount,
            'voucher',
            '−',
          ),
        )}
        {row(t.t('orderDetail.total'), bill.total.amount, 'total')}
        {row(t.t('orderDetail.vat'), bill.vat.amount, 'vat')}
        <tr>
          <th scope="row" colSpan={3}>
            {t.t('orderDetail.payment')}
          </th>
          <td data-bill-payment="" data-state={bill.payment}>
            {paymentLabel(t, bill)}
          </td>
        </tr>
        {bill.refunded && row(t.t('orderDetail.refunded'), bill.refunded.amount, 'refunded', '−')}
      </tfoot>
    </table>
  )
}
