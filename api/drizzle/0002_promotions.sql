CREATE TABLE "app"."promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"start_date" date,
	"total_prize_value" bigint DEFAULT 0 NOT NULL,
	"post_submission_total_prize_value" bigint,
	"state_act" boolean DEFAULT false NOT NULL,
	"state_nsw" boolean DEFAULT false NOT NULL,
	"state_sa" boolean DEFAULT false NOT NULL,
	"state_vic" boolean DEFAULT false NOT NULL,
	"state_nt" boolean DEFAULT false NOT NULL,
	"state_wa" boolean DEFAULT false NOT NULL,
	"state_qld" boolean DEFAULT false NOT NULL,
	"state_tas" boolean DEFAULT false NOT NULL,
	"include_nz" boolean DEFAULT false NOT NULL,
	"managed_submission" boolean DEFAULT true NOT NULL,
	"random_draw" boolean DEFAULT false NOT NULL,
	"terms_and_conditions" boolean DEFAULT false NOT NULL,
	"abridged_tc" boolean DEFAULT false NOT NULL,
	"hosted_tc" boolean DEFAULT false NOT NULL,
	"skills_based_tc" boolean DEFAULT false NOT NULL,
	"has_nsw_authority" boolean,
	"has_instant_win_prizes" boolean,
	"winners_drawn_electronically" boolean,
	"random_draw_machine_approved" boolean,
	"using_random_draws_dot_com" boolean,
	"requires_permits" boolean DEFAULT false NOT NULL,
	"fees" jsonb NOT NULL,
	"lawyer_contact_requested" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"permit" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"applicant" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."promotion_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."changelog" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" integer,
	"user_id" integer,
	"entity" text NOT NULL,
	"entity_id" integer,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."staff_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"promotion_id" integer,
	"requested_by" integer,
	"assigned_to" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."promotions" ADD CONSTRAINT "promotions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promotion_notes" ADD CONSTRAINT "promotion_notes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."promotion_notes" ADD CONSTRAINT "promotion_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."changelog" ADD CONSTRAINT "changelog_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD CONSTRAINT "staff_tasks_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD CONSTRAINT "staff_tasks_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."staff_tasks" ADD CONSTRAINT "staff_tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promotions_owner_created_idx" ON "app"."promotions" USING btree ("user_id","archived","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_owner_name_idx" ON "app"."promotions" USING btree ("user_id","archived",lower("name"),"id") WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_owner_start_idx" ON "app"."promotions" USING btree ("user_id","archived","start_date","id") WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_owner_status_idx" ON "app"."promotions" USING btree ("user_id","archived","status_id","id") WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_owner_value_idx" ON "app"."promotions" USING btree ("user_id","archived","total_prize_value","id") WHERE "app"."promotions"."deleted" = false;--> statement-breakpoint
CREATE INDEX "promotions_created_idx" ON "app"."promotions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "promotions_status_idx" ON "app"."promotions" USING btree ("status_id");--> statement-breakpoint
CREATE INDEX "promotion_notes_promotion_idx" ON "app"."promotion_notes" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "changelog_promotion_idx" ON "app"."changelog" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "staff_tasks_open_idx" ON "app"."staff_tasks" USING btree ("resolved_at","created_at");