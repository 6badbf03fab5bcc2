CREATE TABLE "medias" (
	"id" text DEFAULT gen_random_uuid()::text NOT NULL,
	"company_id" integer NOT NULL,
	"dir" text NOT NULL,
	"hash" text NOT NULL,
	"type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"variants" jsonb NOT NULL,
	"alt" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "medias_pkey" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_company_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "medias_content_idx" ON "medias" USING btree ("company_id","dir","hash");--> statement-breakpoint
CREATE INDEX "medias_newest_idx" ON "medias" USING btree ("company_id","created_at" DESC,"id");