import type { Key, ReactNode } from 'react'
import { Button, Label, ListBox, ListBoxItem, Popover, Select as AriaSelect, SelectValue } from 'react-aria-components'
import { FieldHelp } from './field-parts'

export type SelectOption = { id: string; label: string }

export type SelectProps = {
  label: ReactNode
  options: readonly SelectOption[]
  value: string | null
  onChange: (value: string) => void
  placeholder?: string
  description?: ReactNode
  errorMessage?: string
  isRequired?: boolean
  isDisabled?: boolean
  name?: string
  autoComplete?: string
}

/** A single choice from a list (react-aria Select: listbox popover, typeahead, keyboard). */
export function Select({
  label,
  options,
  value,
  onChange,
  placeholder = 'Select…',
  description,
  errorMessage,
  isRequired,
  isDisabled,
  name,
  autoComplete,
}: SelectProps) {
  return (
    <AriaSelect
      className="ui-field"
      name={name}
      autoComplete={autoComplete}
      placeholder={placeholder}
      selectedKey={value}
      onSelectionChange={(key: Key | null) => key !== null && onChange(String(key))}
      isRequired={isRequired}
      isDisabled={isDisabled}
      isInvalid={Boolean(errorMessage)}
    >
      <Label className="ui-field__label">{label}</Label>
      <Button className="ui-input ui-select__button">
        <SelectValue />
        <span aria-hidden="true" className="ui-select__chevron">
          ▾
        </span>
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="ui-popover">
        <ListBox className="ui-listbox" items={options}>
          {(option) => (
            <ListBoxItem className="ui-listbox__item" id={option.id}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  )
}
