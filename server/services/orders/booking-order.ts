import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { rowFromJson } from '#server/db/json-rows.ts'
import { appointments, bookingOrderHistory, bookingOrders, carts } from '#server/db/schema/index.ts'
import { shopNameOf } from './bill.ts'
import { type BookingOrderWire, orderView } from './booking-view.ts'

type Json = Record<string, unknown>

/**
 * An order's rows as one statement returns them (row_to_json of each table's rows): the hold
 * statement answers with the order it wrote this way (docs/decisions/041-hold-in-one-round-trip.md).
 */
export interface OrderViewRows {
  readonly order: Json | null
  readonly appointments: readonly Json[] | null
  readonly history: readonly Json[] | null
  readonly cart: Json | null
  readonly atShop: boolean
}

/**
 * Everything one order's view reads, in ONE statement: the order, its appointments by start
 * (through the cart index: an order's appointments are its cart's), its history oldest first,
 * its cart, whether it is due at the shop (decision 012) and the shop's data for its name.
 */
const ORDER_SQL = `with p as (select $1::jsonb as j),
o as (select b.* from booking_orders b, p
  where b.company_id = (p.j->>'company')::int and b.id = p.j->>'order')
select json_build_object(
  'order', (select row_to_json(o) from o),
  'appointments', (select json_agg(row_to_json(a) order by a.starts_at, a.id) from appointments a, o
    where a.company_id = o.company_id and a.cart_id = o.cart_id and a.booking_order_id = o.id),
  'history', (select json_agg(row_to_json(h) order by h.at, h.id) from booking_order_history h, o
    where h.company_id = o.company_id and h.booking_order_id = o.id),
  'cart', (select row_to_json(c) from carts c, o where c.company_id = o.company_id and c.id = o.cart_id),
  'atShop', exists (select 1 from payments y, o where y.company_id = o.company_id
    and y.cart_id = o.cart_id and y.status = 'pending' and y.data->>'dueAtShop' = 'true'),
  'shopData', (select s.data from shops s, o where s.company_id = o.company_id and s.id = o.shop_id)
)::text as payload from p`

const SPLIT = ORDER_SQL.indexOf('$1')

/**
 * One booking order as the contract shows it (services/orders/booking-view.ts shapes it: live
 * appointments, or all of them once the whole order is cancelled; history oldest first).
 */
export async function bookingOrderView(
  db: Db,
  companyId: number,
  orderId: string,
): Promise<BookingOrderWire | undefined> {
  const params = JSON.stringify({ company: companyId, order: orderId })
  const result = await db.execute(
    sql`${sql.raw(ORDER_SQL.slice(0, SPLIT))}${params}${sql.raw(ORDER_SQL.slice(SPLIT + 2))}`,
  )
  const [first] = (result as unknown as { rows: { payload: string }[] }).rows
  const raw = JSON.parse(first?.payload ?? '{}') as OrderViewRows & { shopData: unknown }
  return orderViewOf(raw, shopNameOf(raw.shopData))
}

/** The contract's view of an order from its rows; undefined when there is no order. */
export function orderViewOf(
  raw: OrderViewRows,
  shopName: string | undefined,
): BookingOrderWire | undefined {
  if (!raw.order) return undefined
  return orderView(
    rowFromJson(bookingOrders, raw.order),
    (raw.appointments ?? []).map((row) => rowFromJson(appointments, row)),
    (raw.history ?? []).map((row) => rowFromJson(bookingOrderHistory, row)),
    {
      cart: raw.cart ? rowFromJson(carts, raw.cart) : undefined,
      atShop: raw.atShop,
      shopName,
    },
  )
}
