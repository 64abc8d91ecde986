ALTER TABLE "app"."draws" ADD COLUMN "entries_root" text;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "app"."draw_results" ADD COLUMN "early_run_reason" text;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD CONSTRAINT "draws_cancel_reason" CHECK ("app"."draws"."cancelled_at" is null or "app"."draws"."cancel_reason" is not null);
