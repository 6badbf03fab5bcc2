CREATE TABLE "waitlist_entries" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"shop_id" text NOT NULL,
	"service_ids" text[] NOT NULL,
	"day" text NOT NULL,
	"time_zone" text NOT NULL,
	"window_from" integer NOT NULL,
	"window_to" integer NOT NULL,
	"position" bigserial NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"locale" text DEFAULT 'fr' NOT NULL,
	"offer_cart_id" text,
	"offer_appointment_ids" text[],
	"offer_start" text,
	"offer_expires_at" timestamp with time zone,
	"offer_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "waitlist_entries_state_check" CHECK ("waitlist_entries"."state" in ('waiting', 'offered', 'booked', 'lapsed', 'left')),
	CONSTRAINT "waitlist_entries_window_check" CHECK ("waitlist_entries"."window_to" > "waitlist_entries"."window_from")
);
--> statement-breakpoint
CREATE TABLE "waitlist_freed" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"shop_id" text NOT NULL,
	"day" text NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_freed" ADD CONSTRAINT "waitlist_freed_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_live_idx" ON "waitlist_entries" USING btree ("company_id","customer_id","shop_id","day") WHERE "waitlist_entries"."state" in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX "waitlist_entries_line_idx" ON "waitlist_entries" USING btree ("company_id","shop_id","day","position");--> statement-breakpoint
CREATE INDEX "waitlist_entries_customer_idx" ON "waitlist_entries" USING btree ("company_id","customer_id","day");--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_entries_token_idx" ON "waitlist_entries" USING btree ("offer_token_hash");--> statement-breakpoint
CREATE INDEX "waitlist_freed_due_idx" ON "waitlist_freed" USING btree ("id") WHERE "waitlist_freed"."processed_at" is null;