import { and, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { accounts, appointments, bookingOrders } from '#server/db/schema/index.ts'
import type { Reach } from './rules.ts'

const oneOf = (column: Column, ids: readonly string[]) =>
  ids.length === 0 ? sql`false` : inArray(column, [...ids])

/** An appointment of one of these resources, as its employee or its cabin. */
const byResources = (resources: readonly string[]) =>
  resources.length === 0
    ? sql`false`
    : sql`(${inArray(appointments.employeeId, [...resources])} or ${inArray(appointments.cabinId, [...resources])})`

/**
 * A reach (rules.ts) as a condition on booking order rows: of its shops, with an appointment of
 * its resources. Undefined when the reach is everything. An empty list reaches nothing.
 */
export function orderReachWhere(reach: Reach): SQL | undefined {
  const { shops, resources } = reach
  return and(
    shops === undefined ? undefined : oneOf(bookingOrders.shopId, shops),
    resources === undefined
      ? undefined
      : sql`exists (select 1 from ${appointments} where ${appointments.companyId} = ${bookingOrders.companyId}
          and ${appointments.bookingOrderId} = ${bookingOrders.id} and ${byResources(resources)})`,
  )
}

/**
 * Customers with a visit (an appointment, whatever became of it) with one of these resources, as
 * a condition on account rows; undefined: every customer of the company.
 */
export function customerReachWhere(resources: readonly string[] | undefined): SQL | undefined {
  if (resources === undefined) return undefined
  return sql`exists (select 1 from ${appointments} where ${appointments.companyId} = ${accounts.companyId}
    and ${appointments.customerId} = ${accounts.id} and ${byResources(resources)})`
}

/**
 * Whether a cart (a booking order's, an e-shop order's, a voucher's) is within a reach: of its
 * shops and, when the reach names resources, the cart of a booking order with an appointment of
 * theirs (a practitioner takes no payment for an e-shop order or a voucher).
 */
export async function cartInReach(
  db: Db,
  companyId: number,
  cart: { readonly id: string; readonly shopId: string | null },
  reach: Reach,
): Promise<boolean> {
  if (reach.shops && (cart.shopId === null || !reach.shops.includes(cart.shopId))) return false
  if (reach.resources === undefined) return true
  const [found] = await db
    .select({ id: bookingOrders.id })
    .from(bookingOrders)
    .where(
      and(
        eq(bookingOrders.companyId, companyId),
        eq(bookingOrders.cartId, cart.id),
        orderReachWhere(reach),
      ),
    )
    .limit(1)
  return found !== undefined
}
