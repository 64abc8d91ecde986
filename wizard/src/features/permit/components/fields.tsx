/**
 * The permit form's fields, each bound to the draft by its path (the API's modelState key): a
 * label tied to the control, the rule messages under it (aria-describedby, aria-invalid), and
 * the action-required highlight staff can set (001 §2).
 */
import { STATE_CODES, STATE_KEYS, hasFlag } from '@permitdesk/shared'
import { Suspense, use, useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { CalendarIcon } from '../../../components/ui/calendar-icon'
import { CheckBox } from '../../../components/ui/check-box'
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
 * editor's code) are not part of the editor's first download (issue 25, first render): the editor
 * fetches them after its first paint. Until a field's code is here and its turn has come, it stands
 * as its box (label, input frame, hint: the size it will have), so nothing moves and what follows
 * it (the start-date notice) is drawn with the first paint.
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

/**
 * The fields mount one per task, in page order, once their code is here (issue 25: mounting the
 * first step's five at once was one task of several hundred milliseconds on a phone, during which
 * the page answered nothing). A field pressed before its turn goes first.
 */
type MountTurn = { mount: () => void }
const waitingTurns: MountTurn[] = []
let mountingTurns = false
let warmedUp = false

function takeTurns() {
  if (mountingTurns || waitingTurns.length === 0) return
  mountingTurns = true
  // Not before the browser has painted the boxes (a frame, then a task): the code's download does
  // not compete with the first paint (a modulepreload of it made the LCP later). A failed load
  // mounts them anyway: each then suspends on a new load where it stands.
  const load = () => loadDateFields().then(nextTurnSoon, nextTurnSoon)
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(load, 0))
  else setTimeout(load, 0)
}

function nextTurnSoon() {
  setTimeout(nextTurn, 0)
}

function nextTurn() {
  if (!warmedUp && dateFields) {
    // The Intl data all the fields share, in a task of its own before the first of them.
    warmedUp = true
    dateFields.warmUpDateFields()
    return nextTurnSoon()
  }
  const turn = waitingTurns.shift()
  if (!turn) {
    mountingTurns = false
    return
  }
  // This field alone, rendered and committed in this task; the next one in the next task.
  flushSync(turn.mount)
  nextTurnSoon()
}

/**
 * Whether this field's turn to mount has come; `hurry` (a press on its box) brings it first and
 * focuses it once drawn, and the characters typed into the box meanwhile (`typed`) are replayed
 * into the picker then, as if typed there (issue 25: no lost input).
 */
function useMountTurn() {
  const [mounted, setMounted] = useState(false)
  const [pressed, setPressed] = useState(false)
  const turn = useRef<MountTurn | null>(null)
  const typed = useRef<string[]>([])
  useEffect(() => {
    const mine: MountTurn = { mount: () => setMounted(true) }
    turn.current = mine
    waitingTurns.push(mine)
    takeTurns()
    return () => {
      const index = waitingTurns.indexOf(mine)
      if (index >= 0) waitingTurns.splice(index, 1)
    }
  }, [])
  const hurry = () => {
    const index = turn.current ? waitingTurns.indexOf(turn.current) : -1
    if (index < 0) return
    setPressed(true)
    waitingTurns.unshift(...waitingTurns.splice(index, 1))
  }
  return { mounted, pressed, hurry, typed }
}

/**
 * Replays `keys` into the picker inside `container`, starting at its focused segment (autoFocus):
 * react-aria's segments take characters from `beforeinput` events. Each key is rendered before the
 * next (flushSync), as it would be between two key presses, so a segment sees the value the one
 * before it set.
 */
function useReplayTyped(mounted: boolean, typed: { current: string[] }) {
  const container = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (!mounted || typed.current.length === 0) return
    // In a task of its own: flushSync cannot render from inside React's own effects.
    const handle = setTimeout(() => {
      for (const key of typed.current.splice(0)) {
        const segment = document.activeElement
        if (!segment || !container.current?.contains(segment)) break
        flushSync(() => segment.dispatchEvent(new InputEvent('beforeinput', { inputType: 'insertText', data: key, bubbles: true, cancelable: true })))
      }
    }, 0)
    return () => clearTimeout(handle)
  }, [mounted, typed])
  return container
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

type PendingSegment = { text: string; type: 'literal' | 'value' | 'placeholder' }

/**
 * The segments the picker will show for `value`, as react-aria draws them en-AU (dd/mm/yyyy with
 * leading zeros; h:mm am/pm, with its bidi isolation marks), so its place has the picker's width
 * (a narrower box let two fields share a row on a phone, and the picker then wrapped: a layout
 * shift) and shows the value from the first paint.
 */
