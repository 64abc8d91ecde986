import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'
import { DEFAULT_COLLECTION_NOTICE_TEXT } from '@permitdesk/shared/entries/collection-notice'

// Issue 27: the collection notice on every entry form, edited by staff; an installation already
// seeded gets today's wording, so entrants see the same notice until staff change it.
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."site_settings" ADD COLUMN "entry_collection_notice" varchar;`)
  await db.execute(sql`UPDATE "cms"."site_settings" SET "entry_collection_notice" = ${DEFAULT_COLLECTION_NOTICE_TEXT} WHERE "entry_collection_notice" IS NULL`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "cms"."site_settings" DROP COLUMN "entry_collection_notice";`)
}
