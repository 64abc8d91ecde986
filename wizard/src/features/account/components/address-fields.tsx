import type { Control, FieldPath, FieldValues } from 'react-hook-form'
import { FormField, SelectField } from './form-field'

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const
const STATE_OPTIONS = STATES.map((state) => ({ id: state, label: state }))

/** The authorised agent's business address (001 §5), in the register and account forms (both hold `agentBusinessAddress`). */
export function AgentAddressFields<T extends FieldValues>({ control, message }: { control: Control<T>; message?: string }) {
  const at = (key: string) => `agentBusinessAddress.${key}` as FieldPath<T>
  return (
    <fieldset aria-describedby={message ? 'agent-address-error' : undefined}>
      <legend>Business address</legend>
      {message && (
        <p id="agent-address-error" className="field-error" role="alert">
          {message}
        </p>
      )}
      <FormField id="address-line-one" label="Street address" autoComplete="address-line1" control={control} name={at('lineOne')} />
      <FormField id="address-line-two" label="Address line 2 (optional)" autoComplete="address-line2" control={control} name={at('lineTwo')} />
      <FormField id="address-suburb" label="Suburb" autoComplete="address-level2" control={control} name={at('suburb')} />
      <SelectField label="State" autoComplete="address-level1" options={STATE_OPTIONS} control={control} name={at('state')} />
      <FormField id="address-postcode" label="Postcode" autoComplete="postal-code" control={control} name={at('postcode')} />
    </fieldset>
  )
}
