CREATE TABLE "customer_notes" (
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"notes" text NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_pkey" PRIMARY KEY("company_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "dossiers" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"customer_id" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dossiers_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "dossiers_type_check" CHECK ("dossiers"."type" in ('pmu', 'tattoo', 'aesthetic', 'other'))
);
--> statement-breakpoint
CREATE TABLE "needles" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"type" text NOT NULL,
	"lot" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "needles_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "pigments" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"brand" text NOT NULL,
	"colour" text NOT NULL,
	"lot" text NOT NULL,
	"expiry" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pigments_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "prestation_lots" (
	"company_id" integer NOT NULL,
	"prestation_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"lot" text NOT NULL,
	"product" text NOT NULL,
	"colour" text,
	"expiry" date,
	CONSTRAINT "prestation_lots_pkey" PRIMARY KEY("company_id","prestation_id","position"),
	CONSTRAINT "prestation_lots_kind_check" CHECK ("prestation_lots"."kind" in ('pigment', 'needle'))
);
--> statement-breakpoint
CREATE TABLE "prestations" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"dossier_id" text,
	"customer_id" text,
	"day" date NOT NULL,
	"service" text NOT NULL,
	"practitioner_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prestations_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dossiers" ADD CONSTRAINT "dossiers_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "needles" ADD CONSTRAINT "needles_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pigments" ADD CONSTRAINT "pigments_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestation_lots" ADD CONSTRAINT "prestation_lots_prestation_fk" FOREIGN KEY ("company_id","prestation_id") REFERENCES "public"."prestations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestations" ADD CONSTRAINT "prestations_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dossiers_customer_idx" ON "dossiers" USING btree ("company_id","customer_id","type");--> statement-breakpoint
CREATE INDEX "prestation_lots_lot_idx" ON "prestation_lots" USING btree ("company_id","lot");--> statement-breakpoint
CREATE INDEX "prestations_dossier_idx" ON "prestations" USING btree ("company_id","dossier_id","day");--> statement-breakpoint
CREATE INDEX "prestations_customer_idx" ON "prestations" USING btree ("company_id","customer_id");