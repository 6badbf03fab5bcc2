CREATE TABLE "coupon_redemptions" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"coupon_id" text NOT NULL,
	"cart_id" text NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'reserved' NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "coupon_redemptions_status_check" CHECK ("coupon_redemptions"."status" in ('reserved', 'used', 'released'))
);
--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("company_id","coupon_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_live_cart" ON "coupon_redemptions" USING btree ("company_id","cart_id") WHERE "coupon_redemptions"."status" <> 'released';