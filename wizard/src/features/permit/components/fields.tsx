/**
 * The permit form's fields, each bound to the draft by its path (the API's modelState key): a
 * label tied to the control, the rule messages under it (aria-describedby, aria-invalid), and
 * the action-required highlight staff can set (001 §2).
 */
import { STATE_CODES, STATE_KEYS, hasFlag } from '@permitdesk/shared'
import { Suspense, use, useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { CalendarIcon } from '../../../components/ui/calendar-icon'
import { CheckBox } from '../../../components/ui/check-box'
import { withChosenDate } from '../../../components/ui/chosen-date'
import type { DatePickerProps, TimeFieldProps } from '../../../components/ui/date-fields'
import { fieldId, type Path } from '../lib/paths'
import { useField } from './editor-context'

type Common = { path: Path; label: string; hint?: string }

function FieldErrors({ id, errors }: { id: string; errors: string[] }) {
  if (errors.length === 0) return null
  return (
    <ul id={`${id}-error`} className="field-errors">
      {errors.map((message) => (
        <li key={message} className="field-error">
          {message}
        </li>
      ))}
    </ul>
  )
}

function describedBy(id: string, hint: string | undefined, errors: string[]) {
  return [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

/** A select cannot be read-only: it is disabled instead. */
function selectProps(id: string, hint: string | undefined, field: { errors: string[]; readOnly: boolean }) {
  const { readOnly, ...rest } = controlProps(id, hint, field)
  return { ...rest, disabled: readOnly }
}

/** What every control carries: its id, read-only state, and its messages for assistive technology. */
function controlProps(id: string, hint: string | undefined, field: { errors: string[]; readOnly: boolean }) {
  return { id, readOnly: field.readOnly, 'aria-invalid': field.errors.length ? true : undefined, 'aria-describedby': describedBy(id, hint, field.errors) }
}

function Wrapper({
  id,
  label,
  hint,
  errors,
  actionRequired,
  children,
  as = 'div',
  legendId,
}: {
  id: string
  label: string
  hint?: string
  errors: string[]
  actionRequired: boolean
  children: ReactNode
  as?: 'div' | 'fieldset'
  legendId?: string
}) {
  const className = `field${errors.length ? ' has-error' : ''}${actionRequired ? ' action-required' : ''}`
  const heading =
    as === 'fieldset' ? (
      <legend id={legendId}>
        {label}
        {actionRequired && <ActionBadge />}
      </legend>
    ) : (
      <label htmlFor={id}>
        {label}
        {actionRequired && <ActionBadge />}
      </label>
    )
  const body = (
    <>
      {heading}
      {hint && (
        <small id={`${id}-hint`} className="hint">
          {hint}
        </small>
      )}
      {children}
      <FieldErrors id={id} errors={errors} />
    </>
  )
  return as === 'fieldset' ? (
    <fieldset className={className} aria-describedby={describedBy(id, hint, errors)}>
      {body}
    </fieldset>
  ) : (
    <div className={className}>{body}</div>
  )
}

function ActionBadge() {
  return <span className="badge danger"> Action required</span>
}

/** The frame of a react-aria field: the error and action-required highlights (001 §2) around it. */
export function FieldFrame({ id, errors, actionRequired, children }: { id?: string; errors: string[]; actionRequired: boolean; children: ReactNode }) {
  return (
    <div id={id} className={`field${errors.length ? ' has-error' : ''}${actionRequired ? ' action-required' : ''}`}>
      {children}
    </div>
  )
}

export const labelWithBadge = (label: string, actionRequired: boolean) => (
  <>
    {label}
    {actionRequired && <ActionBadge />}
  </>
)

export const errorText = (errors: string[]) => (errors.length ? errors.join(' ') : undefined)

/**
 * A text (or long text) field: a native input with its label, hint and errors tied to it (the
 * browser gives it all the behaviour react-aria's would, at a fraction of the first render's cost,
 * issue 25); 001 §5: a text limit truncates input.
 */
export function TextField({
  path,
  label,
  hint,
  multiline,
  maxLength = 4000,
  type = 'text',
  inputMode,
  autoComplete,
}: Common & { multiline?: boolean; maxLength?: number; type?: string; inputMode?: 'numeric' | 'tel' | 'email' | 'url'; autoComplete?: string }) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  const invalid = field.errors.length > 0
  const control = {
    id,
    name: path,
    className: 'ui-input',
    value: field.value ?? '',
    maxLength,
    readOnly: field.readOnly,
    autoComplete,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy(id, hint, field.errors),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => field.set(event.target.value.slice(0, maxLength)),
  }
  return (
    <FieldFrame errors={field.errors} actionRequired={field.actionRequired}>
      <div className="ui-field" data-invalid={invalid || undefined}>
        <label className="ui-field__label" htmlFor={id}>
          {labelWithBadge(label, field.actionRequired)}
        </label>
        {multiline ? <textarea {...control} rows={4} /> : <input {...control} type={type} inputMode={inputMode} />}
        {hint ? (
          <span id={`${id}-hint`} className="ui-field__description">
            {hint}
          </span>
        ) : null}
        {invalid ? (
          <span id={`${id}-error`} className="ui-field__error">
            {errorText(field.errors)}
          </span>
        ) : null}
      </div>
    </FieldFrame>
  )
}

/**
 * The date and time pickers (react-aria's date fields with @internationalized/date: a third of the
 * editor's code) are not part of the editor's first download, and a field's picker is drawn only
 * when a person comes to it (issue 25: drawing them was a long task per field on a phone, during
 * which the page answered nothing). Until then the field is its box: the picker's own markup
 * without its code (a labelled group of focusable segments named as react-aria names them, and the
 * calendar button), with the picker's size and value, so nothing moves, a keyboard or screen reader
 * meets the same field, and what follows it (the start-date notice) is drawn with the first paint.
 * Focusing or pressing the box draws the picker in its place, with the focus (the caret) at the
 * same segment, or on its calendar button, opened when it was pressed; keys typed into the box
 * before the code arrived are replayed into the picker.
 */
type DateFieldsModule = typeof import('../../../components/ui/date-fields')
let dateFields: DateFieldsModule | undefined
let dateFieldsLoad: Promise<DateFieldsModule> | undefined
export const loadDateFields = () =>
  (dateFieldsLoad ??= import('../../../components/ui/date-fields').then(
    (module) => (dateFields = module),
    (error) => {
      dateFieldsLoad = undefined // a later draw tries again
      throw error
    },
  ))
const useDateFields = () => dateFields ?? use(loadDateFields())
/** A head start (a pointer over a box), never an error of its own: the draw that needs the code reports it. */
const preloadDateFields = () => void loadDateFields().catch(() => {})

/** Where the focus is in a box, to put it at the same place in the picker: a segment's type, or the calendar button. */
const focusPlace = (element: Element): string | null =>
  element.closest('.ui-date__button')
    ? 'button'
    : element instanceof HTMLElement && element.getAttribute('role') === 'spinbutton'
      ? (element.dataset.type ?? null)
      : null

const elementAt = (container: HTMLElement, place: string) =>
  container.querySelector<HTMLElement>(place === 'button' ? '.ui-date__button' : `[role="spinbutton"][data-type="${place}"]`)

/**
 * A field's picker, drawn on demand: `draw` (on focus or press) draws it once its code is here, in
 * the same task as the focus when it already is (a phone's keyboard stays up), focuses the picker
 * where the box had the focus, and replays what was typed meanwhile (`typed`), one key per render
 * as between two key presses, so each segment sees what the one before it set (react-aria's
 * segments take characters from `beforeinput`).
 */
function useDrawOnDemand() {
  const [drawn, setDrawn] = useState<{ open: boolean } | null>(null)
  const container = useRef<HTMLDivElement>(null)
  const typed = useRef<string[]>([])
  const openCalendar = useRef(false)
  const asked = useRef(false)
  const draw = () => {
    if (asked.current) return
    asked.current = true
    const now = () => {
      const active = document.activeElement
      const place = active && container.current?.contains(active) ? focusPlace(active) : null
      flushSync(() => setDrawn({ open: openCalendar.current }))
      const box = container.current
      if (!box || !place) return
      elementAt(box, place)?.focus()
      for (const key of typed.current.splice(0)) {
        const segment = document.activeElement
        if (!segment || !box.contains(segment)) break
        flushSync(() => segment.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: key, bubbles: true, cancelable: true })))
      }
    }
    if (dateFields) return now()
    // A failed load draws it anyway: it then suspends on a new load where it stands.
    const soon = () => setTimeout(now, 0)
    loadDateFields().then(soon, soon)
  }
  return { drawn, draw, typed, openCalendar, container }
}

