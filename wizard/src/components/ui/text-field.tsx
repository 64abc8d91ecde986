import type { ReactNode, Ref } from 'react'
import { Input, Label, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components'
import { FieldHelp } from './field-parts'

export type TextFieldProps = Omit<AriaTextFieldProps, 'className'> & {
  label: ReactNode
  description?: ReactNode
  errorMessage?: string
  multiline?: boolean
  placeholder?: string
  rows?: number
  /** The input element (a form library focuses the first invalid field through it). */
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
  /** Read the error out when it appears (see FieldHelp). */
  announceError?: boolean
}

/** A labelled text input (or text area) with its description and error. */
export function TextField({ label, description, errorMessage, multiline, placeholder, rows, inputRef, announceError, isInvalid, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage) || isInvalid} className="ui-field">
      <Label className="ui-field__label">{label}</Label>
      {multiline ? (
        <TextArea ref={inputRef} className="ui-input" placeholder={placeholder} rows={rows ?? 4} />
      ) : (
        <Input ref={inputRef} className="ui-input" placeholder={placeholder} />
      )}
      <FieldHelp description={description} errorMessage={errorMessage} announce={announceError} />
    </AriaTextField>
  )
}
