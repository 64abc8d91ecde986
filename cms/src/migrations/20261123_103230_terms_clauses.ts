import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_terms_clauses_kinds" AS ENUM('chance', 'skill', 'abridged');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_states" AS ENUM('act', 'nsw', 'sa', 'vic', 'nt', 'wa', 'qld', 'tas');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_prize_categories" AS ENUM('electrical', 'liquor', 'motorVehicle', 'travel', 'event', 'money', 'realEstate', 'other', 'voucher');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_entry_methods" AS ENUM('internet', 'proof', 'mail', 'form', 'automatic', 'barrel', 'sms', 'phone1800', 'phone1900', 'phone', 'charity', 'gaming', 'olympic', 'other', 'instantwin');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_draw_methods" AS ENUM('singleAll', 'singleOne', 'instantNonElectronic', 'minorPriorMajor', 'instantElectronic', 'minorOnly', 'barrel', 'randomTelephone', 'spinningWheel', 'nominatedCaller', 'predetermined', 'other');
  CREATE TYPE "cms"."enum_terms_clauses_compliance_note" AS ENUM('TA', 'TB', 'TC', 'TD', 'TE', 'TF', 'TG', 'TH', 'TI', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_prize_tier" AS ENUM('251', '501', '1001');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_inducements" AS ENUM('any', 'yes', 'no');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_under18s" AS ENUM('any', 'yes', 'no');
  CREATE TYPE "cms"."enum_terms_clauses_conditions_managed_submission" AS ENUM('any', 'yes', 'no');
  CREATE TABLE "cms"."terms_clauses_kinds" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "cms"."enum_terms_clauses_kinds",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "cms"."terms_clauses_conditions_states" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "cms"."enum_terms_clauses_conditions_states",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "cms"."terms_clauses_conditions_prize_categories" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "cms"."enum_terms_clauses_conditions_prize_categories",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "cms"."terms_clauses_conditions_entry_methods" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "cms"."enum_terms_clauses_conditions_entry_methods",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "cms"."terms_clauses_conditions_draw_methods" (
  	"order" integer NOT NULL,
  	"parent_id" integer NOT NULL,
  	"value" "cms"."enum_terms_clauses_conditions_draw_methods",
  	"id" serial PRIMARY KEY NOT NULL
  );
  
  CREATE TABLE "cms"."terms_clauses" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"key" varchar NOT NULL,
  	"order" numeric DEFAULT 100 NOT NULL,
  	"title" varchar NOT NULL,
  	"body" jsonb NOT NULL,
  	"compliance_note" "cms"."enum_terms_clauses_compliance_note",
  	"conditions_prize_tier" "cms"."enum_terms_clauses_conditions_prize_tier",
  	"conditions_inducements" "cms"."enum_terms_clauses_conditions_inducements" DEFAULT 'any',
  	"conditions_under18s" "cms"."enum_terms_clauses_conditions_under18s" DEFAULT 'any',
  	"conditions_managed_submission" "cms"."enum_terms_clauses_conditions_managed_submission" DEFAULT 'any',
  	"snapshot" jsonb,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "terms_clauses_id" integer;
  ALTER TABLE "cms"."terms_clauses_kinds" ADD CONSTRAINT "terms_clauses_kinds_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."terms_clauses_conditions_states" ADD CONSTRAINT "terms_clauses_conditions_states_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."terms_clauses_conditions_prize_categories" ADD CONSTRAINT "terms_clauses_conditions_prize_categories_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."terms_clauses_conditions_entry_methods" ADD CONSTRAINT "terms_clauses_conditions_entry_methods_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."terms_clauses_conditions_draw_methods" ADD CONSTRAINT "terms_clauses_conditions_draw_methods_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "terms_clauses_kinds_order_idx" ON "cms"."terms_clauses_kinds" USING btree ("order");
  CREATE INDEX "terms_clauses_kinds_parent_idx" ON "cms"."terms_clauses_kinds" USING btree ("parent_id");
  CREATE INDEX "terms_clauses_conditions_states_order_idx" ON "cms"."terms_clauses_conditions_states" USING btree ("order");
  CREATE INDEX "terms_clauses_conditions_states_parent_idx" ON "cms"."terms_clauses_conditions_states" USING btree ("parent_id");
  CREATE INDEX "terms_clauses_conditions_prize_categories_order_idx" ON "cms"."terms_clauses_conditions_prize_categories" USING btree ("order");
  CREATE INDEX "terms_clauses_conditions_prize_categories_parent_idx" ON "cms"."terms_clauses_conditions_prize_categories" USING btree ("parent_id");
  CREATE INDEX "terms_clauses_conditions_entry_methods_order_idx" ON "cms"."terms_clauses_conditions_entry_methods" USING btree ("order");
  CREATE INDEX "terms_clauses_conditions_entry_methods_parent_idx" ON "cms"."terms_clauses_conditions_entry_methods" USING btree ("parent_id");
  CREATE INDEX "terms_clauses_conditions_draw_methods_order_idx" ON "cms"."terms_clauses_conditions_draw_methods" USING btree ("order");
  CREATE INDEX "terms_clauses_conditions_draw_methods_parent_idx" ON "cms"."terms_clauses_conditions_draw_methods" USING btree ("parent_id");
  CREATE UNIQUE INDEX "terms_clauses_key_idx" ON "cms"."terms_clauses" USING btree ("key");
  CREATE INDEX "terms_clauses_updated_at_idx" ON "cms"."terms_clauses" USING btree ("updated_at");
  CREATE INDEX "terms_clauses_created_at_idx" ON "cms"."terms_clauses" USING btree ("created_at");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_terms_clauses_fk" FOREIGN KEY ("terms_clauses_id") REFERENCES "cms"."terms_clauses"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_terms_clauses_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("terms_clauses_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."terms_clauses_kinds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."terms_clauses_conditions_states" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."terms_clauses_conditions_prize_categories" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."terms_clauses_conditions_entry_methods" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."terms_clauses_conditions_draw_methods" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."terms_clauses" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."terms_clauses_kinds" CASCADE;
  DROP TABLE "cms"."terms_clauses_conditions_states" CASCADE;
  DROP TABLE "cms"."terms_clauses_conditions_prize_categories" CASCADE;
  DROP TABLE "cms"."terms_clauses_conditions_entry_methods" CASCADE;
  DROP TABLE "cms"."terms_clauses_conditions_draw_methods" CASCADE;
  DROP TABLE "cms"."terms_clauses" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_terms_clauses_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_terms_clauses_id_idx";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "terms_clauses_id";
  DROP TYPE "cms"."enum_terms_clauses_kinds";
  DROP TYPE "cms"."enum_terms_clauses_conditions_states";
  DROP TYPE "cms"."enum_terms_clauses_conditions_prize_categories";
  DROP TYPE "cms"."enum_terms_clauses_conditions_entry_methods";
  DROP TYPE "cms"."enum_terms_clauses_conditions_draw_methods";
  DROP TYPE "cms"."enum_terms_clauses_compliance_note";
  DROP TYPE "cms"."enum_terms_clauses_conditions_prize_tier";
  DROP TYPE "cms"."enum_terms_clauses_conditions_inducements";
  DROP TYPE "cms"."enum_terms_clauses_conditions_under18s";
  DROP TYPE "cms"."enum_terms_clauses_conditions_managed_submission";`)
}
