CREATE TABLE "accounts" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"password_hash" text,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "accounts_email_key" UNIQUE("company_id","kind","email"),
	CONSTRAINT "accounts_kind_check" CHECK ("accounts"."kind" in ('customer', 'provider', 'access')),
	CONSTRAINT "accounts_email_lowercase" CHECK ("accounts"."email" = lower("accounts"."email"))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "tokens_kind_check" CHECK ("tokens"."kind" in ('customer', 'provider', 'access'))
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"nickname" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_host_unique" UNIQUE("host"),
	CONSTRAINT "companies_token_unique" UNIQUE("token"),
	CONSTRAINT "companies_host_lowercase" CHECK ("companies"."host" = lower("companies"."host"))
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "closed_days" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "closed_days_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "eshop_categories" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "eshop_categories_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "geogroupments" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "geogroupments_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_programs_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "open_days" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_days_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_categories_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "resources" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"slug" text,
	"type" text,
	"order" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shops_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"transport" text NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_channel_check" CHECK ("notifications"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"host" text NOT NULL,
	"kind" text NOT NULL,
	"entity_id" text NOT NULL,
	"url" text NOT NULL,
	"body" text NOT NULL,
	"signature" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_attempts" ADD CONSTRAINT "login_attempts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_subject_fk" FOREIGN KEY ("company_id","subject_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_days" ADD CONSTRAINT "closed_days_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eshop_categories" ADD CONSTRAINT "eshop_categories_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "geogroupments" ADD CONSTRAINT "geogroupments_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_days" ADD CONSTRAINT "open_days_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_phone_idx" ON "accounts" USING btree ("company_id","phone");--> statement-breakpoint
CREATE INDEX "login_attempts_account_idx" ON "login_attempts" USING btree ("company_id","kind","email","at");--> statement-breakpoint
CREATE INDEX "login_attempts_address_idx" ON "login_attempts" USING btree ("address","at");--> statement-breakpoint
CREATE INDEX "tokens_subject_idx" ON "tokens" USING btree ("company_id","subject_id");--> statement-breakpoint
CREATE INDEX "alerts_slug_idx" ON "alerts" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "alerts_order_idx" ON "alerts" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "articles_slug_idx" ON "articles" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "articles_order_idx" ON "articles" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "categories_slug_idx" ON "categories" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "categories_order_idx" ON "categories" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "closed_days_slug_idx" ON "closed_days" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "closed_days_order_idx" ON "closed_days" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "coupons_slug_idx" ON "coupons" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "coupons_order_idx" ON "coupons" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "eshop_categories_slug_idx" ON "eshop_categories" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "eshop_categories_order_idx" ON "eshop_categories" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "events_slug_idx" ON "events" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "events_order_idx" ON "events" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "geogroupments_slug_idx" ON "geogroupments" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "geogroupments_order_idx" ON "geogroupments" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "loyalty_programs_slug_idx" ON "loyalty_programs" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "loyalty_programs_order_idx" ON "loyalty_programs" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "open_days_slug_idx" ON "open_days" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "open_days_order_idx" ON "open_days" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "post_categories_slug_idx" ON "post_categories" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "post_categories_order_idx" ON "post_categories" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "posts_slug_idx" ON "posts" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "posts_order_idx" ON "posts" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "resources_slug_idx" ON "resources" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "resources_order_idx" ON "resources" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "shops_slug_idx" ON "shops" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "shops_order_idx" ON "shops" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."delivered_at" is null;