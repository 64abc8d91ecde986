CREATE TABLE "app"."customer_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"source" text,
	"name" text NOT NULL,
	"organisation" text,
	"email" text NOT NULL,
	"phone" text,
	"message" text NOT NULL,
	"promotion_ref" text,
	"user_id" integer,
	"assigned_to" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"client_address" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "app"."js_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"source" text,
	"line" integer,
	"column" integer,
	"error" text,
	"console" text,
	"page_url" text,
	"user_agent" text,
	"client_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "customer_contacts_received_at_idx" ON "app"."customer_contacts" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "js_errors_created_at_idx" ON "app"."js_errors" USING btree ("created_at");