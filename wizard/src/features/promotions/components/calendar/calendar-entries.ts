/**
 * The one calendar of the promotion dashboard (issue 25): the application's own dates (start,
 * end, draw, winner notification and publication, lodgement deadline; GET /api/Reminder/get) and
 * every duty the rule set derives (GET /api/promotion/obligations), in date order, with the next
 * one to act on. Pure, so its order and its "next" are tested without a browser.
 */
import type { ObligationView } from '../../api/obligations'
import type { KeyDateView } from '../../api/reminders'

export type CalendarEntry =
  | { key: string; source: 'date'; date: string; time: string | null; done: boolean; keyDate: KeyDateView }
  | { key: string; source: 'duty'; date: string; time: null; done: boolean; obligation: ObligationView }

/** The kinds of date our winner publication service covers (decision record 020). */
export const PUBLICATION_KINDS: readonly string[] = ['act-publication', 'sa-publication']

/**
 * Every dated entry in date order; on one day the application's dates come first, by time (a duty
 * is due by the end of its day, and counts from a date). `next` is the first entry not done whose
 * day has not passed, or null.
 */
export function calendarEntries(input: { dates: readonly KeyDateView[]; obligations: readonly ObligationView[]; today: string }): {
  entries: CalendarEntry[]
  next: CalendarEntry | null
} {
  const entries: CalendarEntry[] = [
    ...input.dates.map((d): CalendarEntry => ({ key: `date-${d.kind}`, source: 'date', date: d.date, time: d.time, done: false, keyDate: d })),
    ...input.obligations.map(
      (o): CalendarEntry => ({ key: `obligation-${o.code}`, source: 'duty', date: o.dueDate, time: null, done: o.status === 'done', obligation: o }),
    ),
  ]
  const rank = (e: CalendarEntry) => (e.source === 'date' ? 0 : 1)
  entries.sort((a, b) => a.date.localeCompare(b.date) || rank(a) - rank(b) || (a.time ?? '').localeCompare(b.time ?? ''))
  const next = entries.find((e) => !e.done && e.date >= input.today) ?? null
  return { entries, next }
}
