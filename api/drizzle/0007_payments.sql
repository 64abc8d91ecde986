CREATE TABLE "app"."counters" (
	"name" text PRIMARY KEY NOT NULL,
	"last_value" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" bigint NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"purpose_key" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount" bigint NOT NULL,
	"gst" bigint NOT NULL,
	"cc_surcharge" bigint DEFAULT 0 NOT NULL,
	"method" text,
	"crn" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"gateway_ref" text,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"brand" text,
	"last4" text,
	"message" text,
	"is_reattempt" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."invoices" ADD CONSTRAINT "invoices_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "app"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."payments" ADD CONSTRAINT "payments_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "app"."invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_promotion_purpose_key" ON "app"."invoices" USING btree ("promotion_id","purpose_key");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "app"."invoices" USING btree ("user_id","invoice_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key" ON "app"."payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_invoice_idx" ON "app"."payments" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_success_per_invoice" ON "app"."payments" USING btree ("invoice_id") WHERE "app"."payments"."status" = 'succeeded';