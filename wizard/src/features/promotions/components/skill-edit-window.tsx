/**
 * The skill-based promotion's edit window on /promotions/modifyskillsbased/{id}/ (issue 14,
 * decision record 014): while it is open the customer may amend (starting an amendment first
 * when the promotion was submitted); once it has closed the form is replaced by the refusal.
 */
import {
  formatCurrency,
  formatDate,
  customerStatusName,
  isEditableStatus,
  isSubmittedOrGenerated,
  MSG_SKILL_TC_AMEND_WINDOW_CLOSED,
  skillTcOption,
  isSkillTcPaymentOption,
  statusNextStep,
} from '@permitdesk/shared'
import { useEffect, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api-client'
import { beginAmendPermitApplication } from '../../../lib/payments-api'
import { getTerms, type Terms } from '../api/terms'
import { promotionPaths } from '../config'

type Props = { id: number; statusId: number; onAmendmentStarted: () => void; children: ReactNode }

export function SkillEditWindow({ id, statusId, onAmendmentStarted, children }: Props) {
  const [terms, setTerms] = useState<Terms | null>(null)
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    getTerms(id).then(setTerms, (e: Error) => setError(e.message))
  }, [id, statusId])

  if (error)
    return (
      <p className="form-error" role="alert">
        {error}
      </p>
    )
  if (!terms) return <p role="status">Loading…</p>

  const ends = terms.skillsBasedTCEditWindow
  const closed = ends !== null && Date.now() > Date.parse(ends)
  if (closed) {
    return (
      <>
        <p className="form-error" role="alert" data-testid="skill-window-closed">
          {MSG_SKILL_TC_AMEND_WINDOW_CLOSED}
        </p>
        <p>The edit window closed on {formatDate(ends)}.</p>
        <Link to={promotionPaths.dashboard(id)}>Back to the promotion</Link>
      </>
    )
  }

  const option = skillTcOption(isSkillTcPaymentOption(terms.skillsBasedTCPaymentOption) ? terms.skillsBasedTCPaymentOption : null)
  const notice = ends ? (
    <p className="hint" data-testid="skill-window">
      Your {formatCurrency(option.priceCents)} option lets you change this promotion and regenerate its terms and conditions until{' '}
      <strong>{formatDate(ends)}</strong>.
    </p>
  ) : (
    <p className="hint" data-testid="skill-window">
      Once you have paid, you can change this promotion and regenerate its terms and conditions for {option.editWindowDays} days (
      {formatCurrency(option.priceCents)} option; longer with a dearer option on the payment page).
    </p>
  )

  if (!isEditableStatus(statusId) && isSubmittedOrGenerated(statusId)) {
    async function begin() {
      setBusy(true)
      setError('')
      try {
        await beginAmendPermitApplication(id)
        onAmendmentStarted()
      } catch (e) {
        setError(e instanceof ApiError ? e.message : String(e))
      } finally {
        setBusy(false)
      }
    }
    return (
      <>
        {notice}
        <p>Your terms and conditions are with us. To change the promotion, start an amendment.</p>
        <button type="button" className="button primary" disabled={busy} onClick={begin}>
          Start an amendment
        </button>
      </>
    )
  }
  if (!isEditableStatus(statusId)) {
    return (
      <>
        {notice}
        <p role="alert">
          {customerStatusName(statusId)}: this promotion cannot be changed now. {statusNextStep(statusId)}
        </p>
        <Link to={promotionPaths.dashboard(id)}>Back to the promotion</Link>
      </>
    )
  }
  return (
    <>
      {notice}
      {children}
    </>
  )
}
