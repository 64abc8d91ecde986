CREATE TABLE "app"."site_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"files" integer NOT NULL,
	"bytes" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_releases_key_unique" UNIQUE("key")
);
