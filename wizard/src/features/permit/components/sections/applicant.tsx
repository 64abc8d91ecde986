/** Applicant step, section "Applicant" (001 §3 Applicant; §5 ABN/ACN, addresses, NSW authority). */
import { getPermitRequirements, isNswAuthorityDurationRequired, type ApplicantDraft } from '@permitdesk/shared'
import { useState } from 'react'
import { useSession } from '../../../../lib/session'
import { Button, Checkbox, LazyModal } from '../../../../components/ui'
import { getApplicant, getApplicantReuseList } from '../../api/permit-api'
import { useEditor } from '../editor-context'
import { AddressFields, TextField } from '../fields'
import { NswAuthority } from '../nsw-authority'
import { ReuseControl } from '../reuse-control'

export function ApplicantSection() {
  const { draft, editor, readOnly } = useEditor()
  const { user } = useSession()
  const applicant = draft.permit.applicant ?? {}
  const [authorityStatement, setAuthorityStatement] = useState(false)
  const requirements = getPermitRequirements({ ...draft, startDate: draft.permit.startDate ?? draft.startDate })
  const who = draft.skillsBasedTC ? 'promoter' : 'applicant'
  return (
    <>
      {!readOnly && (
        <ReuseControl
          testId="reuse-applicant"
          summary={`Reuse a previous ${who}`}
          choose={`Previous ${who}`}
          load={async () =>
            (await getApplicantReuseList(draft.id, draft.managedSubmission)).map((a) => ({
              id: a.id,
              label: `${a.organisation} (${a.promotionName || 'Untitled permit'})`,
            }))
          }
          apply={async (id, current) => {
            const { id: _id, promotionId: _promotionId, ...reused } = await getApplicant(id, draft.managedSubmission)
            return { ...current, permit: { ...current.permit, applicant: reused as ApplicantDraft } }
          }}
        />
      )}
      <TextField path="permit.applicant.organisation" label="Organisation (legal name)" maxLength={200} autoComplete="organization" />
      <TextField path="permit.applicant.abnacn" label="ABN or ACN" inputMode="numeric" maxLength={14} hint="11 digits for an ABN, 9 for an ACN." />
      <TextField path="permit.applicant.tradingName" label="Trading name (optional)" maxLength={200} />
      <AddressFields path="permit.applicant.businessAddress" label="Business address" />
      <Checkbox
        isSelected={applicant.postalSameAsBusiness === true}
        isReadOnly={readOnly}
        onChange={(on) => editor.update('permit.applicant.postalSameAsBusiness', on)}
      >
        The postal address is the same as the business address
      </Checkbox>
      {!applicant.postalSameAsBusiness && <AddressFields path="permit.applicant.postalAddress" label="Postal address" />}
      <TextField path="permit.applicant.website" label="Website (optional)" type="url" inputMode="url" maxLength={200} />
      {user?.authorisedAgent && (
        <Checkbox
          isSelected={applicant.hasLetterOfAuthority === true}
          isReadOnly={readOnly}
          onChange={(on) => (on ? setAuthorityStatement(true) : editor.update('permit.applicant.hasLetterOfAuthority', false))}
        >
          I hold a letter of authority from the promoter to apply on their behalf
        </Checkbox>
      )}
      {applicant.hasLetterOfAuthority === true && (
        // 001 §3 letterOfAuthorityReused (issue 25): the promoter's letter lodged for an earlier promotion covers this one too.
        <Checkbox isSelected={draft.letterOfAuthorityReused === true} isReadOnly={readOnly} onChange={(on) => editor.update('letterOfAuthorityReused', on)}>
          The letter of authority is the one I lodged for an earlier promotion of this promoter
        </Checkbox>
      )}
      {requirements.nsw.required && (
        <NswAuthority
          durationRequired={isNswAuthorityDurationRequired(
            { nswRequired: true, hasNswAuthority: draft.hasNswAuthority, endDate: draft.permit.endDate },
            applicant.nswAuthorityExpiration,
          )}
        />
      )}
      <LazyModal
        isOpen={authorityStatement}
        title="Authority statement"
        onClose={() => setAuthorityStatement(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setAuthorityStatement(false)}>
              Cancel
            </Button>
            <Button
              variant="primary"
              onPress={() => {
                editor.update('permit.applicant.hasLetterOfAuthority', true)
                setAuthorityStatement(false)
              }}
            >
              I confirm
            </Button>
          </>
        }
      >
        <p>
          I confirm that I am authorised by the promoter named in this application to apply for these permits on its behalf, and that I hold a signed letter of
          authority from it. I will upload the letter of authority with the attachments.
        </p>
      </LazyModal>
    </>
  )
}
