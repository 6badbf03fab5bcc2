CREATE TABLE "visit_reminders" (
	"company_id" integer NOT NULL,
	"booking_order_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"channels" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_reminders_pkey" PRIMARY KEY("company_id","booking_order_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "visit_reminders" ADD CONSTRAINT "visit_reminders_booking_order_fk" FOREIGN KEY ("company_id","booking_order_id") REFERENCES "public"."booking_orders"("company_id","id") ON DELETE cascade ON UPDATE no action;