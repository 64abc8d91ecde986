ALTER TABLE "app"."draws" ADD COLUMN "prize_values" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD COLUMN "row_index_every" integer;