-- Issue 27, freeze speed: each entry's row of the draw's canonical file (permitdesk-draw-v1) after
-- its entry number, masked as the freeze masks it, written when the entry arrives; the freeze
-- streams `id || canonical` by COPY instead of masking every row at the close. Adding a column
-- without a default rewrites nothing. Existing rows keep null: the masking rules (shared's
-- maskText/maskEmail/maskDigits, Unicode upper case included) are not restated in SQL; the freeze
-- fills a promotion's missing rows by the same code before it streams them, found by the partial
-- index below (empty once filled). Retention clears the column with the other personal fields.
ALTER TABLE "app"."entries" ADD COLUMN "canonical" text;--> statement-breakpoint
CREATE INDEX "entries_canonical_missing_idx" ON "app"."entries" USING btree ("promotion_id","id") WHERE "app"."entries"."canonical" is null;
--> statement-breakpoint
-- The freeze reads a promotion's rows in id order: with the canonical row and the decision in the
-- index beside (promotion_id, id), PostgreSQL answers from the index alone (an index-only scan:
-- about a quarter of the pages of the heap at 1,000,000 entries, half the time in EXPLAIN ANALYZE)
-- instead of a heap page per few entries. It replaces the plain index of the same key, so an insert
-- still writes as many index entries. A stored row is at most about 1,900 bytes (the form's fields
-- are 200 characters at most), under the 2,700 bytes a B-tree entry may hold.
DROP INDEX "app"."entries_promotion_id_idx";--> statement-breakpoint
CREATE INDEX "entries_promotion_id_idx" ON "app"."entries" USING btree ("promotion_id","id") INCLUDE ("decision","canonical");
