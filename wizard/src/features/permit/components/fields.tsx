/**
 * The permit form's fields, each bound to the draft by its path (the API's modelState key): a
 * label tied to the control, the rule messages under it (aria-describedby, aria-invalid), and
 * the action-required highlight staff can set (001 §2).
 */
import { STATE_CODES, STATE_KEYS, hasFlag, parseDollarsText } from '@permitdesk/shared'
import { lazy, useEffect, useId, useState, type ReactNode } from 'react'
import { Checkbox, Group, Input, Label, Radio, RadioGroup, TextField as AriaTextField } from 'react-aria-components'
import { fieldId, type Path } from '../lib/paths'
import { useField } from './editor-context'
import { TextField as UiTextField } from '../../../components/ui'
import { FieldHelp } from '../../../components/ui/field-parts'

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
function FieldFrame({ id, errors, actionRequired, children }: { id?: string; errors: string[]; actionRequired: boolean; children: ReactNode }) {
  return (
    <div id={id} className={`field${errors.length ? ' has-error' : ''}${actionRequired ? ' action-required' : ''}`}>
      {children}
    </div>
  )
}

const labelWithBadge = (label: string, actionRequired: boolean) => (
  <>
    {label}
    {actionRequired && <ActionBadge />}
  </>
)

const errorText = (errors: string[]) => (errors.length ? errors.join(' ') : undefined)

/** The Yes and No radios of a react-aria RadioGroup whose values are 'yes' and 'no'. */
export function YesNoRadios() {
  return (['yes', 'no'] as const).map((value) => (
    <Radio key={value} value={value} className="choice ui-radio">
      <span aria-hidden="true" className="ui-radio__dot" />
      <span>{value === 'yes' ? 'Yes' : 'No'}</span>
    </Radio>
  ))
}

/** A text (or long text) field (react-aria TextField); 001 §5: a text limit truncates input. */
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
  return (
    <FieldFrame errors={field.errors} actionRequired={field.actionRequired}>
      <UiTextField
        id={id}
        name={path}
        label={labelWithBadge(label, field.actionRequired)}
        description={hint}
        errorMessage={errorText(field.errors)}
        multiline={multiline}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        maxLength={maxLength}
        isReadOnly={field.readOnly}
        validationBehavior="aria"
        value={field.value ?? ''}
        onChange={(text) => field.set(text.slice(0, maxLength))}
      />
    </FieldFrame>
  )
}

/**
 * The date and time pickers (react-aria's date fields with @internationalized/date: a third of the
 * editor's code) are not part of the editor's first download (issue 25, first render). A field
 * drawn before they arrive suspends to the form's boundary; the first step draws its dates only
 * once `loadDateFields` has them (AfterFirstPaint `until`), so no stand-in is swapped and nothing moves.
 */
export const loadDateFields = () => import('../../../components/ui/date-fields')
const LazyDatePicker = lazy(() => loadDateFields().then((module) => ({ default: module.DatePicker })))
const LazyTimeField = lazy(() => loadDateFields().then((module) => ({ default: module.TimeField })))

/** A date (en-AU: dd/mm/yyyy on every browser; react-aria DatePicker), stored as `YYYY-MM-DD`. */
export function DateField({ path, label, hint, min, max }: Common & { min?: string; max?: string }) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  return (
    <div id={id} className={`field${field.errors.length ? ' has-error' : ''}${field.actionRequired ? ' action-required' : ''}`}>
      <LazyDatePicker
        name={path}
        label={labelWithBadge(label, field.actionRequired)}
        description={hint}
        errorMessage={errorText(field.errors)}
        value={field.value ?? null}
        minValue={min}
        maxValue={max}
        isReadOnly={field.readOnly}
        onChange={(value) => field.set(value)}
      />
    </div>
  )
}

/** A time of day, 12-hour with am/pm (react-aria TimeField), stored as `HH:mm`. */
export function TimeField({ path, label, hint }: Common) {
  const field = useField<string | null>(path)
  const id = fieldId(path)
  return (
    <div id={id} className={`field${field.errors.length ? ' has-error' : ''}${field.actionRequired ? ' action-required' : ''}`}>
      <LazyTimeField
        name={path}
        label={labelWithBadge(label, field.actionRequired)}
        description={hint}
        errorMessage={errorText(field.errors)}
        value={field.value ?? null}
        isReadOnly={field.readOnly}
        onChange={(value) => field.set(value)}
      />
    </div>
  )
}

