import type { PgBoss } from 'pg-boss'
import { replanPromotionReminders } from '../modules/reminders/promotion-reminders'
import { promotionIdsWithReminders, findPromotionWithOwner } from '../modules/reminders/reminders.repository'
import { REMINDER_QUEUE, reminderRuntime, type ReminderJob } from '../modules/reminders/reminder-runtime'
import { sendDueReminder, type SendReminderDeps } from '../modules/reminders/send-reminder'

/**
 * Starts this process's reminder worker. Every process may run one: a reminder mail is sent
 * once whatever the number (the sent marker in send-reminder.ts). On start, every promotion's
 * reminders are queued again, so one whose job was lost (a crash between save and queue, a
 * database restored) is sent anyway; the queue keeps one waiting job per reminder.
 */
export async function startReminderWorker(boss: PgBoss, deps: SendReminderDeps, { pollingIntervalSeconds = 2 } = {}) {
  await boss.createQueue(REMINDER_QUEUE, { policy: 'short' })
  reminderRuntime.queue = boss
  const workerId = await boss.work<ReminderJob>(REMINDER_QUEUE, { pollingIntervalSeconds, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await sendDueReminder(deps, job.data)
  })
  const db = deps.database.db
  for (const id of await promotionIdsWithReminders(db)) {
    const found = await findPromotionWithOwner(db, id)
    if (found && !found.promotion.deleted) await replanPromotionReminders(db, found.promotion)
  }
  return async () => {
    await boss.offWork(REMINDER_QUEUE, { id: workerId })
    if (reminderRuntime.queue === boss) reminderRuntime.queue = undefined
  }
}
