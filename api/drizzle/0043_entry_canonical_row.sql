-- Issue 27, freeze speed: each entry's row of the draw's canonical file (permitdesk-draw-v1) after
-- its entry number, masked as the freeze masks it, written when the entry arrives; the freeze
-- streams `id || canonical` by COPY instead of masking every row at the close. Adding a column
-- without a default rewrites nothing. Existing rows keep null: the masking rules (shared's
-- maskText/maskEmail/maskDigits, Unicode upper case included) are not restated in SQL; the freeze
-- fills a promotion's missing rows by the same code before it streams them, found by the partial
-- index below (empty once filled). Retention clears the column with the other personal fields.
ALTER TABLE "app"."entries" ADD COLUMN "canonical" text;--> statement-breakpoint
CREATE INDEX "entries_canonical_missing_idx" ON "app"."entries" USING btree ("promotion_id","id") WHERE "app"."entries"."canonical" is null;
