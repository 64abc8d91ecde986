CREATE SCHEMA "app";
--> statement-breakpoint
CREATE TABLE "app"."instance_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