let periodSpace: string | undefined
/** The space before am/pm as this browser's en-AU formats it (a narrow no-break space in recent engines). */
function dayPeriodSpace(): string {
  if (periodSpace === undefined) {
    const parts = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(new Date(2031, 0, 1, 15))
    const before = parts.findIndex((p) => p.type === 'dayPeriod') - 1
    periodSpace = parts[before]?.type === 'literal' ? parts[before]!.value.replace(/[\u2066-\u2069]/g, '') || ' ' : ' '
  }
  return periodSpace
}

type SegmentType = 'day' | 'month' | 'year' | 'hour' | 'minute' | 'dayPeriod'
type BoxSegment =
  | { type: 'literal'; text: string }
  | { type: SegmentType; text: string; placeholder: boolean; now?: number; min: number; max: number; valueText: string }

/** Each segment's accessible name, as react-aria names them en-AU (CLDR's dateTimeField names; building an Intl.DisplayNames for them would cost the first render several milliseconds). */
const SEGMENT_NAMES: Record<SegmentType, string> = { day: 'day', month: 'month', year: 'year', hour: 'hour', minute: 'minute', dayPeriod: 'am/pm' }
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

/**
 * The segments the picker shows for `value`, as react-aria draws them en-AU (dd/mm/yyyy with
 * leading zeros; h:mm am/pm, with its bidi isolation marks), with the values it announces, so the
 * box has the picker's width (a narrower box let two fields share a row on a phone, and the picker
 * then wrapped: a layout shift) and shows and says the value from the first paint.
 */
