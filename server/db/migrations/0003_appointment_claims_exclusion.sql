-- No double booking (ARCHITECTURE.md, issue 4): two live claims of one resource (employee or
-- cabin) of one company can never overlap in time, whatever the concurrency. btree_gist lets a
-- GiST index compare company_id and resource_id with =; cancelled claims (cancelled or lapsed
-- holds) are left out, so they never block a slot. PGlite loads btree_gist in db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointment_claims" ADD CONSTRAINT "appointment_claims_no_overlap"
	EXCLUDE USING gist ("company_id" WITH =, "resource_id" WITH =, "during" WITH &&)
	WHERE ("status" <> 'cancelled');
