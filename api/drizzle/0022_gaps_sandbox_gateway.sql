CREATE TABLE "app"."sandbox_charges" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"answer" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."sandbox_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"invoice_number" bigint NOT NULL,
	"brand" text,
	"last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_intents_client_secret_key" ON "app"."sandbox_intents" USING btree ("client_secret");