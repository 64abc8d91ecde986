/**
 * Which duties of the compliance calendar a reminder is about (issue #30): a reminder whose duties
 * are all closed with proof is not sent, and every reminder lists the duties still open.
 */
import type { ReminderKind } from '../reminders/reminders'
import type { Obligation } from './obligations'

const DUTY_CODES: Record<ReminderKind, (code: string) => boolean> = {
  'required-date': (code) => code.startsWith('lodge-') || code === 'notify-nsw' || code === 'nsw-authority',
  start: () => false,
  'final-draw': (code) => code === 'draw',
  notification: (code) => code.startsWith('notify-winners-'),
  'act-publication': (code) => code === 'publish-winners-act',
  'sa-publication': (code) => code === 'publish-winners-sa',
  'unclaimed-draw': (code) => code === 'unclaimed-draw',
  'nsw-authority-expiry': (code) => code === 'renew-nsw-authority',
}

/** The duties a reminder of this kind reminds of. */
export function dutiesOfReminder(kind: ReminderKind, obligations: readonly Obligation[]): Obligation[] {
  return obligations.filter((o) => DUTY_CODES[kind](o.code))
}

/** A reminder about duties that are all done is not sent (a reminder of no duty, such as the start, always is). */
export function reminderStillNeeded(kind: ReminderKind, obligations: readonly Obligation[]): boolean {
  const duties = dutiesOfReminder(kind, obligations)
  return duties.length === 0 || duties.some((o) => o.status !== 'done')
}

/** The duties still open, in due-date order: what every reminder lists. */
export function openDuties(obligations: readonly Obligation[]): Obligation[] {
  return obligations.filter((o) => o.status !== 'done')
}
