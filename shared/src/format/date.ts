import { TIME_ZONE } from '../constants'
import { parseIsoDate, toIsoDate } from '../dates/calendar'

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const

/**
 * Date display (000 §9, 001 §3): day, short month, year — `'5 Mar 2026'`.
 * A `YYYY-MM-DD` string is shown as that calendar date; an instant (Date or ISO date-time) as
 * its Australia/Sydney date. Empty string when there is no valid date.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const iso = toIsoDate(value)
  const p = parseIsoDate(iso)
  if (!p) return ''
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}`
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/**
 * A chosen calendar date with its weekday, in the one date format: 'Tuesday 5 Jan 2027'. The
 * date fields show it under the typed value (issue 25: the value read '05/01/2027'). Empty when
 * there is no valid date.
 */
export function formatDateWithWeekday(value: string | Date | null | undefined): string {
  const p = parseIsoDate(toIsoDate(value))
  if (!p) return ''
  return `${WEEKDAYS[new Date(Date.UTC(p.year, p.month - 1, p.day)).getUTCDay()]} ${formatDate(value)}`
}

const timeFormatter = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true })

const zoneFormatter = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, timeZoneName: 'short' })

/** The Sydney zone's abbreviation in force at an instant: 'AEDT' in summer, 'AEST' otherwise. */
export function sydneyZoneName(instant: Date): string {
  const name = zoneFormatter.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? ''
  // Some ICU builds answer 'GMT+11' for en-AU; the two Sydney offsets have well-known names.
  if (name === 'GMT+11') return 'AEDT'
  if (name === 'GMT+10') return 'AEST'
  return name
}

/**
 * The one way a time is shown (issue 25): '3:15 pm AEDT'. An instant (Date or ISO date-time) is
 * shown as its Sydney wall-clock time, with the zone in force then. Empty when invalid.
 */
export function formatTime(instant: Date | string | null | undefined): string {
  const date = toInstant(instant)
  if (!date) return ''
  return `${timeFormatter.format(date).replace(/\s+/g, ' ').toLowerCase()} ${sydneyZoneName(date)}`
}

/** An instant as '12 Jan 2026, 3:15 pm AEDT' (Sydney). Empty when invalid. */
export function formatDateTime(instant: Date | string | null | undefined): string {
  const date = toInstant(instant)
  if (!date) return ''
  return `${formatDate(date)}, ${formatTime(date)}`
}

/**
 * A Sydney calendar date and wall-clock time as the application stores them ('2027-03-03',
 * '15:00') shown as '3 Mar 2027, 3:00 pm AEDT': the zone is the one in force on that day.
 * Without a time, the date alone.
 */
export function formatSydneyDateAndTime(date: string | null | undefined, time: string | null | undefined): string {
  const p = parseIsoDate(date ?? '')
  if (!p) return ''
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '')
  if (!match) return formatDate(date)
  const hour = Number(match[1])
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? 'pm' : 'am'}`
  // Noon of that day gives the zone of the day (the changes happen at 2 am or 3 am).
  const zone = sydneyZoneName(new Date(Date.UTC(p.year, p.month - 1, p.day, 2)))
  return `${formatDate(date)}, ${clock} ${zone}`
}

function toInstant(value: Date | string | null | undefined): Date | null {
  if (value == null || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/**
 * A Sydney wall-clock time of the application ('15:00') on its day ('2027-03-03') as
 * '3:00 pm AEDT' (issue 25: the zone is shown wherever a time is). Without a valid day the zone
 * in force is unknown, so the time reads '3:00 pm Sydney time'. Empty without a time.
 */
export function formatSydneyTime(date: string | null | undefined, time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time ?? '')
  if (!match) return ''
  const both = formatSydneyDateAndTime(date, time)
  const day = formatDate(date)
  if (day && both.startsWith(`${day}, `)) return both.slice(day.length + 2)
  const hour = Number(match[1])
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? 'pm' : 'am'} Sydney time`
}

/**
 * A wall-clock time without a day ('18:00') as '6:00 pm', for times that recur (business hours),
 * where the caller names the zone once after the range. Empty when it is not a time.
 */
export function formatClock(time: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time ?? '')
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59) return ''
  const hour = Number(match[1])
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? 'pm' : 'am'}`
}
