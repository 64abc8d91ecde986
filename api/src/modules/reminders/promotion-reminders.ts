import {
  AppError,
  daysLeft,
  MSG_LIST_NOT_FOUND,
  MSG_REMINDER_NO_DATE,
  MSG_REMINDER_PAST,
  planReminders,
  promotionKeyDates,
  REMINDER_KINDS,
  type PlannedReminder,
  type PromotionDatesSource,
  type ReminderChoice,
  type ReminderKind,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import type { PromotionReminderRow } from '../../db/schema/reminders'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { findPromotion, type Owner } from '../promotions/promotions.repository'
import { distributionListView } from './distribution-lists'
import {
  deliveriesOf,
  distributionListsByIds,
  findPromotionReminders,
  findUserEmail,
  listDistributionLists,
  replacePromotionReminders,
  unsubscribedEmails,
} from './reminders.repository'
import { publishEvent } from '../../events/events'
import type { QueueReminder } from './reminder-queue'

export function datesSourceOf(row: PromotionRow): PromotionDatesSource {
  return { permit: row.permit, details: row.details, applicant: row.applicant, states: { act: row.stateAct, sa: row.stateSa, nsw: row.stateNsw } }
}

export function choicesOf(rows: PromotionReminderRow[]): ReminderChoice[] {
  return rows
    .filter((row) => (REMINDER_KINDS as readonly string[]).includes(row.kind))
    .map((row) => ({
      kind: row.kind as ReminderKind,
      accountHolder: row.accountHolder,
      distributionListIds: row.distributionListIds,
      daysBefore: row.daysBefore ?? undefined,
    }))
}

function plannedView(planned: PlannedReminder, sent: Set<string>) {
  const wasSent = planned.reminderDate !== null && sent.has(`${planned.kind}:${planned.reminderDate}`)
  const status: PlannedReminder['status'] | 'sent' = wasSent ? 'sent' : planned.status
  return {
    kind: planned.kind,
    label: planned.label,
    date: planned.date,
    daysBefore: planned.daysBefore,
    businessDays: planned.businessDays,
    reminderDate: planned.reminderDate,
    sendAt: planned.sendAt?.toISOString() ?? null,
    status,
    message: status === 'past' ? MSG_REMINDER_PAST : status === 'no-date' ? MSG_REMINDER_NO_DATE : null,
    accountHolder: planned.accountHolder,
    distributionListIds: planned.distributionListIds,
  }
}

/**
 * Re-plans a promotion's reminders from its current dates: queues each one still ahead. Jobs of
 * an earlier plan stay queued but find their date changed and send nothing (see send-reminder.ts).
 * Run by the reminder worker on every `promotion.saved` and `reminders.saved` event (jobs/reminders.ts).
 */
export async function replanPromotionReminders(
  db: DbOrTx,
  promotion: PromotionRow,
  { now, queue }: { now: Date; queue: QueueReminder },
): Promise<PlannedReminder[]> {
  const rows = await findPromotionReminders(db, promotion.id)
  if (rows.length === 0) return []
  const plan = planReminders(choicesOf(rows), datesSourceOf(promotion), { now })
  for (const planned of plan) {
    if (planned.status !== 'scheduled') continue
    await queue({ promotionId: promotion.id, kind: planned.kind, reminderDate: planned.reminderDate! }, planned.sendAt!)
  }
  return plan
}

/** The dashboard's "Dates and reminders": every key date with its meaning and days left, and the reminders set. */
export async function getPromotionReminders(db: DbOrTx, owner: Owner, promotionId: number) {
  const promotion = await findPromotion(db, owner, promotionId)
  if (!promotion) throw new AppError('NOT_FOUND')
  return remindersView(db, promotion)
}

async function remindersView(db: DbOrTx, promotion: PromotionRow) {
  const clock = { now: new Date() }
  // One after another: `db` may be a transaction, whose one connection runs one query at a time.
  const rows = await findPromotionReminders(db, promotion.id)
  const deliveries = await deliveriesOf(db, promotion.id)
  const unsubscribed = await unsubscribedEmails(db, promotion.id)
  const lists = await listDistributionLists(db, promotion.userId)
  const sent = new Set(deliveries.map((d) => `${d.kind}:${d.reminderDate}`))
  const ownerEmail = await ownerEmailOf(db, promotion.userId)
  return {
    promotionId: promotion.id,
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    dates: promotionKeyDates(datesSourceOf(promotion)).map((date) => ({ ...date, daysLeft: daysLeft(date.date, clock) })),
    reminders: planReminders(choicesOf(rows), datesSourceOf(promotion), clock).map((planned) => plannedView(planned, sent)),
    distributionLists: lists.map(distributionListView),
  }
}

async function ownerEmailOf(db: DbOrTx, userId: number): Promise<string | undefined> {
  return findUserEmail(db, userId)
}

/**
 * POST /api/Reminder/save: which reminders go to the account holder and to which of the
 * account's lists, with their offsets. Replaces the promotion's set, queues each one ahead and
 * answers the plan: a reminder whose day has passed is answered `past` with a message, never
 * sent late.
 */
export async function saveReminders(db: Db, owner: Owner, input: { promotionId: number; reminders: ReminderChoice[] }) {
  return db.transaction(async (tx) => {
    const promotion = await findPromotion(tx, owner, input.promotionId, { forUpdate: true })
    if (!promotion) throw new AppError('NOT_FOUND')
    const byKind = new Map<string, ReminderChoice>()
    for (const choice of input.reminders) byKind.set(choice.kind, { ...choice, distributionListIds: [...new Set(choice.distributionListIds)] })
    const listIds = [...new Set([...byKind.values()].flatMap((choice) => choice.distributionListIds))]
    const lists = await distributionListsByIds(tx, promotion.userId, listIds)
    if (lists.length !== listIds.length) throw new AppError('NOT_FOUND', MSG_LIST_NOT_FOUND)
    const before = choicesOf(await findPromotionReminders(tx, promotion.id))
    const rows = [...byKind.values()].map((choice) => ({
      kind: choice.kind,
      daysBefore: choice.daysBefore ?? null,
      accountHolder: choice.accountHolder,
      distributionListIds: choice.distributionListIds,
    }))
    await replacePromotionReminders(tx, promotion.id, rows)
    await insertChange(tx, {
      promotionId: promotion.id,
      userId: owner.userId,
      entity: 'promotion',
      entityId: promotion.id,
      action: 'save-reminders',
      changes: { reminders: { from: before, to: [...byKind.values()] } },
    })
    // The worker queues the reminders once this commits (jobs/reminders.ts).
    await publishEvent(tx, 'reminders.saved', { promotionId: promotion.id })
    return remindersView(tx, promotion)
  })
}

/** 001 §3 `unsubscribed` and `reminders` of a promotion, for GET /api/promotion/get. */
export async function reminderStateOf(db: DbOrTx, promotion: PromotionRow) {
  const rows = await findPromotionReminders(db, promotion.id)
  const unsubscribed = await unsubscribedEmails(db, promotion.id)
  const ownerEmail = await ownerEmailOf(db, promotion.userId)
  return {
    unsubscribed: ownerEmail ? unsubscribed.has(ownerEmail.toLowerCase()) : false,
    reminders: rows.map((row) => ({
      kind: row.kind,
      daysBefore: row.daysBefore,
      accountHolder: row.accountHolder,
      distributionListIds: row.distributionListIds,
    })),
  }
}
