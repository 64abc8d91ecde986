/**
 * The compliance and FAQ panels beside the form (001 §2): the compliance notes relevant to this
 * promotion by their display rules (001 §3), with what staff wrote under each, and the form FAQs
 * from the CMS. Staff add and remove notes here.
 */
import { COMPLIANCE_NOTE_RULES, deriveApplicationState, type StepKey } from '@permitdesk/shared'
import { useEffect, useMemo, useState } from 'react'
import { useSession } from '../../../lib/session'
import { createComplianceNote, deleteComplianceNote, getComplianceNotes, getFormFaqs, type ComplianceNote, type SupportItem } from '../api/permit-api'
import { useEditor } from './editor-context'

export function SidePanel({ stepKey }: { stepKey: StepKey }) {
  const { draft } = useEditor()
  const { user } = useSession()
  // The session's `agent` flag is the staff flag (000 §7 login answer).
  const isStaff = user?.agent === true
  const [notes, setNotes] = useState<ComplianceNote[]>([])
  const [faqs, setFaqs] = useState<SupportItem[]>([])
  const [error, setError] = useState('')

  useEffect(() => {
    getComplianceNotes(draft.id).then(setNotes, () => setNotes([]))
    getFormFaqs().then(setFaqs, () => setFaqs([]))
  }, [draft.id])

  const relevant = useMemo(() => deriveApplicationState(draft, { now: new Date() }).complianceNotesRelevant.split(',').filter(Boolean), [draft])
  const rules = COMPLIANCE_NOTE_RULES.filter((rule) => relevant.includes(rule.code))

  return (
    <aside className="permit-aside" aria-label="Compliance and help">
      <section aria-labelledby="compliance-title" className="panel">
        <h2 id="compliance-title">Compliance</h2>
        <p className="muted">What the permit rules mean for this promotion, from what you have entered so far.</p>
        <ul className="compliance-list" data-testid="compliance-notes">
          {rules.map((rule) => (
            <li key={rule.code} data-code={rule.code}>
              <strong>{rule.topic}</strong>
              {notes
                .filter((note) => note.categorySlug === rule.code)
                .map((note) => (
                  <p key={note.id} className="compliance-note">
                    {note.text}
                    {isStaff && (
                      <button type="button" className="link danger" onClick={() => deleteComplianceNote(note.id).then(() => setNotes((list) => list.filter((n) => n.id !== note.id)), (e: Error) => setError(e.message))}>
                        Delete
                      </button>
                    )}
                  </p>
                ))}
            </li>
          ))}
        </ul>
        {isStaff && <StaffNoteForm promotionId={draft.id} codes={rules.map((r) => r.code)} onCreated={(note) => setNotes((list) => [...list, note])} onError={setError} />}
        {error && <p className="form-error" role="alert">{error}</p>}
      </section>
      {faqs.length > 0 && (
        <section aria-labelledby="faq-title" className="panel" data-step={stepKey}>
          <h2 id="faq-title">Questions about this form</h2>
          {faqs.map((faq) => (
            <details key={faq.id}>
              <summary>{faq.question}</summary>
              <p>{faq.answer}</p>
            </details>
          ))}
        </section>
      )}
    </aside>
  )
}

function StaffNoteForm({ promotionId, codes, onCreated, onError }: { promotionId: number; codes: string[]; onCreated: (note: ComplianceNote) => void; onError: (message: string) => void }) {
  const [code, setCode] = useState(codes[0] ?? 'RB')
  const [text, setText] = useState('')
  return (
    <form
      className="staff-note-form"
      onSubmit={(event) => {
        event.preventDefault()
        createComplianceNote({ promotionId, categorySlug: code, text }).then(
          (note) => {
            onCreated(note)
            setText('')
          },
          (e: Error) => onError(e.message),
        )
      }}
    >
      <label htmlFor="compliance-code">Note for</label>
      <select id="compliance-code" value={code} onChange={(event) => setCode(event.target.value)}>
        {COMPLIANCE_NOTE_RULES.map((rule) => (
          <option key={rule.code} value={rule.code}>{rule.code}: {rule.topic}</option>
        ))}
      </select>
      <label htmlFor="compliance-text">Compliance note</label>
      <textarea id="compliance-text" value={text} onChange={(event) => setText(event.target.value)} rows={3} />
      <button type="submit">Add note</button>
    </form>
  )
}
