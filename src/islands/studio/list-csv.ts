import { giftSaleFigures } from '#domain/studio/gift-sale-figures'
import type { GiftSale, HistoryOrder, ShopPayment } from './list-types'
import { csvAmount } from './report-csv'

/**
 * The lists' CSV cells (the screen adds the titles in its language and hands them to toCsv,
 * which writes formula-like text as text): amounts as decimals, days as ISO dates.
 */
export function historyCsvRows(
  orders: readonly HistoryOrder[],
  shopName: (id: string) => string,
  status: (order: HistoryOrder) => string,
) {
  return orders.map((o) => [
    o.ideorder,
    o.createdAt.slice(0, 10),
    o.appointments[0]?.start.replace('T', ' ') ?? '',
    shopName(o.shopId),
    status(o),
    o.bookerOrigin ?? '',
    o.transactionId ?? '',
    csvAmount(o.bill?.total.amount ?? o.total.amount),
    csvAmount(o.paid.amount),
  ])
}

/** A sale's figures (redeemed, refunded, outstanding, refundable) by the one rule. */
export function giftFiguresOf(s: GiftSale) {
  return giftSaleFigures({
    amount: s.gift.amount.amount,
    remaining: s.gift.remaining.amount,
    refunded: s.refunded?.amount ?? 0,
    paid: s.paid.amount,
  })
}

export function giftCsvRows(sales: readonly GiftSale[], shopName: (id: string) => string) {
  return sales.map((s) => [
    s.createdAt.slice(0, 10),
    s.gift.code,
    s.gift.to,
    s.gift.email,
    shopName(s.shopId),
    csvAmount(s.gift.amount.amount),
    csvAmount(giftFiguresOf(s).redeemed),
    csvAmount(giftFiguresOf(s).refunded),
    csvAmount(s.gift.remaining.amount),
  ])
}

/** One line per shop and provider, the kind of sale (bookings, gift vouchers) first. */
export function paymentCsvRows(
  kind: string,
  shops: readonly ShopPayment[],
  shopName: (id: string) => string,
) {
  return shops.flatMap((shop) =>
    shop.providers.map((p) => [
      kind,
      shopName(shop.shopId),
      p.provider,
      p.count,
      csvAmount(p.billed.amount),
      csvAmount(p.total.amount),
    ]),
  )
}
