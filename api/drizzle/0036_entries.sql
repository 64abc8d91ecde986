-- Issue 27: entries collected by the product itself (hosted form, embed, API, CSV import).
-- One entry form per promotion; its public code makes the /enter/{code}/ address.
CREATE TABLE "app"."entry_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"receipts" boolean DEFAULT false NOT NULL,
	"staff_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'closed' NOT NULL,
	"frozen_draw_id" integer,
	"frozen_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_forms_promotion_id_unique" UNIQUE("promotion_id"),
	CONSTRAINT "entry_forms_code_unique" UNIQUE("code"),
	CONSTRAINT "entry_forms_status_check" CHECK ("app"."entry_forms"."status" in ('open', 'closed', 'frozen'))
);
--> statement-breakpoint
ALTER TABLE "app"."entry_forms" ADD CONSTRAINT "entry_forms_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."entry_forms" ADD CONSTRAINT "entry_forms_frozen_draw_id_draws_id_fk" FOREIGN KEY ("frozen_draw_id") REFERENCES "app"."draws"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The entry number shown to an entrant is the bigserial id: no counter row to contend on at
-- 1,500 entries/s, unique across promotions, and ordered by arrival.
CREATE TABLE "app"."entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"channel" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sydney_day" date NOT NULL,
	"fields" jsonb NOT NULL,
	"email_norm" text,
	"phone_norm" text,
	"name_postcode_norm" text,
	"person_key" text,
	"ip_hash" text,
	"device_hash" text,
	"status" text DEFAULT 'accepted' NOT NULL,
	"flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decision" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"api_key_id" integer,
	"idempotency_key" text,
	CONSTRAINT "entries_channel_check" CHECK ("app"."entries"."channel" in ('form', 'embed', 'api', 'import')),
	CONSTRAINT "entries_status_check" CHECK ("app"."entries"."status" in ('accepted')),
	CONSTRAINT "entries_decision_check" CHECK ("app"."entries"."decision" is null or "app"."entries"."decision" in ('keep', 'exclude'))
);
--> statement-breakpoint
ALTER TABLE "app"."entries" ADD CONSTRAINT "entries_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."entries" ADD CONSTRAINT "entries_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "entries_promotion_id_idx" ON "app"."entries" USING btree ("promotion_id","id");
--> statement-breakpoint
CREATE INDEX "entries_promotion_email_idx" ON "app"."entries" USING btree ("promotion_id","email_norm");
--> statement-breakpoint
CREATE INDEX "entries_promotion_phone_idx" ON "app"."entries" USING btree ("promotion_id","phone_norm");
--> statement-breakpoint
CREATE INDEX "entries_promotion_person_day_idx" ON "app"."entries" USING btree ("promotion_id","person_key","sydney_day");
--> statement-breakpoint
-- A replayed API submission (same promotion, same API key, same Idempotency-Key) finds the entry
-- it made; a signed-in caller without a key (api_key_id null) has the promotion's null namespace.
CREATE UNIQUE INDEX "entries_api_idempotency_idx" ON "app"."entries" USING btree ("promotion_id","api_key_id","idempotency_key") NULLS NOT DISTINCT WHERE "app"."entries"."idempotency_key" is not null;
--> statement-breakpoint
-- Refusals counted per promotion, reason and Sydney day for the promoter (an upsert per refusal).
CREATE TABLE "app"."entry_refusals" (
	"promotion_id" integer NOT NULL,
	"reason" text NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "entry_refusals_promotion_id_reason_day_pk" PRIMARY KEY("promotion_id","reason","day")
);
--> statement-breakpoint
ALTER TABLE "app"."entry_refusals" ADD CONSTRAINT "entry_refusals_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;
