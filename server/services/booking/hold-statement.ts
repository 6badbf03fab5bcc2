import { randomUUID } from 'node:crypto'
import type { BookingStatus } from '#contract/booking-order.ts'
import type { Tx } from '#server/db/client.ts'
import type { OrderViewRows } from '../orders/booking-order.ts'

/**
 * A hold's writes in ONE statement and one round trip (docs/decisions/041-hold-in-one-round-trip.md),
 * run under the resource locks: it looks for any claim overlapping the chosen resources (live,
 * or a lapsed hold not yet cancelled: both would trip the exclusion constraint) and, only when
 * there is none, finds or creates the customer's open cart and its pending order (with its first
 * history row), inserts the appointment and its claims, restarts the cart's clock on its holds,
 * and sets the cart's and order's totals to the live sum. It also counts what the hold limits
 * need (docs/decisions/017-abuse-limits.md), before this hold: the caller refuses over a limit
 * and the transaction rolls back. Data-modifying CTEs all run once against one snapshot, taken
 * after the lock statement, so nothing committed before the locks is missed; the order view the
 * call answers with is built from the rows the statement wrote (RETURNING) and the rest of the
 * snapshot, in the shape booking-order.ts reads.
 */

export interface HoldWrite {
  readonly companyId: number
  readonly customerId: string
  readonly shopId: string
  readonly serviceId: string
  readonly employeeId: string
  readonly cabinId: string | null
  readonly equipmentIds: readonly string[]
  readonly hold: boolean
  readonly startsAt: Date
  readonly endsAt: Date
  readonly localStart: string
  readonly localEnd: string
  readonly timeZone: string
  readonly priceCents: number
  readonly currency: string
  readonly giftCode: string | null
  readonly customMessage: string | null
  /** when the cart's holds lapse, restarted by this one */
  readonly expiresAt: Date
  /** the order number a new cart's order gets (unused when the cart exists) */
  readonly orderNumber: string
  readonly now: Date
}

export interface HoldWritten {
  /** claims in the way, nothing written: live ones, or lapsed holds to cancel first */
  readonly clash: readonly { readonly appointmentId: string; readonly live: boolean }[]
  readonly cartId: string | null
  readonly appointmentId: string | null
  /** the open cart's creation (epoch ms) when the hold joined one */
  readonly openCartCreated: number | null
  /** the customer's live holds and unpaid services of the last 24 h, before this hold */
  readonly liveHolds: number
  readonly heldToday: number
  /** the order as written, for the answer (booking-order.ts reads it): null when nothing was */
  readonly view: OrderViewRows | null
}

const DAY_MS = 86_400_000

const company = `(p.j->>'company')::int`
const ts = (key: string) => `(p.j->>'${key}')::timestamptz`

