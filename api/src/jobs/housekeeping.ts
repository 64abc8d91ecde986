import type { PgBoss } from 'pg-boss'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import { pruneExpiredRows } from '../modules/housekeeping/housekeeping.repository'

export const HOUSEKEEPING_QUEUE = 'housekeeping'
/** Every hour, at minute 17 (pg-boss runs a schedule once across all processes). */
export const HOUSEKEEPING_CRON = '17 * * * *'

/** Schedules the pruning of tables that only grow (rate_limits, js_errors, account_tokens). */
export async function startHousekeeping(boss: PgBoss, deps: { db: Db; logger: Logger }) {
  await boss.createQueue(HOUSEKEEPING_QUEUE, { policy: 'singleton' })
  await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_CRON)
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    const counts = await pruneExpiredRows(deps.db)
    deps.logger.info('pruned expired rows', counts)
  })
}
