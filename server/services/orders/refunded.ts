import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { type BookingOrderRow, customerCredits, payments } from '#server/db/schema/index.ts'

/**
 * What each booking order gave back so far, minor units, for its bill
 * (docs/decisions/078-desk-payments.md): the refunds its payment's provider made (the payment's
 * data.refunds, less the entries that went as credit) and the credit given from it (refunds as
 * credit, cancellations and moves credited: customer_credits of kind refund naming its
 * number), each refund counted once whichever path it took.
 */
export async function refundedByOrder(
  db: Db,
  companyId: number,
  orders: readonly BookingOrderRow[],
): Promise<Map<string, number>> {
  if (orders.length === 0) return new Map()
  const [cart, byCredit] = await Promise.all([
    refundedByCart(
      db,
      companyId,
      orders.map((o) => o.cartId),
    ),
    db
      .select({
        ideorder: customerCredits.sourceIdeorder,
        cents: sql<number>`coalesce(sum(${customerCredits.amountCents}), 0)::int`,
      })
      .from(customerCredits)
      .where(
        and(
          eq(customerCredits.companyId, companyId),
          eq(customerCredits.kind, 'refund'),
          inArray(
            customerCredits.sourceIdeorder,
            orders.map((o) => o.ideorder),
          ),
        ),
      )
      .groupBy(customerCredits.sourceIdeorder),
  ])
  const credit = new Map(byCredit.map((r) => [r.ideorder, Number(r.cents)]))
  return new Map(
    orders.map((o) => [o.id, (cart.get(o.cartId) ?? 0) + (credit.get(o.ideorder) ?? 0)]),
  )
}

/** The provider refunds each cart's payments made (not those given as credit), minor units. */
export async function refundedByCart(
  db: Db,
  companyId: number,
  cartIds: readonly string[],
): Promise<Map<string, number>> {
  if (cartIds.length === 0) return new Map()
  const providerRefunds = sql<number>`coalesce(sum((select coalesce(sum((r->>'amount')::int), 0)
    from jsonb_array_elements(coalesce(${payments.data}->'refunds', '[]'::jsonb)) r
    where coalesce((r->>'credit')::boolean, false) = false)), 0)::int`
  const rows = await db
    .select({ cartId: payments.cartId, cents: providerRefunds })
    .from(payments)
    .where(and(eq(payments.companyId, companyId), inArray(payments.cartId, [...cartIds])))
    .groupBy(payments.cartId)
  return new Map(rows.map((r) => [r.cartId, Number(r.cents)]))
}
