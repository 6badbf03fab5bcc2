import { createColumnHelper } from '@tanstack/react-table'
import { giftFiguresOf } from './list-csv'
import type { GiftSale, Money } from './list-types'

const column = createColumnHelper<GiftSale>()

/** The words of the gift sales' columns, in their order. */
export interface GiftSaleWords {
  readonly soldOn: string
  readonly code: string
  readonly to: string
  readonly email: string
  readonly shop: string
  readonly sold: string
  readonly redeemed: string
  readonly refunded: string
  readonly outstanding: string
}

/**
 * The gift sales' columns (GiftSalesScreen): a sale's figures by the one rule
 * (src/domain/studio/gift-sale-figures.ts) and, while something can be given back, its refund.
 */
export function giftSaleColumns(o: {
  words: GiftSaleWords
  money: (m: Money) => string
  shopName: (shopId: string) => string
  action: string
  refundLabel: (s: GiftSale) => string
  onRefund: (s: GiftSale) => void
}) {
  const { words: w, money } = o
  const cents = (s: GiftSale, amount: number) => money({ ...s.gift.amount, amount })
  return [
    column.accessor((s) => s.createdAt.slice(0, 10), { id: 'soldOn', header: w.soldOn }),
    column.accessor((s) => s.gift.code, { id: 'code', header: w.code }),
    column.accessor((s) => s.gift.to, { id: 'to', header: w.to }),
    column.accessor((s) => s.gift.email, { id: 'email', header: w.email }),
    column.accessor((s) => o.shopName(s.shopId), { id: 'shop', header: w.shop }),
    column.accessor((s) => money(s.gift.amount), { id: 'amount', header: w.sold }),
    column.accessor((s) => cents(s, giftFiguresOf(s).redeemed), {
      id: 'redeemed',
      header: w.redeemed,
    }),
    column.accessor((s) => cents(s, giftFiguresOf(s).refunded), {
      id: 'refunded',
      header: w.refunded,
    }),
    column.accessor((s) => money(s.gift.remaining), { id: 'remaining', header: w.outstanding }),
    column.display({
      id: 'refund',
      header: () => o.action,
      cell: (c) =>
        giftFiguresOf(c.row.original).refundable > 0 && (
          <button type="button" onClick={() => o.onRefund(c.row.original)}>
            {o.refundLabel(c.row.original)}
          </button>
        ),
    }),
  ]
}
