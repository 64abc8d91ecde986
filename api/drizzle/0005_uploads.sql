CREATE TABLE "app"."uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"server_file_name" text NOT NULL,
	"header_file_name" text NOT NULL,
	"file_extension" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_server_file_name_unique" UNIQUE("server_file_name")
);
--> statement-breakpoint
ALTER TABLE "app"."uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_user_id_idx" ON "app"."uploads" USING btree ("user_id");