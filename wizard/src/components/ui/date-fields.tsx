import type { ReactNode } from 'react'
import { parseDate, parseTime, type CalendarDate, type Time } from '@internationalized/date'
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker as AriaDatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
  TimeField as AriaTimeField,
} from 'react-aria-components'
import { CalendarIcon } from './calendar-icon'
import { withChosenDate } from './chosen-date'
import { FieldHelp } from './field-parts'
import { shareDisplayNames } from './shared-intl'

// Before any field renders: one Intl.DisplayNames for all their segments (see shared-intl.ts).
shareDisplayNames()

const toCalendarDate = (value: string | null | undefined): CalendarDate | null => {
  if (!value) return null
  try {
    return parseDate(value.slice(0, 10))
  } catch {
    return null
  }
}

const toTime = (value: string | null | undefined): Time | null => {
  if (!value) return null
  try {
    return parseTime(value.length === 5 ? value : value.slice(0, 5))
  } catch {
    return null
  }
}

type Common = {
  label: ReactNode
  description?: ReactNode
  errorMessage?: string
  isRequired?: boolean
  isDisabled?: boolean
  isReadOnly?: boolean
  name?: string
  onBlur?: () => void
  /** Focus the first segment on mount (a person pressed the field's box before its code arrived). */
  autoFocus?: boolean
}

export type DatePickerProps = Common & {
  /** `YYYY-MM-DD`, or null when empty. */
  value: string | null
  onChange: (value: string | null) => void
  /** `YYYY-MM-DD` bounds. */
  minValue?: string
  maxValue?: string
  /** Open the calendar on mount (a person pressed the field's calendar button before its code arrived). */
  defaultOpen?: boolean
}

/** A date typed as dd/mm/yyyy segments or picked from a calendar, the chosen date shown under it as 'Tuesday 5 Jan 2027'; the value is `YYYY-MM-DD`. */
export function DatePicker({
  label,
  description,
  errorMessage,
  value,
  onChange,
  minValue,
  maxValue,
  isRequired,
  isDisabled,
  isReadOnly,
  name,
  onBlur,
  autoFocus,
  defaultOpen,
}: DatePickerProps) {
  return (
    <AriaDatePicker
      className="ui-field"
      name={name}
      autoFocus={autoFocus}
      defaultOpen={defaultOpen}
      value={toCalendarDate(value)}
      onChange={(next) => onChange(next ? next.toString() : null)}
      minValue={toCalendarDate(minValue) ?? undefined}
      maxValue={toCalendarDate(maxValue) ?? undefined}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      isInvalid={Boolean(errorMessage)}
      onBlur={onBlur}
      granularity="day"
      shouldForceLeadingZeros
    >
      <Label className="ui-field__label">{label}</Label>
      <Group className="ui-input ui-date">
        <DateInput className="ui-date__input">{(segment) => <DateSegment segment={segment} className="ui-date__segment" />}</DateInput>
        <Button className="ui-date__button" aria-label="Open calendar">
          <CalendarIcon />
        </Button>
      </Group>
      <FieldHelp description={withChosenDate(value, description)} errorMessage={errorMessage} />
      <Popover className="ui-popover">
        <Dialog className="ui-calendar-dialog" aria-label="Calendar">
          <Calendar className="ui-calendar">
            <header className="ui-calendar__header">
              <Button slot="previous" className="ui-button ui-button--secondary" aria-label="Previous month">
                ‹
              </Button>
              <Heading className="ui-calendar__heading" />
              <Button slot="next" className="ui-button ui-button--secondary" aria-label="Next month">
                ›
              </Button>
            </header>
            <CalendarGrid className="ui-calendar__grid">{(date) => <CalendarCell date={date} className="ui-calendar__cell" />}</CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </AriaDatePicker>
  )
}

export type TimeFieldProps = Common & {
  /** `HH:mm` (24 h), or null when empty. Shown 12-hour with am/pm. */
  value: string | null
  onChange: (value: string | null) => void
}

/** A time of day, typed 12-hour with am/pm; say the time zone in `description` where it matters. */
export function TimeField({ label, description, errorMessage, value, onChange, isRequired, isDisabled, isReadOnly, name, onBlur, autoFocus }: TimeFieldProps) {
  return (
    <AriaTimeField
      className="ui-field"
      name={name}
      autoFocus={autoFocus}
      value={toTime(value)}
      onChange={(next) => onChange(next ? next.toString().slice(0, 5) : null)}
      hourCycle={12}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isReadOnly={isReadOnly}
      isInvalid={Boolean(errorMessage)}
      onBlur={onBlur}
    >
      <Label className="ui-field__label">{label}</Label>
      <DateInput className="ui-input ui-date ui-date__input">{(segment) => <DateSegment segment={segment} className="ui-date__segment" />}</DateInput>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTimeField>
  )
}
