import { and, asc, eq, type SQL } from 'drizzle-orm'
import type { Tx } from '#server/db/client.ts'
import { type EshopOrderRow, eshopOrderLines, eshopOrders } from '#server/db/schema/index.ts'
import { clock } from '#server/kernel/index.ts'
import { releaseStock } from './stock.ts'

/** Which order: by id, or by the cart its payment pays. */
export type OrderRef =
  | { readonly companyId: number; readonly orderId: string }
  | { readonly companyId: number; readonly cartId: string }

function whereRef(ref: OrderRef): SQL | undefined {
  return and(
    eq(eshopOrders.companyId, ref.companyId),
    'orderId' in ref ? eq(eshopOrders.id, ref.orderId) : eq(eshopOrders.cartId, ref.cartId),
  )
}

/** The order, by id or by its cart; undefined when there is none. */
export async function eshopOrderOf(tx: Tx, ref: OrderRef): Promise<EshopOrderRow | undefined> {
  const [order] = await tx.select().from(eshopOrders).where(whereRef(ref))
  return order
}

/**
 * Payment succeeded: pending → paid. Idempotent (a paid order is returned unchanged, so a
 * repeated callback does nothing). Undefined when there is no such order; a cancelled order
 * stays cancelled (its units went back: the payments part must refund, see the report).
 */
export async function markEshopOrderPaid(
  tx: Tx,
  ref: OrderRef & { readonly now?: Date },
): Promise<EshopOrderRow | undefined> {
  const now = ref.now ?? clock.now()
  const [paid] = await tx
    .update(eshopOrders)
    .set({ status: 'paid', paidAt: now, updatedAt: now })
    .where(and(whereRef(ref), eq(eshopOrders.status, 'pending')))
    .returning()
  if (paid) return paid
  const [existing] = await tx.select().from(eshopOrders).where(whereRef(ref))
  return existing
}

/**
 * Payment failed or abandoned: pending → cancelled and its units go back to the shop's stock,
 * in one transaction. Idempotent: only a pending order is cancelled, so units go back once.
 */
export async function cancelEshopOrder(
  tx: Tx,
  ref: OrderRef & { readonly now?: Date },
): Promise<EshopOrderRow | undefined> {
  const now = ref.now ?? clock.now()
  const [cancelled] = await tx
    .update(eshopOrders)
    .set({ status: 'cancelled', updatedAt: now })
    .where(and(whereRef(ref), eq(eshopOrders.status, 'pending')))
    .returning()
  if (!cancelled) return undefined
  const lines = await tx
    .select({ articleId: eshopOrderLines.articleId, quantity: eshopOrderLines.quantity })
    .from(eshopOrderLines)
    .where(
      and(eq(eshopOrderLines.companyId, ref.companyId), eq(eshopOrderLines.orderId, cancelled.id)),
    )
    .orderBy(asc(eshopOrderLines.lineNo))
  await releaseStock(tx, { companyId: ref.companyId, shopId: cancelled.shopId, lines })
  return cancelled
}