function boxSegments(value: string | null | undefined, picker: boolean): BoxSegment[] {
  const literal = (text: string): BoxSegment => ({ type: 'literal', text })
  const part = (type: SegmentType, text: string | undefined, placeholder: string, min: number, max: number, now?: number, valueText?: string): BoxSegment =>
    text === undefined || now === undefined
      ? { type, text: placeholder, placeholder: true, min, max, valueText: 'Empty' }
      : { type, text, placeholder: false, now, min, max, valueText: valueText ?? text }
  if (picker) {
    const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '') ?? []
    const monthNumber = month === undefined ? undefined : Number(month)
    return [
      part('day', day, 'dd', 1, 31, day === undefined ? undefined : Number(day)),
      literal('/'),
      part('month', month, 'mm', 1, 12, monthNumber, monthNumber ? `${month} – ${MONTHS[monthNumber - 1]}` : undefined),
      literal('/'),
      part('year', year, 'yyyy', 1, 9999, year === undefined ? undefined : Number(year)),
    ]
  }
  const [, hh, mm] = /^(\d{2}):(\d{2})/.exec(value ?? '') ?? []
  const hours = hh === undefined ? undefined : Number(hh)
  const hour = hours === undefined ? undefined : String(hours % 12 || 12)
  const pm = hours === undefined ? undefined : hours >= 12
  return [
    literal('\u2066'),
    part('hour', hour, '––', 1, 12, hour === undefined ? undefined : Number(hour), hour && `${hour} ${pm ? 'pm' : 'am'}`),
    literal(':'),
    part('minute', mm, '––', 0, 59, mm === undefined ? undefined : Number(mm)),
    literal('\u2069'),
    literal(dayPeriodSpace()),
    part('dayPeriod', pm === undefined ? undefined : pm ? 'pm' : 'am', 'am', 0, 1, pm === undefined ? undefined : Number(pm)),
  ]
}

/** The value react-aria's hidden input holds for forms: `YYYY-MM-DD`, or `HH:mm:ss`. */
const formValue = (value: string | null | undefined, picker: boolean) => {
  if (!value) return ''
  if (picker) return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : ''
  return /^\d{2}:\d{2}/.test(value) ? `${value.slice(0, 5)}:00` : ''
}

/**
 * A date or time field's box until its picker is drawn (and while the picker's code loads after a
 * failure): react-aria's markup for the same field (group, spinbutton segments, calendar button,
 * description and error, and the hidden input that carries its value in a form), without its code.
 */
