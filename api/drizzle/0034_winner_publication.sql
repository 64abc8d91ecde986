-- Issue 25: winner publication is a service ordered with the promotion (001 §1), like the others.
ALTER TABLE "app"."promotions" ADD COLUMN "winner_publication" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Before this column the draws read the wish from the application body; keep those promotions' choice.
UPDATE "app"."promotions" SET "winner_publication" = true WHERE "permit"->'winnerPublication' = 'true'::jsonb;
