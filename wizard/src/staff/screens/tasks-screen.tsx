import { formatDate, type AdminNoteView, type StaffMember } from '@permitdesk/shared'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useMemo, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../lib/api-client'
import { Badge, Button, DatePicker, Modal, NativeButton, SortableTable, useTableSort, type TableColumn } from '../../components/ui'
import { assignNote, createNote, deleteNote, getNotes, getStaffMembers, resolveNote, staffKeys, updateNote, type NotesFilter } from '../api/staff-api'
import { useStaffAction } from '../api/use-staff-action'
import { StaffLayout } from '../staff-layout'
import { staffPaths } from '../staff-paths'

/** The main list (001 §2): tasks assigned to me or to anyone, with filters; where each came from; create, edit, assign, resolve, delete. */
export function TasksScreen() {
  const [assignedTo, setAssignedTo] = useState('anyone')
  const [resolved, setResolved] = useState<NotesFilter['resolved']>('false')
  const filter: NotesFilter = { assignedTo, resolved, kind: 'tasks' }
  const tasks = useQuery({ queryKey: staffKeys.notes(filter), queryFn: () => getNotes(filter), placeholderData: keepPreviousData })
  const staff = useQuery({ queryKey: staffKeys.staff, queryFn: getStaffMembers })
  const taskColumns = useMemo(() => columns(staff.data ?? []), [staff.data])
  const table = useTableSort(tasks.data ?? [], taskColumns)
  const [note, setNote] = useState('')
  const [promotionId, setPromotionId] = useState('')
  const [dueDate, setDueDate] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const create = useStaffAction(() => createNote({ note, promotionId: promotionId ? Number(promotionId) : null, makeTask: true, dueDate }), {
    done: 'Task created.',
    onSuccess: () => (setNote(''), setPromotionId(''), setDueDate(null), setErrors({})),
    onError: (e) => setErrors(e instanceof ApiError ? (e.modelState ?? { '': [e.message] }) : { '': [String(e)] }),
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    create.mutate(undefined)
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
          <select value={resolved} onChange={(e) => setResolved(e.target.value as NotesFilter['resolved'])}>
            <option value="false">Open</option>
            <option value="true">Resolved</option>
            <option value="all">All</option>
          </select>
        </label>
      </div>
      <form className="inline" onSubmit={submit} aria-label="New task">
        <label>
          New task
          <textarea value={note} onChange={(e) => setNote(e.target.value)} rows={2} cols={40} />
          {errors.note && (
            <span role="alert" className="field-error">
              {errors.note.join(' ')}
            </span>
          )}
        </label>
        <label>
          Promotion id (optional)
          <input inputMode="numeric" value={promotionId} onChange={(e) => setPromotionId(e.target.value)} size={8} />
        </label>
        <DatePicker
          label="Due date"
          value={dueDate}
          onChange={(value) => (setDueDate(value), setErrors(({ dueDate: _answered, ...rest }) => rest))}
          isRequired
          errorMessage={errors.dueDate?.join(' ')}
        />
        <NativeButton type="submit" disabled={create.isPending}>
          Add task
        </NativeButton>
        {errors[''] && (
          <span role="alert" className="field-error">
            {errors[''].join(' ')}
          </span>
        )}
      </form>
      {tasks.isPending ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <SortableTable label="Tasks" {...table} rowKey={(t) => t.id} empty="No tasks." scrollable stacked />
      )}
    </StaffLayout>
  )
}

function columns(staff: StaffMember[]): TableColumn<AdminNoteView>[] {
  return [
    { id: 'task', label: 'Task', isRowHeader: true, sortValue: (t) => t.note, render: (t) => <TaskText task={t} /> },
    { id: 'due', label: 'Due', sortValue: (t) => t.dueDate, render: (t) => (t.dueDate ? formatDate(t.dueDate) : '—') },
    {
      id: 'about',
      label: 'About',
      sortValue: (t) => t.promotionName || (t.promotionId ? `Promotion ${t.promotionId}` : t.customerContactId ? `Contact ${t.customerContactId}` : null),
      render: (t) => (
        <>
          {t.promotionId ? <Link to={staffPaths.detail(t.promotionId)}>{t.promotionName || `Promotion ${t.promotionId}`}</Link> : null}
          {t.customerContactId ? <Link to={`${staffPaths.contact}?contact_id=${t.customerContactId}`}>Contact {t.customerContactId}</Link> : null}
          <div>
            <small>{t.source}</small>
          </div>
        </>
      ),
    },
    { id: 'assigned', label: 'Assigned to', sortValue: (t) => t.assignedToName, render: (t) => <AssignSelect task={t} staff={staff} /> },
    { id: 'created', label: 'Created', sortValue: (t) => t.createdAt, render: (t) => formatDate(t.createdAt) },
    { id: 'actions', label: 'Actions', render: (t) => <TaskActions task={t} /> },
  ]
}

function TaskText({ task }: { task: AdminNoteView }) {
  const [editing, setEditing] = useState(false)
  const [text, setText] = useState(task.note)
  const save = useStaffAction(() => updateNote(task.id, text), { onSuccess: () => setEditing(false) })
  return (
    <div data-testid={`task-${task.id}`}>
      {editing ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            save.mutate(undefined)
          }}
        >
          <label>
            Task text
            <textarea value={text} onChange={(e) => setText(e.target.value)} rows={2} />
          </label>
          <NativeButton type="submit">Save</NativeButton>{' '}
          <NativeButton variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </NativeButton>
        </form>
      ) : (
        <span style={{ whiteSpace: 'pre-wrap', fontWeight: 'normal' }}>{task.note}</span>
      )}
      {task.resolved && task.resolvedAt && (
        <div>
          <Badge tone="success">Resolved {formatDate(task.resolvedAt)}</Badge>
        </div>
      )}
      {!editing && (
        <div>
          <NativeButton variant="link" onClick={() => setEditing(true)}>
            Edit<span className="visually-hidden"> task {task.id}</span>
          </NativeButton>
        </div>
      )}
    </div>
  )
}

function AssignSelect({ task, staff }: { task: AdminNoteView; staff: StaffMember[] }) {
  const assign = useStaffAction((assignedTo: number | null) => assignNote(task.id, assignedTo))
  return (
    <label>
      <span className="visually-hidden">Assign task {task.id}</span>
      <select value={task.assignedTo ?? ''} onChange={(e) => assign.mutate(e.target.value ? Number(e.target.value) : null)}>
        <option value="">Anyone</option>
        {staff.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
    </label>
  )
}

function TaskActions({ task }: { task: AdminNoteView }) {
  const [confirming, setConfirming] = useState(false)
  const resolve = useStaffAction(() => resolveNote(task.id, !task.resolved))
  const remove = useStaffAction(() => deleteNote(task.id), { done: 'Task deleted.', onSuccess: () => setConfirming(false) })
  return (
    <div className="staff-actions">
      <NativeButton onClick={() => resolve.mutate(undefined)} disabled={resolve.isPending}>
        {task.resolved ? 'Reopen' : 'Resolve'}
      </NativeButton>
      <NativeButton variant="secondary" onClick={() => setConfirming(true)}>
        Delete
      </NativeButton>
      <Modal
        isOpen={confirming}
        title="Delete this task?"
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="danger" onPress={() => remove.mutate(undefined)}>
              Delete task
            </Button>
          </>
        }
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{task.note}</p>
      </Modal>
    </div>
  )
}
