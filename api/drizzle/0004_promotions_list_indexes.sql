DROP INDEX "app"."promotions_owner_created_idx";--> statement-breakpoint
DROP INDEX "app"."promotions_created_idx";--> statement-breakpoint
CREATE INDEX "promotions_owner_created_idx" ON "app"."promotions" USING btree ("user_id","archived","created_at","id") WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "app"."promotions" USING btree ("created_at","id");