import { DRAW_TIME_ZONE_HINT, formatSydneyDateAndTime } from '@permitdesk/shared'
import { DatePicker, TimeField } from '../../../components/ui'

/**
 * When the draw may run, if the application gives no final draw time (issue 25: the app's en-AU
 * fields, not the browser's own, which read mm/dd/yyyy and a zone-less time in an en-US browser).
 * The values are the API's strings (`YYYY-MM-DD`, `HH:mm`, Sydney wall clock); the line below
 * names the moment with its zone, as the server will read it.
 */
export function DrawWhenFields({
  date,
  time,
  onDate,
  onTime,
  errors,
}: {
  date: string | null
  time: string | null
  onDate: (value: string | null) => void
  onTime: (value: string | null) => void
  errors: Record<string, string[]>
}) {
  // The server reads a date without a time as midnight (draw-service scheduledTime).
  const from = date ? formatSydneyDateAndTime(date, time ?? '00:00') : ''
  return (
    <fieldset className="draw-form__wide draw-when">
      <legend>When the application has no final draw time</legend>
      <DatePicker label="Draw date (Sydney)" value={date} onChange={onDate} errorMessage={errors.runDate?.join(' ')} />
      <TimeField label="Draw time (Sydney)" description={DRAW_TIME_ZONE_HINT} value={time} onChange={onTime} errorMessage={errors.runTime?.join(' ')} />
      {from && (
        <p className="draw-when__from" data-testid="draw-run-from">
          Without a final draw time in the application, this draw can run from <strong>{from}</strong>.
        </p>
      )}
    </fieldset>
  )
}
