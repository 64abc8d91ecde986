import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { deleteNote, getNotes, saveNote, type PromotionNote } from '../api/promotions'

/** The promotion notes popover (001 §2): list, add, edit, delete. Escape closes it. */
export function NotesPopover({ promotionId, count, onCountChange }: { promotionId: number; count: number; onCountChange: (n: number) => void }) {
  const [open, setOpen] = useState(false)
  const [notes, setNotes] = useState<PromotionNote[]>([])
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState<number | null>(null)
  const [message, setMessage] = useState('')
  const panelId = useId()
  const textRef = useRef<HTMLTextAreaElement>(null)

  useEffect(() => {
    if (!open) return
    getNotes(promotionId).then(setNotes, (e: Error) => setMessage(e.message))
    textRef.current?.focus()
  }, [open, promotionId])

  async function submit(event: FormEvent) {
    event.preventDefault()
    try {
      const saved = await saveNote({ ...(editing ? { id: editing } : {}), note: draft, promotion_id: promotionId })
      const next = editing ? notes.map((n) => (n.id === saved.id ? saved : n)) : [...notes, saved]
      setNotes(next)
      onCountChange(next.length)
      setDraft('')
      setEditing(null)
      setMessage(editing ? 'Note updated.' : 'Note added.')
    } catch (e) {
      setMessage((e as Error).message)
    }
  }

  async function remove(id: number) {
    try {
      await deleteNote(id)
      const next = notes.filter((n) => n.id !== id)
      setNotes(next)
      onCountChange(next.length)
      setMessage('Note deleted.')
    } catch (e) {
      setMessage((e as Error).message)
    }
  }

  return (
    <div className="popover-anchor" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        Notes ({count})
      </button>
      {open && (
        <section id={panelId} className="popover" role="dialog" aria-label="Promotion notes">
          <h2>Notes</h2>
          {notes.length === 0 ? (
            <p className="muted">No notes yet.</p>
          ) : (
            <ul className="notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <p>{n.note}</p>
                  <button type="button" className="link" onClick={() => (setEditing(n.id), setDraft(n.note), textRef.current?.focus())}>Edit</button>{' '}
                  <button type="button" className="link" onClick={() => void remove(n.id)} aria-label={`Delete note: ${n.note.slice(0, 40)}`}>Delete</button>
                </li>
              ))}
            </ul>
          )}
          <form onSubmit={submit}>
            <label htmlFor={`${panelId}-text`}>{editing ? 'Edit note' : 'New note'}</label>
            <textarea id={`${panelId}-text`} ref={textRef} value={draft} onChange={(e) => setDraft(e.target.value)} rows={3} maxLength={4000} />
            <button type="submit" className="primary">{editing ? 'Save note' : 'Add note'}</button>
            {editing && <button type="button" onClick={() => (setEditing(null), setDraft(''))}>Cancel</button>}
          </form>
          <p role="status" aria-live="polite" className="muted">{message}</p>
        </section>
      )}
    </div>
  )
}
