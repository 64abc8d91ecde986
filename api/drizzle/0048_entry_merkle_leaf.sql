-- Issue 27, freeze speed: each entry's Merkle leaf (DESIGN.md §5a: SHA-256(0x00 ‖ the canonical
-- row without its newline), the row being `id || canonical`), computed by PostgreSQL whenever the
-- row is written: a row never depends on which other entries are excluded, so neither does its
-- leaf, and the freeze streams the leaves with the rows instead of hashing a million of them at the
-- close (PostgreSQL's sha256 is OpenSSL's, with the CPU's SHA instructions; the freeze's worker has
-- none). A generated column follows every write of `canonical` (arrival, the freeze's fill of rows
-- from before 0043, retention's null) with no change to those writers. convert_to is only STABLE,
-- so the row's UTF-8 bytes come from decode(…, 'escape') with every backslash doubled (IMMUTABLE;
-- the database is UTF-8). Adding a stored column rewrites the table once.
ALTER TABLE "app"."entries" ADD COLUMN "leaf" bytea GENERATED ALWAYS AS (sha256('\x00'::bytea || decode(replace("id"::text || left("canonical", -1), '\', '\\'), 'escape'))) STORED;--> statement-breakpoint
-- The freeze's index-only scan (0043) now reads the leaf too: it goes beside the canonical row.
DROP INDEX "app"."entries_promotion_id_idx";--> statement-breakpoint
CREATE INDEX "entries_promotion_id_idx" ON "app"."entries" USING btree ("promotion_id","id") INCLUDE ("decision","canonical","leaf");
