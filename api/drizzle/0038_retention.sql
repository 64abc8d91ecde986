CREATE TABLE "app"."legal_holds" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"placed_by" integer,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."legal_holds" ADD CONSTRAINT "legal_holds_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."legal_holds" ADD CONSTRAINT "legal_holds_placed_by_users_id_fk" FOREIGN KEY ("placed_by") REFERENCES "app"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "app"."retention_deletions" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"rule_set_id" text NOT NULL,
	"rule_key" text NOT NULL,
	"keep_until" date NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"certificate_file" text,
	"details" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."retention_deletions" ADD CONSTRAINT "retention_deletions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE cascade ON UPDATE no action;
