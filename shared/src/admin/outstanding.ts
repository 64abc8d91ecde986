/**
 * Outstanding permit applications (001 §2, §9): which statuses are listed and whole days since
 * submission (the row colour itself is `outstandingColour` in constants.ts).
 */
import { STATISTICS_DECIMALS } from '../constants'
import { PERMIT_STATUS_IDS } from '../status/statuses'

/** The statuses waiting for staff work, shown in the outstanding list. */
export const OUTSTANDING_STATUS_IDS: readonly number[] = [
  PERMIT_STATUS_IDS.submitted,
  PERMIT_STATUS_IDS.resubmitted,
  PERMIT_STATUS_IDS.generated,
  PERMIT_STATUS_IDS.regenerated,
  PERMIT_STATUS_IDS.pendingPaymentClearance,
  PERMIT_STATUS_IDS.awaitingSubmission,
]

const DAY_MS = 24 * 60 * 60 * 1000

/** Whole days between submission and now (0 when not submitted). */
export function daysSince(submittedAt: Date | string | null, now: Date): number {
  if (!submittedAt) return 0
  const at = typeof submittedAt === 'string' ? new Date(submittedAt) : submittedAt
  return Math.max(0, Math.floor((now.getTime() - at.getTime()) / DAY_MS))
}

/** 001 §9: admin statistics percentages are rounded to 2 decimals. */
export function percentage(part: number, whole: number): number {
  if (whole <= 0) return 0
  const factor = 10 ** STATISTICS_DECIMALS
  return Math.round((part / whole) * 100 * factor) / factor
}
