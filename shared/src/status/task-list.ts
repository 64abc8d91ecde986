/**
 * The promotion's "what to do next" task list (issue 25; the GOV.UK / Australian Government
 * Design System task-list pattern): application → payment → permits issued → T&Cs → draw →
 * winners → addenda, each with its state in words and, where the customer can act, the action.
 * The first task the customer can act on carries the one primary action of the dashboard.
 * Pure: the dashboard gathers the facts, this decides what they mean.
 */
import { formatDate } from '../format/date'
import { MSG_TASK_PAYMENT_CHECKING, MSG_TASK_PAYMENT_NONE_DUE, MSG_TASK_PAYMENT_RECORDED_BY_STAFF } from '../messages'
import { PERMIT_STATUS_IDS as S, isEditableStatus, startsAmendment } from './statuses'

export type TaskKey = 'application' | 'payment' | 'permits' | 'terms' | 'draw' | 'winners' | 'addenda'
export type TaskState = 'completed' | 'in-progress' | 'to-do' | 'waiting' | 'cannot-start' | 'not-needed' | 'not-ordered' | 'recorded'
export type TaskActionKind =
  | 'start-application'
  | 'continue-application'
  | 'start-amendment'
  | 'pay'
  | 'generate-forms'
  | 'approve-terms'
  | 'open-draw'
  | 'lodge-addenda'
  | 'open-winners'

/** The state tags, in the design system's words. */
export const TASK_STATE_LABELS: Readonly<Record<TaskState, string>> = {
  completed: 'Completed',
  'in-progress': 'In progress',
  'to-do': 'To do',
  waiting: 'Waiting',
  'cannot-start': 'Cannot start yet',
  'not-needed': 'Not needed',
  'not-ordered': 'Not ordered',
  recorded: 'Recorded by our staff',
}

export interface TaskAction {
  kind: TaskActionKind
  label: string
}

export interface PromotionTask {
  key: TaskKey
  title: string
  state: TaskState
  /** One sentence: why it is in this state, or what to do. */
  hint: string
  action?: TaskAction
  /** The dashboard's one primary action (at most one task has it). */
  primary: boolean
}

export interface TaskListInput {
  statusId: number
  managedSubmission: boolean
  skillsBasedTC: boolean
  requiresPermits: boolean
  /** Permits the rules require (NSW, ACT, SA). */
  requiredPermitCount: number
  permitNumberCount: number
  applicationComplete: boolean
  completedSectionCount: number
  /**
   * A submission invoice was paid (self submission stays "ready to generate" once paid); null while
   * the invoices are still loading, so the list never claims or denies a payment it has not seen.
   */
  paid: boolean | null
  /** The application's fees in cents (feeDue_GrandTotal): 0 means nothing was ever to pay. */
  feesDueCents?: number | null
  /** Fees are owed (an unpaid submission invoice or a rise not invoiced yet). */
  owed: boolean
  hasTermsAndConditions: boolean
  termsStatus: 'not-generated' | 'awaiting-approval' | 'approved' | null
  termsCanGenerate: boolean
  randomDraw: boolean
  /** The final draw date (YYYY-MM-DD), or the end date for a game of skill. */
  drawDate: string | null
  /** Today in Sydney (YYYY-MM-DD). */
  today: string
  /** The hosted winners page of the promotion's draw (issue 23), when it has one. */
  winnersUrl?: string | null
}

const READY_TO_PAY = new Set<number>([S.readySubmission, S.readyGenerate, S.readyResubmission, S.readyRegenerate])
const BEFORE_PAYMENT = new Set<number>([S.incomplete, S.actionRequired, S.amendmentsInProgress])

type Draft = Omit<PromotionTask, 'primary'> & { mayLead?: boolean }

const PAST_PAYMENT = new Set<number>([S.submitted, S.generated, S.approved, S.regenerated, S.resubmitted, S.awaitingSubmission])

/** A status only reached after the application was paid (or staff moved it on without a payment). */
export function isPastPaymentStatus(statusId: number): boolean {
  return PAST_PAYMENT.has(statusId)
}

