import { formatDateTime, MSG_UPLOAD_ERROR, MSG_VOICEMAIL_CALLER_REQUIRED, MSG_VOICEMAIL_FILE_REQUIRED } from '@permitdesk/shared'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { Badge, NativeButton } from '../../components/ui'
import {
  claimContact,
  createNote,
  createVoicemail,
  getContacts,
  getNote,
  getNotes,
  resolveContact,
  staffKeys,
  voicemailUrl,
  type Contact,
} from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'

/** contact/ (Customer Contact): messages from the site's forms; claim, resolve, notes. Query contact_id, note_id. */
export function ContactScreen() {
  const [params] = useSearchParams()
  const [resolved, setResolved] = useState('false')
  const noteId = params.get('note_id')
  const note = useQuery({ queryKey: staffKeys.note(noteId ?? ''), queryFn: () => getNote(noteId!), enabled: !!noteId })
  const contactId = params.get('contact_id') ?? (note.data?.customerContactId ? String(note.data.customerContactId) : undefined)
  const list = useQuery({ queryKey: staffKeys.contacts(resolved, contactId), queryFn: () => getContacts(resolved, contactId) })
  return (
    <StaffLayout title="Customer contact">
      <h1>Customer contact</h1>
      {!contactId && (
        <label>
          Show
          <select value={resolved} onChange={(e) => setResolved(e.target.value)}>
            <option value="false">Open</option>
            <option value="true">Resolved</option>
            <option value="all">All</option>
          </select>
        </label>
      )}
      {!contactId && <RecordVoicemail />}
      {list.data?.contacts.map((c) => (
        <ContactCard key={c.id} contact={c} />
      ))}
      {list.data?.contacts.length === 0 && <p>No messages.</p>}
    </StaffLayout>
  )
}

function ContactCard({ contact: c }: { contact: Contact }) {
  const filter = { customerContactId: c.id, resolved: 'all', kind: 'all' } as const
  const notes = useQuery({ queryKey: staffKeys.notes(filter), queryFn: () => getNotes(filter) })
  const [text, setText] = useState('')
  const claim = useStaffAction(() => claimContact(c.id), { done: 'Claimed.' })
  const resolve = useStaffAction(() => resolveContact(c.id), { done: 'Resolved.' })
  const add = useStaffAction(() => createNote({ note: text, customerContactId: c.id }), { done: 'Note added.', onSuccess: () => setText('') })
  return (
    <article className="card" aria-label={`Message from ${c.name}`} style={{ borderBottom: '1px solid #e3e3dc', padding: '.75rem 0' }}>
      <h2>
        {c.name}
        {c.organisation ? `, ${c.organisation}` : ''} <small>({c.kind})</small>
      </h2>
      <p>
        {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>} {c.phone} · received {formatDateTime(c.receivedAt)}
        {c.resolvedAt ? ` · resolved ${formatDateTime(c.resolvedAt)}` : ''}
        {c.assignedTo ? ` · claimed by ${c.assignedTo}` : ''}
        {c.promotionRef ? ` · about promotion ${c.promotionRef}` : ''}
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{c.message}</p>
      {c.voicemailFile && (
        <p className="staff-actions">
          <audio controls preload="none" src={voicemailUrl(c.voicemailFile)} aria-label={`Voicemail from ${c.name}`} />
          <a href={voicemailUrl(c.voicemailFile)} download>
            Download voicemail
          </a>
        </p>
      )}
      {!c.resolvedAt && (
        <p className="staff-actions">
          <NativeButton onClick={() => claim.mutate(undefined)}>Claim</NativeButton>
          <NativeButton onClick={() => resolve.mutate(undefined)}>Resolve</NativeButton>
        </p>
      )}
      <ul>
        {notes.data?.map((n) => (
          <li key={n.id}>
            {n.note} {n.isTask && <Badge tone="info">Task</Badge>} <small>{formatDateTime(n.createdAt)}</small>
          </li>
        ))}
      </ul>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          add.mutate(undefined)
        }}
      >
        <label>
          Note on this message
          <input value={text} onChange={(e) => setText(e.target.value)} size={50} />
        </label>
        <NativeButton type="submit">Add note</NativeButton>
      </form>
    </article>
  )
}

/** A phone message: the recording (from the phone system) and what is known of the caller. */
function RecordVoicemail() {
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const file = data.get('file')
    if (!(file instanceof File) || file.size === 0) return setError(MSG_VOICEMAIL_FILE_REQUIRED)
    if (!String(data.get('name') ?? '').trim() && !String(data.get('phone') ?? '').trim()) return setError(MSG_VOICEMAIL_CALLER_REQUIRED)
    setBusy(true)
    try {
      await createVoicemail(data)
      setError('')
      form.reset()
      setOpen(false)
      notify('Voicemail recorded.', 'info')
      await client.invalidateQueries({ queryKey: staffKeys.all })
    } catch (e) {
      setError(e instanceof ApiError ? e.message : MSG_UPLOAD_ERROR)
    } finally {
      setBusy(false)
    }
  }
  if (!open) {
    return (
      <p>
        <NativeButton variant="secondary" onClick={() => setOpen(true)}>
          Record a voicemail
        </NativeButton>
      </p>
    )
  }
  return (
    <form className="card" aria-label="Record a voicemail" onSubmit={(e) => void submit(e)}>
      <h2>Record a voicemail</h2>
      <label>
        Recording (MP3, WAV, M4A, OGG or AMR)
        <input type="file" name="file" accept="audio/*" />
      </label>
      <label>
        Caller&apos;s name
        <input name="name" />
      </label>
      <label>
        Phone number
        <input name="phone" type="tel" />
      </label>
      <label>
        E-mail (if given)
        <input name="email" type="email" />
      </label>
      <label>
        Promotion asked about
        <input name="promotionRef" size={10} />
      </label>
      <label>
        What the caller said
        <textarea name="message" rows={3} cols={50} />
      </label>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
      <p className="staff-actions">
        <NativeButton type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save voicemail'}
        </NativeButton>
        <NativeButton variant="secondary" onClick={() => setOpen(false)}>
          Cancel
        </NativeButton>
      </p>
    </form>
  )
}
