import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_staff_resources_category" AS ENUM('regulators', 'forms', 'guides', 'internal');
  CREATE TYPE "cms"."enum_staff_resources_kind" AS ENUM('link', 'document');
  CREATE TABLE "cms"."staff_resources" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar NOT NULL,
  	"category" "cms"."enum_staff_resources_category" DEFAULT 'guides' NOT NULL,
  	"kind" "cms"."enum_staff_resources_kind" DEFAULT 'link' NOT NULL,
  	"url" varchar,
  	"document_id" integer,
  	"description" varchar,
  	"order" numeric DEFAULT 0,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."staff_documents" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"url" varchar,
  	"thumbnail_u_r_l" varchar,
  	"filename" varchar,
  	"mime_type" varchar,
  	"filesize" numeric,
  	"width" numeric,
  	"height" numeric,
  	"focal_x" numeric,
  	"focal_y" numeric
  );
  
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "staff_resources_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "staff_documents_id" integer;
  ALTER TABLE "cms"."staff_resources" ADD CONSTRAINT "staff_resources_document_id_staff_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "cms"."staff_documents"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "staff_resources_document_idx" ON "cms"."staff_resources" USING btree ("document_id");
  CREATE INDEX "staff_resources_updated_at_idx" ON "cms"."staff_resources" USING btree ("updated_at");
  CREATE INDEX "staff_resources_created_at_idx" ON "cms"."staff_resources" USING btree ("created_at");
  CREATE INDEX "staff_documents_updated_at_idx" ON "cms"."staff_documents" USING btree ("updated_at");
  CREATE INDEX "staff_documents_created_at_idx" ON "cms"."staff_documents" USING btree ("created_at");
  CREATE UNIQUE INDEX "staff_documents_filename_idx" ON "cms"."staff_documents" USING btree ("filename");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_staff_resources_fk" FOREIGN KEY ("staff_resources_id") REFERENCES "cms"."staff_resources"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_staff_documents_fk" FOREIGN KEY ("staff_documents_id") REFERENCES "cms"."staff_documents"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_staff_resources_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("staff_resources_id");
  CREATE INDEX "payload_locked_documents_rels_staff_documents_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("staff_documents_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."staff_resources" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."staff_documents" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."staff_resources" CASCADE;
  DROP TABLE "cms"."staff_documents" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_staff_resources_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_staff_documents_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_staff_resources_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_staff_documents_id_idx";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "staff_resources_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "staff_documents_id";
  DROP TYPE "cms"."enum_staff_resources_category";
  DROP TYPE "cms"."enum_staff_resources_kind";`)
}
