CREATE TABLE "app"."staff_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"outstanding_filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "is_test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "status_before_lock" smallint;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "owner_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "permit_numbers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD COLUMN "forms_submitted" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "customer_contact_id" integer;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."staff_preferences" ADD CONSTRAINT "staff_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD CONSTRAINT "staff_tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD CONSTRAINT "staff_tasks_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;