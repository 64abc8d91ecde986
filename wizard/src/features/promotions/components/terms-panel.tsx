import { formatDate, MSG_TERMS_APPROVAL_FAILED, MSG_TERMS_DRAFT_UNPAID, TERMS_VERSION_REASONS, termsHtmlToLines } from '@permitdesk/shared'
import { diffArrays } from 'diff'
import { useEffect, useState } from 'react'
import { Button, Modal } from '../../../components/ui'
import { ServicePaymentNotice } from '../../../components/service-payment-notice'
import { approveTerms, generateTerms, getTerms, saveTermsVersion, type Terms } from '../api/terms'
import { promotionPaths, SUPPORT_EMAIL } from '../config'

const STATUS_TEXT: Record<Terms['status'], string> = {
  'not-generated': 'Not drafted yet',
  'awaiting-approval': 'Awaiting your approval',
  approved: 'Approved',
}

const REASON_TEXT: Record<string, string> = TERMS_VERSION_REASONS

/** Line-by-line comparison of two versions: removed lines struck through, added lines marked. */
function VersionDiff({ from, to }: { from: string; to: string }) {
  const parts = diffArrays(termsHtmlToLines(from), termsHtmlToLines(to))
  const changed = parts.some((p) => p.added || p.removed)
  if (!changed) return <p className="muted">The two versions have the same text.</p>
  return (
    <div className="terms-diff" data-testid="terms-diff" role="region" aria-label="Comparison of the two versions" tabIndex={0}>
      {parts.map((part, i) =>
        part.value.map((line, j) =>
          part.added ? <ins key={`${i}-${j}`}>{line}</ins> : part.removed ? <del key={`${i}-${j}`}>{line}</del> : <p key={`${i}-${j}`}>{line}</p>,
        ),
      )}
    </div>
  )
}

/**
 * The promotion dashboard's terms and conditions (issue 14): the latest version, its PDF and
 * hosted link, every version with a comparison between any two, generation while allowed, and
 * the approval dialog (it cannot be dismissed by keyboard or backdrop; success reloads with
 * ?success; failure says so with the support address and stops loading).
 */
