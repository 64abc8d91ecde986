/** SQL of the WA notice (issue 26): the WA department's address, from the CMS site settings (read only). */
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../changelog/changelog.repository'

/** The address editors set in the CMS (Site settings → Regulators); null when unset or the CMS migrations have not run. */
export async function findWaNoticeEmail(db: DbOrTx): Promise<string | null> {
  // Checked first: a failing query would abort a caller's transaction.
  const exists = await db.execute(
    sql`select 1 from information_schema.columns where table_schema = 'cms' and table_name = 'site_settings' and column_name = 'wa_notice_email'`,
  )
  if (exists.rows.length === 0) return null
  const result = await db.execute(sql`select wa_notice_email as email from cms.site_settings order by id limit 1`)
  const email = (result.rows[0] as { email: string | null } | undefined)?.email?.trim()
  return email || null
}
