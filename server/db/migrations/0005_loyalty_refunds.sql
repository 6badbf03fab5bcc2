ALTER TABLE "loyalty_movements" DROP CONSTRAINT "loyalty_movements_reason_check";--> statement-breakpoint
ALTER TABLE "loyalty_movements" DROP CONSTRAINT "loyalty_movements_delta_check";--> statement-breakpoint
ALTER TABLE "loyalty_movements" ADD COLUMN "shortfall" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_movements" ADD CONSTRAINT "loyalty_movements_shortfall_check" CHECK ("loyalty_movements"."shortfall" >= 0);--> statement-breakpoint
ALTER TABLE "loyalty_movements" ADD CONSTRAINT "loyalty_movements_reason_check" CHECK ("loyalty_movements"."reason" in ('earn', 'exchange', 'refund', 'adjust', 'expire'));--> statement-breakpoint
ALTER TABLE "loyalty_movements" ADD CONSTRAINT "loyalty_movements_delta_check" CHECK ("loyalty_movements"."delta" <> 0 or "loyalty_movements"."reason" = 'refund');