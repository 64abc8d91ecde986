-- Issue 27, the submit path in one statement: an entry's ordinal among its person's entries of the
-- Sydney day (1..entriesPerDay), unique, so two entries of one person racing for the last place of the
-- day cannot both take it (the index does what a per-person advisory lock did). Null when the form
-- has no per-day limit or the entry no person key; older rows keep null (nulls are distinct).
ALTER TABLE "app"."entries" ADD COLUMN "day_seq" smallint;--> statement-breakpoint
CREATE UNIQUE INDEX "entries_person_day_seq_idx" ON "app"."entries" USING btree ("promotion_id","person_key","sydney_day","day_seq");--> statement-breakpoint
-- The unique index above serves the same (promotion, person, day) lookups: one index fewer per insert.
DROP INDEX "app"."entries_promotion_person_day_idx";
