import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { EshopOrder } from '#contract/eshop.ts'
import type { Db } from '#server/db/client.ts'
import {
  type CartRow,
  type EshopOrderLineRow,
  type EshopOrderRow,
  eshopOrderLines,
  eshopOrders,
} from '#server/db/schema/index.ts'
import {
  type BillWire,
  billOf,
  cartCoupon,
  cartsById,
  cartsDueAtShop,
  EVERYTHING,
  type Reach,
  refundedByCart,
  shopNames,
  textRecord,
} from '../orders/index.ts'

type Money = { amount: number; currency: string }
type Wire = Omit<EshopOrder, 'total' | 'lines' | 'bill'> & {
  total: Money
  lines: (Omit<EshopOrder['lines'][number], 'total'> & { total: Money })[]
  bill?: BillWire
}

/** What the bill needs besides the order's own rows (its cart, shop name, pay-at-shop state). */
export interface EshopBillContext {
  readonly cart: CartRow | undefined
  readonly shopName: string | undefined
  readonly atShop: boolean
  /** what its payment's provider gave back, minor units */
  readonly refunded?: number
}

/** Statuses of an order whose payment was received. */
const PAID_STATUSES: ReadonlySet<string> = new Set(['paid', 'ready', 'shipped', 'delivered'])

/**
 * An e-shop order's bill: its lines as written when ordered (unit price, quantity, the line's
 * VAT rate), the coupon its payment applied, the total recomputed from the lines
 * (src/domain/orders/order-total.ts) and the payment status.
 */
function eshopBill(
  order: EshopOrderRow,
  lines: readonly EshopOrderLineRow[],
  context: EshopBillContext,
): BillWire {
  const coupon =
    cartCoupon(context.cart) ??
    (order.discountCents > 0 ? { code: '', discount: order.discountCents } : undefined)
  const refunded = context.refunded ?? 0
  return billOf({
    currency: order.currency,
    shopName: context.shopName,
    lines: lines.map((line) => ({
      articleId: line.articleId,
      name: textRecord(line.name),
      quantity: line.quantity,
      unitPrice: line.unitPriceCents,
      vatRate: line.vat ?? undefined,
    })),
    coupon,
    vouchers: [],
    // an order partly refunded keeps its own status (paid, shipped...): its bill says so
    status: refunded > 0 && order.status !== 'refunded' ? 'partiallyRefunded' : order.status,
    paid: (total) => (PAID_STATUSES.has(order.status) ? total : 0),
    atShop: context.atShop,
    refunded,
  })
}

/** An order and its lines in the contract's shape, amounts as charged; with its bill if given. */
export function eshopOrderView(
  order: EshopOrderRow,
  lines: readonly EshopOrderLineRow[],
  context?: EshopBillContext,
): Wire {
  const money = (amount: number) => ({ amount, currency: order.currency })
  return {
    id: order.id,
    number: order.number,
    customerId: order.customerId,
    shopId: order.shopId,
    status: order.status,
    lines: lines.map((line) => ({
      articleId: line.articleId,
      ...(line.abId === null ? {} : { abId: line.abId }),
      name: textRecord(line.name),
      quantity: line.quantity,
      unitPrice: line.unitPriceCents,
      ...(line.vat === null ? {} : { vat: line.vat }),
      total: money(line.totalCents),
    })),
    total: money(order.totalCents),
    createdAt: order.createdAt.toISOString(),
    ...(context ? { bill: eshopBill(order, lines, context) } : {}),
  }
}

/**
 * A customer's e-shop orders, newest first, or one of them. Scoped by company AND customer:
 * another customer's order is not found, exactly like an order that does not exist; and, for
 * the studio, by the reach of the staff asking (their shops).
 */
export async function customerEshopOrders(
  db: Db,
  companyId: number,
  customerId: string,
  orderId?: string,
  reach: Reach = EVERYTHING,
): Promise<Wire[]> {
  // a practitioner reaches visits of their resources: an e-shop order names none
  if (reach.resources !== undefined) return []
  const orders = await db
    .select()
    .from(eshopOrders)
    .where(
      and(
        eq(eshopOrders.companyId, companyId),
        eq(eshopOrders.customerId, customerId),
        orderId === undefined ? undefined : eq(eshopOrders.id, orderId),
        reach.shops === undefined ? undefined : inArray(eshopOrders.shopId, [...reach.shops]),
      ),
    )
    .orderBy(desc(eshopOrders.createdAt), desc(eshopOrders.id))
  if (orders.length === 0) return []
  const lines = await db
    .select()
    .from(eshopOrderLines)
    .where(
      and(
        eq(eshopOrderLines.companyId, companyId),
        inArray(
          eshopOrderLines.orderId,
          orders.map((order) => order.id),
        ),
      ),
    )
    .orderBy(asc(eshopOrderLines.orderId), asc(eshopOrderLines.lineNo))
  const byOrder = Map.groupBy(lines, (line) => line.orderId)
  const cartIds = orders.flatMap((order) => (order.cartId === null ? [] : [order.cartId]))
  const [cartOf, dueAtShop, names, refunded] = await Promise.all([
    cartsById(db, companyId, cartIds),
    cartsDueAtShop(db, companyId, cartIds),
    shopNames(
      db,
      companyId,
      orders.map((order) => order.shopId),
    ),
    refundedByCart(db, companyId, cartIds),
  ])
  return orders.map((order) =>
    eshopOrderView(order, byOrder.get(order.id) ?? [], {
      cart: order.cartId === null ? undefined : cartOf.get(order.cartId),
      shopName: names.get(order.shopId),
      atShop: order.cartId !== null && dueAtShop.has(order.cartId),
      refunded: order.cartId === null ? 0 : (refunded.get(order.cartId) ?? 0),
    }),
  )
}
