ALTER TABLE "app"."customer_contacts" ADD COLUMN "voicemail_file" text;--> statement-breakpoint
ALTER TABLE "app"."customer_contacts" ADD COLUMN "voicemail_mime_type" text;--> statement-breakpoint
ALTER TABLE "app"."customer_contacts" ADD CONSTRAINT "customer_contacts_voicemail_file_unique" UNIQUE("voicemail_file");