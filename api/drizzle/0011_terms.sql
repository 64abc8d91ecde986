CREATE TABLE "app"."terms_libraries" (
	"hash" text PRIMARY KEY NOT NULL,
	"clauses" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."terms_links" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_links_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "app"."terms_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"html" text NOT NULL,
	"abridged_html" text,
	"reason" text NOT NULL,
	"library_hash" text,
	"created_by" integer,
	"created_by_staff" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"approved_by" integer
);
--> statement-breakpoint
ALTER TABLE "app"."terms_links" ADD CONSTRAINT "terms_links_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."terms_versions" ADD CONSTRAINT "terms_versions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."terms_versions" ADD CONSTRAINT "terms_versions_library_hash_terms_libraries_hash_fk" FOREIGN KEY ("library_hash") REFERENCES "app"."terms_libraries"("hash") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."terms_versions" ADD CONSTRAINT "terms_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."terms_versions" ADD CONSTRAINT "terms_versions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "terms_versions_number_idx" ON "app"."terms_versions" USING btree ("promotion_id","number");--> statement-breakpoint
CREATE INDEX "terms_versions_approved_idx" ON "app"."terms_versions" USING btree ("promotion_id","approved_at");