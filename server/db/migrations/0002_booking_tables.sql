CREATE TABLE "appointment_claims" (
	"company_id" integer NOT NULL,
	"appointment_id" text NOT NULL,
	"resource_id" text NOT NULL,
	"resource_kind" text NOT NULL,
	"shop_id" text NOT NULL,
	"status" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "appointment_claims_pkey" PRIMARY KEY("company_id","appointment_id","resource_id"),
	CONSTRAINT "appointment_claims_status_check" CHECK ("appointment_claims"."status" in ('hold', 'confirmed', 'cancelled')),
	CONSTRAINT "appointment_claims_kind_check" CHECK ("appointment_claims"."resource_kind" in ('employee', 'cabin')),
	CONSTRAINT "appointment_claims_range_check" CHECK ("appointment_claims"."ends_at" > "appointment_claims"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"cart_id" text NOT NULL,
	"booking_order_id" text,
	"shop_id" text NOT NULL,
	"service_id" text NOT NULL,
	"employee_id" text NOT NULL,
	"cabin_id" text,
	"equipment_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'hold' NOT NULL,
	"cancel_reason" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" "tstzrange" GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"local_start" text NOT NULL,
	"local_end" text NOT NULL,
	"time_zone" text NOT NULL,
	"expires_at" timestamp with time zone,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"gift_code" text,
	"custom_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('hold', 'confirmed', 'cancelled')),
	CONSTRAINT "appointments_cancel_reason_check" CHECK ("appointments"."cancel_reason" is null or "appointments"."cancel_reason" in ('customer', 'provider', 'expired', 'payment')),
	CONSTRAINT "appointments_range_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_hold_expiry_check" CHECK ("appointments"."status" <> 'hold' or "appointments"."expires_at" is not null),
	CONSTRAINT "appointments_price_check" CHECK ("appointments"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "booking_order_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"booking_order_id" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"by" text,
	CONSTRAINT "booking_order_history_status_check" CHECK ("booking_order_history"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'noShow', 'refunded', 'partiallyRefunded'))
);
--> statement-breakpoint
CREATE TABLE "booking_orders" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"cart_id" text NOT NULL,
	"ideorder" text NOT NULL,
	"customer_id" text,
	"shop_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"payment_provider" text,
	"transaction_id" text,
	"booker_origin" text DEFAULT 'web' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_orders_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "booking_orders_cart_key" UNIQUE("company_id","cart_id"),
	CONSTRAINT "booking_orders_ideorder_key" UNIQUE("company_id","ideorder"),
	CONSTRAINT "booking_orders_status_check" CHECK ("booking_orders"."status" in ('pending', 'confirmed', 'completed', 'cancelled', 'noShow', 'refunded', 'partiallyRefunded')),
	CONSTRAINT "booking_orders_amounts_check" CHECK ("booking_orders"."total_cents" >= 0 and "booking_orders"."paid_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"shop_id" text NOT NULL,
	"customer_id" text,
	"status" text DEFAULT 'open' NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"coupon_code" text,
	"message" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "carts_purpose_check" CHECK ("carts"."purpose" in ('booking', 'gift', 'eshop')),
	CONSTRAINT "carts_status_check" CHECK ("carts"."status" in ('open', 'paying', 'paid', 'expired', 'cancelled')),
	CONSTRAINT "carts_amounts_check" CHECK ("carts"."subtotal_cents" >= 0 and "carts"."discount_cents" >= 0 and "carts"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "eshop_order_lines" (
	"company_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"line_no" integer NOT NULL,
	"article_id" text NOT NULL,
	"ab_id" text,
	"name" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"vat" numeric(5, 2),
	"total_cents" integer NOT NULL,
	CONSTRAINT "eshop_order_lines_pkey" PRIMARY KEY("company_id","order_id","line_no"),
	CONSTRAINT "eshop_order_lines_amounts_check" CHECK ("eshop_order_lines"."quantity" > 0 and "eshop_order_lines"."unit_price_cents" >= 0 and "eshop_order_lines"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "eshop_orders" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"cart_id" text,
	"customer_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eshop_orders_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "eshop_orders_number_key" UNIQUE("company_id","number"),
	CONSTRAINT "eshop_orders_status_check" CHECK ("eshop_orders"."status" in ('pending', 'paid', 'ready', 'shipped', 'delivered', 'cancelled', 'refunded')),
	CONSTRAINT "eshop_orders_amounts_check" CHECK ("eshop_orders"."subtotal_cents" >= 0 and "eshop_orders"."discount_cents" >= 0 and "eshop_orders"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock" (
	"company_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"article_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_pkey" PRIMARY KEY("company_id","shop_id","article_id"),
	CONSTRAINT "stock_quantity_check" CHECK ("stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "gift_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"gift_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"cart_id" text,
	"booking_order_id" text,
	"by" text,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_movements_kind_check" CHECK ("gift_movements"."kind" in ('purchase', 'redeem', 'refund', 'resend', 'cancel'))
);
--> statement-breakpoint
CREATE TABLE "gifts" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"theme_id" text,
	"amount_cents" integer NOT NULL,
	"remaining_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"from_name" text,
	"message" text,
	"purchaser_customer_id" text,
	"purchaser_email" text,
	"shop_id" text,
	"service_id" text,
	"cart_id" text,
	"valid_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gifts_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "gifts_code_key" UNIQUE("company_id","code"),
	CONSTRAINT "gifts_status_check" CHECK ("gifts"."status" in ('pending', 'active', 'cancelled')),
	CONSTRAINT "gifts_amounts_check" CHECK ("gifts"."amount_cents" >= 0 and "gifts"."remaining_cents" >= 0 and "gifts"."remaining_cents" <= "gifts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "loyalty_cards" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"number" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_cards_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "loyalty_cards_customer_key" UNIQUE("company_id","customer_id"),
	CONSTRAINT "loyalty_cards_number_key" UNIQUE("company_id","number"),
	CONSTRAINT "loyalty_cards_points_check" CHECK ("loyalty_cards"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"card_id" text NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"tier_id" text,
	"source_kind" text,
	"source_id" text,
	"by" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_movements_reason_check" CHECK ("loyalty_movements"."reason" in ('earn', 'exchange', 'adjust', 'expire')),
	CONSTRAINT "loyalty_movements_delta_check" CHECK ("loyalty_movements"."delta" <> 0)
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"payment_id" text,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "payment_events_key" UNIQUE("company_id","provider","event_key")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"cart_id" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"provider_ref" text,
	"provider_token" text,
	"error_type" text,
	"error_message" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"succeeded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "payments_provider_ref_key" UNIQUE("company_id","provider","provider_ref"),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('created', 'requiresAction', 'pending', 'succeeded', 'failed', 'cancelled', 'refunded', 'partiallyRefunded')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount_cents" >= 0 and "payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "appointment_claims" ADD CONSTRAINT "appointment_claims_appointment_fk" FOREIGN KEY ("company_id","appointment_id") REFERENCES "public"."appointments"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_booking_order_fk" FOREIGN KEY ("company_id","booking_order_id") REFERENCES "public"."booking_orders"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_order_history" ADD CONSTRAINT "booking_order_history_order_fk" FOREIGN KEY ("company_id","booking_order_id") REFERENCES "public"."booking_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_orders" ADD CONSTRAINT "booking_orders_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_orders" ADD CONSTRAINT "booking_orders_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eshop_order_lines" ADD CONSTRAINT "eshop_order_lines_order_fk" FOREIGN KEY ("company_id","order_id") REFERENCES "public"."eshop_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eshop_orders" ADD CONSTRAINT "eshop_orders_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eshop_orders" ADD CONSTRAINT "eshop_orders_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock" ADD CONSTRAINT "stock_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_movements" ADD CONSTRAINT "gift_movements_gift_fk" FOREIGN KEY ("company_id","gift_id") REFERENCES "public"."gifts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gifts" ADD CONSTRAINT "gifts_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_cards" ADD CONSTRAINT "loyalty_cards_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_movements" ADD CONSTRAINT "loyalty_movements_card_fk" FOREIGN KEY ("company_id","card_id") REFERENCES "public"."loyalty_cards"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cart_fk" FOREIGN KEY ("company_id","cart_id") REFERENCES "public"."carts"("company_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointment_claims_shop_starts_idx" ON "appointment_claims" USING btree ("company_id","shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_shop_starts_idx" ON "appointments" USING btree ("company_id","shop_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_cart_idx" ON "appointments" USING btree ("company_id","cart_id");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("company_id","customer_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_hold_expiry_idx" ON "appointments" USING btree ("expires_at") WHERE "appointments"."status" = 'hold';--> statement-breakpoint
CREATE INDEX "booking_order_history_order_idx" ON "booking_order_history" USING btree ("company_id","booking_order_id","at");--> statement-breakpoint
CREATE INDEX "booking_orders_customer_idx" ON "booking_orders" USING btree ("company_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "carts_customer_idx" ON "carts" USING btree ("company_id","customer_id","status");--> statement-breakpoint
CREATE INDEX "eshop_orders_customer_idx" ON "eshop_orders" USING btree ("company_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "gift_movements_gift_idx" ON "gift_movements" USING btree ("company_id","gift_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_movements_redeem_once" ON "gift_movements" USING btree ("company_id","gift_id","cart_id") WHERE "gift_movements"."kind" = 'redeem';--> statement-breakpoint
CREATE INDEX "gifts_purchaser_idx" ON "gifts" USING btree ("company_id","purchaser_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "loyalty_movements_card_idx" ON "loyalty_movements" USING btree ("company_id","card_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_movements_earn_once" ON "loyalty_movements" USING btree ("company_id","card_id","source_kind","source_id") WHERE "loyalty_movements"."reason" = 'earn';--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("company_id","payment_id");--> statement-breakpoint
CREATE INDEX "payments_cart_idx" ON "payments" USING btree ("company_id","cart_id");