import { useRef, useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Dialog, DialogTrigger, Popover } from 'react-aria-components'
import { Button, TextField } from '../../../components/ui'
import { queryKeys } from '../../../lib/query-client'
import { deleteNote, getNotes, saveNote, type PromotionNote } from '../api/promotions'

type Props = { promotionId: number; count: number; onCountChange: (n: number) => void }

/**
 * The promotion notes popover (001 §2): list, add, edit, delete. A react-aria popover dialog:
 * focus moves in and returns to the button, Escape or a click outside closes it. The notes are a
 * query; each change updates it and the count on the button.
 */
export function NotesPopover({ promotionId, count, onCountChange }: Props) {
  return (
    <DialogTrigger>
      <Button variant="secondary">Notes ({count})</Button>
      <Popover className="ui-popover notes-popover" placement="bottom start">
        <Dialog className="notes-popover__dialog" aria-label="Promotion notes">
          <NotesPanel promotionId={promotionId} onCountChange={onCountChange} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  )
}

function NotesPanel({ promotionId, onCountChange }: Omit<Props, 'count'>) {
  const queryClient = useQueryClient()
  const notes = useQuery({ queryKey: queryKeys.notes(promotionId), queryFn: () => getNotes(promotionId) })
  const [draft, setDraft] = useState('')
  const [editing, setEditing] = useState<number | null>(null)
  const [message, setMessage] = useState('')
  const textRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null)

  const changed = (next: PromotionNote[], done: string) => {
    queryClient.setQueryData(queryKeys.notes(promotionId), next)
    onCountChange(next.length)
    setMessage(done)
  }
  const save = useMutation({
    mutationFn: () => saveNote({ ...(editing ? { id: editing } : {}), note: draft, promotion_id: promotionId }),
    onSuccess: (saved) => {
      const list = notes.data ?? []
      changed(editing ? list.map((n) => (n.id === saved.id ? saved : n)) : [...list, saved], editing ? 'Note updated.' : 'Note added.')
      setDraft('')
      setEditing(null)
    },
    onError: (error) => setMessage(error.message),
  })
  const remove = useMutation({
    mutationFn: (id: number) => deleteNote(id).then(() => id),
    onSuccess: (id) =>
      changed(
        (notes.data ?? []).filter((n) => n.id !== id),
        'Note deleted.',
      ),
    onError: (error) => setMessage(error.message),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    save.mutate()
  }

  const list = notes.data ?? []
  return (
    <>
      <h2>Notes</h2>
      {notes.isError ? <p role="alert">{notes.error.message}</p> : null}
      {notes.isPending ? (
        <p className="muted">Loading…</p>
      ) : list.length === 0 ? (
        <p className="muted">No notes yet.</p>
      ) : (
        <ul className="notes">
          {list.map((n) => (
            <li key={n.id}>
              <p>{n.note}</p>
              <Button
                variant="link"
                onPress={() => {
                  setEditing(n.id)
                  setDraft(n.note)
                  textRef.current?.focus()
                }}
              >
                Edit
              </Button>{' '}
              <Button variant="link" onPress={() => remove.mutate(n.id)} aria-label={`Delete note: ${n.note.slice(0, 40)}`}>
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="notes-popover__form" onSubmit={submit}>
        <TextField
          label={editing ? 'Edit note' : 'New note'}
          multiline
          rows={3}
          maxLength={4000}
          value={draft}
          onChange={setDraft}
          inputRef={textRef}
          autoFocus
        />
        <div className="notes-popover__actions">
          <Button type="submit" isDisabled={save.isPending}>
            {editing ? 'Save note' : 'Add note'}
          </Button>
          {editing ? (
            <Button
              variant="secondary"
              onPress={() => {
                setEditing(null)
                setDraft('')
              }}
            >
              Cancel
            </Button>
          ) : null}
        </div>
      </form>
      <p role="status" aria-live="polite" className="muted">
        {message}
      </p>
    </>
  )
}
