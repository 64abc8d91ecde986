import './compliance-calendar.css'
import { customerSourceTitle, formatDate } from '@permitdesk/shared'
import { useState, type FormEvent } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Badge, Button, Modal, TextField } from '../../../components/ui'
import { ApiError } from '../../../lib/api-client'
import { closeObligation, obligationsKey, uploadProof, type ObligationsView, type ObligationView } from '../api/obligations'

/**
 * Where a rule comes from, as the customer reads it (issue 25): the source's title and the day it
 * was read ("as at"). Whether staff have matched it to the regulator's page is a staff matter (the
 * rules page and the console say it); codes and "not yet verified" stay out of the customer's calendar.
 */
export function SourceLine({ source }: { source: NonNullable<ObligationView['source']> }) {
  return (
    <span data-testid="rule-source">
      Source:{' '}
      <a href={source.url} rel="noreferrer">
        {customerSourceTitle(source)}
      </a>
      , as at {formatDate(source.dateRead)}.
    </span>
  )
}

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
                <SourceLine source={n.source} />
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
