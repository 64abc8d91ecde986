/** Staff add a compliance note to a promotion from the editor's side panel (001 §2). */
import { COMPLIANCE_NOTE_RULES } from '@permitdesk/shared'
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Button, Select, TextField } from '../../../components/ui'
import { createComplianceNote, type ComplianceNote } from '../api/permit-api'
import { complianceNotesKey as notesKey } from './compliance-notes-key'

export function StaffNoteForm({ promotionId, codes }: { promotionId: number; codes: string[] }) {
  const queryClient = useQueryClient()
  const [code, setCode] = useState(codes[0] ?? 'RB')
  const [text, setText] = useState('')
  const create = useMutation({
    mutationFn: createComplianceNote,
    onSuccess: (note: ComplianceNote) => {
      setText('')
      return queryClient.invalidateQueries({ queryKey: notesKey(note.promotionId) })
    },
  })
  return (
    <form
      className="staff-note-form"
      onSubmit={(event) => {
        event.preventDefault()
        create.mutate({ promotionId, categorySlug: code, text })
      }}
    >
      <Select
        label="Note for"
        value={code}
        onChange={setCode}
        options={COMPLIANCE_NOTE_RULES.map((rule) => ({ id: rule.code, label: `${rule.code}: ${rule.topic}` }))}
      />
      <TextField label="Compliance note" multiline rows={3} value={text} onChange={setText} errorMessage={create.error?.message} />
      <Button type="submit" isPending={create.isPending}>
        Add note
      </Button>
    </form>
  )
}
