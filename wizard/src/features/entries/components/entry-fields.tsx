/**
 * The fields of an entry form as the entrant sees them (issue 27): the hosted form and the
 * promoter's preview render the same component. Native controls (mobile-first, keyboard and
 * screen reader as the browser gives them); each error is tied to its field and announced.
 */
import { useId } from 'react'
import {
  ENTRY_FIELD_LABELS,
  ENTRY_RECEIPT_FILE_LABEL,
  RECEIPT_FILE_ACCEPT,
  RECEIPT_FILE_LIMIT_MB,
  countWords,
  type EntryFormFields,
  type EntryPersonField,
} from '@permitdesk/shared'

export type EntryValues = Record<string, string> & { consents?: never }
export type FieldErrors = Record<string, string[] | undefined>

type Props = {
  fields: EntryFormFields
  states: { code: string; name: string }[]
  values: Record<string, string>
  consents: Record<string, boolean>
  errors: FieldErrors
  onChange: (name: string, value: string) => void
  onConsent: (id: string, given: boolean) => void
  /** The receipt file chosen (null: removed); the hosted form reads it, the preview passes none. */
  onFile?: (file: File | null) => void
  disabled?: boolean
}

const AUTOCOMPLETE: Partial<Record<EntryPersonField, string>> = { name: 'name', email: 'email', phone: 'tel', postcode: 'postal-code' }
const INPUT_TYPE: Partial<Record<EntryPersonField, string>> = { email: 'email', phone: 'tel' }
const INPUT_MODE: Partial<Record<EntryPersonField, 'numeric' | 'email' | 'tel'>> = { postcode: 'numeric', email: 'email', phone: 'tel' }

function ErrorText({ id, messages }: { id: string; messages?: string[] }) {
  if (!messages?.length) return null
  return (
    <p id={id} className="entry-field__error">
      {messages.join(' ')}
    </p>
  )
}

function Label({ htmlFor, text, required }: { htmlFor?: string; text: string; required: boolean }) {
  const inner = (
    <>
      {text}
      {required ? null : <span className="entry-field__optional"> (optional)</span>}
    </>
  )
  return htmlFor ? (
    <label className="ui-field__label" htmlFor={htmlFor}>
      {inner}
    </label>
  ) : (
    <legend className="ui-field__label">{inner}</legend>
  )
}

