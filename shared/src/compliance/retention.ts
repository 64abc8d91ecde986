/**
 * Personal-data retention (issue #30), pure. Entrants' personal data is kept until the longest
 * record period of the promotion's states has passed: the `keep-records` duty of the compliance
 * calendar. The day after that date (Sydney) it is deleted, unless staff hold the promotion.
 */
import { compareIsoDates, type IsoDate } from '../dates/calendar'
import type { Obligation } from './obligations'

/** The duty whose date ends the keeping of records. */
export const KEEP_RECORDS_CODE = 'keep-records'

export type RetentionDecision =
  | { action: 'delete'; keepUntil: IsoDate; duty: Obligation }
  | { action: 'wait'; keepUntil: IsoDate; duty: Obligation }
  | { action: 'hold'; keepUntil: IsoDate; duty: Obligation }
  /** No state of the promotion states a record period (NSW and TAS alone): no date to delete on. */
  | { action: 'no-period' }

/** Whether a promotion's entrants' data is due for deletion today. */
export function retentionDecision(obligations: readonly Obligation[], today: IsoDate, onLegalHold: boolean): RetentionDecision {
  const duty = obligations.find((o) => o.code === KEEP_RECORDS_CODE)
  if (!duty) return { action: 'no-period' }
  // Records are kept "until" the date: that whole Sydney day included.
  if (compareIsoDates(today, duty.dueDate) <= 0) return { action: 'wait', keepUntil: duty.dueDate, duty }
  return { action: onLegalHold ? 'hold' : 'delete', keepUntil: duty.dueDate, duty }
}
