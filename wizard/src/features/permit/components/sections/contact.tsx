/** Applicant step, section "Contact person" (001 §3 contact; §5: position required for ACT or SA). */
import { CONTACT_TITLES, getPermitRequirements } from '@permitdesk/shared'
import { useEditor } from '../editor-context'
import { SelectField, TextField } from '../fields'

const TITLES = CONTACT_TITLES.map((t) => [t, t] as const)

export function ContactSection() {
  const { draft } = useEditor()
  const requirements = getPermitRequirements({ ...draft, startDate: draft.permit.startDate ?? draft.startDate })
  const positionRequired = requirements.act.required || requirements.sa.required
  return (
    <>
      <SelectField path="permit.applicant.contact.title" label="Title (optional)" options={TITLES} placeholder="No title" />
      <div className="row">
        <TextField path="permit.applicant.contact.firstName" label="First name" maxLength={100} autoComplete="off" />
        <TextField path="permit.applicant.contact.lastName" label="Last name" maxLength={100} autoComplete="off" />
      </div>
      <TextField
        path="permit.applicant.contact.position"
        label={positionRequired ? 'Position' : 'Position (optional)'}
        maxLength={100}
        hint={positionRequired ? 'Needed for ACT and SA permits.' : undefined}
      />
      <TextField path="permit.applicant.contact.phone" label="Phone" type="tel" inputMode="tel" maxLength={14} hint="Numbers only, up to 10 digits." />
      <TextField path="permit.applicant.contact.email" label="Email" type="email" inputMode="email" maxLength={200} />
    </>
  )
}
