import type { FieldError, UseFormRegisterReturn } from 'react-hook-form'

type Props = {
  id: string
  label: string
  registration: UseFormRegisterReturn
  error?: FieldError | { message?: string }
  type?: string
  autoComplete?: string
  hint?: string
}

/** A labelled input whose error is tied to it (aria-invalid, aria-describedby) and announced. */
export function FormField({ id, label, registration, error, type = 'text', autoComplete, hint }: Props) {
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  return (
    <>
      <label htmlFor={id}>{label}</label>
      {hint && <small id={hintId}>{hint}</small>}
      <input
        id={id}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}
        {...registration}
      />
      {error?.message && (
        <p id={errorId} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </>
  )
}

export function CheckboxField({ id, label, registration, error }: Omit<Props, 'type' | 'autoComplete' | 'hint'>) {
  const errorId = `${id}-error`
  return (
    <>
      <label className="checkbox" htmlFor={id}>
        <input id={id} type="checkbox" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} {...registration} />
        <span>{label}</span>
      </label>
      {error?.message && (
        <p id={errorId} className="field-error" role="alert">
          {error.message}
        </p>
      )}
    </>
  )
}

/** The form-level message: errors are alerts, notes are polite status messages. */
export function FormMessage({ error, note }: { error?: string | null; note?: string | null }) {
  return (
    <>
      <div role="alert" aria-live="assertive">{error && <p className="form-alert">{error}</p>}</div>
      <div role="status" aria-live="polite">{note && <p className="form-note">{note}</p>}</div>
    </>
  )
}
