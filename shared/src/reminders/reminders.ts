/**
 * Promotion key dates and reminders (issue 16; decision record 016). Every date is a Sydney
 * calendar date; a reminder is sent at {@link REMINDER_SEND_TIME} Sydney time on its day.
 */
import { z } from 'zod'
import { addBusinessDays } from '../dates/holidays'
import { addDays, daysBetween, isValidIsoDate, sydneyInstant, today, type Clock, type IsoDate } from '../dates/calendar'
import { defaultActPublicationDate } from '../dates/defaults'
import { MSG_REMINDER_DAYS_INVALID, MSG_REMINDER_KIND_INVALID } from './messages'

export const REMINDER_KINDS = [
  'required-date',
  'start',
  'final-draw',
  'notification',
  'act-publication',
  'sa-publication',
  'unclaimed-draw',
  'nsw-authority-expiry',
] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** Reminders go out at 8:00 AM Sydney time on their day. */
export const REMINDER_SEND_TIME = '08:00'
/** SA: winners are published within 30 days of the draw. */
export const SA_PUBLICATION_DAYS_AFTER_DRAW = 30

export interface ReminderDateSetting {
  kind: ReminderKind
  label: string
  /** What the date means for the promoter. */
  description: string
  /** Default: the reminder is sent this many days before the date (0: on the day). */
  daysBefore: number
  /** The days are business days (weekends and national public holidays skipped). */
  businessDays: boolean
}

/** GET /api/Reminder/getReminderDateSettings: the kinds and their default offsets (decision record 016). */
export const REMINDER_DATE_SETTINGS: readonly ReminderDateSetting[] = [
  {
    kind: 'required-date',
    label: 'Lodgement deadline',
    description: 'The permit applications must be lodged by this date for the promotion to start on time.',
    daysBefore: 3,
    businessDays: true,
  },
  {
    kind: 'start',
    label: 'Promotion starts',
    description: 'Entries open. The terms and conditions and any permit numbers must be published from now.',
    daysBefore: 1,
    businessDays: false,
  },
  {
    kind: 'final-draw',
    label: 'Final draw',
    description: 'The winners are drawn at the place and time in the permit, under the scrutineer if one is required.',
    daysBefore: 0,
    businessDays: false,
  },
  { kind: 'notification', label: 'Winner notification', description: 'The winners must be notified by this date.', daysBefore: 0, businessDays: false },
  {
    kind: 'act-publication',
    label: 'ACT winner publication',
    description: 'The ACT permit requires the winners to be published on this date.',
    daysBefore: 0,
    businessDays: false,
  },
  {
    kind: 'sa-publication',
    label: 'SA winner publication',
    description: 'The SA permit requires the winners to be published within 30 days of the draw: this is the last day.',
    daysBefore: 7,
    businessDays: false,
  },
  { kind: 'unclaimed-draw', label: 'Unclaimed prize draw', description: 'Prizes not claimed are redrawn on this date.', daysBefore: 0, businessDays: false },
  {
    kind: 'nsw-authority-expiry',
    label: 'NSW authority expires',
    description: 'The NSW authority expires: renew it before running another promotion in NSW.',
    daysBefore: 30,
    businessDays: false,
  },
]

export function reminderSetting(kind: ReminderKind): ReminderDateSetting {
  return REMINDER_DATE_SETTINGS.find((setting) => setting.kind === kind)!
}

/** What the key dates are read from: the stored promotion (permit, details and applicant bodies, states). */
export interface PromotionDatesSource {
  permit?: Record<string, unknown> | null
  details?: Record<string, unknown> | null
  applicant?: Record<string, unknown> | null
  states: { act: boolean; sa: boolean; nsw: boolean }
}

export interface KeyDate {
  kind: ReminderKind | 'end'
  label: string
  description: string
  date: IsoDate
  /** `HH:mm` Sydney time, when the date has one. */
  time: string | null
}

function dateOf(value: unknown): IsoDate | null {
  return isValidIsoDate(value) ? value : null
}
function timeOf(value: unknown): string | null {
  return typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? value : null
}
function objectOf(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}

