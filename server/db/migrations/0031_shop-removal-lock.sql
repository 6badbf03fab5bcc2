-- A shop's removal and the holds placed in it (docs/decisions/104-shop-removal-lock.md). The
-- removal takes the shop's lock exclusively, then checks that nobody is expected there and
-- deletes the shop, in one transaction (server/routes/shops/shop-guard.ts). A hold takes the same
-- lock shared, so holds in one shop do not wait for each other, and then finds the shop still
-- there before booking_hold (0017_hold_visit_bound.sql) writes anything: a hold either commits
-- before the removal looks (which then refuses) or sees the shop gone (404).
CREATE OR REPLACE FUNCTION shop_lock_key(company int4, shop text) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$ SELECT hashtextextended('shop:' || shop, company) $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION booking_hold_at_shop(lock_keys int4[], params jsonb) RETURNS text
LANGUAGE plpgsql VOLATILE AS $hold$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(shop_lock_key((params->>'company')::int4, params->>'shop'));
  -- a statement of its own, read committed: its snapshot is taken after the lock, so a removal
  -- committed meanwhile is seen
  PERFORM 1 FROM shops WHERE company_id = (params->>'company')::int4 AND id = params->>'shop';
  IF NOT FOUND THEN
    RETURN '{"shopGone":true,"clash":[],"cartId":null,"appointmentId":null,"refused":null,"view":null}';
  END IF;
  RETURN booking_hold(lock_keys, params);
END
$hold$;
