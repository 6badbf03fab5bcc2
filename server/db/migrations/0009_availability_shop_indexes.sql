CREATE INDEX "closed_days_shop_idx" ON "closed_days" USING btree ("company_id",("data"->>'shopId'),"starts_at");--> statement-breakpoint
CREATE INDEX "open_days_shop_idx" ON "open_days" USING btree ("company_id",("data"->>'shopId'),"starts_at");--> statement-breakpoint
CREATE INDEX "resources_shop_idx" ON "resources" USING btree ("company_id",("data"->>'shopId'),"starts_at");