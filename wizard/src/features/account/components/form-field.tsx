import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { Checkbox, Select, TextField, type SelectOption } from '../../../components/ui'

type Bound<T extends FieldValues> = { control: Control<T>; name: FieldPath<T> }

type Props<T extends FieldValues> = Bound<T> & {
  id: string
  label: string
  type?: 'text' | 'email' | 'password' | 'tel'
  autoComplete?: string
  hint?: string
}

/**
 * A labelled text field of an account form (react-aria TextField bound to react-hook-form): its
 * error is tied to it (aria-invalid, aria-describedby) and read out when it appears; the form
 * focuses the first invalid field on submit.
 */
export function FormField<T extends FieldValues>({ control, name, id, label, type = 'text', autoComplete, hint }: Props<T>) {
  const { field, fieldState } = useController({ control, name })
  return (
    <TextField
      id={id}
      name={field.name}
      label={label}
      type={type}
      autoComplete={autoComplete}
      description={hint}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      errorMessage={fieldState.error?.message}
      announceError
    />
  )
}

/** A checkbox of an account form; its error (the terms must be agreed) is read out. */
export function CheckboxField<T extends FieldValues>({ control, name, id, label }: Bound<T> & { id: string; label: string }) {
  const { field, fieldState } = useController({ control, name })
  const message = fieldState.error?.message
  return (
    <div className="account-check">
      <Checkbox
        id={id}
        name={field.name}
        isSelected={Boolean(field.value)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        isInvalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
      >
        {label}
      </Checkbox>
      {message && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {message}
        </p>
      )}
    </div>
  )
}

/** A choice from a short list (react-aria Select) in an account form. */
export function SelectField<T extends FieldValues>({
  control,
  name,
  label,
  options,
  autoComplete,
}: Bound<T> & { label: string; options: readonly SelectOption[]; autoComplete?: string }) {
  const { field, fieldState } = useController({ control, name })
  return (
    <Select
      name={field.name}
      label={label}
      options={options}
      value={(field.value as string | null | undefined) || null}
      onChange={field.onChange}
      errorMessage={fieldState.error?.message}
      autoComplete={autoComplete}
    />
  )
}

/** The form-level message: errors are alerts, notes are polite status messages. */
export function FormMessage({ error, note }: { error?: string | null; note?: string | null }) {
  return (
    <>
      <div role="alert" aria-live="assertive">
        {error && <p className="form-alert">{error}</p>}
      </div>
      <div role="status" aria-live="polite">
        {note && <p className="form-note">{note}</p>}
      </div>
    </>
  )
}
