import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** How long rows that only grow are kept once they no longer matter. */
export const RETENTION = {
  /** Browser error reports (000 §7): kept for a quarter for diagnosis. */
  jsErrorsDays: 90,
  /** Used or expired confirmation/reset tokens: a day, for support questions about a link. */
  spentTokensDays: 1,
} as const

export type PruneCounts = { rateLimits: number; jsErrors: number; accountTokens: number }

/** Deletes expired rate-limit windows, old browser error reports and spent or expired account tokens. */
export async function pruneExpiredRows(db: Db, now: Date = new Date()): Promise<PruneCounts> {
  const rateLimits = await db.execute(sql`delete from app.rate_limits where reset_at <= ${now}`)
  const jsErrors = await db.execute(sql`delete from app.js_errors where created_at < ${now}::timestamptz - ${RETENTION.jsErrorsDays} * interval '1 day'`)
  const accountTokens = await db.execute(
    sql`delete from app.account_tokens where coalesce(used_at, expires_at) < ${now}::timestamptz - ${RETENTION.spentTokensDays} * interval '1 day' and (used_at is not null or expires_at <= ${now})`,
  )
  return { rateLimits: rateLimits.rowCount ?? 0, jsErrors: jsErrors.rowCount ?? 0, accountTokens: accountTokens.rowCount ?? 0 }
}
