-- booking_hold (0013_hold_function.sql, 0015_hold_refusal_reason.sql) with the visit bound and a
-- cart clock that no longer restarts (docs/decisions/062-visit-bound-and-list-params.md):
-- - limits.dayHolds: live holds of the customer at the shop on the hold's shop-local day (the
--   first ten characters of local_start) are at most a visit's worth; over it, 'tooManyHoldsForDay'
--   is refused after the live-holds cap and before the renewal and per-day counts;
-- - a hold into an open cart lapses when that cart does: the cart's deadline is set by its first
--   hold, so holds added later never push it back (a waitlist offer, params.extendsCart, keeps its
--   own longer deadline and the cart's grows to it). Everything else is as in 0015.
CREATE OR REPLACE FUNCTION booking_hold(lock_keys int4[], params jsonb) RETURNS text
LANGUAGE plpgsql VOLATILE AS $hold$
DECLARE
  lock_key int4;
  answer text;
BEGIN
  FOREACH lock_key IN ARRAY lock_keys LOOP
    PERFORM pg_advisory_xact_lock((params->>'company')::int4, lock_key);
  END LOOP;
  with p as (select params as j),
  clash as (
    -- one probe per resource: a scalar = is what the exclusion constraint's GiST index can search
    select c.appointment_id, (c.status = 'confirmed' or c.expires_at > (p.j->>'now')::timestamptz) as live
    from appointment_claims c, p, jsonb_array_elements(p.j->'claims') r
    where c.company_id = (p.j->>'company')::int and c.resource_id = r->>'id'
      and c.during && tstzrange((p.j->>'start')::timestamptz, (p.j->>'end')::timestamptz, '[)')
      and c.status <> 'cancelled'
  ),
  open_cart as (
    select t.id, t.created_at, t.expires_at from carts t, p
    where t.company_id = (p.j->>'company')::int and t.customer_id = p.j->>'customer' and t.shop_id = p.j->>'shop'
      and t.purpose = 'booking' and t.status = 'open' and t.expires_at > (p.j->>'now')::timestamptz
    order by t.created_at desc limit 1
  ),
  live_sum as (
    select coalesce(sum(a.price_cents), 0)::int as cents from appointments a, p, open_cart o
    where a.company_id = (p.j->>'company')::int and a.cart_id = o.id and a.status <> 'cancelled'
  ),
  counts as (
    select
      (select count(*) from appointments a where a.company_id = (p.j->>'company')::int
        and a.customer_id = p.j->>'customer' and a.status = 'hold' and a.expires_at > (p.j->>'now')::timestamptz) as live_holds,
      (select count(*) from appointments a where a.company_id = (p.j->>'company')::int
        and a.customer_id = p.j->>'customer' and a.status <> 'confirmed' and a.created_at > (p.j->>'dayAgo')::timestamptz) as held_today,
      (select count(*) from appointments a where a.company_id = (p.j->>'company')::int
        and a.customer_id = p.j->>'customer' and a.shop_id = p.j->>'shop' and a.status = 'hold'
        and a.expires_at > (p.j->>'now')::timestamptz
        and left(a.local_start, 10) = left(p.j->>'localStart', 10)) as day_holds
    from p
  ),
  -- the customer's hold limits, when the call carries them: over one, nothing is written, and
  -- the answer names the first limit reached (its error code; hold-limits.ts words it)
  refused as (
    select reason from (
      select case
        when n.live_holds >= (p.j->'limits'->>'liveHolds')::int then 'tooManyHolds'
        when n.day_holds >= (p.j->'limits'->>'dayHolds')::int then 'tooManyHoldsForDay'
        when exists (select 1 from open_cart o
          where o.created_at <= (p.j->'limits'->>'renewBefore')::timestamptz) then 'holdTimeLimit'
        when n.held_today >= (p.j->'limits'->>'holdsPerDay')::int then 'tooManyHoldsToday'
      end as reason
      from p, counts n
      where jsonb_typeof(p.j->'limits') = 'object'
    ) r where reason is not null
  ),
  -- this hold's deadline: the open cart's (set by its first hold), never later than its own;
  -- an offer's own deadline as given; none for a confirmed booking
  deadline as (
    select case
      when p.j->>'expires' is null then null::timestamptz
      when o.expires_at is null or coalesce((p.j->>'extendsCart')::boolean, false)
        then (p.j->>'expires')::timestamptz
      else least(o.expires_at, (p.j->>'expires')::timestamptz)
    end as at
    from p left join open_cart o on true
  ),
  ok as (select 1 as one where not exists (select 1 from clash) and not exists (select 1 from refused)),
  new_cart as (
    insert into carts (id, company_id, purpose, shop_id, customer_id, currency, subtotal_cents,
      total_cents, expires_at, created_at, updated_at)
    select p.j->>'newCart', (p.j->>'company')::int, 'booking', p.j->>'shop', p.j->>'customer', p.j->>'currency',
      (p.j->>'price')::int, (p.j->>'price')::int, (p.j->>'cartExpires')::timestamptz, (p.j->>'now')::timestamptz, (p.j->>'now')::timestamptz
    from p, ok where not exists (select 1 from open_cart)
    returning *
  ),
  new_order as (
    insert into booking_orders (id, company_id, cart_id, ideorder, customer_id, shop_id, status,
      total_cents, currency, created_at, updated_at)
    select n.id, (p.j->>'company')::int, n.id, p.j->>'orderNumber', p.j->>'customer', p.j->>'shop',
      p.j->>'orderStatus', (p.j->>'price')::int, p.j->>'currency', (p.j->>'now')::timestamptz, (p.j->>'now')::timestamptz
    from new_cart n, p
    returning *
  ),
  new_history as (
    insert into booking_order_history (company_id, booking_order_id, status, at, by)
    select (p.j->>'company')::int, o.id, p.j->>'orderStatus', (p.j->>'now')::timestamptz, p.j->>'customer' from new_order o, p
    returning *
  ),
  cart as (select o.id from open_cart o, ok union all select n.id from new_cart n),
  appt as (
    insert into appointments (id, company_id, cart_id, booking_order_id, shop_id, service_id,
      employee_id, cabin_id, equipment_ids, customer_id, status, starts_at, ends_at, local_start,
      local_end, time_zone, expires_at, price_cents, currency, gift_code, custom_message,
      created_at, updated_at)
    select p.j->>'appointment', (p.j->>'company')::int, cart.id, cart.id, p.j->>'shop', p.j->>'service',
      p.j->>'employee', p.j->>'cabin',
      array(select jsonb_array_elements_text(p.j->'equipment')), p.j->>'customer', p.j->>'status',
      (p.j->>'start')::timestamptz, (p.j->>'end')::timestamptz, p.j->>'localStart', p.j->>'localEnd', p.j->>'timeZone',
      d.at, (p.j->>'price')::int, p.j->>'currency', p.j->>'gift', p.j->>'message',
      (p.j->>'now')::timestamptz, (p.j->>'now')::timestamptz
    from p, cart, deadline d
    returning *
  ),
  claimed as (
    insert into appointment_claims (company_id, appointment_id, resource_id, resource_kind, shop_id,
      status, starts_at, ends_at, expires_at)
    select (p.j->>'company')::int, appt.id, r->>'id', r->>'kind', p.j->>'shop', p.j->>'status', (p.j->>'start')::timestamptz,
      (p.j->>'end')::timestamptz, appt.expires_at
    from p, appt, jsonb_array_elements(p.j->'claims') r
    returning resource_id
  ),
  cart_totals as (
    update carts t set expires_at = case when d.at is null then (p.j->>'cartExpires')::timestamptz
        else greatest(t.expires_at, d.at) end,
      updated_at = (p.j->>'now')::timestamptz,
      subtotal_cents = s.cents + (p.j->>'price')::int,
      total_cents = greatest(s.cents + (p.j->>'price')::int - t.discount_cents, 0)
    from p, open_cart o, live_sum s, ok, deadline d
    where t.company_id = (p.j->>'company')::int and t.id = o.id
    returning t.*
  ),
  order_totals as (
    update booking_orders b set total_cents = s.cents + (p.j->>'price')::int
    from p, open_cart o, live_sum s, ok
    where b.company_id = (p.j->>'company')::int and b.cart_id = o.id
    returning b.*
  ),
  written_order as (select * from new_order union all select * from order_totals),
  view_appointments as (
    select * from appt
    union all select a.* from appointments a, written_order w, p
    where a.company_id = (p.j->>'company')::int and a.cart_id = w.cart_id and a.booking_order_id = w.id
  )
  select json_build_object(
    'clash', (select coalesce(json_agg(json_build_object('appointmentId', appointment_id, 'live', live)), '[]') from clash),
    'cartId', (select id from cart),
    'appointmentId', (select id from appt),
    'refused', (select reason from refused),
    'view', (select json_build_object(
      'order', row_to_json(w),
      'appointments', (select json_agg(row_to_json(a) order by a.starts_at, a.id) from view_appointments a),
      'history', (select json_agg(row_to_json(h) order by h.at, h.id) from (
        select * from new_history
        union all select * from booking_order_history h
        where h.company_id = (p.j->>'company')::int and h.booking_order_id = w.id) h),
      'cart', (select row_to_json(c) from (select * from new_cart union all select * from cart_totals) c),
      'atShop', exists (select 1 from payments y where y.company_id = (p.j->>'company')::int
        and y.cart_id = w.cart_id and y.status = 'pending' and y.data->>'dueAtShop' = 'true')
    ) from written_order w)
  )::text into answer from p;
  RETURN answer;
END
$hold$;