function DateFieldBox({
  name,
  label,
  description,
  errorMessage,
  readOnly,
  picker,
  value,
  onCalendarPress,
  onCalendarClick,
  onType,
}: {
  name: string
  label: ReactNode
  description?: ReactNode
  errorMessage?: string
  readOnly: boolean
  picker: boolean
  value: string | null | undefined
  /** A press on the calendar button began (true) or became a scroll (false): the picker, once drawn, opens its calendar. */
  onCalendarPress?: (pressed: boolean) => void
  /** The calendar button was clicked (or pressed by keyboard) before the picker was drawn. */
  onCalendarClick?: () => void
  /** A character typed into a segment before the picker is drawn. */
  onType?: (key: string) => void
}) {
  const ids = useId()
  const labelId = `${ids}-label`
  const descriptionId = description ? `${ids}-description` : undefined
  const errorId = errorMessage ? `${ids}-error` : undefined
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined
  const invalid = Boolean(errorMessage)
  const group = useRef<HTMLDivElement>(null)
  // react-aria's segments take typing from `beforeinput` (React's onBeforeInput is another event):
  // the box keeps the characters for the picker and changes nothing itself.
  const typeRef = useRef(onType)
  typeRef.current = onType
  useEffect(() => {
    const element = group.current
    if (!element) return
    const onBeforeInput = (event: InputEvent) => {
      event.preventDefault()
      if (!readOnly && event.inputType.startsWith('insert') && event.data) for (const key of event.data) typeRef.current?.(key)
    }
    element.addEventListener('beforeinput', onBeforeInput)
    return () => element.removeEventListener('beforeinput', onBeforeInput)
  }, [readOnly])
  let first = true
  const segments = boxSegments(value, picker).map((segment, index) => {
    if (segment.type === 'literal')
      return (
        <span key={index} aria-hidden="true" className="ui-date__segment" data-type="literal">
          {segment.text}
        </span>
      )
    const id = `${ids}-${segment.type}`
    // Like react-aria: the description on the first segment only, unless the field is invalid.
    const segmentDescribedBy = first || invalid ? describedBy : undefined
    first = false
    return (
      <span
        key={index}
        id={id}
        role="spinbutton"
        aria-label={`${SEGMENT_NAMES[segment.type]}, `}
        aria-labelledby={`${id} ${labelId}`}
        aria-valuenow={segment.now}
        aria-valuetext={segment.valueText}
        aria-valuemin={segment.min}
        aria-valuemax={segment.max}
        aria-describedby={segmentDescribedBy}
        aria-invalid={invalid || undefined}
        aria-readonly={readOnly || undefined}
        // Editable like the picker's segments, so a phone shows its keyboard from the first touch.
        contentEditable={!readOnly}
        suppressContentEditableWarning
        spellCheck={readOnly ? undefined : false}
        autoCorrect={readOnly ? undefined : 'off'}
        enterKeyHint={readOnly ? undefined : 'next'}
        inputMode={readOnly || segment.type === 'dayPeriod' ? undefined : 'numeric'}
        tabIndex={0}
        className="ui-date__segment"
        data-type={segment.type}
        data-placeholder={segment.placeholder || undefined}
      >
        {segment.text}
      </span>
    )
  })
  const focusFirst = () => group.current?.querySelector<HTMLElement>('[role="spinbutton"]')?.focus()
  return (
    <div className="ui-field" data-pending-date-field="" data-invalid={invalid || undefined} onPointerEnter={preloadDateFields}>
      <span className="ui-field__label" id={labelId} onClick={focusFirst}>
        {label}
      </span>
      <div
        ref={group}
        role="group"
        aria-labelledby={labelId}
        aria-describedby={describedBy}
        className={picker ? 'ui-input ui-date' : 'ui-input ui-date ui-date__input'}
        data-invalid={invalid || undefined}
      >
        {picker ? (
          <>
            <div role="presentation" className="ui-date__input">
              {segments}
            </div>
            <button
              type="button"
              id={`${ids}-button`}
              className="ui-date__button"
              aria-label="Open calendar"
              aria-labelledby={`${ids}-button ${labelId}`}
              aria-describedby={describedBy}
              aria-haspopup="dialog"
              aria-expanded="false"
              disabled={readOnly}
              // A press opens the calendar once the picker is drawn; a scroll that began on it does not.
              onPointerDown={() => onCalendarPress?.(true)}
              onPointerCancel={() => onCalendarPress?.(false)}
              onClick={onCalendarClick}
            >
              <CalendarIcon />
            </button>
          </>
        ) : (
          segments
        )}
      </div>
      <input hidden name={name} value={formValue(value, picker)} readOnly />
      {description ? (
        <span id={descriptionId} className="ui-field__description">
          {description}
        </span>
      ) : null}
      {errorMessage ? (
        <span id={errorId} className="ui-field__error">
          {errorMessage}
        </span>
      ) : null}
    </div>
  )
}

