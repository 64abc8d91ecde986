/**
 * The compliance and FAQ panels beside the form (001 §2): the compliance notes relevant to this
 * promotion by their display rules (001 §3), each note's text under its own title (issue 17: no
 * empty or repeated titles), and the form FAQs from the CMS. Staff add and remove notes here.
 */
import { complianceSections, deriveApplicationState, type StepKey } from '@permitdesk/shared'
import { lazy, Suspense, useMemo } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { NativeButton } from '../../../components/ui'
import { useSession } from '../../../lib/session'
import { deleteComplianceNote, getComplianceNotes, getFormFaqs } from '../api/permit-api'
import { useEditor } from './editor-context'
import { complianceNotesKey as notesKey } from './compliance-notes-key'

/** Staff's note form (react-aria's Select and TextField): loaded for staff only, so a customer's editor never evaluates that code (issue 25: it was a long task after the first paint). */
const StaffNoteForm = lazy(() => import('./staff-note-form').then((module) => ({ default: module.StaffNoteForm })))

export function SidePanel({ stepKey }: { stepKey: StepKey }) {
  const { draft } = useEditor()
  const { user } = useSession()
  const queryClient = useQueryClient()
  // The session's `agent` flag is the staff flag (000 §7 login answer).
  const isStaff = user?.agent === true
  const notes = useQuery({ queryKey: notesKey(draft.id), queryFn: () => getComplianceNotes(draft.id) })
  const faqs = useQuery({ queryKey: ['supportItems', 'form'], queryFn: getFormFaqs, staleTime: 10 * 60_000 })
  const remove = useMutation({
    mutationFn: deleteComplianceNote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notesKey(draft.id) }),
  })

  const relevant = useMemo(() => deriveApplicationState(draft, { now: new Date() }).complianceNotesRelevant.split(',').filter(Boolean), [draft])
  const sections = complianceSections(relevant, notes.data ?? [])
  const error = remove.error?.message

  return (
    <aside className="permit-aside" aria-label="Compliance and help">
      <section aria-labelledby="compliance-title" className="panel">
        <h2 id="compliance-title">Compliance</h2>
        <p className="muted">What the permit rules mean for this promotion, from what you have entered so far.</p>
        {notes.isSuccess && sections.length === 0 ? <p className="muted">No compliance notes apply to this promotion yet.</p> : null}
        <div className="compliance-list" data-testid="compliance-notes">
          {sections.map((section) => (
            <section key={section.topic} data-codes={section.codes.join(',')} className="compliance-section">
              <h3>{section.topic}</h3>
              {section.notes.map((note) => (
                <div key={note.id} className="compliance-note">
                  <p>{note.text}</p>
                  {isStaff && (
                    <NativeButton variant="link" onClick={() => remove.mutate(note.id)}>
                      Delete<span className="visually-hidden"> note: {note.text.slice(0, 40)}</span>
                    </NativeButton>
                  )}
                </div>
              ))}
            </section>
          ))}
        </div>
        {isStaff && (
          <Suspense fallback={null}>
            <StaffNoteForm promotionId={draft.id} codes={relevant} />
          </Suspense>
        )}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </section>
      {faqs.data && faqs.data.length > 0 && (
        <section aria-labelledby="faq-title" className="panel" data-step={stepKey}>
          <h2 id="faq-title">Questions about this form</h2>
          {faqs.data.map((faq) => (
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
