import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { jsErrors } from '../../db/schema/js-errors'

export async function insertJsError(db: Db, row: typeof jsErrors.$inferInsert) {
  await db.insert(jsErrors).values(row)
}

/** Counts one report for the key in a fixed window shared by every API process; returns the count. */
export async function countInWindow(db: Db, key: string, windowMs: number): Promise<number> {
  const { rows } = await db.execute<{ count: number }>(sql`
    insert into app.rate_limits as r (key, count, reset_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when r.reset_at <= now() then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning count`)
  return Number(rows[0]!.count)
}
