/**
 * Calendar dates as `YYYY-MM-DD` strings, reasoned about in Australia/Sydney (DESIGN.md §4).
 * Instants (Date) are converted with Intl; arithmetic on calendar dates is done in UTC so that
 * daylight-saving changes never shift a day. The current time always comes in as `{ now }`.
 */
import { TIME_ZONE } from '../constants'

/** A calendar date `YYYY-MM-DD`. */
export type IsoDate = string

/** Time context passed to every rule that needs "today". */
export interface Clock {
  now: Date
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

/** Parses `YYYY-MM-DD` into numbers, or null when it is not a real calendar date. */
export function parseIsoDate(value: string | null | undefined): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null
  const match = ISO_DATE.exec(value)
  if (!match) return null
  const year = Number(match[1])
  const month = Number(match[2])
  const day = Number(match[3])
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { year, month, day }
}

export function isValidIsoDate(value: unknown): value is IsoDate {
  return typeof value === 'string' && parseIsoDate(value) !== null
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0')
}

export function isoDateOf(year: number, month: number, day: number): IsoDate {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`
}

function toUtcMs(date: IsoDate): number {
  const p = parseIsoDate(date)
  if (!p) throw new RangeError(`Not a date: ${date}`)
  return Date.UTC(p.year, p.month - 1, p.day)
}

function fromUtcMs(ms: number): IsoDate {
  const d = new Date(ms)
  return isoDateOf(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate())
}

/**
 * Built on first use, not when the module is evaluated (issue 25): a Sydney DateTimeFormat loads the
 * engine's zone and locale data, a long task on a phone, and a page whose code imports this module
 * (the payment page, through the fee rules) may never read a date. A copy of this module in
 * another chunk of the wizard (its vite.config.ts) builds its own: nothing depends on its identity.
 */
const built: { partsFormatter?: Intl.DateTimeFormat } = {}
const partsFormatter = () =>
  (built.partsFormatter ??= new Intl.DateTimeFormat('en-AU', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }))

type WallClock = { year: number; month: number; day: number; hour: number; minute: number; second: number }

/**
 * The parts of the instants read lately, by whole second (the parts are a function of it): every
 * entry that arrives asks for its second's date several times, and Intl formatting is the costly
 * part of that (issue 27). Small, and emptied when full.
 */
const partsBySecond = new Map<number, WallClock>()
const PARTS_REMEMBERED = 64

/** The Sydney wall-clock parts of an instant. */
export function sydneyParts(instant: Date): WallClock {
  const second = Math.floor(instant.getTime() / 1000)
  const known = partsBySecond.get(second)
  if (known) return { ...known }
  const computed = formatParts(instant)
  if (Number.isFinite(second)) {
    if (partsBySecond.size >= PARTS_REMEMBERED) partsBySecond.clear()
    partsBySecond.set(second, computed)
  }
  return { ...computed }
}

function formatParts(instant: Date): WallClock {
  const parts: Record<string, number> = {}
  for (const part of partsFormatter().formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value)
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour === 24 ? 0 : parts.hour,
    minute: parts.minute,
    second: parts.second,
  }
}

/** The Sydney calendar date of an instant. */
export function sydneyDateOf(instant: Date): IsoDate {
  const p = sydneyParts(instant)
  return isoDateOf(p.year, p.month, p.day)
}

/**
 * The instant of a Sydney wall-clock time on a date (`HH:mm`, default midnight), daylight saving
 * included. A time skipped by the spring-forward change resolves to the instant an hour later.
 */
export function sydneyInstant(date: IsoDate, time = '00:00'): Date {
  const p = parseIsoDate(date)
  if (!p) throw new RangeError(`Not a date: ${date}`)
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(p.year, p.month - 1, p.day, hour, minute)
  // Sydney is UTC+10 or +11: guess, then correct by the offset observed at the guess.
  let guess = wall - 10 * 3_600_000
  for (let i = 0; i < 2; i += 1) {
    const q = sydneyParts(new Date(guess))
    const seen = Date.UTC(q.year, q.month - 1, q.day, q.hour, q.minute)
    guess += wall - seen
  }
  return new Date(guess)
}

/** Today in Sydney. */
export function today({ now }: Clock): IsoDate {
  return sydneyDateOf(now)
}

/**
 * A calendar date from a wire value: `YYYY-MM-DD` as is; an ISO date-time string or a Date as
 * the Sydney date of that instant. Null when it is neither.
 */
export function toIsoDate(value: string | Date | null | undefined): IsoDate | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : sydneyDateOf(value)
  if (typeof value !== 'string' || value === '') return null
  if (isValidIsoDate(value)) return value
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null
  const instant = new Date(value)
  return Number.isNaN(instant.getTime()) ? null : sydneyDateOf(instant)
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtcMs(toUtcMs(date) + days * DAY_MS)
}

/** Adds calendar months; the day is clamped to the end of a shorter month (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const p = parseIsoDate(date)
  if (!p) throw new RangeError(`Not a date: ${date}`)
  const index = p.year * 12 + (p.month - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return isoDateOf(year, month, Math.min(p.day, daysInMonth(year, month)))
}

export function addYears(date: IsoDate, years: number): IsoDate {
  return addMonths(date, years * 12)
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcMs(to) - toUtcMs(from)) / DAY_MS)
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(toUtcMs(date)).getUTCDay()
}

export function compareIsoDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function maxIsoDate(a: IsoDate, b: IsoDate): IsoDate {
  return a >= b ? a : b
}

/** `HH:mm` 24-hour time (`TimeOfDaySchema`, with `IsoDateSchema`, is in date-schemas.ts). */
export type TimeOfDay = string
