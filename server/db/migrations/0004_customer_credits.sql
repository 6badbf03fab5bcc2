CREATE TABLE "customer_credits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"source_ideorder" text NOT NULL,
	"used_by" text,
	"by" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_credits_kind_check" CHECK ("customer_credits"."kind" in ('refund', 'spend', 'adjust')),
	CONSTRAINT "customer_credits_amount_check" CHECK ("customer_credits"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "customer_credits" ADD CONSTRAINT "customer_credits_customer_fk" FOREIGN KEY ("company_id","customer_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_credits_customer_idx" ON "customer_credits" USING btree ("company_id","customer_id","at");--> statement-breakpoint
CREATE INDEX "customer_credits_source_idx" ON "customer_credits" USING btree ("company_id","source_ideorder");