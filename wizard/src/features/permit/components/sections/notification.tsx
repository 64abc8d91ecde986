/** Winner notification (001 §2 step Entry/draw, §3 finalDraw.notification and ACT publication); what it requires: shared section-validity `notification`. */
import { getPermitRequirements, NOTIFICATION_METHODS } from '@permitdesk/shared'
import { NOTIFICATION_METHOD_LABELS } from '@permitdesk/shared/permits/option-labels'
import { useEditor } from '../editor-context'
import { DateField, SelectField, TextField } from '../fields'

const METHOD_OPTIONS = NOTIFICATION_METHODS.map((method) => [method, NOTIFICATION_METHOD_LABELS[method]] as const)

export function NotificationSection() {
  const { draft } = useEditor()
  // The rule set follows the permit's start date, as in section-validity.
  const actRequired = getPermitRequirements({ ...draft, startDate: draft.permit.startDate ?? draft.startDate }).act.required
  return (
    <>
      <SelectField path="permit.finalDraw.notification.method" label="How will winners be notified?" options={METHOD_OPTIONS} />
      <DateField path="permit.finalDraw.notification.date" label="Winner notification date" />
      {/* An ACT permit needs the winners published (001 §3 prizePublicationACT). */}
      {actRequired && (
        <>
          <TextField
            path="prizePublicationACT"
            label="Where will the winners be published? (ACT)"
            hint="For example the promotion website address or a newspaper name."
            maxLength={500}
          />
          <DateField path="prizePublicationDateACT" label="Winners publication date (ACT)" />
        </>
      )}
    </>
  )
}
