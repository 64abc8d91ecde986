import type pg from 'pg'
import type { PgBoss } from 'pg-boss'
import type { DbOrTx } from '../changelog/changelog.repository'

export const REMINDER_QUEUE = 'promotion-reminder'

export type ReminderJob = { promotionId: number; kind: string; reminderDate: string }

/**
 * What the reminder code needs beyond the database: the job queue (set by main.ts, or by a test,
 * once its worker is started) and the clock (a test sets a fake one). The promotion save use
 * cases reach it without new parameters, as the CMS hooks reach the site-rebuild queue.
 */
export const reminderRuntime: { queue: PgBoss | undefined; now: () => Date } = { queue: undefined, now: () => new Date() }

/** The pg client of an open drizzle transaction, so a job is queued in the same transaction. */
function clientOf(tx: DbOrTx): pg.PoolClient | undefined {
  const session = (tx as unknown as { session?: { client?: pg.PoolClient } }).session
  return session?.client && typeof session.client.query === 'function' && !('totalCount' in session.client) ? session.client : undefined
}

/**
 * Queues the sending of one reminder at its instant. In a transaction, the job is written by the
 * same connection and disappears with a rollback. The queue keeps one waiting job per promotion,
 * kind and reminder date (policy `short`), so queuing again is harmless.
 */
export async function queueReminder(tx: DbOrTx, job: ReminderJob, startAfter: Date): Promise<boolean> {
  const queue = reminderRuntime.queue
  if (!queue) return false
  const client = clientOf(tx)
  await queue.send(REMINDER_QUEUE, job, {
    startAfter,
    singletonKey: `${job.promotionId}:${job.kind}:${job.reminderDate}`,
    retryLimit: 5,
    retryDelay: 60,
    ...(client ? { db: { executeSql: (text: string, values?: unknown[]) => client.query(text, values as unknown[]) } } : {}),
  })
  return true
}
