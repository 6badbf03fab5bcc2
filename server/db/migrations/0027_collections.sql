CREATE TABLE "collection_items" (
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
	CONSTRAINT "collection_items_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "collection_schemas" (
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
	CONSTRAINT "collection_schemas_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "collection_items" ADD CONSTRAINT "collection_items_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_schemas" ADD CONSTRAINT "collection_schemas_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collection_items_slug_idx" ON "collection_items" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "collection_items_order_idx" ON "collection_items" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "collection_schemas_slug_idx" ON "collection_schemas" USING btree ("company_id","slug");--> statement-breakpoint
CREATE INDEX "collection_schemas_order_idx" ON "collection_schemas" USING btree ("company_id","order");