function pendingSegments(value: string | null | undefined, picker: boolean): PendingSegment[] {
  const literal = (text: string): PendingSegment => ({ text, type: 'literal' })
  const part = (text: string | undefined, placeholder: string): PendingSegment => (text ? { text, type: 'value' } : { text: placeholder, type: 'placeholder' })
  if (picker) {
    const [, year, month, day] = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '') ?? []
    return [part(day, 'dd'), literal('/'), part(month, 'mm'), literal('/'), part(year, 'yyyy')]
  }
  const [, hh, mm] = /^(\d{2}):(\d{2})/.exec(value ?? '') ?? []
  const hour = hh === undefined ? undefined : String(Number(hh) % 12 || 12)
  const period = hh === undefined ? undefined : Number(hh) < 12 ? 'am' : 'pm'
  return [literal('\u2066'), part(hour, '––'), literal(':'), part(mm, '––'), literal('\u2069'), literal(dayPeriodSpace()), part(period, 'am')]
}

/** A date or time field's place until it mounts (or while its code loads after a failure): its box and value, not the whole form. */
function PendingDateField({
  label,
  description,
  picker,
  value,
  onPress,
  onType,
}: {
  label: ReactNode
  description?: string
  picker: boolean
  value: string | null | undefined
  onPress?: () => void
  /** A character typed while the box has focus (after a press), before the picker is drawn. */
  onType?: (key: string) => void
}) {
  const segments = pendingSegments(value, picker).map((segment, index) => (
    <span
      key={index}
      className="ui-date__segment"
      data-type={segment.type === 'literal' ? 'literal' : undefined}
      data-placeholder={segment.type === 'placeholder' ? '' : undefined}
    >
      {segment.text}
    </span>
  ))
  return (
    // A press on the box (mouse or touch) brings its field first and focuses it once drawn; until
    // then the box itself holds the focus (tabIndex -1: not a Tab stop) and keeps what is typed.
    <div
      className="ui-field"
      data-pending-date-field=""
      tabIndex={-1}
      onPointerDown={onPress}
      onKeyDown={(event) => {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return
        event.preventDefault()
        onType?.(event.key)
      }}
    >
      <span className="ui-field__label">{label}</span>
      {/* The picker's calendar button sets its height; the time field has none. Hidden: the picker, once drawn, is what assistive technology reads. */}
      {picker ? (
        <span className="ui-input ui-date" aria-hidden="true">
          <span className="ui-date__input">{segments}</span>
          <span className="ui-date__button">
            <CalendarIcon />
          </span>
        </span>
      ) : (
        <span className="ui-input ui-date ui-date__input" aria-hidden="true">
          {segments}
        </span>
      )}
      {description ? <span className="ui-field__description">{description}</span> : null}
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
type PickerProps = TimeFieldProps

/**
 * A date or time field's turn: its box (PendingDateField) until its react-aria picker mounts, one
 * field per task; a box pressed first goes first and takes the focus, and keys typed into it
 * meanwhile are replayed into the picker.
 */
function TurnedPicker({ path, label, hint, picker, render }: Common & { picker: boolean; render: (props: PickerProps) => ReactNode }) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  const turn = useMountTurn()
  const shownLabel = labelWithBadge(label, field.actionRequired)
  const pending = (
    <PendingDateField
      label={shownLabel}
      description={hint}
      picker={picker}
      value={field.value}
      onPress={turn.hurry}
      onType={(key) => turn.typed.current.push(key)}
    />
  )
  const container = useReplayTyped(turn.mounted, turn.typed)
  return (
    <div ref={container} id={id} className={`field${field.errors.length ? ' has-error' : ''}${field.actionRequired ? ' action-required' : ''}`}>
      {turn.mounted ? (
        <Suspense fallback={pending}>
          {render({
            name: path,
            label: shownLabel,
            description: hint,
            errorMessage: errorText(field.errors),
            value: field.value ?? null,
            isReadOnly: field.readOnly,
            autoFocus: turn.pressed,
            onChange: (value) => field.set(value),
          })}
        </Suspense>
      ) : (
        pending
      )}
    </div>
  )
}

/** A date (en-AU: dd/mm/yyyy on every browser; react-aria DatePicker), stored as `YYYY-MM-DD`. */
export function DateField({ path, label, hint, min, max }: Common & { min?: string; max?: string }) {
  return <TurnedPicker path={path} label={label} hint={hint} picker render={(props) => <LoadedDatePicker {...props} minValue={min} maxValue={max} />} />
}

/** A time of day, 12-hour with am/pm (react-aria TimeField), stored as `HH:mm`. */
export function TimeField({ path, label, hint }: Common) {
  return <TurnedPicker path={path} label={label} hint={hint} picker={false} render={(props) => <LoadedTimeField {...props} />} />
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
