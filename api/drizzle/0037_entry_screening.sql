-- Issue 27 (screening, freeze): the T&C clause a decision cites, when an entrant's personal data
-- was replaced by hashes (retention), when a promotion's entries were last screened, and the
-- exclusion lines a frozen draw's public record shows.
ALTER TABLE "app"."entries" ADD COLUMN "decision_clause" text;
--> statement-breakpoint
ALTER TABLE "app"."entries" ADD COLUMN "personal_data_deleted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "app"."entry_forms" ADD COLUMN "screened_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "app"."draws" ADD COLUMN "exclusion_lines" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
-- Screening reads duplicates by key, bursts by address or device in time order, and the flagged
-- entries page by page: each from an index, not a sort of the whole promotion.
CREATE INDEX "entries_promotion_name_postcode_idx" ON "app"."entries" USING btree ("promotion_id","name_postcode_norm");
--> statement-breakpoint
CREATE INDEX "entries_promotion_ip_time_idx" ON "app"."entries" USING btree ("promotion_id","ip_hash","received_at","id") WHERE "app"."entries"."ip_hash" is not null;
--> statement-breakpoint
CREATE INDEX "entries_promotion_device_time_idx" ON "app"."entries" USING btree ("promotion_id","device_hash","received_at","id") WHERE "app"."entries"."device_hash" is not null;
--> statement-breakpoint
CREATE INDEX "entries_promotion_flagged_idx" ON "app"."entries" USING btree ("promotion_id","id") WHERE "app"."entries"."flags" <> '[]'::jsonb;
