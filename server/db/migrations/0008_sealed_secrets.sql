ALTER TABLE "notifications" ADD COLUMN "sealed_secret" text;--> statement-breakpoint
-- Rows written before secrets were sealed hold codes, reset links and voucher codes in clear in
-- their text: the text goes, the row (what was sent to whom, when) stays (decision 018).
UPDATE "notifications" SET "subject" = '', "body" = '(text removed: written before secrets were sealed)';
