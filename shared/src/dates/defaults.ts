/**
 * Date and default rules (001 §5 "Date and default rules"). Every function takes `{ now }`.
 */
import { DATE_PICKER_YEARS_AHEAD } from '../constants'
import { isInstantOrPredetermined } from '../permits/options'
import { addBusinessDays } from './holidays'
import { addDays, addMonths, addYears, daysBetween, isValidIsoDate, sydneyParts, today, type Clock, type IsoDate } from './calendar'

/** 001 §5 default times (24 h): start 9:00 AM, end 3:00 PM, final and unclaimed draw 3:00 PM. */
export const DEFAULT_TIMES = { start: '09:00', end: '15:00', finalDraw: '15:00', unclaimedDraw: '15:00' } as const

/** 001 §5 defaults: under-18s yes, inducements no. */
export const DEFAULT_PERMIT_ANSWERS = { under18s: true, inducementsOffered: false } as const

/** 001 §5: start warning 20 days ahead; premium warning 10 business days ahead. */
export const START_WARNING_DAYS = 20
export const PREMIUM_WARNING_BUSINESS_DAYS = 10
/** 001 §5: required date 7 days before start, unless the start is under 8 days away. */
export const REQUIRED_DATE_DAYS_BEFORE_START = 7
/** 001 §5: unclaimed draw 3 months after the final draw. */
export const UNCLAIMED_DRAW_MONTHS_AFTER_FINAL = 3
/** 001 §5: notification 2 days after the final draw (unless instant win or predetermined). */
export const NOTIFICATION_DAYS_AFTER_DRAW = 2
/** 001 §5: ACT publication 7 days after the final draw. */
export const ACT_PUBLICATION_DAYS_AFTER_DRAW = 7
/** 001 §5: under-18 cutoff 18 years ago. */
export const UNDER_18_YEARS = 18

/** A year and month, e.g. `'2026-04'`. */
export type IsoMonth = string

function monthOf(date: IsoDate): IsoMonth {
  return date.slice(0, 7)
}

/**
 * 001 §5: the start date picker opens on next month when today is after the 15th, otherwise on
 * this month.
 */
export function defaultStartMonth(clock: Clock): IsoMonth {
  const p = sydneyParts(clock.now)
  const first = `${String(p.year).padStart(4, '0')}-${String(p.month).padStart(2, '0')}-01`
  return monthOf(addMonths(first, p.day > 15 ? 1 : 0))
}

/**
 * 001 §5: the end picker opens one month later than today, and another month later when today is
 * past the 15th (so always one month after the start month).
 */
export function defaultEndMonth(clock: Clock): IsoMonth {
  return monthOf(addMonths(`${defaultStartMonth(clock)}-01`, 1))
}

/** 001 §5: date picker years: the current year to 2 years ahead. */
export function datePickerYears(clock: Clock): number[] {
  const year = sydneyParts(clock.now).year
  return Array.from({ length: DATE_PICKER_YEARS_AHEAD + 1 }, (_, i) => year + i)
}

/** 001 §5: required date is 7 days before the start, or tomorrow if the start is under 8 days away. */
export function defaultRequiredDate(startDate: IsoDate, clock: Clock): IsoDate {
  const now = today(clock)
  if (daysBetween(now, startDate) < REQUIRED_DATE_DAYS_BEFORE_START + 1) return addDays(now, 1)
  return addDays(startDate, -REQUIRED_DATE_DAYS_BEFORE_START)
}

/** 001 §5: the unclaimed draw defaults to 3 months after the final draw. */
export function defaultUnclaimedDrawDate(finalDrawDate: IsoDate): IsoDate {
  return addMonths(finalDrawDate, UNCLAIMED_DRAW_MONTHS_AFTER_FINAL)
}

/** 001 §5: the earliest unclaimed draw date allowed, one day before the default. */
export function minUnclaimedDrawDate(finalDrawDate: IsoDate): IsoDate {
  return addDays(defaultUnclaimedDrawDate(finalDrawDate), -1)
}

/**
 * 001 §5: the final draw notification defaults to the final draw date for instant-win or
 * predetermined draws, otherwise 2 days after.
 */
export function defaultNotificationDate(finalDrawDate: IsoDate, drawMethodsValue: number | null | undefined): IsoDate {
  return isInstantOrPredetermined(drawMethodsValue) ? finalDrawDate : addDays(finalDrawDate, NOTIFICATION_DAYS_AFTER_DRAW)
}

/** 001 §5: ACT prize publication date defaults to 7 days after the final draw. */
export function defaultActPublicationDate(finalDrawDate: IsoDate): IsoDate {
  return addDays(finalDrawDate, ACT_PUBLICATION_DAYS_AFTER_DRAW)
}

/** 001 §5: warn when the start is less than 20 days away. */
export function isStartDateSoon(startDate: IsoDate | null | undefined, clock: Clock): boolean {
  if (!isValidIsoDate(startDate)) return false
  return daysBetween(today(clock), startDate) < START_WARNING_DAYS
}

/**
 * 001 §5: premium warning when the start is less than 10 business days away (public holidays
 * not modelled).
 */
export function isPremiumWarning(startDate: IsoDate | null | undefined, clock: Clock): boolean {
  if (!isValidIsoDate(startDate)) return false
  return startDate < addBusinessDays(today(clock), PREMIUM_WARNING_BUSINESS_DAYS)
}

/** 001 §5: the date 18 years ago (people born after it are under 18). */
export function under18Cutoff(clock: Clock): IsoDate {
  return addYears(today(clock), -UNDER_18_YEARS)
}

/** Default dates for a new permit (start the 1st of the default start month; end one month later). */
export function defaultPermitDates(clock: Clock): {
  startDate: IsoDate
  startTime: string
  endDate: IsoDate
  endTime: string
  requiredDate: IsoDate
} {
  let startDate = `${defaultStartMonth(clock)}-01`
  if (startDate <= today(clock)) startDate = addDays(today(clock), 1)
  const endDate = addMonths(startDate, 1)
  return {
    startDate,
    startTime: DEFAULT_TIMES.start,
    endDate,
    endTime: DEFAULT_TIMES.end,
    requiredDate: defaultRequiredDate(startDate, clock),
  }
}

/** Days from today to a date (negative in the past). */
export function daysFromToday(date: IsoDate, clock: Clock): number {
  return daysBetween(today(clock), date)
}
