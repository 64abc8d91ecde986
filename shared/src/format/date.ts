import { TIME_ZONE } from '../constants';
import { parseIsoDate, toIsoDate } from '../dates/calendar';

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/**
 * Date display (000 §9, 001 §3): day, short month, year — `'5 Mar 2026'`.
 * A `YYYY-MM-DD` string is shown as that calendar date; an instant (Date or ISO date-time) as
 * its Australia/Sydney date. Empty string when there is no valid date.
 */
export function formatDate(value: string | Date | null | undefined): string {
  const iso = toIsoDate(value);
  const p = parseIsoDate(iso);
  if (!p) return '';
  return `${p.day} ${SHORT_MONTHS[p.month - 1]} ${p.year}`;
}

const timeFormatter = new Intl.DateTimeFormat('en-AU', { timeZone: TIME_ZONE, hour: 'numeric', minute: '2-digit', hour12: true });

/** `HH:mm` (24 h) to the '9:00 AM' style used by the permit screens. */
export function formatTimeOfDay(value: string | null | undefined): string {
  if (!value) return '';
  const match = /^(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return '';
  const hour = Number(match[1]);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const h12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${h12}:${match[2]} ${suffix}`;
}

/** Sydney wall-clock time of an instant, e.g. '3:00 pm'. */
export function formatInstantTime(instant: Date): string {
  return timeFormatter.format(instant);
}
