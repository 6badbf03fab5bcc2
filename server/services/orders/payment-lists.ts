import { and, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm'
import { type PaidItem, paidByPayment, paymentFigures } from '#domain/studio/payment-figures.ts'
import type { Db } from '#server/db/client.ts'
import { bookingOrders, carts, gifts, payments } from '#server/db/schema/index.ts'
import type { BookingOrderWire } from './booking-view.ts'
import { eachOrderView } from './order-rounds.ts'

export interface Period {
  /** calendar days 'YYYY-MM-DD', both included (UTC days) */
  readonly start: string
  readonly end: string
}

const bounds = (period: Period) => ({
  from: new Date(`${period.start}T00:00:00Z`),
  until: new Date(Date.parse(`${period.end}T00:00:00Z`) + 86_400_000),
})

/** What an order's payment holds, from its view: paid net of refunds, less its bill's vouchers. */
export const paidOfView = (view: BookingOrderWire) =>
  paidByPayment(
    view.paid.amount,
    view.bill.vouchers.map((v) => v.amount.amount),
  )

/** The rule's figures in the contract's money. */
function wire(items: readonly PaidItem[], currency: string) {
  const money = (amount: number) => ({ amount, currency })
  const figures = <T extends { billed: number; paid: number }>({ billed, paid, ...rest }: T) => ({
    ...rest,
    total: money(paid),
    billed: money(billed),
  })
  return paymentFigures(items).map(({ providers, ...shop }) => ({
    ...figures(shop),
    providers: providers.map(figures),
  }))
}

/**
 * GET /bookingShops/payment (docs/decisions/076-studio-reports.md): the booking orders ordered
 * in the period that a payment paid (vouchers apart), per shop and provider: how many, what
 * their payments hold now (net of refunds) and what their bills charged. Read through the views
 * that build the bills, so each figure is the sum of the bills it covers.
 */
export async function bookingShopsPayment(
  db: Db,
  companyId: number,
  period: Period,
  currency: string,
) {
  const { from, until } = bounds(period)
  const where = and(
    eq(bookingOrders.companyId, companyId),
    gt(bookingOrders.paidCents, 0),
    gte(bookingOrders.createdAt, from),
    lt(bookingOrders.createdAt, until),
  )
  const items: PaidItem[] = []
  await eachOrderView(db, companyId, where, (view) => {
    const paid = paidOfView(view)
    if (paid === 0) return
    const provider = view.paymentProvider ?? 'unknown'
    items.push({ shopId: view.shopId, provider, billed: view.bill.total.amount, paid })
  })
  return wire(items, currency)
}

/** The provider that took a voucher's payment: its cart's last settled payment. */
const giftProvider = sql<string | null>`(select ${payments.provider} from ${payments}
  where ${payments.companyId} = ${gifts.companyId} and ${payments.cartId} = ${gifts.cartId}
  and ${inArray(payments.status, ['succeeded', 'refunded', 'partiallyRefunded'])}
  order by ${desc(payments.createdAt)} limit 1)`

/**
 * GET /giftShops/payment: per selling shop and provider, the vouchers paid in the period (sold
 * and not cancelled): a voucher's bill is its amount, which its payment took.
 */
export async function giftShopsPayment(
  db: Db,
  companyId: number,
  period: Period,
  currency: string,
) {
  const { from, until } = bounds(period)
  const rows = await db
    .select({
      shopId: sql<string>`coalesce(${gifts.shopId}, ${carts.shopId}, 'unknown')`,
      provider: giftProvider,
      amount: gifts.amountCents,
    })
    .from(gifts)
    .leftJoin(carts, and(eq(carts.companyId, gifts.companyId), eq(carts.id, gifts.cartId)))
    .where(
      and(
        eq(gifts.companyId, companyId),
        eq(gifts.status, 'active'),
        gte(gifts.createdAt, from),
        lt(gifts.createdAt, until),
      ),
    )
  const items = rows.map((r) => ({
    shopId: r.shopId,
    provider: r.provider ?? 'unknown',
    billed: r.amount,
    paid: r.amount,
  }))
  return wire(items, currency)
}
