-- The studio's live agenda (docs/decisions/075-studio-live-agenda.md): whatever changes a booked
-- appointment or a booking order (a request of any API instance, a job, a tool, a SQL prompt),
-- the database announces it on the instances' bus (server/cluster/bus.ts: channel
-- storefront_invalidate, an envelope {from, topic, message}, topic agenda), at commit and only if
-- the change commits. The message names the company, the shop, the order and, for an
-- appointment, its shop-local day: ids only, the studio reads the rows again. Identical notices
-- of one transaction are sent once by PostgreSQL itself. A hold is a pending order from its first
-- minute (hold_appointments), so holds are announced too; what changes no agenda (a hold's
-- renewal moves only expires_at) is not.
CREATE OR REPLACE FUNCTION agenda_notice() RETURNS trigger
LANGUAGE plpgsql AS $notice$
BEGIN
  IF TG_TABLE_NAME = 'appointments' THEN
    IF TG_OP <> 'INSERT' THEN
      IF OLD.booking_order_id IS NOT NULL THEN
        PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
          'topic', 'agenda', 'message', json_build_object('companyId', OLD.company_id,
          'shopId', OLD.shop_id, 'order', OLD.booking_order_id,
          'day', left(OLD.local_start, 10)))::text);
      END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      IF NEW.booking_order_id IS NOT NULL THEN
        PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
          'topic', 'agenda', 'message', json_build_object('companyId', NEW.company_id,
          'shopId', NEW.shop_id, 'order', NEW.booking_order_id,
          'day', left(NEW.local_start, 10)))::text);
      END IF;
    END IF;
  ELSE
    PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
      'topic', 'agenda', 'message', json_build_object('companyId', NEW.company_id,
      'shopId', NEW.shop_id, 'order', NEW.id))::text);
  END IF;
  RETURN NULL;
END
$notice$;
--> statement-breakpoint
CREATE TRIGGER appointments_agenda_insert AFTER INSERT ON appointments
  FOR EACH ROW WHEN (NEW.booking_order_id IS NOT NULL) EXECUTE FUNCTION agenda_notice();
--> statement-breakpoint
CREATE TRIGGER appointments_agenda_update AFTER UPDATE ON appointments
  FOR EACH ROW WHEN ((OLD.booking_order_id IS NOT NULL OR NEW.booking_order_id IS NOT NULL)
    AND (OLD.booking_order_id, OLD.status, OLD.local_start, OLD.local_end, OLD.shop_id,
      OLD.employee_id, OLD.cabin_id, OLD.service_id, OLD.customer_id, OLD.price_cents)
    IS DISTINCT FROM (NEW.booking_order_id, NEW.status, NEW.local_start, NEW.local_end,
      NEW.shop_id, NEW.employee_id, NEW.cabin_id, NEW.service_id, NEW.customer_id,
      NEW.price_cents))
  EXECUTE FUNCTION agenda_notice();
--> statement-breakpoint
CREATE TRIGGER appointments_agenda_delete AFTER DELETE ON appointments
  FOR EACH ROW WHEN (OLD.booking_order_id IS NOT NULL) EXECUTE FUNCTION agenda_notice();
--> statement-breakpoint
CREATE TRIGGER booking_orders_agenda_insert AFTER INSERT ON booking_orders
  FOR EACH ROW EXECUTE FUNCTION agenda_notice();
--> statement-breakpoint
CREATE TRIGGER booking_orders_agenda_update AFTER UPDATE ON booking_orders
  FOR EACH ROW WHEN ((OLD.status, OLD.paid_cents, OLD.total_cents, OLD.customer_id, OLD.shop_id)
    IS DISTINCT FROM (NEW.status, NEW.paid_cents, NEW.total_cents, NEW.customer_id, NEW.shop_id))
  EXECUTE FUNCTION agenda_notice();
