import type { AdminNoteView } from '@permitdesk/shared'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api } from '../../lib/api-client'
import { StaffLayout } from '../staff-layout'
import { useLoad } from '../use-load'

type Contact = { id: number; kind: string; source: string | null; name: string; organisation: string | null; email: string; phone: string | null; message: string; promotionRef: string | null; assignedTo: string | null; receivedAt: string; resolvedAt: string | null }

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
        <a href={`mailto:${c.email}`}>{c.email}</a> {c.phone} · received {new Date(c.receivedAt).toLocaleString('en-AU')}
        {c.resolvedAt ? ` · resolved ${new Date(c.resolvedAt).toLocaleString('en-AU')}` : ''}
        {c.assignedTo ? ` · claimed by ${c.assignedTo}` : ''}
        {c.promotionRef ? ` · about promotion ${c.promotionRef}` : ''}
      </p>
      <p style={{ whiteSpace: 'pre-wrap' }}>{c.message}</p>
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
