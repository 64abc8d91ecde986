/**
 * Dates and times as the app shows them in tables and forms (issue 17): en-AU, day first, on
 * every browser whatever its locale. `formatDate` (format/date.ts) stays the long form
 * ('5 Mar 2026'); these are the numeric and time forms.
 */
import { TIME_ZONE } from '../constants';
import { parseIsoDate, toIsoDate } from '../dates/calendar';

/** `dd/mm/yyyy` for a `YYYY-MM-DD` string (that calendar date) or an instant (its Sydney date). */
export function formatDateNumeric(value: string | Date | null | undefined): string {
  const p = parseIsoDate(toIsoDate(value));
  if (!p) return '';
  return `${String(p.day).padStart(2, '0')}/${String(p.month).padStart(2, '0')}/${p.year}`;
}

/** `HH:mm` (24 h) as 12-hour time with am/pm: `'15:00'` → `'3:00 pm'`. */
export function formatTime12(value: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value ?? '');
  if (!match) return '';
  const hour = Number(match[1]);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2]} ${hour >= 12 ? 'pm' : 'am'}`;
}

/** The time zone named where it matters (the draw): 'Sydney time (AEDT)' style, for an instant. */
export function timeZoneLabel(instant: Date): string {
  const name = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, timeZoneName: 'short' }).formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value;
  return name ? `Sydney time (${name})` : 'Sydney time';
}

/** Where a draw's time is asked: the time zone it is read in (the service's, Australia/Sydney). */
export const DRAW_TIME_ZONE_HINT = 'Sydney time (AEST, or AEDT during daylight saving).';
