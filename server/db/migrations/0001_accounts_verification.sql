CREATE TABLE "social_identities" (
	"company_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"provider" text NOT NULL,
	"provider_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_identities_pkey" PRIMARY KEY("company_id","provider","provider_user_id"),
	CONSTRAINT "social_identities_account_key" UNIQUE("company_id","account_id","provider"),
	CONSTRAINT "social_identities_provider_check" CHECK ("social_identities"."provider" in ('google', 'facebook'))
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"account_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "registration_codes" (
	"company_id" integer NOT NULL,
	"registration_id" text NOT NULL,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sends" integer DEFAULT 1 NOT NULL,
	"sends_since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_codes_pkey" PRIMARY KEY("company_id","registration_id","channel"),
	CONSTRAINT "registration_codes_channel_check" CHECK ("registration_codes"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "registrations_pkey" PRIMARY KEY("company_id","id"),
	CONSTRAINT "registrations_email_key" UNIQUE("company_id","email"),
	CONSTRAINT "registrations_email_lowercase" CHECK ("registrations"."email" = lower("registrations"."email"))
);
--> statement-breakpoint
ALTER TABLE "social_identities" ADD CONSTRAINT "social_identities_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_account_fk" FOREIGN KEY ("company_id","account_id") REFERENCES "public"."accounts"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_codes" ADD CONSTRAINT "registration_codes_registration_fk" FOREIGN KEY ("company_id","registration_id") REFERENCES "public"."registrations"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_resets_account_idx" ON "password_resets" USING btree ("company_id","account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_customer_phone_key" ON "accounts" USING btree ("company_id","phone") WHERE "accounts"."kind" = 'customer' and "accounts"."phone" is not null;