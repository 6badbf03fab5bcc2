import { rowFromJson } from '#server/db/json-rows.ts'
import { appointments, bookingOrderHistory, bookingOrders, carts } from '#server/db/schema/index.ts'
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
