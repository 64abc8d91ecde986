import {
  displayPrizeValue,
  formatAusStates,
  formatDate,
  formatDurationText,
  customerStatusName,
  isEditableStatus,
  mobileStatusLabelFor,
  MSG_ADDITIONAL_PAYMENT_RECEIVED,
  MSG_LAWYER_CONTACT_NEXT_STEPS,
  MSG_PAYMENT_RECEIVED,
  promotionTitle,
  serviceLabel,
  startsAmendment,
  statusColour,
  statusNextStep,
} from '@permitdesk/shared'
import { Suspense, useEffect, useState } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import { AfterFirstPaint } from '../../../components/after-first-paint'
import { AppLayout } from '../../../components/layouts/app-layout'
import { lazyWithAriaProviders } from '../../../components/lazy-aria'
import { NativeButton, NativeLinkButton } from '../../../components/ui/native'
import { beginAmendPermitApplication } from '../../../lib/payments-api'
import { getPromotion, requestLawyerContact, type Promotion } from '../api/promotions'
import { PRODUCT_NAME, promotionPaths } from '../config'
import { PromotionTaskList } from './task-list/promotion-task-list'
import { PermitDocuments } from './documents/permit-documents'

// Issue 25 (first render on a phone): the top of the dashboard (status, task list, facts, actions)
// uses native controls only, so it renders as soon as its chunk and the promotion arrive. What
// lies below the first screen (calendar, fees, invoices, T&Cs, winner publication, addenda) and
// the notes popover use react-aria and the T&C diff: their code loads after that first render.
const DashboardDetails = lazyWithAriaProviders(() => import('./promotion-dashboard-details').then((m) => m.PromotionDashboardDetails))
const NotesPopover = lazyWithAriaProviders(() => import('./notes-popover').then((m) => m.NotesPopover))

/** /promotions/edit/{id}/ (001 §2 "Promotion dashboard"), optional query success and additionalPayment. */
export function PromotionDashboard() {
  const id = Number(useParams().id)
  const [search, setSearch] = useSearchParams()
  // The payment notices are for the visit the payment led to: shown once, then the address loses
  // its ?success / ?additionalPayment, so a reload or a bookmarked link claims no new payment.
  const [paidNotice] = useState(() => search.get('success') !== null)
  const [additionalPaidNotice] = useState(() => search.get('additionalPayment') !== null)
  useEffect(() => {
    if (!search.has('success') && !search.has('additionalPayment')) return
    const rest = new URLSearchParams(search)
    rest.delete('success')
    rest.delete('additionalPayment')
    setSearch(rest, { replace: true })
  }, [search, setSearch])
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
  const notesPlaceholder = (
    <NativeButton variant="secondary" aria-disabled="true">
      Notes ({p.notesCount})
    </NativeButton>
  )
  const modifyHref = p.skillsBasedTC ? promotionPaths.modifySkillsBased(id) : promotionPaths.modify(id)

  return (
    <AppLayout title={title}>
      <nav aria-label="Breadcrumb">
        <Link to={promotionPaths.list}>My Promotions</Link>
      </nav>
      {paidNotice && (
        // After "Pay and submit": what happened (paid) and what happens next, for the status it led to.
        <p className="notice success" role="status" data-testid="payment-received">
          {MSG_PAYMENT_RECEIVED} {statusNextStep(statusId)}
        </p>
      )}
      {additionalPaidNotice && (
        <p className="notice success" role="status">
          {MSG_ADDITIONAL_PAYMENT_RECEIVED}
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
        {!paidNotice && (
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
          <NativeLinkButton variant="secondary" to={modifyHref}>
            Modify services and states
          </NativeLinkButton>
        )}
        {p.randomDraw && (
          <NativeLinkButton variant="secondary" to={`/promotions/draw/${id}/`}>
            Random draw
          </NativeLinkButton>
        )}
        {p.randomDraw && (
          <NativeLinkButton variant="secondary" to={`/promotions/entries/${id}/`}>
            Entries
          </NativeLinkButton>
        )}
        {/* Until the popover's code has arrived (it starts loading after the first paint), the same button in the same place, not yet pressable. */}
        <AfterFirstPaint placeholder={notesPlaceholder}>
          <Suspense fallback={notesPlaceholder}>
            <NotesPopover promotionId={id} count={p.notesCount} onCountChange={(n) => setPromotion({ ...p, notesCount: n })} />
          </Suspense>
        </AfterFirstPaint>
        <NativeButton
          variant="secondary"
          disabled={p.lawyerContactRequested}
          onClick={() =>
            requestLawyerContact(id).then(
              () => (setPromotion({ ...p, lawyerContactRequested: true }), setNotice(MSG_LAWYER_CONTACT_NEXT_STEPS)),
              (e: Error) => setNotice(e.message),
            )
          }
        >
          {p.lawyerContactRequested ? 'Lawyer contact requested' : 'Request lawyer contact'}
        </NativeButton>
      </div>
      <p role="status" aria-live="polite">
        {notice}
      </p>

      {/* Last on the page, so nothing below it moves when it appears; its code loads after the first paint. */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <DashboardDetails promotion={p} onPromotionChange={setPromotion} />
        </Suspense>
      </AfterFirstPaint>
    </AppLayout>
  )
}
