/** Unclaimed prize draw (001 §2 step Entry/draw, §3 Permit unclaimedDraw); what it requires: shared section-validity `unclaimeddraw`. */
import { DRAW_TIME_ZONE_HINT } from '@permitdesk/shared'
import { hasDrawnMethod, isValidIsoDate, minUnclaimedDrawDate } from '@permitdesk/shared'
import { useEditor } from '../editor-context'
import { AddressFields, DateField, TextField, TimeField, YesNoField } from '../fields'
import { Button } from '../../../../components/ui'

export function UnclaimedDrawSection() {
  const { draft } = useEditor()
  const permit = draft.permit
  // Only a drawn method has prizes left over to redraw (section-validity: neutral otherwise).
  if (!hasDrawnMethod(permit.drawMethodsValue)) {
    return (
      <p className="muted">
        {permit.drawMethodsValue
          ? 'No unclaimed prize draw is needed: winners are not drawn (instant win or predetermined).'
          : 'Choose how winners are decided under Final prize draw first.'}
      </p>
    )
  }
  const finalDate = permit.finalDraw?.date
  return (
    <>
      <YesNoField path="permit.unclaimedDraw.multipleDates" label="Are there several unclaimed prize draw dates?" />
      {permit.unclaimedDraw?.multipleDates === true ? (
        <TextField
          path="permit.unclaimedDraw.multipleDatesDetail"
          label="Unclaimed prize draw dates and times"
          hint="List each draw with its date and time."
          multiline
        />
      ) : (
        <>
          <DateField
            path="permit.unclaimedDraw.date"
            label="Unclaimed prize draw date"
            hint="Usually 3 months after the final draw."
            // 001 §5: the earliest allowed is one day before the 3-month default.
            min={isValidIsoDate(finalDate) ? minUnclaimedDrawDate(finalDate) : undefined}
          />
          <TimeField path="permit.unclaimedDraw.time" label="Unclaimed prize draw time" hint={DRAW_TIME_ZONE_HINT} />
        </>
      )}
      <SameAsFinalDraw />
      <TextField path="permit.unclaimedDraw.locationOrganisation" label="Organisation where the unclaimed prize draw takes place" maxLength={200} />
      <AddressFields path="permit.unclaimedDraw.locationAddress" label="Unclaimed prize draw location address" />
    </>
  )
}

/** Copies the final draw's organisation and address, the usual case, in one change. */
function SameAsFinalDraw() {
  const { editor, draft, readOnly } = useEditor()
  const { finalDraw, unclaimedDraw } = draft.permit
  if (readOnly) return null
  const hasLocation = !!(finalDraw?.locationOrganisation || finalDraw?.locationAddress)
  const copy = () =>
    editor.update('permit.unclaimedDraw', {
      ...unclaimedDraw,
      locationOrganisation: finalDraw?.locationOrganisation ?? null,
      locationAddress: finalDraw?.locationAddress ? { ...finalDraw.locationAddress } : null,
    })
  return (
    <Button variant="secondary" onPress={copy} isDisabled={!hasLocation}>
      Same as final draw
    </Button>
  )
}