export function TermsPanel({ promotionId }: { promotionId: number }) {
  const [terms, setTerms] = useState<Terms | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [showText, setShowText] = useState(false)
  const [compare, setCompare] = useState<{ from: number; to: number } | null>(null)
  const [confirming, setConfirming] = useState(false)
  const [approving, setApproving] = useState(false)
  const [approvalFailed, setApprovalFailed] = useState(false)
  const [editing, setEditing] = useState<string | null>(null)
  // Issue 28: "nothing changed" after a regeneration, or why a version was refused (text check).
  const [notice, setNotice] = useState<{ text: string; alert: boolean } | null>(null)

  const load = () => getTerms(promotionId).then(setTerms, (e: Error) => setError(e.message))
  useEffect(() => {
    load()
  }, [promotionId])

  if (error)
    return (
      <section className="terms-panel">
        <h2>Terms and conditions</h2>
        <p className="form-error" role="alert">
          {error}
        </p>
      </section>
    )
  if (!terms) return null
  if (terms.status === 'not-generated' && !terms.canGenerate) return null

  const generate = () => {
    setBusy(true)
    setNotice(null)
    generateTerms(promotionId)
      .then(
        (result) => (setNotice(result.message ? { text: result.message, alert: false } : null), load()),
        (e: Error) => setNotice({ text: e.message, alert: true }),
      )
      .finally(() => setBusy(false))
  }
  const approve = () => {
    setApproving(true)
    setApprovalFailed(false)
    approveTerms(promotionId).then(
      () => window.location.assign(`${promotionPaths.dashboard(promotionId)}?success`),
      () => {
        setApproving(false)
        setApprovalFailed(true)
      },
    )
  }
  const versions = terms.versions
  const byNumber = (n: number) => versions.find((v) => v.number === n)

  return (
    <section className="terms-panel" aria-labelledby="terms-heading">
      <h2 id="terms-heading">Terms and conditions</h2>
      <p>
        <span data-testid="terms-status">{STATUS_TEXT[terms.status]}</span>
        {terms.versionNumber !== null && (
          <>
            {' '}
            · version <span data-testid="terms-version">{terms.versionNumber}</span>
          </>
        )}
        {terms.skillsBasedTCEditWindow && <> · you can regenerate them until {formatDate(terms.skillsBasedTCEditWindow)}</>}
        {terms.awaitingPayment && terms.html && (
          <>
            {' '}
            · <strong data-testid="terms-draft-unpaid">{MSG_TERMS_DRAFT_UNPAID}</strong>
          </>
        )}
      </p>
      {terms.awaitingPayment && (
        // Issue 22: the same state the server enforces, shown before the customer tries.
        <div data-testid="terms-awaiting-payment">
          <ServicePaymentNotice promotionId={promotionId} service="terms" />
        </div>
      )}
      <div className="actions">
        {terms.html && (
          <button type="button" aria-expanded={showText} onClick={() => setShowText(!showText)}>
            {showText ? 'Hide the terms and conditions' : 'View the terms and conditions'}
          </button>
        )}
        {terms.pdfUrl && (
          <a className="button" href={terms.pdfUrl}>
            Download PDF
          </a>
        )}
        {terms.hostedUrl && terms.versions.some((v) => v.approvedAt) && (
          <a className="button" href={terms.hostedUrl} target="_blank" rel="noreferrer">
            Hosted terms
          </a>
        )}
        {terms.canGenerate && (
          <button type="button" onClick={generate} disabled={busy}>
            {busy ? 'Drafting…' : terms.versionNumber === null ? 'Draft my terms and conditions' : 'Regenerate from my application'}
          </button>
        )}
        {terms.canEdit && terms.html && editing === null && (
          <button type="button" onClick={() => setEditing(terms.html)}>
            Edit the text (staff)
          </button>
        )}
        {terms.canApprove && (
          <button type="button" className="primary" onClick={() => setConfirming(true)}>
            Approve terms and conditions
          </button>
        )}
      </div>
      {notice && (
        <p className={notice.alert ? 'form-error' : 'notice info'} role={notice.alert ? 'alert' : 'status'} data-testid="terms-notice">
          {notice.text}
        </p>
      )}
      {terms.hostedUrl && (
        <p className="muted">
          Permanent link: <span data-testid="hosted-url">{terms.hostedUrl}</span>
        </p>
      )}

      {editing !== null && (
        <form
          className="terms-edit"
          onSubmit={(event) => {
            event.preventDefault()
            setBusy(true)
            saveTermsVersion(promotionId, editing)
              .then(
                () => (setEditing(null), setNotice(null), load()),
                (e: Error) => setNotice({ text: e.message, alert: true }),
              )
              .finally(() => setBusy(false))
          }}
        >
          <label>
            Text of the terms and conditions (HTML; saved as a new version)
            <textarea rows={16} value={editing} onChange={(event) => setEditing(event.target.value)} />
          </label>
          <div className="actions">
            <button type="submit" disabled={busy}>
              Save as a new version
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {showText && terms.html && (
        // Server-made HTML: generated text is escaped, staff edits are sanitised on save. A scrolling
        // box, so focusable and named for keyboard users (axe scrollable-region-focusable).
        <div
          className="terms-document"
          data-testid="terms-document"
          role="region"
          aria-label="Text of the terms and conditions"
          tabIndex={0}
          dangerouslySetInnerHTML={{ __html: terms.html }}
        />
      )}
      {showText && terms.abridgedHtml && (
        <details className="terms-abridged">
          <summary>Abridged terms for advertisements</summary>
          <div dangerouslySetInnerHTML={{ __html: terms.abridgedHtml }} />
        </details>
      )}

      {versions.length > 0 && (
        <>
          <h3>Versions</h3>
          <ol className="terms-versions">
            {versions.map((v) => (
              <li key={v.number}>
                Version {v.number}, {REASON_TEXT[v.reason] ?? v.reason} {formatDate(v.createdAt)}
                {v.approvedAt && <strong> · approved {formatDate(v.approvedAt)}</strong>}
              </li>
            ))}
          </ol>
        </>
      )}
      {versions.length > 1 && (
        <form
          className="terms-compare"
          onSubmit={(event) => {
            event.preventDefault()
            const data = new FormData(event.currentTarget)
            setCompare({ from: Number(data.get('from')), to: Number(data.get('to')) })
          }}
        >
          <label>
            Compare version{' '}
            <select name="from" defaultValue={versions[versions.length - 2]!.number}>
              {versions.map((v) => (
                <option key={v.number} value={v.number}>
                  {v.number}
                </option>
              ))}
            </select>
          </label>{' '}
          <label>
            with version{' '}
            <select name="to" defaultValue={versions[versions.length - 1]!.number}>
              {versions.map((v) => (
                <option key={v.number} value={v.number}>
                  {v.number}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit">Compare</button>
        </form>
      )}
      {compare && byNumber(compare.from) && byNumber(compare.to) && <VersionDiff from={byNumber(compare.from)!.html} to={byNumber(compare.to)!.html} />}

      <Modal
        blocking
        isOpen={confirming}
        title="Approve terms and conditions"
        actions={
          <>
            <Button onPress={approve} isPending={approving}>
              {approving ? 'Approving…' : 'Approve'}
            </Button>
            <Button variant="secondary" onPress={() => (setConfirming(false), setApprovalFailed(false))} isDisabled={approving}>
              Cancel
            </Button>
          </>
        }
      >
        <p>
          Please confirm you have read version {terms.versionNumber} of your terms and conditions and approve them. Approved terms are published at your
          permanent link and attached to your application.
        </p>
        {approvalFailed && (
          <p className="form-error" role="alert">
            {MSG_TERMS_APPROVAL_FAILED} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        )}
      </Modal>
    </section>
  )
}
