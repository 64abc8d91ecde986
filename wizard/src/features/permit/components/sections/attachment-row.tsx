/**
 * One attachment type of the attachments step and its own state (001 §4): upload in progress,
 * uploaded (pending save), exists after a successful save; reuse from another promotion; reset.
 */
import {
  formatDate,
  isAttachmentValid,
  MSG_ERROR_OCCURRED,
  MSG_UPLOAD_ERROR,
  MSG_UPLOAD_SUCCESS,
  uploadError,
  type AttachmentDraft,
  type AttachmentType,
  type PromotionListItem,
} from '@permitdesk/shared'
import { useId, useState, type ChangeEvent, type SyntheticEvent } from 'react'
import { uploadFile } from '../../api/permit-api'
import { uploadDownloadPath } from '../../../../config/paths'

export type WriteResult = { status: 'saved' } | { status: 'not-saved' } | { status: 'failed'; message: string }
/** Saves the attachments with `entry` in place of this code's one (none: reset). */
export type WriteAttachment = (code: string, entry: AttachmentDraft | null) => Promise<WriteResult>

/** The document types the upload service takes (001 §7). */
export const UPLOAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.csv,.txt'

type Phase = 'idle' | 'uploading' | 'saving'

export function AttachmentRow({
  type,
  attachment,
  errors,
  readOnly,
  write,
  loadReuseList,
}: {
  type: AttachmentType
  attachment: (AttachmentDraft & { exists?: boolean | null }) | undefined
  /** The rule messages to show (already filtered by `revealed`). */
  errors: string[]
  readOnly: boolean
  write: WriteAttachment
  loadReuseList: () => Promise<PromotionListItem[]>
}) {
  const id = useId()
  const [phase, setPhase] = useState<Phase>('idle')
  const [progress, setProgress] = useState(0)
  const [status, setStatus] = useState('')
  const [error, setError] = useState<string | null>(null)
  const busy = phase !== 'idle'
  const disabled = readOnly || busy
  const attached = attachment != null && isAttachmentValid(attachment)
  const reused = attached && attachment.reuseFromPromotion != null && attachment.shouldReuse !== false

  async function save(entry: AttachmentDraft | null): Promise<boolean> {
    setPhase('saving')
    const result = await write(type.code, entry)
    setPhase('idle')
    if (result.status === 'failed') setError(result.message)
    return result.status === 'saved'
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    event.target.value = '' // the same file can be chosen again after a failure
    if (!file) return
    setStatus('')
    setError(null)
    // 001 §5, §8: over the limit is refused here, without sending it.
    const refused = uploadError(file)
    if (refused) {
      setError(refused)
      return
    }
    setProgress(0)
    setPhase('uploading')
    let serverFileName: string
    try {
      serverFileName = (await uploadFile(file, setProgress)).serverFileName
    } catch (failure) {
      setPhase('idle')
      setError(failure instanceof Error && failure.message ? failure.message : MSG_UPLOAD_ERROR)
      return
    }
    setStatus(MSG_UPLOAD_SUCCESS)
    if (!(await save({ attachmentType: { code: type.code }, uploaded: true, fileName: serverFileName }))) setStatus('')
  }

  async function onReset() {
    setStatus('')
    setError(null)
    await save(null)
  }

  function onReuse(promotionId: number) {
    setStatus('')
    setError(null)
    return save({ attachmentType: { code: type.code }, reuseFromPromotion: promotionId, shouldReuse: true })
  }

  const percent = Math.round(progress * 100)
  const errorId = `${id}-error`
  const shown = error ? [error] : errors

  return (
    <li className={`attachment-row${attached ? ' is-valid' : shown.length ? ' has-error' : ''}`}>
      <div className="attachment-head">
        <h3 className="attachment-title">
          <span className="attachment-code">{type.code}</span> {type.name}
        </h3>
        <p className="attachment-state">
          {attached ? (
            <>
              <span aria-hidden="true">✓ </span>
              {reused ? (
                <>Reused from promotion #{attachment.reuseFromPromotion}</>
              ) : (
                <>
                  Uploaded {attachment.userFileName ?? 'a file'}
                  {attachment.uploadDate ? ` on ${formatDate(attachment.uploadDate)}` : ''}
                </>
              )}
              {attachment.fileName && (
                <>
                  {' '}
                  <a href={uploadDownloadPath(attachment.fileName)} target="_blank" rel="noopener noreferrer">
                    Download<span className="visually-hidden"> {type.name} (opens in a new tab)</span>
                  </a>
                </>
              )}
            </>
          ) : (
            <span className="muted">Not provided yet.</span>
          )}
        </p>
      </div>

      {phase === 'uploading' && (
        <div className="attachment-progress">
          <progress id={`${id}-progress`} max={100} value={percent} aria-label={`Uploading ${type.name}`} />
          <span aria-hidden="true">{percent}%</span>
        </div>
      )}
      {phase === 'saving' && <p className="muted">Saving…</p>}
      <p role="status" className="attachment-status">
        {status}
      </p>
      {shown.length > 0 && (
        <ul id={errorId} className="field-errors" role={error ? 'alert' : undefined}>
          {shown.map((message) => (
            <li key={message} className="field-error">
              {message}
            </li>
          ))}
        </ul>
      )}

      <div className="attachment-actions">
        <input
          id={`${id}-file`}
          type="file"
          className="attachment-file"
          accept={UPLOAD_ACCEPT}
          disabled={disabled}
          onChange={onFile}
          aria-describedby={shown.length ? errorId : undefined}
        />
        <label htmlFor={`${id}-file`} className="attachment-upload">
          Upload {type.name}
        </label>
        {attached && (
          <button type="button" className="attachment-reset" disabled={disabled} onClick={onReset} aria-label={`Reset ${type.name}`}>
            Reset
          </button>
        )}
      </div>

      <ReuseDisclosure type={type} disabled={disabled} loadReuseList={loadReuseList} onReuse={onReuse} />
    </li>
  )
}