export function EntryFields({ fields, states, values, consents, errors, onChange, onConsent, onFile, disabled }: Props) {
  const base = useId()
  const idOf = (name: string) => `${base}-${name}`
  const errorId = (name: string) => `${idOf(name)}-error`
  const described = (name: string, extra?: string) => [errors[name]?.length ? errorId(name) : null, extra].filter(Boolean).join(' ') || undefined

  const text = (name: EntryPersonField) => {
    const mode = fields[name]
    if (mode === 'off') return null
    return (
      <div className="ui-field entry-field" key={name}>
        <Label htmlFor={idOf(name)} text={ENTRY_FIELD_LABELS[name]} required={mode === 'required'} />
        <input
          id={idOf(name)}
          name={name}
          className="ui-input"
          type={INPUT_TYPE[name] ?? 'text'}
          inputMode={INPUT_MODE[name]}
          autoComplete={AUTOCOMPLETE[name] ?? 'off'}
          maxLength={name === 'postcode' ? 4 : 200}
          required={mode === 'required'}
          aria-invalid={errors[name]?.length ? true : undefined}
          aria-describedby={described(name)}
          value={values[name] ?? ''}
          onChange={(e) => onChange(name, e.target.value)}
          disabled={disabled}
        />
        <ErrorText id={errorId(name)} messages={errors[name]} />
      </div>
    )
  }

  const dob = () => {
    if (fields.dateOfBirth === 'off') return null
    const [year = '', month = '', day = ''] = (values.dateOfBirth ?? '--').split('-')
    const set = (part: 'year' | 'month' | 'day', value: string) => {
      const next = { year, month, day, [part]: value.replace(/\D/g, '') }
      onChange('dateOfBirth', `${next.year}-${next.month}-${next.day}`)
    }
    const hint = `${idOf('dateOfBirth')}-hint`
    return (
      <fieldset className="ui-field entry-field entry-dob" aria-describedby={described('dateOfBirth', hint)}>
        <Label text={ENTRY_FIELD_LABELS.dateOfBirth} required={fields.dateOfBirth === 'required'} />
        <p id={hint} className="ui-field__description">
          For example, 27 3 1990
        </p>
        <div className="entry-dob__parts">
          {(
            [
              ['day', 'Day', day, 2, 'bday-day'],
              ['month', 'Month', month, 2, 'bday-month'],
              ['year', 'Year', year, 4, 'bday-year'],
            ] as const
          ).map(([part, label, value, size, autoComplete]) => (
            <div key={part} className={`entry-dob__part entry-dob__part--${part}`}>
              <label className="ui-field__label" htmlFor={idOf(`dob-${part}`)}>
                {label}
              </label>
              <input
                id={idOf(`dob-${part}`)}
                className="ui-input"
                inputMode="numeric"
                autoComplete={autoComplete}
                maxLength={size}
                aria-invalid={errors.dateOfBirth?.length ? true : undefined}
                value={value}
                onChange={(e) => set(part, e.target.value)}
                disabled={disabled}
              />
            </div>
          ))}
        </div>
        <ErrorText id={errorId('dateOfBirth')} messages={errors.dateOfBirth} />
      </fieldset>
    )
  }

  const state = () => {
    if (fields.state === 'off') return null
    return (
      <div className="ui-field entry-field">
        <Label htmlFor={idOf('state')} text={ENTRY_FIELD_LABELS.state} required={fields.state === 'required'} />
        <select
          id={idOf('state')}
          name="state"
          className="ui-input"
          autoComplete="address-level1"
          required={fields.state === 'required'}
          aria-invalid={errors.state?.length ? true : undefined}
          aria-describedby={described('state')}
          value={values.state ?? ''}
          onChange={(e) => onChange('state', e.target.value)}
          disabled={disabled}
        >
          <option value="">Choose…</option>
          {states.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
        <ErrorText id={errorId('state')} messages={errors.state} />
      </div>
    )
  }

  const receiptFile = () => {
    const mode = fields.receiptFile ?? 'off'
    if (mode === 'off') return null
    const hint = `${idOf('receiptFile')}-hint`
    return (
      <div className="ui-field entry-field">
        <Label htmlFor={idOf('receiptFile')} text={ENTRY_RECEIPT_FILE_LABEL} required={mode === 'required'} />
        <p id={hint} className="ui-field__description">
          A photo or PDF of your receipt, up to {RECEIPT_FILE_LIMIT_MB} MB.
        </p>
        <input
          id={idOf('receiptFile')}
          name="receiptFile"
          className="ui-input entry-field__file"
          type="file"
          accept={RECEIPT_FILE_ACCEPT}
          required={mode === 'required'}
          aria-invalid={errors.receiptFile?.length ? true : undefined}
          aria-describedby={described('receiptFile', hint)}
          onChange={(e) => onFile?.(e.target.files?.[0] ?? null)}
          disabled={disabled}
        />
        <ErrorText id={errorId('receiptFile')} messages={errors.receiptFile} />
      </div>
    )
  }

  const answer = () => {
    if (fields.answer === 'off') return null
    const words = countWords(values.answer ?? '')
    const counter = `${idOf('answer')}-count`
    return (
      <div className="ui-field entry-field">
        <label className="ui-field__label" htmlFor={idOf('answer')}>
          {fields.question}
          {fields.answer === 'required' ? null : <span className="entry-field__optional"> (optional)</span>}
        </label>
        <textarea
          id={idOf('answer')}
          name="answer"
          className="ui-input"
          rows={4}
          required={fields.answer === 'required'}
          aria-invalid={errors.answer?.length ? true : undefined}
          aria-describedby={described('answer', counter)}
          value={values.answer ?? ''}
          onChange={(e) => onChange('answer', e.target.value)}
          disabled={disabled}
        />
        <p id={counter} className={`ui-field__description${words > fields.wordLimit ? ' entry-field__over' : ''}`}>
          {words} of {fields.wordLimit} words
        </p>
        <ErrorText id={errorId('answer')} messages={errors.answer} />
      </div>
    )
  }

  return (
    <>
      {text('name')}
      {text('email')}
      {text('phone')}
      {text('postcode')}
      {state()}
      {dob()}
      {text('receiptNumber')}
      {receiptFile()}
      {answer()}
      {fields.consents.map((consent) => {
        const key = `consents.${consent.id}`
        return (
          <div className="entry-consent" key={consent.id}>
            <input
              id={idOf(key)}
              type="checkbox"
              checked={consents[consent.id] ?? false}
              required={consent.required}
              aria-invalid={errors[key]?.length ? true : undefined}
              aria-describedby={described(key)}
              onChange={(e) => onConsent(consent.id, e.target.checked)}
              disabled={disabled}
            />
            <label htmlFor={idOf(key)}>
              {consent.label}
              {consent.required ? null : <span className="entry-field__optional"> (optional)</span>}
            </label>
            <ErrorText id={errorId(key)} messages={errors[key]} />
          </div>
        )
      })}
    </>
  )
}
