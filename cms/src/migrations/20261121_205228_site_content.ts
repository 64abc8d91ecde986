import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "cms"."enum_pages_key" AS ENUM('home', 'about', 'privacy', 'terms', 'competition-permits', 'competition-terms-and-conditions', 'random-draws', 'agencies', 'law-firms', 'contact', 'faqs', 'news', 'reviews');
  CREATE TYPE "cms"."enum_pages_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__pages_v_version_key" AS ENUM('home', 'about', 'privacy', 'terms', 'competition-permits', 'competition-terms-and-conditions', 'random-draws', 'agencies', 'law-firms', 'contact', 'faqs', 'news', 'reviews');
  CREATE TYPE "cms"."enum__pages_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_news_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum__news_v_version_status" AS ENUM('draft', 'published');
  CREATE TYPE "cms"."enum_support_items_kind" AS ENUM('faq', 'howto', 'form-faq', 'promotion-list-faq');
  CREATE TABLE "cms"."pages_blocks_content" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"body" jsonb,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."pages_blocks_features_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar
  );
  
  CREATE TABLE "cms"."pages_blocks_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."pages_blocks_callout" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"text" varchar,
  	"link_label" varchar,
  	"href" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."pages_blocks_prices_rows" (
  	"_order" integer NOT NULL,
  	"_parent_id" varchar NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"item" varchar,
  	"price" varchar
  );
  
  CREATE TABLE "cms"."pages_blocks_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."pages" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"key" "cms"."enum_pages_key",
  	"heading" varchar,
  	"intro" varchar,
  	"description" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "cms"."enum_pages_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_content" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"body" jsonb,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_features_items" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"text" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_features" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_callout" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"text" varchar,
  	"link_label" varchar,
  	"href" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_prices_rows" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"item" varchar,
  	"price" varchar,
  	"_uuid" varchar
  );
  
  CREATE TABLE "cms"."_pages_v_blocks_prices" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"_path" text NOT NULL,
  	"id" serial PRIMARY KEY NOT NULL,
  	"heading" varchar,
  	"_uuid" varchar,
  	"block_name" varchar
  );
  
  CREATE TABLE "cms"."_pages_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_key" "cms"."enum__pages_v_version_key",
  	"version_heading" varchar,
  	"version_intro" varchar,
  	"version_description" varchar,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__pages_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "cms"."news" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"title" varchar,
  	"slug" varchar,
  	"date" timestamp(3) with time zone,
  	"summary" varchar,
  	"body" jsonb,
  	"image_id" integer,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"_status" "cms"."enum_news_status" DEFAULT 'draft'
  );
  
  CREATE TABLE "cms"."_news_v" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"parent_id" integer,
  	"version_title" varchar,
  	"version_slug" varchar,
  	"version_date" timestamp(3) with time zone,
  	"version_summary" varchar,
  	"version_body" jsonb,
  	"version_image_id" integer,
  	"version_updated_at" timestamp(3) with time zone,
  	"version_created_at" timestamp(3) with time zone,
  	"version__status" "cms"."enum__news_v_version_status" DEFAULT 'draft',
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"latest" boolean
  );
  
  CREATE TABLE "cms"."support_items" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"kind" "cms"."enum_support_items_kind" DEFAULT 'faq' NOT NULL,
  	"question" varchar NOT NULL,
  	"answer" varchar NOT NULL,
  	"order" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."reviews" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"author_id" varchar NOT NULL,
  	"time" numeric NOT NULL,
  	"rating" numeric DEFAULT 5 NOT NULL,
  	"author_name" varchar NOT NULL,
  	"job_title" varchar,
  	"company_name" varchar NOT NULL,
  	"logo_id" integer,
  	"company_url" varchar,
  	"text" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."media" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"alt" varchar NOT NULL,
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
  
  CREATE TABLE "cms"."site_builds" (
  	"id" serial PRIMARY KEY NOT NULL,
  	"status" varchar NOT NULL,
  	"reason" varchar,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"seconds" numeric,
  	"error" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  CREATE TABLE "cms"."site_settings_social_links" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"label" varchar NOT NULL,
  	"url" varchar NOT NULL
  );
  
  CREATE TABLE "cms"."site_settings_disabled_authors" (
  	"_order" integer NOT NULL,
  	"_parent_id" integer NOT NULL,
  	"id" varchar PRIMARY KEY NOT NULL,
  	"author_id" varchar NOT NULL
  );
  
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "pages_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "news_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "support_items_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "reviews_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "media_id" integer;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD COLUMN "site_builds_id" integer;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "legal_name" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "address_street_address" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "address_locality" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "address_region" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "address_postal_code" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "address_country" varchar DEFAULT 'AU';
  ALTER TABLE "cms"."site_settings" ADD COLUMN "phone1" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "phone2" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "email" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "map_url" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "logo_id" integer;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "business_hours_days" varchar DEFAULT 'Monday to Friday';
  ALTER TABLE "cms"."site_settings" ADD COLUMN "business_hours_opens" varchar DEFAULT '08:00';
  ALTER TABLE "cms"."site_settings" ADD COLUMN "business_hours_closes" varchar DEFAULT '18:00';
  ALTER TABLE "cms"."site_settings" ADD COLUMN "review_rating" numeric DEFAULT 5;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "review_count" numeric DEFAULT 123;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "bip" boolean DEFAULT false;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "analytics_id" varchar;
  ALTER TABLE "cms"."site_settings" ADD COLUMN "conversion_id" varchar;
  ALTER TABLE "cms"."pages_blocks_content" ADD CONSTRAINT "pages_blocks_content_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."pages_blocks_features_items" ADD CONSTRAINT "pages_blocks_features_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages_blocks_features"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."pages_blocks_features" ADD CONSTRAINT "pages_blocks_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."pages_blocks_callout" ADD CONSTRAINT "pages_blocks_callout_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."pages_blocks_prices_rows" ADD CONSTRAINT "pages_blocks_prices_rows_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages_blocks_prices"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."pages_blocks_prices" ADD CONSTRAINT "pages_blocks_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_content" ADD CONSTRAINT "_pages_v_blocks_content_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_features_items" ADD CONSTRAINT "_pages_v_blocks_features_items_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v_blocks_features"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_features" ADD CONSTRAINT "_pages_v_blocks_features_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_callout" ADD CONSTRAINT "_pages_v_blocks_callout_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_prices_rows" ADD CONSTRAINT "_pages_v_blocks_prices_rows_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v_blocks_prices"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v_blocks_prices" ADD CONSTRAINT "_pages_v_blocks_prices_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."_pages_v"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."_pages_v" ADD CONSTRAINT "_pages_v_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."pages"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."news" ADD CONSTRAINT "news_image_id_media_id_fk" FOREIGN KEY ("image_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_news_v" ADD CONSTRAINT "_news_v_parent_id_news_id_fk" FOREIGN KEY ("parent_id") REFERENCES "cms"."news"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."_news_v" ADD CONSTRAINT "_news_v_version_image_id_media_id_fk" FOREIGN KEY ("version_image_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."reviews" ADD CONSTRAINT "reviews_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "cms"."site_settings_social_links" ADD CONSTRAINT "site_settings_social_links_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."site_settings_disabled_authors" ADD CONSTRAINT "site_settings_disabled_authors_parent_id_fk" FOREIGN KEY ("_parent_id") REFERENCES "cms"."site_settings"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "pages_blocks_content_order_idx" ON "cms"."pages_blocks_content" USING btree ("_order");
  CREATE INDEX "pages_blocks_content_parent_id_idx" ON "cms"."pages_blocks_content" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_content_path_idx" ON "cms"."pages_blocks_content" USING btree ("_path");
  CREATE INDEX "pages_blocks_features_items_order_idx" ON "cms"."pages_blocks_features_items" USING btree ("_order");
  CREATE INDEX "pages_blocks_features_items_parent_id_idx" ON "cms"."pages_blocks_features_items" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_features_order_idx" ON "cms"."pages_blocks_features" USING btree ("_order");
  CREATE INDEX "pages_blocks_features_parent_id_idx" ON "cms"."pages_blocks_features" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_features_path_idx" ON "cms"."pages_blocks_features" USING btree ("_path");
  CREATE INDEX "pages_blocks_callout_order_idx" ON "cms"."pages_blocks_callout" USING btree ("_order");
  CREATE INDEX "pages_blocks_callout_parent_id_idx" ON "cms"."pages_blocks_callout" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_callout_path_idx" ON "cms"."pages_blocks_callout" USING btree ("_path");
  CREATE INDEX "pages_blocks_prices_rows_order_idx" ON "cms"."pages_blocks_prices_rows" USING btree ("_order");
  CREATE INDEX "pages_blocks_prices_rows_parent_id_idx" ON "cms"."pages_blocks_prices_rows" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_prices_order_idx" ON "cms"."pages_blocks_prices" USING btree ("_order");
  CREATE INDEX "pages_blocks_prices_parent_id_idx" ON "cms"."pages_blocks_prices" USING btree ("_parent_id");
  CREATE INDEX "pages_blocks_prices_path_idx" ON "cms"."pages_blocks_prices" USING btree ("_path");
  CREATE UNIQUE INDEX "pages_key_idx" ON "cms"."pages" USING btree ("key");
  CREATE INDEX "pages_updated_at_idx" ON "cms"."pages" USING btree ("updated_at");
  CREATE INDEX "pages_created_at_idx" ON "cms"."pages" USING btree ("created_at");
  CREATE INDEX "pages__status_idx" ON "cms"."pages" USING btree ("_status");
  CREATE INDEX "_pages_v_blocks_content_order_idx" ON "cms"."_pages_v_blocks_content" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_content_parent_id_idx" ON "cms"."_pages_v_blocks_content" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_content_path_idx" ON "cms"."_pages_v_blocks_content" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_features_items_order_idx" ON "cms"."_pages_v_blocks_features_items" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_features_items_parent_id_idx" ON "cms"."_pages_v_blocks_features_items" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_features_order_idx" ON "cms"."_pages_v_blocks_features" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_features_parent_id_idx" ON "cms"."_pages_v_blocks_features" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_features_path_idx" ON "cms"."_pages_v_blocks_features" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_callout_order_idx" ON "cms"."_pages_v_blocks_callout" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_callout_parent_id_idx" ON "cms"."_pages_v_blocks_callout" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_callout_path_idx" ON "cms"."_pages_v_blocks_callout" USING btree ("_path");
  CREATE INDEX "_pages_v_blocks_prices_rows_order_idx" ON "cms"."_pages_v_blocks_prices_rows" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_prices_rows_parent_id_idx" ON "cms"."_pages_v_blocks_prices_rows" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_prices_order_idx" ON "cms"."_pages_v_blocks_prices" USING btree ("_order");
  CREATE INDEX "_pages_v_blocks_prices_parent_id_idx" ON "cms"."_pages_v_blocks_prices" USING btree ("_parent_id");
  CREATE INDEX "_pages_v_blocks_prices_path_idx" ON "cms"."_pages_v_blocks_prices" USING btree ("_path");
  CREATE INDEX "_pages_v_parent_idx" ON "cms"."_pages_v" USING btree ("parent_id");
  CREATE INDEX "_pages_v_version_version_key_idx" ON "cms"."_pages_v" USING btree ("version_key");
  CREATE INDEX "_pages_v_version_version_updated_at_idx" ON "cms"."_pages_v" USING btree ("version_updated_at");
  CREATE INDEX "_pages_v_version_version_created_at_idx" ON "cms"."_pages_v" USING btree ("version_created_at");
  CREATE INDEX "_pages_v_version_version__status_idx" ON "cms"."_pages_v" USING btree ("version__status");
  CREATE INDEX "_pages_v_created_at_idx" ON "cms"."_pages_v" USING btree ("created_at");
  CREATE INDEX "_pages_v_updated_at_idx" ON "cms"."_pages_v" USING btree ("updated_at");
  CREATE INDEX "_pages_v_latest_idx" ON "cms"."_pages_v" USING btree ("latest");
  CREATE UNIQUE INDEX "news_slug_idx" ON "cms"."news" USING btree ("slug");
  CREATE INDEX "news_image_idx" ON "cms"."news" USING btree ("image_id");
  CREATE INDEX "news_updated_at_idx" ON "cms"."news" USING btree ("updated_at");
  CREATE INDEX "news_created_at_idx" ON "cms"."news" USING btree ("created_at");
  CREATE INDEX "news__status_idx" ON "cms"."news" USING btree ("_status");
  CREATE INDEX "_news_v_parent_idx" ON "cms"."_news_v" USING btree ("parent_id");
  CREATE INDEX "_news_v_version_version_slug_idx" ON "cms"."_news_v" USING btree ("version_slug");
  CREATE INDEX "_news_v_version_version_image_idx" ON "cms"."_news_v" USING btree ("version_image_id");
  CREATE INDEX "_news_v_version_version_updated_at_idx" ON "cms"."_news_v" USING btree ("version_updated_at");
  CREATE INDEX "_news_v_version_version_created_at_idx" ON "cms"."_news_v" USING btree ("version_created_at");
  CREATE INDEX "_news_v_version_version__status_idx" ON "cms"."_news_v" USING btree ("version__status");
  CREATE INDEX "_news_v_created_at_idx" ON "cms"."_news_v" USING btree ("created_at");
  CREATE INDEX "_news_v_updated_at_idx" ON "cms"."_news_v" USING btree ("updated_at");
  CREATE INDEX "_news_v_latest_idx" ON "cms"."_news_v" USING btree ("latest");
  CREATE INDEX "support_items_updated_at_idx" ON "cms"."support_items" USING btree ("updated_at");
  CREATE INDEX "support_items_created_at_idx" ON "cms"."support_items" USING btree ("created_at");
  CREATE INDEX "reviews_logo_idx" ON "cms"."reviews" USING btree ("logo_id");
  CREATE INDEX "reviews_updated_at_idx" ON "cms"."reviews" USING btree ("updated_at");
  CREATE INDEX "reviews_created_at_idx" ON "cms"."reviews" USING btree ("created_at");
  CREATE INDEX "media_updated_at_idx" ON "cms"."media" USING btree ("updated_at");
  CREATE INDEX "media_created_at_idx" ON "cms"."media" USING btree ("created_at");
  CREATE UNIQUE INDEX "media_filename_idx" ON "cms"."media" USING btree ("filename");
  CREATE INDEX "site_builds_updated_at_idx" ON "cms"."site_builds" USING btree ("updated_at");
  CREATE INDEX "site_builds_created_at_idx" ON "cms"."site_builds" USING btree ("created_at");
  CREATE INDEX "site_settings_social_links_order_idx" ON "cms"."site_settings_social_links" USING btree ("_order");
  CREATE INDEX "site_settings_social_links_parent_id_idx" ON "cms"."site_settings_social_links" USING btree ("_parent_id");
  CREATE INDEX "site_settings_disabled_authors_order_idx" ON "cms"."site_settings_disabled_authors" USING btree ("_order");
  CREATE INDEX "site_settings_disabled_authors_parent_id_idx" ON "cms"."site_settings_disabled_authors" USING btree ("_parent_id");
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_pages_fk" FOREIGN KEY ("pages_id") REFERENCES "cms"."pages"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_news_fk" FOREIGN KEY ("news_id") REFERENCES "cms"."news"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_support_items_fk" FOREIGN KEY ("support_items_id") REFERENCES "cms"."support_items"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_reviews_fk" FOREIGN KEY ("reviews_id") REFERENCES "cms"."reviews"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_media_fk" FOREIGN KEY ("media_id") REFERENCES "cms"."media"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_site_builds_fk" FOREIGN KEY ("site_builds_id") REFERENCES "cms"."site_builds"("id") ON DELETE cascade ON UPDATE no action;
  ALTER TABLE "cms"."site_settings" ADD CONSTRAINT "site_settings_logo_id_media_id_fk" FOREIGN KEY ("logo_id") REFERENCES "cms"."media"("id") ON DELETE set null ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_pages_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("pages_id");
  CREATE INDEX "payload_locked_documents_rels_news_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("news_id");
  CREATE INDEX "payload_locked_documents_rels_support_items_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("support_items_id");
  CREATE INDEX "payload_locked_documents_rels_reviews_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("reviews_id");
  CREATE INDEX "payload_locked_documents_rels_media_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("media_id");
  CREATE INDEX "payload_locked_documents_rels_site_builds_id_idx" ON "cms"."payload_locked_documents_rels" USING btree ("site_builds_id");
  CREATE INDEX "site_settings_logo_idx" ON "cms"."site_settings" USING btree ("logo_id");`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."pages_blocks_content" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages_blocks_features_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages_blocks_features" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages_blocks_callout" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages_blocks_prices_rows" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages_blocks_prices" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."pages" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_content" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_features_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_features" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_callout" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_prices_rows" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v_blocks_prices" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_pages_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."news" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."_news_v" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."support_items" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."reviews" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."media" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."site_builds" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."site_settings_social_links" DISABLE ROW LEVEL SECURITY;
  ALTER TABLE "cms"."site_settings_disabled_authors" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "cms"."pages_blocks_content" CASCADE;
  DROP TABLE "cms"."pages_blocks_features_items" CASCADE;
  DROP TABLE "cms"."pages_blocks_features" CASCADE;
  DROP TABLE "cms"."pages_blocks_callout" CASCADE;
  DROP TABLE "cms"."pages_blocks_prices_rows" CASCADE;
  DROP TABLE "cms"."pages_blocks_prices" CASCADE;
  DROP TABLE "cms"."pages" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_content" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_features_items" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_features" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_callout" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_prices_rows" CASCADE;
  DROP TABLE "cms"."_pages_v_blocks_prices" CASCADE;
  DROP TABLE "cms"."_pages_v" CASCADE;
  DROP TABLE "cms"."news" CASCADE;
  DROP TABLE "cms"."_news_v" CASCADE;
  DROP TABLE "cms"."support_items" CASCADE;
  DROP TABLE "cms"."reviews" CASCADE;
  DROP TABLE "cms"."media" CASCADE;
  DROP TABLE "cms"."site_builds" CASCADE;
  DROP TABLE "cms"."site_settings_social_links" CASCADE;
  DROP TABLE "cms"."site_settings_disabled_authors" CASCADE;
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_pages_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_news_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_support_items_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_reviews_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_media_fk";
  
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_site_builds_fk";
  
  ALTER TABLE "cms"."site_settings" DROP CONSTRAINT "site_settings_logo_id_media_id_fk";
  
  DROP INDEX "cms"."payload_locked_documents_rels_pages_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_news_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_support_items_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_reviews_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_media_id_idx";
  DROP INDEX "cms"."payload_locked_documents_rels_site_builds_id_idx";
  DROP INDEX "cms"."site_settings_logo_idx";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "pages_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "news_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "support_items_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "reviews_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "media_id";
  ALTER TABLE "cms"."payload_locked_documents_rels" DROP COLUMN "site_builds_id";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "legal_name";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "address_street_address";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "address_locality";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "address_region";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "address_postal_code";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "address_country";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "phone1";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "phone2";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "email";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "map_url";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "logo_id";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "business_hours_days";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "business_hours_opens";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "business_hours_closes";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "review_rating";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "review_count";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "bip";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "analytics_id";
  ALTER TABLE "cms"."site_settings" DROP COLUMN "conversion_id";
  DROP TYPE "cms"."enum_pages_key";
  DROP TYPE "cms"."enum_pages_status";
  DROP TYPE "cms"."enum__pages_v_version_key";
  DROP TYPE "cms"."enum__pages_v_version_status";
  DROP TYPE "cms"."enum_news_status";
  DROP TYPE "cms"."enum__news_v_version_status";
  DROP TYPE "cms"."enum_support_items_kind";`)
}
