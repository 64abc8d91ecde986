import type { AdminNoteView } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { ApiError } from '../lib/api-client'
import { Button, DatePicker, Modal, Select } from '../components/ui'
import { getStaffMembers, makeTask, staffKeys } from './api/staff-api'
import { useStaffAction } from './api/use-staff-action'

const ANYONE = 'anyone'

/** "Make this a task" (issue 26): a note becomes a task on the main list only when staff choose, with a due date and an assignee. */
export function MakeTaskDialog({ note, onClose }: { note: AdminNoteView; onClose: () => void }) {
  const staff = useQuery({ queryKey: staffKeys.staff, queryFn: getStaffMembers })
  const [dueDate, setDueDate] = useState<string | null>(null)
  const [assignee, setAssignee] = useState(note.assignedTo ? String(note.assignedTo) : ANYONE)
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const save = useStaffAction(() => makeTask({ id: note.id, dueDate, assignedTo: assignee === ANYONE ? null : Number(assignee) }), {
    done: 'The note is now a task on the main list.',
    onSuccess: onClose,
    onError: (e) => setErrors(e instanceof ApiError ? (e.modelState ?? { '': [e.message] }) : { '': [String(e)] }),
  })
  return (
    <Modal
      isOpen
      title="Make this note a task"
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button onPress={() => save.mutate(undefined)} isPending={save.isPending}>
            Make it a task
          </Button>
        </>
      }
    >
      <p style={{ whiteSpace: 'pre-wrap' }}>{note.note}</p>
      <DatePicker
        label="Due date"
        value={dueDate}
        onChange={(value) => (setDueDate(value), setErrors(({ dueDate: _answered, ...rest }) => rest))}
        isRequired
        errorMessage={errors.dueDate?.join(' ')}
      />
      <Select
        label="Assigned to"
        value={assignee}
        onChange={setAssignee}
        options={[{ id: ANYONE, label: 'Anyone' }, ...(staff.data ?? []).map((s) => ({ id: String(s.id), label: s.name }))]}
        errorMessage={errors.assignedTo?.join(' ')}
      />
      {errors[''] && (
        <p role="alert" className="field-error">
          {errors[''].join(' ')}
        </p>
      )}
    </Modal>
  )
}
