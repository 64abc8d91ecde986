CREATE TABLE "app"."outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "outbox_events_waiting_idx" ON "app"."outbox_events" USING btree ("id") WHERE "dispatched_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "app"."handled_events" (
	"event_id" bigint NOT NULL,
	"handler" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handled_events_event_id_handler_pk" PRIMARY KEY("event_id","handler")
);
