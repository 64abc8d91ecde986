/** Final prize draw (001 §2 step Entry/draw, §3 Permit draw fields); what it requires: shared section-validity `finaldraw`. */
import { DRAW_TIME_ZONE_HINT } from '@permitdesk/shared'
import {
  DRAW_METHOD_FLAGS,
  DRAW_METHODS,
  hasDrawnMethod,
  hasFlag,
  isFinalDrawAfterEnd,
  isScrutineerQuestionRequired,
  MSG_FINAL_DRAW_AFTER_END,
} from '@permitdesk/shared'
import { DRAW_METHOD_LABELS } from '@permitdesk/shared/permits/option-labels'
import { useEditor } from '../editor-context'
import { AddressFields, DateField, FlagGroupField, TextField, TimeField, YesNoField } from '../fields'

export function FinalDrawSection() {
  const { draft } = useEditor()
  const permit = draft.permit
  const drawn = hasDrawnMethod(permit.drawMethodsValue)
  return (
    <>
      <FlagGroupField
        path="permit.drawMethodsValue"
        label="How will winners be decided?"
        hint="Choose all that apply."
        options={DRAW_METHODS}
        flags={DRAW_METHOD_FLAGS}
        labels={DRAW_METHOD_LABELS}
      />
      {hasFlag(permit.drawMethodsValue, DRAW_METHOD_FLAGS, 'other') && <TextField path="permit.drawMethodsOther" label="Other draw method" maxLength={500} />}
      {/* Instant wins and predetermined winners have no draw to describe (001 §3, section-validity). */}
      {drawn && (
        <>
          <ComputerDraw />
          <DrawWhen />
          <TextField path="permit.finalDraw.locationOrganisation" label="Organisation where the draw takes place" maxLength={200} />
          <AddressFields path="permit.finalDraw.locationAddress" label="Draw location address" />
        </>
      )}
      <Scrutineer />
    </>
  )
}

/**
 * 001 §5: "If not drawn by machine, the machine-approved flag resets to false." 001 §3
 * usingRandomDrawsDotCom (issue 25): asked of a computer draw the customer runs themselves (with
 * our random draw service we run it), and cleared with the computer draw.
 */
function ComputerDraw() {
  const { editor, draft } = useEditor()
  const permit = draft.permit
  const answer = (computer: boolean) => {
    editor.update('permit.isComputerDraw', computer)
    if (!computer && permit.randomDrawMachineApproved !== false) editor.update('permit.randomDrawMachineApproved', false)
    if (!computer && draft.usingRandomDrawsDotCom != null) editor.update('usingRandomDrawsDotCom', null)
  }
  return (
    <>
      <YesNoField path="permit.isComputerDraw" label="Will the winners be drawn by computer or machine?" onAnswer={answer} />
      {permit.isComputerDraw === true && <YesNoField path="permit.randomDrawMachineApproved" label="Is the random draw software or machine approved?" />}
      {permit.isComputerDraw === true && !draft.randomDraw && <YesNoField path="usingRandomDrawsDotCom" label="Will the draw be run on randomdraws.com?" />}
    </>
  )
}

/** One date and time, or a description of several draw dates; warns when the draw is after the promotion ends. */
function DrawWhen() {
  const { draft } = useEditor()
  const permit = draft.permit
  const afterEnd = permit.finalDraw?.multipleDates !== true && isFinalDrawAfterEnd(permit.endDate, permit.finalDraw?.date)
  return (
    <>
      <YesNoField path="permit.finalDraw.multipleDates" label="Are there several draw dates?" />
      {permit.finalDraw?.multipleDates === true ? (
        <TextField path="permit.finalDraw.multipleDatesDetail" label="Draw dates and times" hint="List each draw with its date and time." multiline />
      ) : (
        <>
          <DateField path="permit.finalDraw.date" label="Final draw date" />
          {/* Always in the page so screen readers announce the warning when it appears. 001 §5: flagged, not an error. */}
          <div role="status">{afterEnd && <p className="notice info">{MSG_FINAL_DRAW_AFTER_END}</p>}</div>
          <TimeField path="permit.finalDraw.time" label="Final draw time" hint={DRAW_TIME_ZONE_HINT} />
        </>
      )}
    </>
  )
}

/** 001 §5: the scrutineer question for NSW over $10,000 or SA from $30,000 with a drawn method. */
function Scrutineer() {
  const { draft } = useEditor()
  const permit = draft.permit
  const asked = isScrutineerQuestionRequired({ ...draft, drawMethodsValue: permit.drawMethodsValue, startDate: permit.startDate ?? draft.startDate })
  if (!asked) return null
  return (
    <>
      <YesNoField path="permit.scrutineerRequired" label="Will a scrutineer oversee the draw?" />
      {permit.scrutineerRequired === true && (
        <>
          <TextField path="permit.scrutineerName" label="Scrutineer's name" maxLength={200} />
          <YesNoField path="permit.nonIndependentScrutineer" label="Is the scrutineer connected to the promoter (not independent)?" />
          {permit.nonIndependentScrutineer === true && (
            <TextField path="permit.nonIndependentScrutineerReason" label="Why is the scrutineer not independent?" multiline />
          )}
        </>
      )}
    </>
  )
}
