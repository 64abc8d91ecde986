/**
 * Australian national public holidays (the days every state and territory observes, with the
 * national substitute-day rules), so business days skip them. State-only holidays (King's
 * Birthday, Labour Day, Melbourne Cup, ...) are not national and are not in the table.
 *
 * Easter is computed (anonymous Gregorian algorithm), so the table exists for any year; the years
 * of {@link HOLIDAY_TABLE_YEARS} are listed by name in the tests against published calendars.
 */
// Business days live here, beside the holidays they skip, so calendar.ts does not import this file back.
import { addDays, dayOfWeek, isoDateOf, type IsoDate } from './calendar'

export interface PublicHoliday {
  date: IsoDate
  name: string
}

/** The years the product relies on (promotions run within a few years of today). */
export const HOLIDAY_TABLE_YEARS = { from: 2024, to: 2030 } as const

/** Easter Sunday of a Gregorian year. */
export function easterSunday(year: number): IsoDate {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return isoDateOf(year, month, day)
}

/** A fixed-date holiday falling on a weekend is observed on the following Monday. */
function mondayIfWeekend(date: IsoDate): IsoDate {
  const dow = dayOfWeek(date)
  if (dow === 6) return addDays(date, 2)
  if (dow === 0) return addDays(date, 1)
  return date
}

const cache = new Map<number, PublicHoliday[]>()

/** The national public holidays of a year, in date order (substitute days included). */
export function nationalPublicHolidays(year: number): PublicHoliday[] {
  const cached = cache.get(year)
  if (cached) return cached
  const easter = easterSunday(year)
  const list: PublicHoliday[] = []
  const newYear = isoDateOf(year, 1, 1)
  list.push({ date: newYear, name: "New Year's Day" })
  if (mondayIfWeekend(newYear) !== newYear) list.push({ date: mondayIfWeekend(newYear), name: "New Year's Day (additional day)" })
  const australiaDay = isoDateOf(year, 1, 26)
  list.push({ date: mondayIfWeekend(australiaDay), name: 'Australia Day' })
  list.push({ date: addDays(easter, -2), name: 'Good Friday' })
  list.push({ date: addDays(easter, 1), name: 'Easter Monday' })
  list.push({ date: isoDateOf(year, 4, 25), name: 'Anzac Day' })
  const christmas = isoDateOf(year, 12, 25)
  const boxing = isoDateOf(year, 12, 26)
  list.push({ date: christmas, name: 'Christmas Day' })
  list.push({ date: boxing, name: 'Boxing Day' })
  const christmasDow = dayOfWeek(christmas)
  if (christmasDow === 6) {
    // Sat 25, Sun 26: Monday 27 and Tuesday 28 are the additional days.
    list.push({ date: addDays(christmas, 2), name: 'Christmas Day (additional day)' })
    list.push({ date: addDays(christmas, 3), name: 'Boxing Day (additional day)' })
  } else if (christmasDow === 0) {
    // Sun 25, Mon 26: Tuesday 27 is the additional day.
    list.push({ date: addDays(christmas, 2), name: 'Christmas Day (additional day)' })
  } else if (christmasDow === 5) {
    // Fri 25, Sat 26: Monday 28 is the additional day.
    list.push({ date: addDays(christmas, 3), name: 'Boxing Day (additional day)' })
  }
  list.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0))
  cache.set(year, list)
  return list
}

/** True when the date is a national public holiday (or its substitute day). */
export function isNationalPublicHoliday(date: IsoDate): boolean {
  const year = Number(date.slice(0, 4))
  return nationalPublicHolidays(year).some((holiday) => holiday.date === date)
}

/** Monday to Friday and not a national public holiday. */
export function isBusinessDay(date: IsoDate): boolean {
  const dow = dayOfWeek(date)
  return dow !== 0 && dow !== 6 && !isNationalPublicHoliday(date)
}

/**
 * The date `n` business days after `date` (before it when `n` is negative): weekends and
 * national public holidays are skipped.
 */
export function addBusinessDays(date: IsoDate, n: number): IsoDate {
  let current = date
  let left = Math.abs(n)
  const step = n < 0 ? -1 : 1
  while (left > 0) {
    current = addDays(current, step)
    if (isBusinessDay(current)) left -= 1
  }
  return current
}

/** Number of business days after `from` up to and including `to` (0 when `to` ≤ `from`). */
export function businessDaysBetween(from: IsoDate, to: IsoDate): number {
  let count = 0
  let current = from
  while (current < to) {
    current = addDays(current, 1)
    if (isBusinessDay(current)) count += 1
  }
  return count
}
