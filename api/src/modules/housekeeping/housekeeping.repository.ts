import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** How long rows that only grow are kept once they no longer matter. */
export const RETENTION = {
  /** Browser error reports (000 §7): kept for a quarter for diagnosis. */
  jsErrorsDays: 90,
  /** Used or expired confirmation/reset tokens: a day, for support questions about a link. */
  spentTokensDays: 1,
  /** The sandbox gateway's answers and 3-D Secure intents: a week (Stripe keeps idempotency keys at least 24 hours). */
  sandboxDays: 7,
} as const

export type PruneCounts = { rateLimits: number; jsErrors: number; accountTokens: number; sandbox: number }

/** Deletes expired rate-limit windows, old browser error reports, spent or expired account tokens and old sandbox gateway state. */
export async function pruneExpiredRows(db: Db, now: Date = new Date()): Promise<PruneCounts> {
  const rateLimits = await db.execute(sql`delete from app.rate_limits where reset_at <= ${now}`)
  const jsErrors = await db.execute(sql`delete from app.js_errors where created_at < ${now}::timestamptz - ${RETENTION.jsErrorsDays} * interval '1 day'`)
  const accountTokens = await db.execute(
    sql`delete from app.account_tokens where coalesce(used_at, expires_at) < ${now}::timestamptz - ${RETENTION.spentTokensDays} * interval '1 day' and (used_at is not null or expires_at <= ${now})`,
  )
  const sandboxCutoff = sql`${now}::timestamptz - ${RETENTION.sandboxDays} * interval '1 day'`
  const sandboxCharges = await db.execute(sql`delete from app.sandbox_charges where created_at < ${sandboxCutoff}`)
  const sandboxIntents = await db.execute(sql`delete from app.sandbox_intents where created_at < ${sandboxCutoff}`)
  return {
    rateLimits: rateLimits.rowCount ?? 0,
    jsErrors: jsErrors.rowCount ?? 0,
    accountTokens: accountTokens.rowCount ?? 0,
    sandbox: (sandboxCharges.rowCount ?? 0) + (sandboxIntents.rowCount ?? 0),
  }
}
