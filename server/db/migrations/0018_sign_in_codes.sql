-- Decision 061: the e-mail code an account needs to sign in once its failed-password budget is spent.
CREATE TABLE "sign_in_codes" (
	"company_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sign_in_codes_pkey" PRIMARY KEY("company_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD CONSTRAINT "sign_in_codes_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;
