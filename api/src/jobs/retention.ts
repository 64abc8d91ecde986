import type { PgBoss } from 'pg-boss'
import { runRetention, type RetentionDeps } from '../modules/housekeeping/delete-entrant-data'

export const RETENTION_QUEUE = 'entrant-data-retention'
/** Daily at 3:41 am Sydney: a records period ends at the end of a Sydney day. */
export const RETENTION_CRON = '41 3 * * *'

/**
 * Schedules the deletion of entrants' personal data once a promotion's records period is over
 * (issue #30, delete-entrant-data.ts). pg-boss runs a schedule once across all processes, and the
 * singleton queue keeps two runs from overlapping; each promotion's deletion is idempotent anyway.
 */
export async function startRetention(boss: PgBoss, deps: RetentionDeps & { now?: () => Date }) {
  await boss.createQueue(RETENTION_QUEUE, { policy: 'singleton' })
  await boss.schedule(RETENTION_QUEUE, RETENTION_CRON, undefined, { tz: 'Australia/Sydney' })
  await boss.work(RETENTION_QUEUE, async () => {
    const outcomes = await runRetention(deps, deps.now?.() ?? new Date())
    deps.logger.info('entrant data retention ran', {
      deleted: outcomes.filter((o) => o.action === 'delete').length,
      held: outcomes.filter((o) => o.action === 'hold').length,
    })
  })
}
