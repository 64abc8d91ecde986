import type { PgBoss } from 'pg-boss'
import type { EventHandler } from '../events/events'
import { startEventHandler } from '../events/delivery'
import { replanPromotionReminders } from '../modules/reminders/promotion-reminders'
import { promotionIdsWithReminders, findPromotionWithOwner } from '../modules/reminders/reminders.repository'
import { REMINDER_QUEUE, reminderQueueOf, type ReminderJob } from '../modules/reminders/reminder-queue'
import { sendDueReminder, type SendReminderDeps } from '../modules/reminders/send-reminder'

export type ReminderWorkerDeps = Omit<SendReminderDeps, 'now' | 'queue'> & { now?: () => Date }

/**
 * Starts this process's reminder worker. Every process may run one: a reminder mail is sent
 * once whatever the number (the sent marker in send-reminder.ts). It re-plans a promotion's
 * reminders on the events `promotion.saved` and `reminders.saved` (the outbox relay must run in
 * some process: main.ts). On start, every promotion's reminders are queued again, so one whose
 * job was lost (a database restored) is sent anyway; the queue keeps one waiting job per reminder.
 */
export async function startReminderWorker(boss: PgBoss, given: ReminderWorkerDeps, { pollingIntervalSeconds = 2 } = {}) {
  const deps: SendReminderDeps = { ...given, now: given.now ?? (() => new Date()), queue: reminderQueueOf(boss) }
  await boss.createQueue(REMINDER_QUEUE, { policy: 'short' })
  const workerId = await boss.work<ReminderJob>(REMINDER_QUEUE, { pollingIntervalSeconds, batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await sendDueReminder(deps, job.data)
  })
  const replan = async (promotionId: number, db = deps.database.db) => {
    const found = await findPromotionWithOwner(db, promotionId)
    if (found && !found.promotion.deleted) await replanPromotionReminders(db, found.promotion, { now: deps.now(), queue: deps.queue })
  }
  const every = { pollingIntervalSeconds: Math.min(pollingIntervalSeconds, 1) }
  const onSaved: EventHandler<'promotion.saved'> = {
    name: 'reminders-on-promotion-saved',
    type: 'promotion.saved',
    handle: (event, tx) => replan(event.payload.promotionId, tx),
  }
  const onReminders: EventHandler<'reminders.saved'> = {
    name: 'reminders-on-reminders-saved',
    type: 'reminders.saved',
    handle: (event, tx) => replan(event.payload.promotionId, tx),
  }
  const stopHandlers = [await startEventHandler(boss, deps, onSaved, every), await startEventHandler(boss, deps, onReminders, every)]
  for (const id of await promotionIdsWithReminders(deps.database.db)) await replan(id)
  return async () => {
    for (const stop of stopHandlers) await stop()
    await boss.offWork(REMINDER_QUEUE, { id: workerId })
  }
}
