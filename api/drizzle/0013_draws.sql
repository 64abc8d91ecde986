CREATE TABLE "app"."draw_results" (
	"draw_id" integer PRIMARY KEY NOT NULL,
	"seed_hex" text NOT NULL,
	"selections" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ran_by_user_id" integer,
	"scrutineer_name" text
);
--> statement-breakpoint
CREATE TABLE "app"."draws" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"parent_id" integer,
	"root_id" integer,
	"title" text NOT NULL,
	"promotion_name" text NOT NULL,
	"promoter_name" text NOT NULL,
	"winners" integer NOT NULL,
	"reserves" integer DEFAULT 0 NOT NULL,
	"mask_rule" text DEFAULT 'standard' NOT NULL,
	"draw_date" text,
	"draw_time" text,
	"draw_location" text,
	"scrutineer_required" boolean DEFAULT false NOT NULL,
	"scrutineer_name" text,
	"entries_key" text,
	"entry_count" integer,
	"entries_hash" text,
	"entries_bytes" bigint,
	"header" jsonb,
	"row_offsets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source_file_name" text,
	"excluded_root_indexes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"seed_encrypted" text,
	"seed_hash" text,
	"committed_at" timestamp with time zone,
	"scheduled" boolean DEFAULT false NOT NULL,
	"commit_at" timestamp with time zone,
	"run_at" timestamp with time zone,
	"winner_publications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_public_id_unique" UNIQUE("public_id"),
	CONSTRAINT "draws_commit_complete" CHECK ("app"."draws"."committed_at" is null or ("app"."draws"."entries_hash" is not null and "app"."draws"."seed_encrypted" is not null and "app"."draws"."seed_hash" is not null)),
	CONSTRAINT "draws_counts" CHECK ("app"."draws"."winners" >= 1 and "app"."draws"."reserves" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app"."draw_results" ADD CONSTRAINT "draw_results_draw_id_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "app"."draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD CONSTRAINT "draws_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."draws" ADD CONSTRAINT "draws_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draws_promotion_idx" ON "app"."draws" USING btree ("promotion_id");--> statement-breakpoint
CREATE INDEX "draws_root_idx" ON "app"."draws" USING btree ("root_id");