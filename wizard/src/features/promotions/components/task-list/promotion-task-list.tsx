/**
 * The "what to do next" task list at the top of the promotion dashboard (issue 25; GOV.UK and
 * Australian Government Design System task-list pattern). What each task's state is comes from
 * shared (getPromotionTasks, getPermitSummary); this gathers the facts and draws the list, with
 * the one primary button on the task to do next.
 */
import { getPermitSummary, getPromotionTasks, TASK_STATE_LABELS, today, type PromotionTask, type TaskState } from '@permitdesk/shared'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { NativeButton, NativeLinkButton } from '../../../../components/ui'
import { isApplicationPaid, paymentPath, usePromotionInvoices } from '../../../../components/promotion-invoices'
import { beginAmendPermitApplication, generatePermitApplication } from '../../../../lib/payments-api'
import type { Promotion } from '../../api/promotions'
import { getTerms } from '../../api/terms'
import { getDrawSummaries, winnersUrlOf } from '../../api/draws'
import { promotionPaths } from '../../config'
import { PermitsRequired } from './permits-required'
import './task-list.css'

function pricedLicenceFees(p: Promotion): { nsw: number; act: number; sa: number } | undefined {
  const { licenceFee_NSW: nsw, licenceFee_ACT: act, licenceFee_SA: sa } = p.permit
  if (typeof nsw === 'number' && typeof act === 'number' && typeof sa === 'number') return { nsw, act, sa }
  return p.managedSubmission !== false && !p.skillsBasedTC ? { nsw: p.permit.feeDue_NSW, act: p.permit.feeDue_ACT, sa: p.permit.feeDue_SA } : undefined
}

const TAG_TONE: Record<TaskState, string> = {
  completed: 'success',
  'in-progress': 'info',
  'to-do': 'warning',
  waiting: 'info',
  'cannot-start': 'default',
  'not-needed': 'default',
  'not-ordered': 'default',
  recorded: 'info',
}

