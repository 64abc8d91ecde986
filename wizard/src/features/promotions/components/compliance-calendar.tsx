import './compliance-calendar.css'
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Modal, TextField } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { closeObligation, obligationsKey, uploadProof, type ObligationsView, type ObligationView } from '../api/obligations'

/** What the rules say about the promotion's prizes and entry costs (issue #30), under the calendar. */
export function RuleNotes({ notes }: { notes: ObligationsView['notes'] }) {
  if (notes.length === 0) return null
  return (
    <div className="rule-notes">
      <h3>Prizes and entry costs: rules to check</h3>
      <ul>
        {notes.map((n) => (
          <li key={n.code} className={`rule-note rule-note--${n.level}`} data-testid={`rule-note-${n.code}`}>
            {n.level === 'check' && <Badge tone="warning">Check</Badge>} {n.text}{' '}
            {n.source && (
              <span className="obligation__rule">
                Source:{' '}
                <a href={n.source.url} rel="noreferrer">
                  {n.source.title}
                </a>
                {!n.source.verified && ' (not yet verified)'}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Closes a duty of the calendar with proof: a file through the upload call, or a link (issue #30). */
export function CloseObligationDialog({ promotionId, obligation, onClose }: { promotionId: number; obligation: ObligationView; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [link, setLink] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState('')
  const save = useMutation({
    mutationFn: async () => {
      const serverFileName = file ? await uploadProof(file) : undefined
      return closeObligation({
        id: promotionId,
        code: obligation.code,
        serverFileName,
        link: serverFileName ? undefined : link || undefined,
        note: note || undefined,
      })
    },
    onSuccess: (view) => {
      queryClient.setQueryData(obligationsKey(promotionId), view)
      onClose()
    },
    onError: (e: Error) => {
      if (e instanceof ApiError && e.modelState) setErrors(e.modelState)
      setMessage(e.message)
    },
  })
  const submit = (event?: FormEvent) => {
    event?.preventDefault()
    setErrors({})
    setMessage('')
    save.mutate()
  }
  const fieldError = (key: string) => errors[key]?.[0]
  return (
    <Modal
      isOpen
      title={`Mark done: ${obligation.title}`}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onPress={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onPress={() => submit()} isDisabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </>
      }
    >
      <form onSubmit={submit} className="obligation-form">
        <p>Attach the proof: a file (a receipt, a screenshot, a letter) or a link to where it is published.</p>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="obligation-file">
            File
          </label>
          <input id="obligation-file" type="file" className="ui-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {fieldError('serverFileName') && (
            <p className="ui-field__error" role="alert">
              {fieldError('serverFileName')}
            </p>
          )}
        </div>
        <TextField label="Or a link" value={link} onChange={setLink} placeholder="https://" errorMessage={fieldError('link')} isDisabled={file !== null} />
        <TextField label="Note (optional)" value={note} onChange={setNote} errorMessage={fieldError('note')} />
        {message && Object.keys(errors).length === 0 && (
          <p className="form-error" role="alert">
            {message}
          </p>
        )}
      </form>
    </Modal>
  )
}