export function getPromotionTasks(input: TaskListInput): PromotionTask[] {
  const s = input.statusId
  const selfSubmission = input.managedSubmission === false
  const paidStatus = isPastPaymentStatus(s)
  const paid = paidStatus || (input.paid === true && !input.owed && !BEFORE_PAYMENT.has(s) && s !== S.pendingPaymentClearance)
  const drawPassed = !!input.drawDate && input.drawDate <= input.today
  const drawWhen = input.drawDate ? formatDate(input.drawDate) : null

  const application = ((): Draft => {
    const base = { key: 'application' as const, title: 'Permit application' }
    if (s === S.locked) return { ...base, state: 'waiting', hint: 'Locked while our team works on it. Contact us if you need to change something.' }
    if (startsAmendment(s))
      return {
        ...base,
        state: 'completed',
        hint: 'Submitted. To change it, start an amendment.',
        action: { kind: 'start-amendment', label: 'Start an amendment' },
        mayLead: false,
      }
    if (!isEditableStatus(s)) return { ...base, state: 'completed', hint: 'Complete.' }
    if (s === S.actionRequired)
      return {
        ...base,
        state: 'to-do',
        hint: 'We need more from you: answer the highlighted items.',
        action: { kind: 'continue-application', label: 'Answer what is needed' },
      }
    if (input.applicationComplete)
      return {
        ...base,
        state: 'completed',
        hint: 'Every step is complete.',
        action: { kind: 'continue-application', label: 'Check the application' },
        mayLead: false,
      }
    if (s === S.incomplete && input.completedSectionCount === 0)
      return {
        ...base,
        state: 'to-do',
        hint: 'Questions about the promotion, the applicant, entry and draw, and the prizes.',
        action: { kind: 'start-application', label: 'Start the application' },
      }
    return {
      ...base,
      state: 'in-progress',
      hint: 'Some steps still need answers.',
      action: { kind: 'continue-application', label: 'Continue the application' },
    }
  })()

  const payment = ((): Draft => {
    const base = { key: 'payment' as const, title: 'Payment' }
    if (s === S.pendingPaymentClearance)
      return { ...base, state: 'waiting', hint: 'Waiting for your BPAY payment to clear.', action: { kind: 'pay', label: 'Pay by card instead' } }
    if (input.owed && !BEFORE_PAYMENT.has(s))
      return {
        ...base,
        state: 'to-do',
        hint: 'Fees are owed.',
        action: { kind: 'pay', label: READY_TO_PAY.has(s) ? (selfSubmission ? 'Pay' : 'Pay and submit') : 'Pay the fees owed' },
      }
    if (paid && input.paid === null) return { ...base, state: 'waiting', hint: MSG_TASK_PAYMENT_CHECKING }
    // Staff moved the application past payment without one (issue 25): say so, never "Paid" beside no invoice.
    if (paid && input.paid === false && input.feesDueCents === 0) return { ...base, state: 'not-needed', hint: MSG_TASK_PAYMENT_NONE_DUE }
    if (paid && input.paid === false) return { ...base, state: 'recorded', hint: MSG_TASK_PAYMENT_RECORDED_BY_STAFF }
    if (paid) return { ...base, state: 'completed', hint: 'Paid. Your invoices are below.' }
    if (READY_TO_PAY.has(s))
      return {
        ...base,
        state: 'to-do',
        hint: selfSubmission ? 'Pay, then generate the forms.' : 'Pay, and we lodge the application with each regulator.',
        action: { kind: 'pay', label: selfSubmission ? 'Pay' : 'Pay and submit' },
      }
    return { ...base, state: 'cannot-start', hint: 'Finish the application first.' }
  })()

  const permits = ((): Draft => {
    const base = { key: 'permits' as const, title: 'Permits issued' }
    if (input.skillsBasedTC || !input.requiresPermits) return { ...base, state: 'not-needed', hint: 'No state permit is needed.' }
    const allNumbers = input.permitNumberCount > 0 && input.permitNumberCount >= input.requiredPermitCount
    if (allNumbers) return { ...base, state: 'completed', hint: 'Your permit numbers and documents are below.' }
    // Approved before every state's number is recorded: done, and it says what is still to come (the permits list shows "Permit needed" for those).
    if (s === S.approved) return { ...base, state: 'completed', hint: 'Approved. We add each remaining permit number below as the regulator issues it.' }
    if (selfSubmission) {
      if ((s === S.readyGenerate || s === S.readyRegenerate) && paid)
        return {
          ...base,
          state: 'to-do',
          hint: 'Generate the forms, then lodge them with each regulator.',
          action: { kind: 'generate-forms', label: s === S.readyRegenerate ? 'Regenerate the forms' : 'Generate the forms' },
        }
      if (s === S.generated || s === S.regenerated)
        return { ...base, state: 'in-progress', hint: 'Lodge the generated forms with each regulator; each issues the permit.' }
      return { ...base, state: 'cannot-start', hint: 'After payment you generate the forms and lodge them.' }
    }
    if (s === S.submitted || s === S.resubmitted) return { ...base, state: 'waiting', hint: 'With the regulators. We e-mail you when a permit is issued.' }
    if (s === S.awaitingSubmission) return { ...base, state: 'cannot-start', hint: 'We lodge the application once you approve your T&Cs.' }
    return { ...base, state: 'cannot-start', hint: 'We lodge the application once it is paid.' }
  })()

  const terms = ((): Draft => {
    const base = { key: 'terms' as const, title: 'Terms and conditions' }
    if (!input.hasTermsAndConditions)
      return {
        ...base,
        state: 'not-ordered',
        hint: isEditableStatus(s) ? 'You provide your own, or add them with "Modify services and states".' : 'You provide your own.',
      }
    if (input.termsStatus === 'approved') return { ...base, state: 'completed', hint: 'Approved.' }
    if (input.termsStatus === 'awaiting-approval')
      return {
        ...base,
        state: 'to-do',
        hint: 'Your draft is ready: read it and approve it.',
        action: { kind: 'approve-terms', label: 'Review and approve the T&Cs' },
      }
    if (input.termsCanGenerate)
      return { ...base, state: 'to-do', hint: 'Draft them from your application.', action: { kind: 'approve-terms', label: 'Draft the T&Cs' } }
    return { ...base, state: 'cannot-start', hint: 'Drafted from your application once it is complete.' }
  })()

  const draw = ((): Draft => {
    const base = { key: 'draw' as const, title: input.skillsBasedTC ? 'Judging' : 'Prize draw' }
    if (input.skillsBasedTC)
      return {
        ...base,
        state: drawPassed ? 'to-do' : 'cannot-start',
        hint: drawWhen ? `Judge the entries after the promotion ends on ${drawWhen}.` : 'Judge the entries after the promotion ends.',
      }
    if (!input.randomDraw)
      return { ...base, state: 'not-ordered', hint: drawWhen ? `You run the draw on ${drawWhen}.` : 'You run the draw on the final draw date.' }
    if (!paid) return { ...base, state: 'cannot-start', hint: 'Set up once the application is paid.' }
    return {
      ...base,
      state: drawPassed ? 'in-progress' : 'to-do',
      hint: drawWhen ? `We run the draw on ${drawWhen}. Upload the entries before then.` : 'Upload the entries before the draw date.',
      action: { kind: 'open-draw', label: 'Open the random draw' },
    }
  })()

  const winners = ((): Draft => {
    const base = { key: 'winners' as const, title: 'Winners notified' }
    // The hosted winners page (issue 23): before the draw it says when the winners go up. Never the lead action.
    if (input.winnersUrl) {
      const open = { action: { kind: 'open-winners' as const, label: 'Open the winners page' }, mayLead: false }
      if (!drawPassed)
        return {
          ...base,
          ...open,
          state: 'cannot-start',
          hint: drawWhen
            ? `After the draw on ${drawWhen}. The winners page says when they will be published.`
            : 'After the draw. The winners page says when they will be published.',
        }
      return { ...base, ...open, state: 'to-do', hint: 'Tell the winners as your T&Cs say. The winners page publishes them where a permit requires it.' }
    }
    if (!drawPassed)
      return {
        ...base,
        state: 'cannot-start',
        hint: drawWhen ? `After the ${input.skillsBasedTC ? 'judging' : 'draw'} on ${drawWhen}.` : `After the ${input.skillsBasedTC ? 'judging' : 'draw'}.`,
      }
    return { ...base, state: 'to-do', hint: 'Tell the winners as your T&Cs say, and publish their names where a permit requires it.' }
  })()

  const addenda = ((): Draft => {
    const base = { key: 'addenda' as const, title: 'Addenda lodged' }
    if (input.skillsBasedTC || !input.requiresPermits) return { ...base, state: 'not-needed', hint: 'No permit, so no addenda.' }
    if (!drawPassed) return { ...base, state: 'cannot-start', hint: 'After the draw: the winners list and other addenda go to the regulators.' }
    return {
      ...base,
      state: 'to-do',
      hint: 'Lodge the winners list and other addenda the permits ask for.',
      action: { kind: 'lodge-addenda', label: 'Upload the addenda' },
    }
  })()

  const drafts: Draft[] = [application, payment, permits, terms, draw, winners, addenda]
  const lead = drafts.find((t) => t.action && t.mayLead !== false && t.state !== 'completed')
  return drafts.map(({ mayLead: _, ...task }) => ({ ...task, primary: task === lead || (lead !== undefined && task.key === lead.key) }))
}