/** Constant text, one jsonb parameter: nothing to build per request, planned once per connection. */
const HOLD_SQL = `with p as (select $1::jsonb as j),
clash as (
  -- one probe per resource: a scalar = is what the exclusion constraint's GiST index can search
  select c.appointment_id, (c.status = 'confirmed' or c.expires_at > ${ts('now')}) as live
  from appointment_claims c, p, jsonb_array_elements(p.j->'claims') r
  where c.company_id = ${company} and c.resource_id = r->>'id'
    and c.during && tstzrange(${ts('start')}, ${ts('end')}, '[)')
    and c.status <> 'cancelled'
),
ok as (select 1 as one where not exists (select 1 from clash)),
open_cart as (
  select t.id, t.created_at from carts t, p
  where t.company_id = ${company} and t.customer_id = p.j->>'customer' and t.shop_id = p.j->>'shop'
    and t.purpose = 'booking' and t.status = 'open' and t.expires_at > ${ts('now')}
  order by t.created_at desc limit 1
),
live_sum as (
  select coalesce(sum(a.price_cents), 0)::int as cents from appointments a, p, open_cart o
  where a.company_id = ${company} and a.cart_id = o.id and a.status <> 'cancelled'
),
new_cart as (
  insert into carts (id, company_id, purpose, shop_id, customer_id, currency, subtotal_cents,
    total_cents, expires_at, created_at, updated_at)
  select p.j->>'newCart', ${company}, 'booking', p.j->>'shop', p.j->>'customer', p.j->>'currency',
    (p.j->>'price')::int, (p.j->>'price')::int, ${ts('cartExpires')}, ${ts('now')}, ${ts('now')}
  from p, ok where not exists (select 1 from open_cart)
  returning *
),
new_order as (
  insert into booking_orders (id, company_id, cart_id, ideorder, customer_id, shop_id, status,
    total_cents, currency, created_at, updated_at)
  select n.id, ${company}, n.id, p.j->>'orderNumber', p.j->>'customer', p.j->>'shop',
    p.j->>'orderStatus', (p.j->>'price')::int, p.j->>'currency', ${ts('now')}, ${ts('now')}
  from new_cart n, p
  returning *
),
new_history as (
  insert into booking_order_history (company_id, booking_order_id, status, at, by)
  select ${company}, o.id, p.j->>'orderStatus', ${ts('now')}, p.j->>'customer' from new_order o, p
  returning *
),
cart as (select o.id from open_cart o, ok union all select n.id from new_cart n),
appt as (
  insert into appointments (id, company_id, cart_id, booking_order_id, shop_id, service_id,
    employee_id, cabin_id, equipment_ids, customer_id, status, starts_at, ends_at, local_start,
    local_end, time_zone, expires_at, price_cents, currency, gift_code, custom_message,
    created_at, updated_at)
  select p.j->>'appointment', ${company}, cart.id, cart.id, p.j->>'shop', p.j->>'service',
    p.j->>'employee', p.j->>'cabin',
    array(select jsonb_array_elements_text(p.j->'equipment')), p.j->>'customer', p.j->>'status',
    ${ts('start')}, ${ts('end')}, p.j->>'localStart', p.j->>'localEnd', p.j->>'timeZone',
    ${ts('expires')}, (p.j->>'price')::int, p.j->>'currency', p.j->>'gift', p.j->>'message',
    ${ts('now')}, ${ts('now')}
  from p, cart
  returning *
),
claimed as (
  insert into appointment_claims (company_id, appointment_id, resource_id, resource_kind, shop_id,
    status, starts_at, ends_at, expires_at)
  select ${company}, appt.id, r->>'id', r->>'kind', p.j->>'shop', p.j->>'status', ${ts('start')},
    ${ts('end')}, ${ts('expires')}
  from p, appt, jsonb_array_elements(p.j->'claims') r
  returning resource_id
),
held as (
  update appointments a set expires_at = ${ts('cartExpires')}, updated_at = ${ts('now')}
  from p, open_cart o, ok
  where a.company_id = ${company} and a.cart_id = o.id and a.status = 'hold'
  returning a.*
),
held_claims as (
  update appointment_claims c set expires_at = ${ts('cartExpires')} from p
  where c.company_id = ${company} and c.appointment_id in (select id from held) and c.status = 'hold'
  returning c.resource_id
),
cart_totals as (
  update carts t set expires_at = ${ts('cartExpires')}, updated_at = ${ts('now')},
    subtotal_cents = s.cents + (p.j->>'price')::int,
    total_cents = greatest(s.cents + (p.j->>'price')::int - t.discount_cents, 0)
  from p, open_cart o, live_sum s, ok
  where t.company_id = ${company} and t.id = o.id
  returning t.*
),
order_totals as (
  update booking_orders b set total_cents = s.cents + (p.j->>'price')::int
  from p, open_cart o, live_sum s, ok
  where b.company_id = ${company} and b.cart_id = o.id
  returning b.*
),
written_order as (select * from new_order union all select * from order_totals),
view_appointments as (
  select * from appt
  union all select * from held
  union all select a.* from appointments a, written_order w, p
  where a.company_id = ${company} and a.cart_id = w.cart_id and a.booking_order_id = w.id
    and a.id not in (select id from held)
)
select json_build_object(
  'clash', (select coalesce(json_agg(json_build_object('appointmentId', appointment_id, 'live', live)), '[]') from clash),
  'cartId', (select id from cart),
  'appointmentId', (select id from appt),
  'openCartCreated', (select (extract(epoch from created_at) * 1000)::float8 from open_cart),
  'liveHolds', (select count(*) from appointments a where a.company_id = ${company}
    and a.customer_id = p.j->>'customer' and a.status = 'hold' and a.expires_at > ${ts('now')}),
  'heldToday', (select count(*) from appointments a where a.company_id = ${company}
    and a.customer_id = p.j->>'customer' and a.status <> 'confirmed' and a.created_at > ${ts('dayAgo')}),
  'view', (select json_build_object(
    'order', row_to_json(w),
    'appointments', (select json_agg(row_to_json(a) order by a.starts_at, a.id) from view_appointments a),
    'history', (select json_agg(row_to_json(h) order by h.at, h.id) from (
      select * from new_history
      union all select * from booking_order_history h
      where h.company_id = ${company} and h.booking_order_id = w.id) h),
    'cart', (select row_to_json(c) from (select * from new_cart union all select * from cart_totals) c),
    'atShop', exists (select 1 from payments y where y.company_id = ${company}
      and y.cart_id = w.cart_id and y.status = 'pending' and y.data->>'dueAtShop' = 'true')
  ) from written_order w)
)::text as payload from p`

export async function writeHoldStatement(tx: Tx, hold: HoldWrite): Promise<HoldWritten> {
  const status: BookingStatus = hold.hold ? 'pending' : 'confirmed'
  const params = JSON.stringify({
    company: hold.companyId,
    customer: hold.customerId,
    shop: hold.shopId,
    service: hold.serviceId,
    employee: hold.employeeId,
    cabin: hold.cabinId,
    claims: [
      { id: hold.employeeId, kind: 'employee' },
      ...(hold.cabinId === null ? [] : [{ id: hold.cabinId, kind: 'cabin' }]),
    ],
    equipment: hold.equipmentIds,
    status: hold.hold ? 'hold' : 'confirmed',
    orderStatus: status,
    start: hold.startsAt.toISOString(),
    end: hold.endsAt.toISOString(),
    localStart: hold.localStart,
    localEnd: hold.localEnd,
    timeZone: hold.timeZone,
    expires: hold.hold ? hold.expiresAt.toISOString() : null,
    cartExpires: hold.expiresAt.toISOString(),
    price: hold.priceCents,
    currency: hold.currency,
    gift: hold.giftCode,
    message: hold.customMessage,
    orderNumber: hold.orderNumber,
    newCart: randomUUID(),
    appointment: randomUUID(),
    now: hold.now.toISOString(),
    dayAgo: new Date(hold.now.getTime() - DAY_MS).toISOString(),
  })
  // named, so each connection parses and plans it once (planning cost twice its execution)
  const statement = tx._.session.prepareQuery(
    { sql: HOLD_SQL, params: [params] },
    undefined,
    'hold_statement',
    false,
  )
  const result = await statement.execute()
  const [first] = (result as unknown as { rows: { payload: string }[] }).rows
  const out = JSON.parse(first?.payload ?? '{}') as HoldWritten
  return { ...out, liveHolds: Number(out.liveHolds), heldToday: Number(out.heldToday) }
}