function LoadedDatePicker(props: DatePickerProps) {
  const { DatePicker } = useDateFields()
  return <DatePicker {...props} />
}

function LoadedTimeField(props: TimeFieldProps) {
  const { TimeField } = useDateFields()
  return <TimeField {...props} />
}

/** What both pickers take from their field (TimeFieldProps is DatePickerProps without the bounds). */
type PickerProps = TimeFieldProps & { defaultOpen?: boolean }

/**
 * A date or time field: its box (DateFieldBox) until a person focuses or presses it, then its
 * react-aria picker, focused where the box was.
 */
function DrawnOnDemand({ path, label, hint, picker, render }: Common & { picker: boolean; render: (props: PickerProps) => ReactNode }) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  const { drawn, draw, typed, openCalendar, container } = useDrawOnDemand()
  const shownLabel = labelWithBadge(label, field.actionRequired)
  const errorMessage = errorText(field.errors)
  const box = (
    <DateFieldBox
      name={path}
      label={shownLabel}
      // The picker's own description: the chosen date as 'Tuesday 5 Jan 2027' above the hint (issue 25), so nothing moves when it is drawn.
      description={picker ? withChosenDate(field.value, hint) : hint}
      errorMessage={errorMessage}
      readOnly={field.readOnly}
      picker={picker}
      value={field.value}
      onCalendarPress={(pressed) => (openCalendar.current = pressed)}
      onCalendarClick={() => {
        openCalendar.current = true
        draw()
      }}
      onType={(key) => typed.current.push(key)}
    />
  )
  return (
    <div
      ref={container}
      id={id}
      className={`field${field.errors.length ? ' has-error' : ''}${field.actionRequired ? ' action-required' : ''}`}
      onFocus={drawn ? undefined : draw}
      onPointerDown={drawn ? undefined : preloadDateFields}
    >
      {drawn ? (
        <Suspense fallback={box}>
          {render({
            name: path,
            label: shownLabel,
            description: hint,
            errorMessage,
            value: field.value ?? null,
            isReadOnly: field.readOnly,
            defaultOpen: drawn.open,
            onChange: (value) => field.set(value),
          })}
        </Suspense>
      ) : (
        box
      )}
    </div>
  )
}

/** A date (en-AU: dd/mm/yyyy on every browser; react-aria DatePicker), stored as `YYYY-MM-DD`. */
export function DateField({ path, label, hint, min, max }: Common & { min?: string; max?: string }) {
  return <DrawnOnDemand path={path} label={label} hint={hint} picker render={(props) => <LoadedDatePicker {...props} minValue={min} maxValue={max} />} />
}

/** A time of day, 12-hour with am/pm (react-aria TimeField), stored as `HH:mm`. */
export function TimeField({ path, label, hint }: Common) {
  return <DrawnOnDemand path={path} label={label} hint={hint} picker={false} render={({ defaultOpen: _, ...props }) => <LoadedTimeField {...props} />} />
}

/**
 * A native checkbox or radio drawn like the design system's (ui.css: the box or dot beside the
 * label, `data-selected` when on; the input itself, invisible, covers the label). The browser gives
 * it its keyboard (arrow keys between radios of one name), focus and name (issue 25, first render).
 * A control cannot be read-only: a read-only one ignores changes.
 */
function NativeChoice({
  type,
  name,
  checked,
  readOnly,
  invalid,
  onChange,
  children,
}: {
  type: 'checkbox' | 'radio'
  name: string
  checked: boolean
  readOnly: boolean
  invalid?: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
}) {
  const kind = type === 'radio' ? 'radio' : 'check'
  return (
    <label className={`choice ui-${kind}`} data-selected={checked || undefined}>
      <input
        type={type}
        name={name}
        className="ui-choice-input"
        checked={checked}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          if (!readOnly) onChange(event.target.checked)
        }}
      />
      {type === 'radio' ? <span aria-hidden="true" className="ui-radio__dot" /> : <CheckBox selected={checked} />}
      <span>{children}</span>
    </label>
  )
}

