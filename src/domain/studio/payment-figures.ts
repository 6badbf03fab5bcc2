/**
 * The payments per shop and provider (docs/decisions/076-studio-reports.md), from the orders or
 * vouchers paid in a period. The server feeds each one's bill total and what its payment holds
 * (net of refunds, gift vouchers apart: they were paid when sold), read from the same views as
 * the bills, so a shop's figures are the sum of the bills it covers.
 */
export interface PaidItem {
  readonly shopId: string
  /** the payment provider ('free', 'stripe', 'cash'...) */
  readonly provider: string
  /** the bill's total, minor units */
  readonly billed: number
  /** what the payment holds now, minor units */
  readonly paid: number
}

export interface PaidFigures {
  readonly count: number
  readonly billed: number
  readonly paid: number
}

export interface ShopPayments extends PaidFigures {
  readonly shopId: string
  /** by provider name */
  readonly providers: readonly (PaidFigures & { readonly provider: string })[]
}

interface Sums {
  count: number
  billed: number
  paid: number
}

const add = (sums: Sums, item: PaidItem) => {
  sums.count += 1
  sums.billed += item.billed
  sums.paid += item.paid
}

const byName = <T>(map: Map<string, T>) =>
  [...map.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))

/** Per shop (by id), and per provider within each (by name): counts and sums of the items. */
export function paymentFigures(items: readonly PaidItem[]): ShopPayments[] {
  const shops = new Map<string, { sums: Sums; providers: Map<string, Sums> }>()
  for (const item of items) {
    let shop = shops.get(item.shopId)
    if (!shop) {
      shop = { sums: { count: 0, billed: 0, paid: 0 }, providers: new Map() }
      shops.set(item.shopId, shop)
    }
    add(shop.sums, item)
    let provider = shop.providers.get(item.provider)
    if (!provider) {
      provider = { count: 0, billed: 0, paid: 0 }
      shop.providers.set(item.provider, provider)
    }
    add(provider, item)
  }
  return byName(shops).map(([shopId, shop]) => ({
    shopId,
    ...shop.sums,
    providers: byName(shop.providers).map(([provider, sums]) => ({ provider, ...sums })),
  }))
}

/** What a booking order's payment holds: its paid amount less what gift vouchers paid of it. */
export const paidByPayment = (paid: number, vouchers: readonly number[]) =>
  Math.max(0, paid - vouchers.reduce((sum, amount) => sum + amount, 0))
