/**
 * Addenda after the draw (001 §3, §7 submitAddendum; issue 25): the winners lists (V, W), the
 * scrutineer's declaration (U, when one is required) and the list of entries (X), each uploaded
 * and lodged from the dashboard; staff then lodge it with the regulators. Shown once the
 * application is submitted. Before the draw each row says when it will be needed (getAddendaPlan)
 * and offers no upload; a row opens on the day of the draw it follows.
 */
import {
  attachmentRuleInputOf,
  ATTACHMENT_TYPES,
  formatDate,
  getAddendaPlan,
  getRelevantAttachmentCodes,
  isSubmittedOrGenerated,
  MSG_ADDENDA_AFTER_DRAW,
  MSG_ADDENDA_BEFORE_DRAW,
  MSG_ADDENDA_NO_DRAW_DATE,
  PERMIT_STATUS_IDS as S,
  today,
  type AddendumPlan,
} from '@permitdesk/shared'
import { useId, useState } from 'react'
import type { Promotion } from '../../api/promotions'
import { submitAddendum, uploadAddendumFile } from '../../api/addenda'
import { uploadDownloadPath } from '../../../../config/paths'
import { DocumentName } from '../../../../components/document-name'

type Lodged = { code: string; submitDate: string; fileName?: string | null; userFileName?: string | null }
type DrawDates = { finalDraw?: { date?: string | null } | null; unclaimedDraw?: { date?: string | null } | null }

export function AddendaPanel({ promotion: p, onLodged }: { promotion: Promotion; onLodged: () => void }) {
  const statusId = p.permitStatus.id
  if (p.skillsBasedTC || !p.requiresPermits || !(isSubmittedOrGenerated(statusId) || statusId === S.awaitingSubmission)) return null
  const lodged = new Map<string, Lodged>(
    p.attachments
      .filter((a) => a.submitDate)
      .map((a) => [a.attachmentType.code, { code: a.attachmentType.code, submitDate: a.submitDate!, fileName: a.fileName, userFileName: a.userFileName }]),
  )
  const dates = p.permit as Promotion['permit'] & DrawDates
  const plan = getAddendaPlan({
    relevantCodes: getRelevantAttachmentCodes(attachmentRuleInputOf(p)),
    finalDrawDate: dates.finalDraw?.date || null,
    unclaimedDrawDate: dates.unclaimedDraw?.date || null,
    today: today({ now: new Date() }),
  })
  const intro = plan.some((a) => a.open) ? MSG_ADDENDA_AFTER_DRAW : plan.some((a) => a.from) ? MSG_ADDENDA_BEFORE_DRAW : MSG_ADDENDA_NO_DRAW_DATE
  return (
    <section className="addenda" aria-labelledby="addenda-title" data-testid="addenda">
      <h2 id="addenda-title">Addenda</h2>
      <p className="muted" data-testid="addenda-intro">
        {intro}
      </p>
      <ul className="addenda__list">
        {plan.map((addendum) => (
          <AddendumRow key={addendum.code} promotionId={p.id} addendum={addendum} lodged={lodged.get(addendum.code)} onLodged={onLodged} />
        ))}
      </ul>
    </section>
  )
}

function AddendumRow({
  promotionId,
  addendum,
  lodged,
  onLodged,
}: {
  promotionId: number
  addendum: AddendumPlan
  lodged: Lodged | undefined
  onLodged: () => void
}) {
  const code = addendum.code
  const type = ATTACHMENT_TYPES.find((t) => t.code === code)!
  const inputId = useId()
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const [done, setDone] = useState('')
  const lodge = async (file: File) => {
    setBusy(true)
    setError('')
    setDone('')
    try {
      const uploaded = await uploadAddendumFile(file)
      await submitAddendum(promotionId, type.slug, uploaded.serverFileName)
      setDone(`${type.name} lodged. We will send it to the regulators.`)
      onLodged()
    } catch (e) {
      setError((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="addenda__row" data-testid={`addendum-${code}`}>
      <div>
        {/* Named in words (issue 25: the rows read "V", "W", "X", "U"); the spec's letter follows as a secondary code. */}
        <DocumentName code={code} testId={`addendum-name-${code}`} />
        <div className="muted" data-testid={`addendum-state-${code}`}>
          {lodged ? (
            <>
              Lodged {formatDate(lodged.submitDate)}
              {lodged.fileName && (
                <>
                  {' '}
                  ·{' '}
                  <a href={uploadDownloadPath(lodged.fileName)}>
                    Download<span className="visually-hidden"> {type.name}</span>
                  </a>
                </>
              )}
            </>
          ) : (
            addendum.when
          )}
        </div>
      </div>
      {/* Offered once the draw it follows has happened (or to replace one already lodged). */}
      {(addendum.open || lodged) && (
        <div>
          <input
            id={inputId}
            className="visually-hidden"
            type="file"
            accept=".pdf,.csv,.xlsx,.xls,.doc,.docx,application/pdf"
            disabled={busy}
            onChange={(e) => {
              const file = e.target.files?.[0]
              e.target.value = ''
              if (file) void lodge(file)
            }}
          />
          {/* The file input is the control (keyboard, screen readers); the label is how it looks. */}
          <label className="ui-button ui-button--secondary addenda__upload" htmlFor={inputId} aria-disabled={busy}>
            {busy ? 'Lodging…' : lodged ? 'Replace' : 'Upload and lodge'}
            <span className="visually-hidden"> {type.name}</span>
          </label>
        </div>
      )}
      <p role="status" aria-live="polite" className="addenda__message">
        {done}
      </p>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </li>
  )
}
