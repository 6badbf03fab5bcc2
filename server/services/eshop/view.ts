import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { EshopOrder } from '../../../src/contract/eshop.ts'
import type { Db } from '../../db/client.ts'
import {
  type EshopOrderLineRow,
  type EshopOrderRow,
  eshopOrderLines,
  eshopOrders,
} from '../../db/schema/index.ts'

type Money = { amount: number; currency: string }
type Wire = Omit<EshopOrder, 'total' | 'lines'> & {
  total: Money
  lines: (Omit<EshopOrder['lines'][number], 'total'> & { total: Money })[]
}

/** An order and its lines in the contract's shape, amounts as charged. */
export function eshopOrderView(order: EshopOrderRow, lines: readonly EshopOrderLineRow[]): Wire {
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
      name: line.name,
      quantity: line.quantity,
      unitPrice: line.unitPriceCents,
      ...(line.vat === null ? {} : { vat: line.vat }),
      total: money(line.totalCents),
    })),
    total: money(order.totalCents),
    createdAt: order.createdAt.toISOString(),
  }
}

/**
 * A customer's e-shop orders, newest first, or one of them. Scoped by company AND customer:
 * another customer's order is not found, exactly like an order that does not exist.
 */
export async function customerEshopOrders(
  db: Db,
  companyId: number,
  customerId: string,
  orderId?: string,
): Promise<Wire[]> {
  const orders = await db
    .select()
    .from(eshopOrders)
    .where(
      and(
        eq(eshopOrders.companyId, companyId),
        eq(eshopOrders.customerId, customerId),
        orderId === undefined ? undefined : eq(eshopOrders.id, orderId),
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
  return orders.map((order) => eshopOrderView(order, byOrder.get(order.id) ?? []))
}