/** The promotion's dates that carry legal weight, in date order. */
export function promotionKeyDates(source: PromotionDatesSource): KeyDate[] {
  const permit = objectOf(source.permit)
  const finalDraw = objectOf(permit.finalDraw)
  const unclaimedDraw = objectOf(permit.unclaimedDraw)
  const notification = objectOf(finalDraw.notification)
  const drawDate = dateOf(finalDraw.date)
  const found: Array<[ReminderKind | 'end', IsoDate | null, string | null]> = [
    ['required-date', dateOf(permit.requiredDate), null],
    ['start', dateOf(permit.startDate), timeOf(permit.startTime)],
    ['end', dateOf(permit.endDate), timeOf(permit.endTime)],
    ['final-draw', drawDate, timeOf(finalDraw.time)],
    ['notification', dateOf(notification.date), null],
    [
      'act-publication',
      source.states.act ? (dateOf(objectOf(source.details).prizePublicationDateACT) ?? (drawDate ? defaultActPublicationDate(drawDate) : null)) : null,
      null,
    ],
    ['sa-publication', source.states.sa && drawDate ? addDays(drawDate, SA_PUBLICATION_DAYS_AFTER_DRAW) : null, null],
    ['unclaimed-draw', dateOf(unclaimedDraw.date), timeOf(unclaimedDraw.time)],
    ['nsw-authority-expiry', source.states.nsw ? dateOf(objectOf(source.applicant).nswAuthorityExpiration) : null, null],
  ]
  const dates: KeyDate[] = []
  for (const [kind, date, time] of found) {
    if (!date) continue
    const meta = kind === 'end' ? END_DATE_META : reminderSetting(kind)
    dates.push({ kind, label: meta.label, description: meta.description, date, time })
  }
  return dates.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}

const END_DATE_META = { label: 'Promotion ends', description: 'Entries close. The draw follows on the final draw date.' }

// --- chosen reminders ---------------------------------------------------------------------------

export const ReminderChoiceSchema = z.object({
  kind: z.enum(REMINDER_KINDS, { error: MSG_REMINDER_KIND_INVALID }),
  /** Send to the account holder's e-mail address. */
  accountHolder: z.boolean().default(true),
  distributionListIds: z.array(z.number().int().positive()).default([]),
  daysBefore: z
    .number({ error: MSG_REMINDER_DAYS_INVALID })
    .int({ error: MSG_REMINDER_DAYS_INVALID })
    .min(0, { error: MSG_REMINDER_DAYS_INVALID })
    .max(365, { error: MSG_REMINDER_DAYS_INVALID })
    .optional(),
})
export type ReminderChoice = z.output<typeof ReminderChoiceSchema>

/** The reminder's day for a date: the offset before it, in business days where the kind says so. */
export function reminderDateFor(kind: ReminderKind, date: IsoDate, daysBefore?: number): IsoDate {
  const setting = reminderSetting(kind)
  const days = daysBefore ?? setting.daysBefore
  return setting.businessDays ? addBusinessDays(date, -days) : addDays(date, -days)
}

export type ReminderPlanStatus = 'scheduled' | 'past' | 'no-date'

export interface PlannedReminder {
  kind: ReminderKind
  label: string
  date: IsoDate | null
  daysBefore: number
  businessDays: boolean
  reminderDate: IsoDate | null
  /** The instant it is sent (8:00 AM Sydney on the reminder date). */
  sendAt: Date | null
  status: ReminderPlanStatus
  accountHolder: boolean
  distributionListIds: number[]
}

/** Each chosen reminder against the promotion's current dates and the clock. */
export function planReminders(choices: readonly ReminderChoice[], source: PromotionDatesSource, clock: Clock): PlannedReminder[] {
  const dates = promotionKeyDates(source)
  return choices.map((choice) => {
    const setting = reminderSetting(choice.kind)
    const date = dates.find((d) => d.kind === choice.kind)?.date ?? null
    const daysBefore = choice.daysBefore ?? setting.daysBefore
    const reminderDate = date ? reminderDateFor(choice.kind, date, daysBefore) : null
    const sendAt = reminderDate ? sydneyInstant(reminderDate, REMINDER_SEND_TIME) : null
    const status: ReminderPlanStatus = !sendAt ? 'no-date' : sendAt.getTime() <= clock.now.getTime() ? 'past' : 'scheduled'
    return {
      kind: choice.kind,
      label: setting.label,
      date,
      daysBefore,
      businessDays: setting.businessDays,
      reminderDate,
      sendAt,
      status,
      accountHolder: choice.accountHolder,
      distributionListIds: choice.distributionListIds,
    }
  })
}

/** Days from today (Sydney) to a date: 0 today, negative once passed. */
export function daysLeft(date: IsoDate, clock: Clock): number {
  return daysBetween(today(clock), date)
}
