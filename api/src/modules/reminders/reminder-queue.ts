import type { PgBoss } from 'pg-boss'

export const REMINDER_QUEUE = 'promotion-reminder'

export type ReminderJob = { promotionId: number; kind: string; reminderDate: string }

/** Queues one reminder's mail for its instant; the worker's deps carry it (no global queue). */
export type QueueReminder = (job: ReminderJob, startAfter: Date) => Promise<void>

/**
 * The pg-boss queue of reminder mails. The queue keeps one waiting job per promotion, kind and
 * reminder date (policy `short`), so queuing again (a second delivery of the event that planned
 * it, a restart's re-plan) is harmless.
 */
export function reminderQueueOf(boss: PgBoss): QueueReminder {
  return async (job, startAfter) => {
    await boss.send(REMINDER_QUEUE, job, { startAfter, singletonKey: `${job.promotionId}:${job.kind}:${job.reminderDate}`, retryLimit: 5, retryDelay: 60 })
  }
}
