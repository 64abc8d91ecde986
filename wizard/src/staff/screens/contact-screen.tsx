import { MSG_UPLOAD_ERROR, MSG_VOICEMAIL_CALLER_REQUIRED, MSG_VOICEMAIL_FILE_REQUIRED, type AdminNoteView } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { useLoad } from '../use-load'

type Contact = { id: number; kind: string; source: string | null; name: string; organisation: string | null; email: string; phone: string | null; message: string; promotionRef: string | null; assignedTo: string | null; receivedAt: string; resolvedAt: string | null; voicemailFile: string | null }

/** contact/ (Customer Contact): messages from the site's forms; claim, resolve, notes. Query contact_id, note_id. */
export function ContactScreen() {
  const [params] = useSearchParams()
  const [resolved, setResolved] = useState('false')
  const noteId = params.get('note_id')
  const note = useLoad(() => (noteId ? api.get<AdminNoteView>('/api/adminNote/get', { query: { id: noteId } }) : Promise.resolve(undefined)), [noteId])
  const contactId = params.get('contact_id') ?? (note.data?.customerContactId ? String(note.data.customerContactId) : undefined)
  const list = useLoad(() => api.get<{ contacts: Contact[]; total: number }>('/api/admin/getCustomerContacts', { query: { resolved: contactId ? 'all' : resolved, contact_id: contactId } }), [resolved, contactId])
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
      {!contactId && <RecordVoicemail reload={list.reload} />}
      {list.data?.contacts.map((c) => <ContactCard key={c.id} contact={c} reload={list.reload} />)}
      {list.data?.contacts.length === 0 && <p>No messages.</p>}
    </StaffLayout>
  )
}

function ContactCard({ contact: c, reload }: { contact: Contact; reload: () => Promise<void> }) {
  const notes = useLoad(() => api.get<AdminNoteView[]>('/api/adminNote/getTasks', { query: { customerContactId: c.id, resolved: 'all' } }), [c.id])
  const [text, setText] = useState('')
  return (
    <article className="card" aria-label={`Message from ${c.name}`} style={{ borderBottom: '1px solid #e3e3dc', padding: '.75rem 0' }}>
      <h2>
        {c.name}
        {c.organisation ? `, ${c.organisation}` : ''} <small>({c.kind})</small>
      </h2>
      <p>
        {c.email && <a href={`mailto:${c.email}`}>{c.email}</a>} {c.phone} · received {new Date(c.receivedAt).toLocaleString('en-AU')}
        {c.resolvedAt ? ` · resolved ${new Date(c.resolvedAt).toLocaleString('en-AU')}` : ''}
        {c.assignedTo ? ` · claimed by ${c.assignedTo}` : ''}
        {c.promotionRef ? ` · about promotion ${c.promotionRef}` : ''}
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{c.message}</p>
      {c.voicemailFile && (
        <p className="staff-actions">
          <audio controls preload="none" src={`/download/voicemail/${c.voicemailFile}`} aria-label={`Voicemail from ${c.name}`} />
          <a href={`/download/voicemail/${c.voicemailFile}`} download>
            Download voicemail
          </a>
        </p>
      )}
      {!c.resolvedAt && (
        <p className="staff-actions">
          <button type="button" onClick={() => void api.post('/api/admin/claimCustomerContact', { id: c.id }).then(reload)}>
            Claim
          </button>
          <button type="button" onClick={() => void api.post('/api/admin/resolveCustomerContact', { id: c.id }).then(reload)}>
            Resolve
          </button>
        </p>
      )}
      <ul>
        {notes.data?.map((n) => (
          <li key={n.id}>{n.note}</li>
        ))}
      </ul>
      <form
        className="inline"
        onSubmit={(e) => {
          e.preventDefault()
          void api.post('/api/adminNote/create', { note: text, customerContactId: c.id }).then(() => {
            setText('')
            return notes.reload()
          })
        }}
      >
        <label>
          Note on this message
          <input value={text} onChange={(e) => setText(e.target.value)} size={50} />
        </label>
        <button type="submit">Add note</button>
      </form>
    </article>
  )
}

/** A phone message: the recording (from the phone system) and what is known of the caller. */
function RecordVoicemail({ reload }: { reload: () => Promise<void> }) {
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
      const response = await fetch('/api/admin/createVoicemail', { method: 'POST', body: data, credentials: 'include' })
      const body = (await response.json().catch(() => ({}))) as { message?: string }
      if (!response.ok) return setError(body.message ?? MSG_UPLOAD_ERROR)
      setError('')
      form.reset()
      setOpen(false)
      notify('Voicemail recorded.', 'info')
      await reload()
    } finally {
      setBusy(false)
    }
  }
  if (!open) {
    return (
      <p>
        <button type="button" className="secondary" onClick={() => setOpen(true)}>
          Record a voicemail
        </button>
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
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save voicemail'}
        </button>
        <button type="button" className="secondary" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </p>
    </form>
  )
}
