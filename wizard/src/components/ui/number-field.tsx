import { useEffect, useState, type ReactNode } from 'react'
import {
  Group,
  Input,
  Label,
  NumberField as AriaNumberField,
  TextField as AriaTextField,
  type NumberFieldProps as AriaNumberFieldProps,
} from 'react-aria-components'
import { formatMoneyInput, MSG_MONEY_INVALID, parseMoneyInput } from '@permitdesk/shared'
import { FieldHelp } from './field-parts'

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'className' | 'isInvalid'> & { label: ReactNode; description?: ReactNode; errorMessage?: string }

/** A whole-number field (counts, percentages), formatted en-AU. */
export function NumberField({ label, description, errorMessage, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField {...props} isInvalid={Boolean(errorMessage)} className="ui-field">
      <Label className="ui-field__label">{label}</Label>
      <Group className="ui-input-group">
        <Input className="ui-input" />
      </Group>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaNumberField>
  )
}

export type MoneyFieldProps = {
  label: ReactNode
  /** Integer cents, or null when empty. */
  value: number | null
  onChange: (cents: number | null) => void
  description?: ReactNode
  errorMessage?: string
  isRequired?: boolean
  isDisabled?: boolean
  name?: string
  onBlur?: () => void
}

/**
 * A dollar amount typed as text and parsed by the shared money parser (`parseMoneyInput`, the
 * wire's exact dollars-to-cents rule): never floating point, at most two decimals.
 */
export function MoneyField({ label, value, onChange, description, errorMessage, isRequired, isDisabled, name, onBlur }: MoneyFieldProps) {
  const [text, setText] = useState(() => formatMoneyInput(value))
  const [invalid, setInvalid] = useState(false)
  // Follow outside changes (a reset or a reload) unless they are what the text already says.
  useEffect(() => {
    setText((current) => (parseMoneyInput(current) === value ? current : formatMoneyInput(value)))
  }, [value])
  const shown = errorMessage ?? (invalid ? MSG_MONEY_INVALID : undefined)
  return (
    <AriaTextField
      className="ui-field"
      name={name}
      value={text}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(shown)}
      onChange={(next) => {
        setText(next)
        const cents = next.trim() === '' ? null : parseMoneyInput(next)
        setInvalid(next.trim() !== '' && cents === null)
        if (next.trim() === '' || cents !== null) onChange(cents)
      }}
      onBlur={() => {
        const cents = parseMoneyInput(text)
        if (cents !== null) setText(formatMoneyInput(cents))
        onBlur?.()
      }}
    >
      <Label className="ui-field__label">{label}</Label>
      <Group className="ui-input-group ui-input-group--money">
        <span aria-hidden="true" className="ui-input-group__prefix">
          $
        </span>
        <Input className="ui-input" inputMode="decimal" autoComplete="off" />
      </Group>
      <FieldHelp description={description} errorMessage={shown} />
    </AriaTextField>
  )
}