/**
 * A yes/no question: a fieldset named by its question (the group) holding a react-aria radio
 * group (arrow keys between Yes and No).
 */
export function YesNoField({ path, label, hint, onAnswer }: Common & { onAnswer?: (value: boolean) => void }) {
  const field = useField<boolean | null>(path)
  const id = fieldId(path)
  const legendId = useId()
  const choose = (value: boolean) => (onAnswer ? onAnswer(value) : field.set(value))
  return (
    <Wrapper id={id} label={label} hint={hint} errors={field.errors} actionRequired={field.actionRequired} as="fieldset" legendId={legendId}>
      <RadioGroup
        aria-labelledby={legendId}
        name={id}
        orientation="horizontal"
        className="choices inline"
        value={field.value === null || field.value === undefined ? null : field.value ? 'yes' : 'no'}
        onChange={(next) => choose(next === 'yes')}
        isReadOnly={field.readOnly}
        isInvalid={field.errors.length > 0}
        validationBehavior="aria"
      >
        <YesNoRadios />
      </RadioGroup>
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
          <Checkbox
            key={key}
            className="choice ui-check"
            isSelected={hasFlag(value, flags, key)}
            isReadOnly={field.readOnly}
            onChange={(on) => field.set(on ? value | flags[key] : value & ~flags[key])}
          >
            {({ isSelected }) => (
              <>
                <span aria-hidden="true" className="ui-check__box">
                  {isSelected ? (
                    <svg viewBox="0 0 18 18" width="14" height="14">
                      <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
                    </svg>
                  ) : null}
                </span>
                <span>{labels[key]}</span>
              </>
            )}
          </Checkbox>
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

function centsToText(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return ''
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

/** An amount typed in dollars, stored in integer cents (DESIGN.md §4). */
export function MoneyField({ path, label, hint }: Common) {
  const field = useField<number | null>(path)
  const id = fieldId(path)
  const [text, setText] = useState(centsToText(field.value))
  // Follow changes that do not come from typing here (reuse, undo, server answer).
  useEffect(() => {
    const typed = parseDollars(text)
    if (typed !== (field.value ?? null)) setText(centsToText(field.value))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [field.value])
  return (
    <FieldFrame errors={field.errors} actionRequired={field.actionRequired}>
      <AriaTextField
        id={id}
        name={path}
        className="ui-field"
        value={text}
        isReadOnly={field.readOnly}
        isInvalid={field.errors.length > 0}
        validationBehavior="aria"
        onChange={(next) => {
          setText(next)
          field.set(parseDollars(next))
        }}
      >
        <Label className="ui-field__label">{labelWithBadge(label, field.actionRequired)}</Label>
        <Group className="ui-input-group ui-input-group--money">
          <span aria-hidden="true" className="ui-input-group__prefix">
            $
          </span>
          <Input className="ui-input" inputMode="decimal" />
        </Group>
        <FieldHelp description={hint} errorMessage={errorText(field.errors)} />
      </AriaTextField>
    </FieldFrame>
  )
}

/** The shared parser: decimal digits to cents, never a float (DESIGN.md §4). */
const parseDollars = parseDollarsText

/** A whole number typed as digits (react-aria TextField; anything else is dropped as it is typed). */
export function IntegerField({ path, label, hint }: Common) {
  const field = useField<number | null>(path)
  const id = fieldId(path)
  return (
    <FieldFrame errors={field.errors} actionRequired={field.actionRequired}>
      <UiTextField
        id={id}
        name={path}
        label={labelWithBadge(label, field.actionRequired)}
        description={hint}
        errorMessage={errorText(field.errors)}
        inputMode="numeric"
        isReadOnly={field.readOnly}
        validationBehavior="aria"
        value={field.value === null || field.value === undefined ? '' : String(field.value)}
        onChange={(text) => {
          const digits = text.replace(/\D/g, '')
          field.set(digits === '' ? null : Number(digits.slice(0, 9)))
        }}
      />
    </FieldFrame>
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
