/**
 * The permit form's fields that need react-aria (an amount with its $ prefix, a whole number, the
 * NSW authority's Yes and No radios): apart from fields.tsx so that the first step, drawn with
 * native controls, does not download react-aria (issue 25, first render).
 */
import { parseDollarsText } from '@permitdesk/shared'
import { useEffect, useState } from 'react'
import { Group, Input, Label, Radio, TextField as AriaTextField } from 'react-aria-components'
import { TextField as UiTextField } from '../../../components/ui'
import { FieldHelp } from '../../../components/ui/field-parts'
import { fieldId, type Path } from '../lib/paths'
import { useField } from './editor-context'
import { errorText, FieldFrame, labelWithBadge } from './fields'

type Common = { path: Path; label: string; hint?: string }

/** The Yes and No radios of a react-aria RadioGroup whose values are 'yes' and 'no'. */
export function YesNoRadios() {
  return (['yes', 'no'] as const).map((value) => (
    <Radio key={value} value={value} className="choice ui-radio">
      <span aria-hidden="true" className="ui-radio__dot" />
      <span>{value === 'yes' ? 'Yes' : 'No'}</span>
    </Radio>
  ))
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
