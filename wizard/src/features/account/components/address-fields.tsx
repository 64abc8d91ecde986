import type { FieldErrors, UseFormRegister } from 'react-hook-form'
import { FormField } from './form-field'

const STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const

type AddressForm = { agentBusinessAddress?: { lineOne?: string | null; lineTwo?: string | null; suburb?: string | null; state?: string | null; postcode?: string | null } | null }

/** The authorised agent's business address (001 §5). */
export function AgentAddressFields({ register, errors, message }: { register: UseFormRegister<any>; errors: FieldErrors<AddressForm>; message?: string }) {
  const e = errors.agentBusinessAddress as Record<string, { message?: string }> | undefined
  return (
    <fieldset aria-describedby={message ? 'agent-address-error' : undefined}>
      <legend>Business address</legend>
      {message && (
        <p id="agent-address-error" className="field-error" role="alert">
          {message}
        </p>
      )}
      <FormField id="address-line-one" label="Street address" autoComplete="address-line1" registration={register('agentBusinessAddress.lineOne')} error={e?.lineOne} />
      <FormField id="address-line-two" label="Address line 2 (optional)" autoComplete="address-line2" registration={register('agentBusinessAddress.lineTwo')} />
      <FormField id="address-suburb" label="Suburb" autoComplete="address-level2" registration={register('agentBusinessAddress.suburb')} error={e?.suburb} />
      <label htmlFor="address-state">State</label>
      <select id="address-state" autoComplete="address-level1" {...register('agentBusinessAddress.state')}>
        <option value="">Choose…</option>
        {STATES.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <FormField id="address-postcode" label="Postcode" autoComplete="postal-code" registration={register('agentBusinessAddress.postcode')} error={e?.postcode} />
    </fieldset>
  )
}
