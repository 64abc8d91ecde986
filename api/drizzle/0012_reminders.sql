CREATE TABLE "app"."calendar_feeds" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."distribution_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."promotion_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"kind" text NOT NULL,
	"days_before" integer,
	"account_holder" boolean DEFAULT true NOT NULL,
	"distribution_list_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."promotion_unsubscribes" (
	"promotion_id" integer NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."reminder_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"kind" text NOT NULL,
	"reminder_date" date NOT NULL,
	"email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."distribution_lists" ADD CONSTRAINT "distribution_lists_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promotion_reminders" ADD CONSTRAINT "promotion_reminders_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promotion_unsubscribes" ADD CONSTRAINT "promotion_unsubscribes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "app"."calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "distribution_lists_owner_idx" ON "app"."distribution_lists" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_reminders_kind_idx" ON "app"."promotion_reminders" USING btree ("promotion_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_unsubscribes_idx" ON "app"."promotion_unsubscribes" USING btree ("promotion_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_deliveries_once_idx" ON "app"."reminder_deliveries" USING btree ("promotion_id","kind","reminder_date","email");