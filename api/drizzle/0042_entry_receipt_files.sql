-- Issue 27: the receipt file (photo or PDF) attached to an entry. The bytes are in storage under
-- entry-files/{promotion}/; user_id is the promotion's owner, whose upload quota the files count
-- against. Deleted with the entry's personal data (retention).
CREATE TABLE "app"."entry_files" (
	"entry_id" bigint PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."entry_files" ADD CONSTRAINT "entry_files_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "app"."entries"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."entry_files" ADD CONSTRAINT "entry_files_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "app"."promotions"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "app"."entry_files" ADD CONSTRAINT "entry_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "app"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "entry_files_promotion_id_idx" ON "app"."entry_files" USING btree ("promotion_id");
--> statement-breakpoint
CREATE INDEX "entry_files_user_id_idx" ON "app"."entry_files" USING btree ("user_id");
