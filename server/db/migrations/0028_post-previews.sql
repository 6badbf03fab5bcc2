CREATE TABLE "post_previews" (
	"company_id" integer NOT NULL,
	"post_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_previews_pkey" PRIMARY KEY("company_id","post_id")
);
--> statement-breakpoint
ALTER TABLE "post_previews" ADD CONSTRAINT "post_previews_post_fk" FOREIGN KEY ("company_id","post_id") REFERENCES "public"."posts"("company_id","id") ON DELETE cascade ON UPDATE no action;