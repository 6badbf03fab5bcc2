-- Decision 054: each message's delivery state, attempts and provider id; the contacts a message
-- could not reach for good, per company. Messages already sent by SMTP count as sent.
CREATE TABLE "undeliverable_contacts" (
	"company_id" integer NOT NULL,
	"channel" text NOT NULL,
	"contact" text NOT NULL,
	"reason" text NOT NULL,
	"notification_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "undeliverable_contacts_company_id_channel_contact_pk" PRIMARY KEY("company_id","channel","contact"),
	CONSTRAINT "undeliverable_contacts_channel_check" CHECK ("undeliverable_contacts"."channel" in ('sms', 'email'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "template" jsonb;--> statement-breakpoint
ALTER TABLE "undeliverable_contacts" ADD CONSTRAINT "undeliverable_contacts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_provider_message_idx" ON "notifications" USING btree ("provider","provider_message_id") WHERE "notifications"."provider_message_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('queued', 'sent', 'delivered', 'bounced', 'failed'));--> statement-breakpoint
UPDATE "notifications" SET "status" = 'sent', "status_at" = "sent_at" WHERE "sent_at" IS NOT NULL;
