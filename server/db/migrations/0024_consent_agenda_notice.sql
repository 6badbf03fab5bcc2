-- A signed consent form changes what the studio's agenda shows (the visit's form signed,
-- docs/decisions/080-consent-record.md) without touching an order or an appointment, so the
-- triggers of 0019_agenda_notice.sql never hear it: a signature announces its order on the same
-- bus topic, with the order's shop and no day (the studio then reads that shop's consent states
-- again, docs/decisions/075-studio-live-agenda.md).
CREATE OR REPLACE FUNCTION consent_agenda_notice() RETURNS trigger
LANGUAGE plpgsql AS $notice$
DECLARE
  shop text;
BEGIN
  SELECT o.shop_id INTO shop FROM booking_orders o
    WHERE o.company_id = NEW.company_id AND o.id = NEW.order_id;
  IF shop IS NOT NULL THEN
    PERFORM pg_notify('storefront_invalidate', json_build_object('from', 'database',
      'topic', 'agenda', 'message', json_build_object('companyId', NEW.company_id,
      'shopId', shop, 'order', NEW.order_id))::text);
  END IF;
  RETURN NULL;
END
$notice$;
--> statement-breakpoint
CREATE TRIGGER consent_signatures_agenda_insert AFTER INSERT ON consent_signatures
  FOR EACH ROW EXECUTE FUNCTION consent_agenda_notice();
