-- Issue 27, freeze speed: the freeze counts the excluded entries by reason (the public record's
-- lines) while the rows stream out. Without an index on the decision that count was a parallel
-- seq scan of every promotion's entries (about 1.2 CPU-seconds at a million, beside the freeze's
-- stream on two cores); the excluded ones are few, so a partial index holds only them.
CREATE INDEX "entries_promotion_excluded_idx" ON "app"."entries" USING btree ("promotion_id") WHERE "app"."entries"."decision" = 'exclude';
