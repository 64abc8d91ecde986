import './compliance-calendar.css'
import { useState, type FormEvent } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDate, formatDateTime, LABEL_ON_LEGAL_HOLD, OBLIGATION_STATUS_LABELS, STATE_CODES, type ObligationStatus, type StatusColour } from '@permitdesk/shared'
import { Badge, Button, Modal, TextField } from '../../../components/ui'
import { buttonClass } from '../../../components/ui/button-class'
import { ApiError } from '../../../lib/api-client'
import { closeObligation, getObligations, obligationsKey, uploadProof, type ObligationView } from '../api/obligations'

const DUE_LABEL: Record<ObligationView['dueKind'], string> = { by: 'By', on: 'On', from: 'From', until: 'Until' }
const TONE: Record<ObligationStatus, StatusColour> = { upcoming: 'info', due: 'warning', done: 'success', overdue: 'danger' }

/**
 * The dashboard's compliance calendar (issue #30): every duty the promotion's rule set derives,
 * with the rule and its source, the due date (Sydney) and its state; each can be closed with
 * proof (a file through the upload call, or a link).
 */
export function ComplianceCalendar({ promotionId }: { promotionId: number }) {
  const calendar = useQuery({ queryKey: obligationsKey(promotionId), queryFn: () => getObligations(promotionId) })
  const [closing, setClosing] = useState<ObligationView | null>(null)

  return (
    <section className="compliance-calendar" aria-labelledby="compliance-calendar-title">
      <h2 id="compliance-calendar-title">Compliance calendar</h2>
      {calendar.isPending && <p role="status">Loading…</p>}
      {calendar.isError && <p className="form-error" role="alert">{calendar.error.message}</p>}
      {calendar.data && (
        <>
          <p className="compliance-calendar__intro">
            What the rules ask of this promotion and by when, with the rule and its source (rule set <a href={`/rules/?set=${encodeURIComponent(calendar.data.ruleSetId)}`}>{calendar.data.ruleSetId}</a>).
          </p>
          <div className="compliance-calendar__actions">
            {/* A file download, not a route: the pack is a ZIP the API builds. */}
            <a className={buttonClass('secondary')} href={calendar.data.compliancePackUrl} download>
              Download the compliance pack
            </a>
            {calendar.data.certificateUrl && <a href={calendar.data.certificateUrl}>Certificate of deletion of entrants’ personal data</a>}
          </div>
          {calendar.data.obligations.length === 0 ? (
            <p>No duties yet: they appear once the promotion has its dates.</p>
          ) : (
            <ol className="obligations">
              {calendar.data.obligations.map((o) => (
                <li key={o.code} className={`obligation obligation--${o.status}${o.onLegalHold ? ' obligation--held' : ''}`} data-testid={`obligation-${o.code}`}>
                  <div className="obligation__head">
                    <span className="obligation__title">{o.state ? `${STATE_CODES[o.state]}: ` : ''}{o.title}</span>
                    {o.onLegalHold ? <Badge tone="warning">{LABEL_ON_LEGAL_HOLD}</Badge> : <Badge tone={TONE[o.status]}>{OBLIGATION_STATUS_LABELS[o.status]}</Badge>}
                  </div>
                  <p className="obligation__due">
                    {DUE_LABEL[o.dueKind]} <strong>{formatDate(o.dueDate)}</strong>
                  </p>
                  <p className="obligation__rule">
                    {o.rule}{' '}
                    {o.source && (
                      <>
                        Source: <a href={o.source.url} rel="noreferrer">{o.source.title}</a>
                        {!o.source.verified && <span className="obligation__unverified"> (not yet verified)</span>}
                      </>
                    )}
                  </p>
                  {o.proof && (
                    <p className="obligation__proof">
                      Done {formatDateTime(o.proof.closedAt)}:{' '}
                      {o.proof.kind === 'upload' ? <a href={`/download/upload/${o.proof.reference}`}>{o.proof.label ?? 'proof'}</a> : <a href={o.proof.reference} rel="noreferrer">{o.proof.reference}</a>}
                      {o.proof.note && ` (${o.proof.note})`}
                    </p>
                  )}
                  <Button variant="secondary" onPress={() => setClosing(o)}>
                    {o.proof ? 'Replace proof' : 'Mark done'}
                  </Button>
                </li>
              ))}
            </ol>
          )}
          {calendar.data.notes.length > 0 && (
            <div className="rule-notes">
              <h3>Prizes and entry costs: rules to check</h3>
              <ul>
                {calendar.data.notes.map((n) => (
                  <li key={n.code} className={`rule-note rule-note--${n.level}`} data-testid={`rule-note-${n.code}`}>
                    {n.level === 'check' && <Badge tone="warning">Check</Badge>} {n.text}{' '}
                    {n.source && <span className="obligation__rule">Source: <a href={n.source.url} rel="noreferrer">{n.source.title}</a>{!n.source.verified && ' (not yet verified)'}</span>}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      {closing && <CloseDialog promotionId={promotionId} obligation={closing} onClose={() => setClosing(null)} />}
    </section>
  )
}

function CloseDialog({ promotionId, obligation, onClose }: { promotionId: number; obligation: ObligationView; onClose: () => void }) {
  const queryClient = useQueryClient()
  const [file, setFile] = useState<File | null>(null)
  const [link, setLink] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState('')
  const save = useMutation({
    mutationFn: async () => {
      const serverFileName = file ? await uploadProof(file) : undefined
      return closeObligation({ id: promotionId, code: obligation.code, serverFileName, link: serverFileName ? undefined : link || undefined, note: note || undefined })
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
          <Button variant="secondary" onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => submit()} isDisabled={save.isPending}>{save.isPending ? 'Saving…' : 'Save'}</Button>
        </>
      }
    >
      <form onSubmit={submit} className="obligation-form">
        <p>Attach the proof: a file (a receipt, a screenshot, a letter) or a link to where it is published.</p>
        <div className="ui-field">
          <label className="ui-field__label" htmlFor="obligation-file">File</label>
          <input id="obligation-file" type="file" className="ui-input" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          {fieldError('serverFileName') && <p className="ui-field__error" role="alert">{fieldError('serverFileName')}</p>}
        </div>
        <TextField label="Or a link" value={link} onChange={setLink} placeholder="https://" errorMessage={fieldError('link')} isDisabled={file !== null} />
        <TextField label="Note (optional)" value={note} onChange={setNote} errorMessage={fieldError('note')} />
        {message && Object.keys(errors).length === 0 && <p className="form-error" role="alert">{message}</p>}
      </form>
    </Modal>
  )
}
