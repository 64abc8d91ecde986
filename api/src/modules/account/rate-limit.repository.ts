import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'

/** Fixed-window counters in PostgreSQL (app.rate_limits), so every API process shares them. */

/** The live window of the key, if any. */
export async function findWindow(db: Db, key: string): Promise<{ count: number; resetAt: Date } | undefined> {
  const { rows } = await db.execute<{ count: number; reset_at: Date }>(sql`select count, reset_at from app.rate_limits where key = ${key} and reset_at > now()`)
  const row = rows[0]
  return row ? { count: row.count, resetAt: new Date(row.reset_at) } : undefined
}

/** Counts one hit in the key's window (a new window when the last one is over). */
export async function countHit(db: Db, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const { rows } = await db.execute<{ count: number; reset_at: Date }>(sql`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count, reset_at`)
  return { count: rows[0]!.count, resetAt: new Date(rows[0]!.reset_at) }
}

/** Records a one-time key (e.g. a spent bot-check solution) until it expires; false when it was already there. */
export async function insertOnce(db: Db, key: string, ttlMs: number): Promise<boolean> {
  const { rows } = await db.execute(
    sql`insert into app.rate_limits (key, count, reset_at) values (${key}, 1, now() + ${ttlMs} * interval '1 millisecond') on conflict (key) do nothing returning key`,
  )
  return rows.length === 1
}

/**
 * Gives back one hit counted in the key's live window (never below zero). Only the caller's own
 * hit: a reservation taken before an outcome was known, returned when it should not have counted.
 */
export async function uncountHit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update app.rate_limits set count = greatest(count - 1, 0) where key = ${key} and reset_at > now()`)
}

export async function deleteWindow(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from app.rate_limits where key = ${key}`)
}
