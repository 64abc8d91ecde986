import {
  displayPrizeValue,
  formatAusStates,
  formatDate,
  formatDurationText,
  customerStatusName,
  isEditableStatus,
  mobileStatusLabelFor,
  MSG_LAWYER_CONTACT_NEXT_STEPS,
  MSG_PAYMENT_RECEIVED,
  promotionTitle,
  serviceLabel,
  startsAmendment,
  statusColour,
  statusNextStep,
} from '@permitdesk/shared'
import { useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { AppLayout } from '../../../components/layouts/app-layout'
import { Button, LinkButton } from '../../../components/ui'
import { PromotionInvoices } from '../../../components/promotion-invoices'
import { beginAmendPermitApplication } from '../../../lib/payments-api'
import { getPromotion, requestLawyerContact, type Promotion } from '../api/promotions'
import { PRODUCT_NAME, promotionPaths } from '../config'
import { DatesAndReminders } from './dates-and-reminders'
import { FeeBreakdownTable } from './fee-breakdown-table'
import { NotesPopover } from './notes-popover'
import { TermsPanel } from './terms-panel'
import { PromotionTaskList } from './task-list/promotion-task-list'
import { AddendaPanel } from './documents/addenda-panel'
import { PermitDocuments } from './documents/permit-documents'
import { WinnerPublicationPanel } from './winner-publication-panel'

/** /promotions/edit/{id}/ (001 §2 "Promotion dashboard"), optional query success and additionalPayment. */
export function PromotionDashboard() {
  const id = Number(useParams().id)
  const [search] = useSearchParams()
  const [promotion, setPromotion] = useState<Promotion | null>(null)
  const [error, setError] = useState('')
  const [notice, setNotice] = useState('')
  useEffect(() => {
    getPromotion(id).then(setPromotion, (e: Error) => setError(e.message))
  }, [id])

  if (error)
    return (
      <AppLayout title="Promotion">
        <p className="form-error" role="alert">
          {error}
        </p>
      </AppLayout>
    )
  if (!promotion)
    return (
      <AppLayout title="Promotion">
        <p role="status">Loading…</p>
      </AppLayout>
    )

  const p = promotion
  const statusId = p.permitStatus.id
  const title = promotionTitle(p.name)
  const colour = statusColour(statusId)
  // 001 §2: the title opens permit editing for editable statuses; for submitted/generated ones it starts an amendment.
  const titleHref =
    isEditableStatus(statusId) || startsAmendment(statusId) ? promotionPaths.permitEdit(id) + (startsAmendment(statusId) ? '?amend=1' : '') : null
  const modifyHref = p.skillsBasedTC ? promotionPaths.modifySkillsBased(id) : promotionPaths.modify(id)

  return (
    <AppLayout title={title}>
      <nav aria-label="Breadcrumb">
        <Link to={promotionPaths.list}>My Promotions</Link>
      </nav>
      {search.get('success') !== null && (
        // After "Pay and submit": what happened (paid) and what happens next, for the status it led to.
        <p className="notice success" role="status" data-testid="payment-received">
          {MSG_PAYMENT_RECEIVED} {statusNextStep(statusId)}
        </p>
      )}
      {search.get('additionalPayment') !== null && (
        <p className="notice success" role="status">
          Thank you. Your additional payment has been received.
        </p>
      )}
      <header className="dashboard-header">
        <h1>
          {titleHref ? (
            <a
              href={titleHref}
              title={startsAmendment(statusId) ? 'Start an amendment' : 'Edit the permit application'}
              onClick={
                startsAmendment(statusId)
                  ? (event) => {
                      // 001 §2: on submitted/generated statuses the title begins an amendment first.
                      event.preventDefault()
                      beginAmendPermitApplication(id).then(
                        () => window.location.assign(promotionPaths.permitEdit(id)),
                        (e: Error) => setNotice(e.message),
                      )
                    }
                  : undefined
              }
            >
              {title}
            </a>
          ) : (
            title
          )}
        </h1>
        <p>
          <span className={`status status-${colour}`} data-testid="status">
            <span className="status-full">{customerStatusName(statusId)}</span>
            <span className="status-mobile" aria-hidden="true">
              {mobileStatusLabelFor(statusId, p.hasTermsAndConditions)}
            </span>
          </span>
        </p>
        {/* After paying, the notice above already says what happens next. */}
        {search.get('success') === null && (
          <p className="status-next" data-testid="status-next">
            {statusNextStep(statusId)}
          </p>
        )}
      </header>

      <PromotionTaskList promotion={p} />

      <dl className="facts">
        <dt>Service</dt>
        <dd data-testid="service">
          {p.skillsBasedTC ? 'Terms and conditions - Game of skill' : serviceLabel(p.managedSubmission, PRODUCT_NAME)} {formatDurationText(p.durationString)}
        </dd>
        <dt>States</dt>
        <dd data-testid="states">{formatAusStates(p.ausStates, { includeNz: p.includeNz })}</dd>
        <dt>Total prize value</dt>
        <dd data-testid="prize-value">{displayPrizeValue(p)}</dd>
        <dt>Created</dt>
        <dd>{formatDate(p.createdAt)}</dd>
        {p.permitNumbers && p.permitNumbers.length > 0 && (
          <>
            <dt>Permit numbers</dt>
            <dd>
              <PermitDocuments permitNumbers={p.permitNumbers} />
            </dd>
          </>
        )}
        {p.servicesString && (
          <>
            <dt>Services</dt>
            <dd>{p.servicesString}</dd>
          </>
        )}
      </dl>

      <div className="actions">
        {isEditableStatus(statusId) && (
          <LinkButton variant="secondary" href={modifyHref}>
            Modify services and states
          </LinkButton>
        )}
        {p.randomDraw && (
          <LinkButton variant="secondary" href={`/promotions/draw/${id}/`}>
            Random draw
          </LinkButton>
        )}
        {p.randomDraw && (
          <LinkButton variant="secondary" href={`/promotions/entries/${id}/`}>
            Entries
          </LinkButton>
        )}
        <NotesPopover promotionId={id} count={p.notesCount} onCountChange={(n) => setPromotion({ ...p, notesCount: n })} />
        <Button
          variant="secondary"
          isDisabled={p.lawyerContactRequested}
          onPress={() =>
            requestLawyerContact(id).then(
              () => (setPromotion({ ...p, lawyerContactRequested: true }), setNotice(MSG_LAWYER_CONTACT_NEXT_STEPS)),
              (e: Error) => setNotice(e.message),
            )
          }
        >
          {p.lawyerContactRequested ? 'Lawyer contact requested' : 'Request lawyer contact'}
        </Button>
      </div>
      <p role="status" aria-live="polite">
        {notice}
      </p>

      <DatesAndReminders promotionId={id} winnerPublication={p.hasWinnerPublication} />

      <FeeBreakdownTable promotion={p} />

      <PromotionInvoices
        promotionId={id}
        statusId={statusId}
        pendingSubmissionInvoice={p.pendingSubmissionInvoice}
        pendingCustomInvoice={p.pendingCustomInvoice}
      />
      <TermsPanel promotionId={id} />
      {p.hasWinnerPublication && <WinnerPublicationPanel promotionId={id} randomDraw={p.randomDraw} />}
      <AddendaPanel promotion={p} onLodged={() => void getPromotion(id).then(setPromotion)} />
    </AppLayout>
  )
}
