CREATE TABLE "platform_login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"succeeded" boolean NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "platform_login_attempts_email_idx" ON "platform_login_attempts" USING btree ("email","address","at");--> statement-breakpoint
CREATE INDEX "platform_login_attempts_address_idx" ON "platform_login_attempts" USING btree ("address","at");