CREATE TABLE "app"."lodgement_packs" (
	"promotion_id" integer PRIMARY KEY NOT NULL,
	"version" integer NOT NULL,
	"state" text NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"storage_key" text,
	"size_bytes" bigint,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."lodgement_packs" ADD CONSTRAINT "lodgement_packs_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;