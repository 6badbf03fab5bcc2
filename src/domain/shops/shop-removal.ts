/**
 * Whether a shop may be removed (docs/decisions/094-shop-lifecycle.md): never the company's last
 * shop (its site would have none to show), nor while a customer is still expected there or a bill
 * of a visit there is still owed; the owner first moves or cancels those visits and takes the
 * money. Past visits, paid bills and reports do not stand in the way: they stay readable.
 */
export interface ShopObligations {
  /** the company's shops, this one included */
  readonly shopCount: number
  /** held or confirmed appointments there that have not started */
  readonly futureVisits: number
  /** orders of visits there, not cancelled, with money still owed */
  readonly unpaidBills: number
}

export type ShopRemovalVerdict = 'ok' | 'lastShop' | 'shopHasFutureVisits' | 'shopHasUnpaidBills'

export function shopRemovalVerdict(facts: ShopObligations): ShopRemovalVerdict {
  if (facts.shopCount <= 1) return 'lastShop'
  if (facts.futureVisits > 0) return 'shopHasFutureVisits'
  if (facts.unpaidBills > 0) return 'shopHasUnpaidBills'
  return 'ok'
}