/** "Reuse from another promotion": the customer's other promotions, loaded when first opened. */
function ReuseDisclosure({
  type,
  disabled,
  loadReuseList,
  onReuse,
}: {
  type: AttachmentType
  disabled: boolean
  loadReuseList: () => Promise<PromotionListItem[]>
  onReuse: (promotionId: number) => Promise<boolean>
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const [promotions, setPromotions] = useState<PromotionListItem[] | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [chosen, setChosen] = useState('')

  function onToggle(event: SyntheticEvent<HTMLDetailsElement>) {
    const isOpen = event.currentTarget.open
    setOpen(isOpen)
    if (!isOpen || promotions) return
    setLoadError(null)
    loadReuseList().then(setPromotions, (failure: unknown) => setLoadError(failure instanceof Error && failure.message ? failure.message : MSG_ERROR_OCCURRED))
  }

  async function onSubmit() {
    if (!chosen) return
    if (await onReuse(Number(chosen))) {
      setChosen('')
      setOpen(false)
    }
  }

  return (
    <details className="attachment-reuse" open={open} onToggle={onToggle}>
      <summary>Reuse from another promotion</summary>
      {loadError ? (
        <p className="field-error" role="alert">
          {loadError}
        </p>
      ) : promotions == null ? (
        open && <p className="muted">Loading your promotions…</p>
      ) : promotions.length === 0 ? (
        <p className="muted">You have no other promotions.</p>
      ) : (
        <div className="attachment-reuse-form">
          <label htmlFor={`${id}-promotion`}>Reuse {type.name} from</label>
          <select id={`${id}-promotion`} value={chosen} disabled={disabled} onChange={(event) => setChosen(event.target.value)}>
            <option value="">Choose a promotion</option>
            {promotions.map((p) => (
              <option key={p.id} value={p.id}>
                #{p.id} {p.name}
              </option>
            ))}
          </select>
          <button type="button" className="primary" disabled={disabled || !chosen} onClick={onSubmit}>
            Reuse
          </button>
        </div>
      )}
    </details>
  )
}
