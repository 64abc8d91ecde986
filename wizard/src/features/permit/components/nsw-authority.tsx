/**
 * The NSW authority (001 §5): asked when an NSW permit is required. Saved on its own through
 * POST /api/promotion/saveNswAuthority, which checks it strictly and reprices the NSW fee (none
 * with an authority), after the "may change permit requirements" modal.
 */
import { formatCurrency, NSW_AUTHORITY_DEFAULT_DURATION } from '@permitdesk/shared'
import { useState } from 'react'
import { Button, LazyModal } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { saveNswAuthority } from '../api/permit-api'
import { useEditor } from './editor-context'
import { DateField, SelectField, TextField } from './fields'
import { YesNoRadios } from './fields-aria'
import { Radio, RadioGroup } from 'react-aria-components'

const DURATIONS = [1, 2, 3, 4, 5].map((years) => [String(years), `${years} year${years > 1 ? 's' : ''}`] as const)

export function NswAuthority({ durationRequired }: { durationRequired: boolean }) {
  const { draft, editor, readOnly } = useEditor()
  const [pending, setPending] = useState<boolean | null>(null)
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const applicant = draft.permit.applicant ?? {}

  const submit = async (hasNswAuthority: boolean) => {
    setErrors({})
    try {
      const answer = await editor.write(
        (versionNumber) =>
          saveNswAuthority({
            id: draft.id,
            versionNumber,
            hasNswAuthority,
            nswAuthorityNumber: applicant.nswAuthorityNumber ?? null,
            nswAuthorityExpiration: applicant.nswAuthorityExpiration ?? null,
            nswAuthorityDuration: applicant.nswAuthorityDuration ?? NSW_AUTHORITY_DEFAULT_DURATION,
          }),
        (current, a) => ({
          ...current,
          versionNumber: a.versionNumber,
          hasNswAuthority: a.hasNswAuthority,
          permitStatus: a.permitStatus,
          permit: { ...current.permit, ...feesOf(a.permit) },
        }),
      )
      if (answer) setMessage(`NSW authority saved. The NSW permit fee is now ${formatCurrency(answer.permit.feeDue_NSW)}.`)
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.modelState ?? {})
        setMessage(error.message)
      }
    }
  }

  return (
    <fieldset className="nsw-authority" data-testid="nsw-authority">
      <legend>NSW authority</legend>
      <p>An NSW permit is needed for this promotion. Promoters holding an NSW authority pay no NSW permit fee.</p>
      <RadioGroup
        className="choices inline"
        aria-label="Do you hold an NSW authority?"
        name="hasNswAuthority"
        orientation="horizontal"
        value={draft.hasNswAuthority === null || draft.hasNswAuthority === undefined ? null : draft.hasNswAuthority ? 'yes' : 'no'}
        onChange={(next) => setPending(next === 'yes')}
        isDisabled={readOnly}
      >
        <span aria-hidden="true">Do you hold an NSW authority?</span>
        <YesNoRadios />
      </RadioGroup>
      {draft.hasNswAuthority && (
        <>
          <TextField path="permit.applicant.nswAuthorityNumber" label="NSW authority number" maxLength={100} />
          <DateField path="permit.applicant.nswAuthorityExpiration" label="Authority expiry date" />
        </>
      )}
      {durationRequired && <SelectField path="permit.applicant.nswAuthorityDuration" label="Duration of the NSW authority to apply for" options={DURATIONS} />}
      {Object.values(errors)
        .flat()
        .map((e) => (
          <p key={e} className="field-error">
            {e}
          </p>
        ))}
      {!readOnly && draft.hasNswAuthority != null && (
        <Button variant="secondary" onPress={() => void submit(draft.hasNswAuthority === true)}>
          Save NSW authority
        </Button>
      )}
      <p role="status" aria-live="polite">
        {message}
      </p>
      <LazyModal
        isOpen={pending !== null}
        title="This may change your permit requirements"
        onClose={() => setPending(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setPending(null)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onPress={() => {
                const value = pending!
                setPending(null)
                editor.update('hasNswAuthority', value)
                if (!value) void submit(false)
              }}
            >
              Continue
            </Button>
          </>
        }
      >
        <p>Whether you hold an NSW authority changes the NSW permit fee and what we lodge for you. Your fees will be recalculated.</p>
      </LazyModal>
    </fieldset>
  )
}

function feesOf(permit: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(permit).filter(([key]) => key.startsWith('feeDue_') || key.startsWith('is')))
}
