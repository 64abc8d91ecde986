import { REVIEWS } from '../constants'
import {
  LABEL_A_MONTH_AGO,
  LABEL_A_WEEK_AGO,
  LABEL_A_YEAR_AGO,
  LABEL_IN_THE_LAST_DAY,
  LABEL_IN_THE_LAST_WEEK,
  LABEL_YESTERDAY,
  labelMonthsAgo,
  labelWeeksAgo,
  labelYearsAgo,
} from '../messages'

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
const WEEK_MS = 7 * DAY_MS
/** 000 §9: a month is 2,628,000 s. */
export const MONTH_MS = 2_628_000_000
/** 000 §9: a year is 31,536,000 s. */
export const YEAR_MS = 31_536_000_000

/**
 * Review epoch to milliseconds (000 §3): more than 10 digits means milliseconds, otherwise seconds.
 */
export function reviewTimeToMs(time: number): number {
  const digits = String(Math.trunc(Math.abs(time))).length
  return digits > REVIEWS.secondsEpochMaxDigits ? time : time * 1000
}

/**
 * Relative-time label of the reviews widget (000 §9). `time` is an instant in ms.
 * Between 4 weeks and one spec month (2,628,000 s) the label is 'a month ago'.
 */
export function formatRelativeTime(timeMs: number, { now }: { now: Date }): string {
  const diff = Math.max(0, now.getTime() - timeMs)
  if (diff < DAY_MS) return LABEL_IN_THE_LAST_DAY
  if (diff < 2 * DAY_MS) return LABEL_YESTERDAY
  if (diff < WEEK_MS) return LABEL_IN_THE_LAST_WEEK
  if (diff < 4 * WEEK_MS) {
    const weeks = Math.floor(diff / WEEK_MS)
    return weeks <= 1 ? LABEL_A_WEEK_AGO : labelWeeksAgo(weeks)
  }
  if (diff < 12 * MONTH_MS) {
    const months = Math.floor(diff / MONTH_MS)
    return months <= 1 ? LABEL_A_MONTH_AGO : labelMonthsAgo(months)
  }
  const years = Math.floor(diff / YEAR_MS)
  return years <= 1 ? LABEL_A_YEAR_AGO : labelYearsAgo(years)
}

/** 000 §2: the relative date is hidden when the second displayed review is older than 28 days. */
export function shouldHideReviewDates(secondReviewTimeMs: number | undefined, { now }: { now: Date }): boolean {
  if (secondReviewTimeMs === undefined) return false
  return now.getTime() - secondReviewTimeMs > REVIEWS.hideDateAfterMs
}
