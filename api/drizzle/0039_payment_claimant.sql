-- Issue 22 after a crash: the process (its LISTEN connection's identity) that sent a card attempt, so an
-- attempt whose process is gone is resumed at once instead of waiting out the lease.
ALTER TABLE "app"."payments" ADD COLUMN "claimed_by" text;
