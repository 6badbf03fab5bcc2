CREATE TABLE "consent_signatures" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text,
	"template_id" text NOT NULL,
	"version_id" text NOT NULL,
	"locale" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"text_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"client_address" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "consent_signatures_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "consent_templates" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"service_id" text NOT NULL,
	"current_version_id" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_templates_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "consent_versions" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"number" integer NOT NULL,
	"format" text NOT NULL,
	"texts" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_versions_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "consent_versions_format_check" CHECK ("consent_versions"."format" in ('text', 'html'))
);
--> statement-breakpoint
ALTER TABLE "consent_signatures" ADD CONSTRAINT "consent_signatures_version_fk" FOREIGN KEY ("company_id","version_id") REFERENCES "public"."consent_versions"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_templates" ADD CONSTRAINT "consent_templates_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_versions" ADD CONSTRAINT "consent_versions_template_fk" FOREIGN KEY ("company_id","template_id") REFERENCES "public"."consent_templates"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_signatures_order_idx" ON "consent_signatures" USING btree ("company_id","order_id","template_id");--> statement-breakpoint
CREATE INDEX "consent_signatures_customer_idx" ON "consent_signatures" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "consent_templates_service_idx" ON "consent_templates" USING btree ("company_id","service_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consent_versions_number_idx" ON "consent_versions" USING btree ("company_id","template_id","number");--> statement-breakpoint
-- docs/decisions/080-consent-record.md: a version and a signature, once written, never change.
-- An UPDATE is refused whoever makes it; a DELETE too, except the one a deleted company's
-- cascade makes (run by the foreign key's own trigger, so at a trigger depth above one).
CREATE OR REPLACE FUNCTION consent_record_frozen() RETURNS trigger
LANGUAGE plpgsql AS $frozen$
BEGIN
  IF TG_OP = 'DELETE' AND pg_trigger_depth() > 1 THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'consent records cannot change (%, %)', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'integrity_constraint_violation';
END
$frozen$;
--> statement-breakpoint
CREATE TRIGGER consent_versions_frozen BEFORE UPDATE OR DELETE ON consent_versions
  FOR EACH ROW EXECUTE FUNCTION consent_record_frozen();
--> statement-breakpoint
CREATE TRIGGER consent_signatures_frozen BEFORE UPDATE OR DELETE ON consent_signatures
  FOR EACH ROW EXECUTE FUNCTION consent_record_frozen();
