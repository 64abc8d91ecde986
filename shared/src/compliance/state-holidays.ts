/**
 * State public holidays on top of the national ones (dates/holidays.ts), for the states whose lead
 * times are counted in business days: NSW (the notification), SA (standard and premium lodgement)
 * and ACT (lodgement). Each rule is the state's standing rule for the day; a holiday proclaimed
 * for one year only is not here. Part-day holidays (SA's Christmas Eve and New Year's Eve from
 * 7 pm) do not take a business day away. Other states count national holidays only.
 */
import { addDays, dayOfWeek, isoDateOf, type IsoDate } from '../dates/calendar'
import { isNationalPublicHoliday, type PublicHoliday } from '../dates/holidays'
import type { StateKey } from '../states'

/** The `n`-th (1-based) weekday `dow` (0 = Sunday) of a month. */
function nthWeekday(year: number, month: number, dow: number, n: number): IsoDate {
  const first = isoDateOf(year, month, 1)
  const offset = (dow - dayOfWeek(first) + 7) % 7
  return addDays(first, offset + (n - 1) * 7)
}

/** The first weekday `dow` on or after a date. */
function onOrAfter(date: IsoDate, dow: number): IsoDate {
  return addDays(date, (dow - dayOfWeek(date) + 7) % 7)
}

const MONDAY = 1

export function statePublicHolidays(state: StateKey, year: number): PublicHoliday[] {
  switch (state) {
    case 'nsw':
      return [
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: 'Labour Day' },
      ]
    case 'sa':
      return [
        { date: nthWeekday(year, 3, MONDAY, 2), name: 'Adelaide Cup Day' },
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: 'Labour Day' },
      ]
    case 'act':
      return [
        { date: nthWeekday(year, 3, MONDAY, 2), name: 'Canberra Day' },
        { date: onOrAfter(isoDateOf(year, 5, 27), MONDAY), name: 'Reconciliation Day' },
        { date: nthWeekday(year, 6, MONDAY, 2), name: "King's Birthday" },
        { date: nthWeekday(year, 10, MONDAY, 1), name: 'Labour Day' },
      ]
    default:
      return []
  }
}

export function isStatePublicHoliday(state: StateKey, date: IsoDate): boolean {
  return isNationalPublicHoliday(date) || statePublicHolidays(state, Number(date.slice(0, 4))).some((h) => h.date === date)
}

/** Monday to Friday and not a public holiday of the state. */
export function isStateBusinessDay(state: StateKey, date: IsoDate): boolean {
  const dow = dayOfWeek(date)
  return dow !== 0 && dow !== 6 && !isStatePublicHoliday(state, date)
}

/**
 * The day to lodge by so that `n` business days of the state lie between lodging and `date`:
 * the latest business day L with exactly `n` business days in [L, date) (lodging day counted,
 * start day not).
 */
export function stateBusinessDaysBefore(state: StateKey, date: IsoDate, n: number): IsoDate {
  let current = date
  let left = n
  while (left > 0) {
    current = addDays(current, -1)
    if (isStateBusinessDay(state, current)) left -= 1
  }
  return current
}

/** Business days of the state in [from, to): the lodging day counted, the start day not. */
export function stateBusinessDaysBetween(state: StateKey, from: IsoDate, to: IsoDate): number {
  let count = 0
  for (let current = from; current < to; current = addDays(current, 1)) if (isStateBusinessDay(state, current)) count += 1
  return count
}
