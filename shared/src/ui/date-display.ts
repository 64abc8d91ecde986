/**
 * Where a time is asked in a form. Dates and times are shown only through format/date.ts
 * (formatDate, formatTime, formatDateTime, formatSydneyDateAndTime, formatSydneyTime): issue 25
 * removed the numeric 'dd/mm/yyyy' and zone-less time forms that used to live here.
 */

/** Where a draw's time is asked: the time zone it is read in (the service's, Australia/Sydney). */
export const DRAW_TIME_ZONE_HINT = 'Sydney time (AEST, or AEDT during daylight saving).'
