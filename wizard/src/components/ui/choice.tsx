import type { ReactNode } from 'react'
import {
  Checkbox as AriaCheckbox,
  CheckboxGroup as AriaCheckboxGroup,
  Label,
  Radio,
  RadioGroup as AriaRadioGroup,
  type CheckboxProps as AriaCheckboxProps,
} from 'react-aria-components'
import { CheckBox } from './check-box'
import { FieldHelp } from './field-parts'

export type CheckboxProps = Omit<AriaCheckboxProps, 'className' | 'children'> & { children: ReactNode }

/** One checkbox with its label. */
export function Checkbox({ children, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className="ui-check">
      {({ isSelected }) => (
        <>
          <CheckBox selected={isSelected} />
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  )
}

type Option = { id: string; label: ReactNode; isDisabled?: boolean }

export type CheckboxGroupProps = {
  label: ReactNode
  options: readonly Option[]
  value: string[]
  onChange: (value: string[]) => void
  description?: ReactNode
  errorMessage?: string
  isRequired?: boolean
}

/** Several choices under one label (a fieldset-like group). */
export function CheckboxGroup({ label, options, value, onChange, description, errorMessage, isRequired }: CheckboxGroupProps) {
  return (
    <AriaCheckboxGroup className="ui-field ui-choice-group" value={value} onChange={onChange} isInvalid={Boolean(errorMessage)} isRequired={isRequired}>
      <Label className="ui-field__label">{label}</Label>
      {options.map((option) => (
        <Checkbox key={option.id} value={option.id} isDisabled={option.isDisabled}>
          {option.label}
        </Checkbox>
      ))}
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaCheckboxGroup>
  )
}

export type RadioGroupProps = {
  label: ReactNode
  options: readonly Option[]
  value: string | null
  onChange: (value: string) => void
  description?: ReactNode
  errorMessage?: string
  isRequired?: boolean
  isDisabled?: boolean
  orientation?: 'horizontal' | 'vertical'
  name?: string
}

/** One choice of a few, all visible (arrow keys move between them). */
export function RadioGroup({
  label,
  options,
  value,
  onChange,
  description,
  errorMessage,
  isRequired,
  isDisabled,
  orientation = 'vertical',
  name,
}: RadioGroupProps) {
  return (
    <AriaRadioGroup
      className={`ui-field ui-choice-group ui-choice-group--${orientation}`}
      value={value}
      onChange={onChange}
      isInvalid={Boolean(errorMessage)}
      isRequired={isRequired}
      isDisabled={isDisabled}
      orientation={orientation}
      name={name}
    >
      <Label className="ui-field__label">{label}</Label>
      <div className="ui-choice-group__options">
        {options.map((option) => (
          <Radio key={option.id} value={option.id} isDisabled={option.isDisabled} className="ui-radio">
            <span aria-hidden="true" className="ui-radio__dot" />
            <span>{option.label}</span>
          </Radio>
        ))}
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
    </AriaRadioGroup>
  )
}