/** A yes/no question: a fieldset named by its question (the group) holding native Yes and No radios. */
export function YesNoField({ path, label, hint, onAnswer }: Common & { onAnswer?: (value: boolean) => void }) {
  const field = useField<boolean | null>(path)
  const id = fieldId(path)
  const choose = (value: boolean) => (onAnswer ? onAnswer(value) : field.set(value))
  return (
    <Wrapper id={id} label={label} hint={hint} errors={field.errors} actionRequired={field.actionRequired} as="fieldset">
      <div className="choices inline">
        {([true, false] as const).map((value) => (
          <NativeChoice
            key={String(value)}
            type="radio"
            name={id}
            checked={field.value === value}
            readOnly={field.readOnly}
            invalid={field.errors.length > 0}
            onChange={(on) => on && choose(value)}
          >
            {value ? 'Yes' : 'No'}
          </NativeChoice>
        ))}
      </div>
    </Wrapper>
  )
}

/** A group of checkboxes stored as bit flags (001 §3 option lists). */
export function FlagGroupField<K extends string>({
  path,
  label,
  hint,
  options,
  flags,
  labels,
}: Common & { options: readonly K[]; flags: Record<K, number>; labels: Record<K, string> }) {
  const field = useField<number | null>(path)
  const id = fieldId(path)
  const value = field.value ?? 0
  return (
    <Wrapper id={id} label={label} hint={hint} errors={field.errors} actionRequired={field.actionRequired} as="fieldset">
      <div className="choices grid">
        {options.map((key) => (
          <NativeChoice
            key={key}
            type="checkbox"
            name={`${id}-${key}`}
            checked={hasFlag(value, flags, key)}
            readOnly={field.readOnly}
            onChange={(on) => field.set(on ? value | flags[key] : value & ~flags[key])}
          >
            {labels[key]}
          </NativeChoice>
        ))}
      </div>
    </Wrapper>
  )
}

export function SelectField({
  path,
  label,
  hint,
  options,
  placeholder = 'Please choose',
}: Common & { options: readonly (readonly [string, string])[]; placeholder?: string }) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  return (
    <Wrapper id={id} label={label} hint={hint} errors={field.errors} actionRequired={field.actionRequired}>
      <select {...selectProps(id, hint, field)} value={field.value ?? ''} onChange={(event) => field.set(event.target.value || null)}>
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </Wrapper>
  )
}

const STATE_OPTIONS = STATE_KEYS.map((key) => [STATE_CODES[key], STATE_CODES[key]] as const)

/** 001 §3 Address: line one and two, suburb, state and postcode. */
export function AddressFields({ path, label }: { path: Path; label: string }) {
  const group = useField(path)
  const id = fieldId(path)
  return (
    <fieldset className={`address${group.errors.length ? ' has-error' : ''}`} aria-describedby={group.errors.length ? `${id}-error` : undefined}>
      <legend>{label}</legend>
      <TextField path={`${path}.lineOne`} label="Street address" autoComplete="off" maxLength={200} />
      <TextField path={`${path}.lineTwo`} label="Street address line 2 (optional)" autoComplete="off" maxLength={200} />
      <div className="row">
        <TextField path={`${path}.suburb`} label="Suburb" maxLength={100} />
        <SelectField path={`${path}.state`} label="State" options={STATE_OPTIONS} placeholder="State" />
        <TextField path={`${path}.postcode`} label="Postcode" inputMode="numeric" maxLength={4} />
      </div>
      <FieldErrors id={id} errors={group.errors} />
    </fieldset>
  )
}

/** A section of a step: its heading, id `section-{key}` (001 §2) and highlight. */
export function Section({
  sectionKey,
  title,
  validity,
  children,
  actionRequired,
}: {
  sectionKey: string
  title: string
  validity: 'valid' | 'invalid' | 'neutral'
  children: ReactNode
  actionRequired?: boolean
}) {
  return (
    <section
      id={`section-${sectionKey}`}
      className={`permit-section validity-${validity}${actionRequired ? ' action-required' : ''}`}
      aria-labelledby={`section-${sectionKey}-title`}
    >
      <h2 id={`section-${sectionKey}-title`}>
        {title}
        {validity === 'valid' && (
          <span className="validity-mark" aria-label="complete">
            {' '}
            ✓
          </span>
        )}
        {actionRequired && <ActionBadge />}
      </h2>
      {children}
    </section>
  )
}
