CREATE TABLE "company_secrets" (
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"sealed_value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_secrets_pkey" PRIMARY KEY("company_id","name")
);
--> statement-breakpoint
ALTER TABLE "company_secrets" ADD CONSTRAINT "company_secrets_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;