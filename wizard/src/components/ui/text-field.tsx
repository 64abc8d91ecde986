import type { ReactNode } from 'react'
import { Input, Label, TextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components'
import { FieldHelp } from './field-parts'

export type TextFieldProps = Omit<AriaTextFieldProps, 'className' | 'isInvalid'> & {
  label: ReactNode
  description?: ReactNode
  errorMessage?: string
  multiline?: boolean
  placeholder?: string
  rows?: number
}

/** A labelled text input (or text area) with its description and error. */
export function TextField({ label, description, errorMessage, multiline, placeholder, rows, ...props }: TextFieldProps) {
  return (
    <AriaTextField {...props} isInvalid={Boolean(errorMessage)} className="ui-field">
      <Label className="ui-field__label">{label}</Label>
      {multiline ? <TextArea className="ui-input" placeholder={placeholder} rows={rows ?? 4} /> : <Input className="ui-input" placeholder={placeholder} />}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaTextField>
  )
}
