/**
 * The "terms and conditions requirements" modal (001 §2): what the terms must cover for this
 * promotion, from the terms compliance notes (TA–TO) its answers make relevant (001 §3).
 */
import { COMPLIANCE_NOTE_RULES } from '@permitdesk/shared'
import { useState } from 'react'
import { LazyModal, NativeButton } from '../../../components/ui'
import { useRules } from '../lib/rules'
import { useEditor } from './editor-context'

export function TermsRequirements() {
  const { draft } = useEditor()
  const [open, setOpen] = useState(false)
  // The rules' code comes just after the editor's first paint (../lib/rules.ts); the list waits for it.
  const rules = useRules()
  const relevant = open && rules ? rules.deriveApplicationState(draft, { now: new Date() }).complianceNotesRelevant.split(',') : null
  const terms = COMPLIANCE_NOTE_RULES.filter((rule) => rule.code.startsWith('T') && relevant?.includes(rule.code))
  return (
    <>
      <NativeButton variant="link" onClick={() => setOpen(true)}>
        What your terms and conditions must cover
      </NativeButton>
      <LazyModal isOpen={open} title="Terms and conditions requirements" onClose={() => setOpen(false)}>
        <p>
          {draft.termsAndConditions || draft.skillsBasedTC
            ? 'We draft your terms and conditions from this application, so they cover what the regulators ask for.'
            : 'Please make sure the terms and conditions you upload with this application cover what the regulators ask for.'}
        </p>
        {relevant === null ? null : terms.length > 0 ? (
          <>
            <p>From your answers so far, they need clauses about:</p>
            <ul>
              {terms.map((rule) => (
                <li key={rule.code}>{rule.topic}</li>
              ))}
            </ul>
          </>
        ) : (
          <p>Your answers so far need no special clauses. The list grows as you describe the entry, the draw and the prizes.</p>
        )}
      </LazyModal>
    </>
  )
}
