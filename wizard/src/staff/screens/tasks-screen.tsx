import type { AdminNoteView, StaffMember } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { api } from '../../lib/api-client'
import { notify } from '../../lib/notify'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'
import { useLoad } from '../use-load'

/** The main list (001 §2): admin notes assigned to me or to anyone, with filters; create, edit, assign, resolve, delete. */
export function TasksScreen() {
  const [assignedTo, setAssignedTo] = useState('anyone')
  const [resolved, setResolved] = useState('false')
  const tasks = useLoad(() => api.get<AdminNoteView[]>('/api/adminNote/getTasks', { query: { assignedTo, resolved } }), [assignedTo, resolved])
  const staff = useLoad(() => api.get<StaffMember[]>('/api/admin/getStaff'), [])
  const [note, setNote] = useState('')
  const [promotionId, setPromotionId] = useState('')

  async function create(event: FormEvent) {
    event.preventDefault()
    await api.post('/api/adminNote/create', { note, promotionId: promotionId ? Number(promotionId) : null })
    setNote('')
    setPromotionId('')
    notify('Task created.', 'info')
    await tasks.reload()
  }

  return (
    <StaffLayout title="Tasks">
      <h1>Tasks</h1>
      <div className="staff-filters">
        <label>
          Assigned to
          <select value={assignedTo} onChange={(e) => setAssignedTo(e.target.value)}>
            <option value="anyone">Anyone</option>
            <option value="me">Me</option>
            <option value="unassigned">Unassigned</option>
            {staff.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Show
          <select value={resolved} onChange={(e) => setResolved(e.target.value)}>
            <option value="false">Open</option>
            <option value="true">Resolved</option>
            <option value="all">All</option>
          </select>
        </label>
      </div>
      <form className="inline" onSubmit={(e) => void create(e)}>
        <label>
          New task
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} cols={40} />
        </label>
        <label>
          Promotion id (optional)
          <input inputMode="numeric" value={promotionId} onChange={(e) => setPromotionId(e.target.value)} size={8} />
        </label>
        <button type="submit">Add task</button>
      </form>
      {tasks.loading && !tasks.data ? <p aria-busy="true">Loading…</p> : null}
      {tasks.data && tasks.data.length === 0 ? <p>No tasks.</p> : null}
      {tasks.data && tasks.data.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Task</th>
              <th>About</th>
              <th>Assigned to</th>
              <th>Created</th>
              <th>Actions</th>
            </tr>
          </thead>
          <tbody>
            {tasks.data.map((t) => (
              <TaskRow key={t.id} task={t} staff={staff.data ?? []} reload={tasks.reload} />
            ))}
          </tbody>
        </table>
      )}
    </StaffLayout>
  )
}

function TaskRow({ task, staff, reload }: { task: AdminNoteView; staff: StaffMember[]; reload: () => Promise<void> }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(task.note)
  const act = async (path: string, body: unknown) => {
    await api.post(path, body)
    await reload()
  }
  return (
    <tr data-testid={`task-${task.id}`}>
      <td>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault()
              void act('/api/adminNote/update', { id: task.id, note: text }).then(() => setEditing(false))
            }}
          >
            <label>
              Task text
              <textarea value={text} onChange={(e) => setText(e.target.value)} rows={2} />
            </label>
            <button type="submit">Save</button>
          </form>
        ) : (
          <span style={{ whiteSpace: 'pre-wrap' }}>{task.note}</span>
        )}
        {task.resolved && <div>Resolved {new Date(task.resolvedAt!).toLocaleDateString('en-AU')}</div>}
      </td>
      <td>
        {task.promotionId ? <Link to={staffPaths.detail(task.promotionId)}>{task.promotionName || `Promotion ${task.promotionId}`}</Link> : null}
        {task.customerContactId ? <Link to={`${staffPaths.contact}?contact_id=${task.customerContactId}`}>Contact {task.customerContactId}</Link> : null}
      </td>
      <td>
        <label>
          <span className="visually-hidden">Assign task {task.id}</span>
          <select value={task.assignedTo ?? ''} onChange={(e) => void act('/api/admin/assign', { id: task.id, assignedTo: e.target.value ? Number(e.target.value) : null })}>
            <option value="">Anyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      </td>
      <td>{new Date(task.createdAt).toLocaleDateString('en-AU')}</td>
      <td className="staff-actions">
        <button type="button" className="secondary" onClick={() => setEditing(!editing)}>
          {editing ? 'Cancel' : 'Edit'}
        </button>
        <button type="button" onClick={() => void act('/api/adminNote/resolve', { id: task.id, resolved: !task.resolved })}>
          {task.resolved ? 'Reopen' : 'Resolve'}
        </button>
        <button type="button" className="secondary" onClick={() => window.confirm('Delete this task?') && void act('/api/adminNote/delete', { id: task.id })}>
          Delete
        </button>
      </td>
    </tr>
  )
}
