-- Issue 22: a card payment is charged outside the invoice-number lock. The attempt is recorded "pending" before the gateway call (committed), and "unknown" when the gateway's answer was lost; one promotion has at most one such unresolved attempt, so two pay requests racing on one promotion never charge twice.
ALTER TABLE "app"."payments" ADD COLUMN "payment_method_id" text;
--> statement-breakpoint
ALTER TABLE "app"."payments" ADD COLUMN "sent_at" timestamp with time zone;
--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_unresolved_per_promotion" ON "app"."payments" USING btree ("promotion_id") WHERE "app"."payments"."status" in ('pending', 'unknown');
