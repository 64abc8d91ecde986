/** Entry method (001 §2 step Entry/draw, §3 Permit entry fields); what it requires: shared section-validity `entry`. */
import { ENTRY_MECHANIC_PRESETS, ENTRY_METHOD_FLAGS, ENTRY_METHODS, hasAnyFlag, hasFlag } from '@permitdesk/shared'
import { ENTRY_METHOD_LABELS } from '@permitdesk/shared/permits/option-labels'
import { useEditor } from '../editor-context'
import { FlagGroupField, TextField, YesNoField } from '../fields'
import { Button } from '../../../../components/ui'

/** The entry methods that need the numbers people call or text. */
const PHONE_ENTRY_METHODS = ['sms', 'phone1800', 'phone1900', 'phone'] as const

export function EntrySection() {
  const { draft } = useEditor()
  const methods = draft.permit.entryMethodsValue
  return (
    <>
      <FlagGroupField
        path="permit.entryMethodsValue"
        label="How can people enter?"
        hint="Choose all that apply."
        options={ENTRY_METHODS}
        flags={ENTRY_METHOD_FLAGS}
        labels={ENTRY_METHOD_LABELS}
      />
      {hasFlag(methods, ENTRY_METHOD_FLAGS, 'internet') && (
        <TextField path="permit.entryMethodsWebsite" label="Entry website" hint="For example www.example.com.au/win" inputMode="url" maxLength={500} />
      )}
      {hasAnyFlag(methods, ENTRY_METHOD_FLAGS, PHONE_ENTRY_METHODS) && (
        <TextField
          path="permit.entryMethodsPhoneNumbers"
          label="Entry phone or SMS numbers"
          hint="Separate several numbers with commas."
          inputMode="tel"
          maxLength={500}
        />
      )}
      {hasFlag(methods, ENTRY_METHOD_FLAGS, 'other') && <TextField path="permit.entryMethodsOther" label="Other entry method" maxLength={500} />}
      <TextField
        path="permit.entryMechanic"
        label="How to enter (entry mechanic)"
        hint="Describe the steps an entrant takes. You can start from one of the wordings below."
        multiline
      />
      <EntryMechanicPresets />
      <TextField path="permit.entriesPerDay" label="Entries allowed per person per day" hint="A number, or 'unlimited'." maxLength={50} />
      <YesNoField path="permit.multiplePrizesAllowed" label="Can one person win more than one prize?" />
      {draft.skillsBasedTC && (
        <>
          {/* Issue 14: a game of skill's T&Cs say how entries are judged and by whom. */}
          <TextField
            path="permit.judgingCriteria"
            label="Judging criteria"
            hint="How entries are judged, for your terms and conditions."
            multiline
            maxLength={4000}
          />
          <TextField path="permit.judges" label="Judges" hint="Who judges the entries." maxLength={1000} />
        </>
      )}
    </>
  )
}

/** 001 §3 entry mechanic presets: each button replaces the entry mechanic text with a starting wording. */
function EntryMechanicPresets() {
  const { editor, draft, readOnly } = useEditor()
  if (readOnly) return null
  const current = draft.permit.entryMechanic?.trim() ?? ''
  // Text the user wrote themselves is not thrown away without asking; a preset is replaced freely.
  const ownText = current !== '' && !ENTRY_MECHANIC_PRESETS.some((preset) => preset.text === current)
  const choose = (text: string) => {
    if (ownText && !window.confirm('Replace the entry mechanic you have written with this wording?')) return
    editor.update('permit.entryMechanic', text)
  }
  return (
    <div className="preset-buttons" role="group" aria-label="Start from a wording (replaces the entry mechanic text)">
      {ENTRY_MECHANIC_PRESETS.map((preset) => (
        <Button variant="link" key={preset.key} onPress={() => choose(preset.text)}>
          Use wording: {preset.label}
        </Button>
      ))}
    </div>
  )
}
