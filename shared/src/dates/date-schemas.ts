/** Date and time schemas (calendar.ts), apart so that showing dates does not load zod. */
import { z } from 'zod'
import { MSG_DATE_INVALID, MSG_TIME_INVALID } from '../messages'
import { isValidIsoDate } from './calendar'

/** `YYYY-MM-DD` schema: must be a real calendar date. */
export const IsoDateSchema = z.string({ error: MSG_DATE_INVALID }).refine((value) => isValidIsoDate(value), { error: MSG_DATE_INVALID })

/** `HH:mm` 24-hour time. */
export const TimeOfDaySchema = z.string({ error: MSG_TIME_INVALID }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: MSG_TIME_INVALID })