export function PromotionTaskList({ promotion: p }: { promotion: Promotion }) {
  const id = p.id
  const invoices = usePromotionInvoices(id)
  const terms = useQuery({ queryKey: ['terms', id], queryFn: () => getTerms(id), enabled: p.hasTermsAndConditions })
  const draws = useQuery({ queryKey: ['draws', id, 'summary'], queryFn: () => getDrawSummaries(id), enabled: p.randomDraw })
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')

  // Null while unknown: the payment task never claims (or denies) a payment it has not seen. A
  // cached "not paid" is not trusted while the fresh list loads: a payment may have been made since.
  const cachedPaid = invoices.data && isApplicationPaid(invoices.data.invoices)
  const paidInvoice = cachedPaid === undefined || (!cachedPaid && invoices.isFetching) ? null : cachedPaid

  const summary = getPermitSummary(
    {
      ausStates: p.ausStates,
      includeNz: p.includeNz,
      totalPrizeValue: p.totalPrizeValue,
      hasNswAuthority: p.hasNswAuthority,
      hasInstantWinPrizes: p.hasInstantWinPrizes,
      skillsBasedTC: p.skillsBasedTC,
      startDate: p.startDate,
      saPremium: p.permit.isSAFeePremium,
    },
    undefined,
    // The licence fees it was priced at (as the fees table and the invoice), not the built-in rule set's: kept for
    // self submission too, where the customer pays them to the regulators; a managed promotion priced before they
    // were kept has them as its fees.
    pricedLicenceFees(p),
  )
  const permit = p.permit as Promotion['permit'] & { finalDraw?: { date?: string | null } | null; endDate?: string | null }
  const tasks = getPromotionTasks({
    statusId: p.permitStatus.id,
    managedSubmission: p.managedSubmission,
    skillsBasedTC: p.skillsBasedTC,
    requiresPermits: summary.lines.some((l) => l.outcome === 'required'),
    requiredPermitCount: summary.lines.filter((l) => l.outcome === 'required').length,
    permitNumberCount: p.permitNumbers?.length ?? 0,
    applicationComplete: p.permit.applicationComplete,
    completedSectionCount: Object.values(p.permit.completedSections ?? {}).filter(Boolean).length,
    paid: paidInvoice,
    feesDueCents: p.permit.feeDue_GrandTotal,
    owed: !!p.pendingSubmissionInvoice,
    hasTermsAndConditions: p.hasTermsAndConditions,
    termsStatus: terms.data?.status ?? null,
    termsCanGenerate: terms.data?.canGenerate ?? false,
    randomDraw: p.randomDraw,
    drawDate: (p.skillsBasedTC ? permit.endDate : permit.finalDraw?.date) ?? null,
    today: today({ now: new Date() }),
    winnersUrl: winnersUrlOf(draws.data),
  })

  const run = (work: Promise<unknown>, then: () => void) => {
    setBusy(true)
    setError('')
    work.then(then, (e: Error) => (setError(e.message), setBusy(false)))
  }

  function Action({ task }: { task: PromotionTask }) {
    const action = task.action
    if (!action) return null
    const variant = task.primary ? 'primary' : 'secondary'
    const testId = `task-action-${task.key}`
    switch (action.kind) {
      case 'start-application':
      case 'continue-application':
        return (
          <NativeLinkButton variant={variant} to={promotionPaths.permitEdit(id)} data-testid={testId}>
            {action.label}
          </NativeLinkButton>
        )
      case 'pay':
        return (
          <NativeLinkButton variant={variant} to={paymentPath(id)} data-testid={testId}>
            {action.label}
          </NativeLinkButton>
        )
      case 'open-draw':
        return (
          <NativeLinkButton variant={variant} to={`/promotions/draw/${id}/`} data-testid={testId}>
            {action.label}
          </NativeLinkButton>
        )
      case 'open-winners':
        // The winners page is served by the API, outside the app: a full page load.
        return (
          <a className={`ui-button ui-button--${variant}`} href={winnersUrlOf(draws.data) ?? undefined} data-testid={testId}>
            {action.label}
          </a>
        )
      case 'lodge-addenda':
        return (
          <a className={`ui-button ui-button--${variant}`} href="#addenda-title" data-testid={testId}>
            {action.label}
          </a>
        )
      case 'approve-terms':
        // The T&Cs panel further down the dashboard holds the draft, its versions and the approval.
        return (
          <a className={`ui-button ui-button--${variant}`} href="#terms-heading" data-testid={testId}>
            {action.label}
          </a>
        )
      case 'start-amendment':
        return (
          <NativeButton
            variant={variant}
            disabled={busy}
            data-testid={testId}
            onClick={() => run(beginAmendPermitApplication(id), () => window.location.assign(promotionPaths.permitEdit(id)))}
          >
            {action.label}
          </NativeButton>
        )
      case 'generate-forms':
        return (
          <NativeButton
            variant={variant}
            disabled={busy}
            data-testid={testId}
            onClick={() => run(generatePermitApplication(id), () => window.location.reload())}
          >
            {action.label}
          </NativeButton>
        )
    }
  }

  return (
    <section className="task-list" aria-labelledby="task-list-title" data-testid="task-list">
      <h2 id="task-list-title">What to do next</h2>
      <PermitsRequired summary={summary} statusId={p.permitStatus.id} managedSubmission={p.managedSubmission !== false} issued={p.permitNumbers} />
      <ol className="task-list__items">
        {tasks.map((task) => (
          <li key={task.key} className={`task-list__item${task.primary ? ' task-list__item--next' : ''}`} data-testid={`task-${task.key}`}>
            <div className="task-list__text">
              <span className="task-list__title">{task.title}</span>
              <span className="task-list__hint">{task.hint}</span>
            </div>
            <span className={`ui-badge ui-badge--${TAG_TONE[task.state]} task-list__tag`} data-testid={`task-state-${task.key}`}>
              {TASK_STATE_LABELS[task.state]}
            </span>
            <div className="task-list__action">
              <Action task={task} />
            </div>
          </li>
        ))}
      </ol>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  )
}
