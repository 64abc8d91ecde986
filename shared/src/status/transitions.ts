/**
 * The permit status machine: ONE table keyed by (from, event) with the roles allowed
 * (STYLE.md "The status machine is a table…"). Screens show the events `availableEvents` allows;
 * the API calls `requireTransition` in the transaction that writes the new status.
 *
 * Stated by the spec (001 §4): beginning an amendment → amendments in progress; card submit moves
 * forward; BPAY submit → pending payment clearance, after which payment can be completed by
 * card; admin can force any status other than the current one; admin approves BPAY payments and
 * promotions. The spec does not give the card-submit targets nor the full order: we use
 * ready-submission → submitted (awaiting submission while bought T&Cs await approval),
 * ready-resubmission → resubmitted; self submission stays ready for (re)generation once paid and
 * GENERATE_FORMS moves it to generated / regenerated (issue 12, docs/decisions/012); after BPAY
 * clearance the same places. Completing the application (system) moves incomplete to ready-submission
 * (managed) or ready-generate (self submission), and back when it becomes incomplete.
 */
import { AppError } from '../errors'
import { MSG_TRANSITION_FORBIDDEN, MSG_TRANSITION_NOT_ALLOWED } from '../messages'
import { getPermitStatus, PERMIT_STATUS_IDS as S, PERMIT_STATUSES, type PermitStatusId } from './statuses'

export type Role = 'customer' | 'admin' | 'system'

export const PERMIT_EVENTS = [
  'BEGIN_AMENDMENT',
  'SUBMIT_CARD',
  'SUBMIT_BPAY',
  'PAY_CARD_AFTER_BPAY',
  'APPROVE_BPAY_PAYMENT',
  'APPROVE_PROMOTION',
  'ADMIN_FORCE',
  'APPLICATION_COMPLETED',
  'APPLICATION_INCOMPLETE',
  'GENERATE_FORMS',
  'APPROVE_TERMS',
] as const
export type PermitEvent = (typeof PERMIT_EVENTS)[number]

export interface TransitionContext {
  /** Permit submission managed by the provider (default true). */
  managedSubmission?: boolean | null
  /**
   * T&Cs were bought with the application and are not approved yet (issue 12): a paid managed
   * submission waits in "Awaiting submission" (staff: awaiting T&Cs approval) until they are.
   */
  termsAwaitingApproval?: boolean | null
  /** The payment is for a resubmission (an earlier submission was paid): BPAY clearance leads back to it. */
  resubmission?: boolean | null
}

export type TransitionTarget = PermitStatusId | ((ctx: TransitionContext) => PermitStatusId) | 'ANY_OTHER'

export interface Transition {
  from: PermitStatusId | '*'
  event: PermitEvent
  to: TransitionTarget
  roles: readonly Role[]
}

const OWNER_OR_ADMIN: readonly Role[] = ['customer', 'admin']
const ADMIN: readonly Role[] = ['admin']
const SYSTEM: readonly Role[] = ['system']
/**
 * After a BPAY payment clears (or is paid by card instead): self submission is back where the
 * forms can be generated (issue 12); managed submission is submitted (or resubmitted), unless
 * bought T&Cs still await approval.
 */
const afterPayment = (ctx: TransitionContext): PermitStatusId => {
  if (ctx.managedSubmission === false) return ctx.resubmission === true ? S.readyRegenerate : S.readyGenerate
  if (ctx.termsAwaitingApproval === true) return S.awaitingSubmission
  return ctx.resubmission === true ? S.resubmitted : S.submitted
}
/** Managed submission paid by card: submitted, unless bought T&Cs still await approval (status 15). */
const submittedUnlessTermsAwait = (ctx: TransitionContext): PermitStatusId => (ctx.termsAwaitingApproval === true ? S.awaitingSubmission : S.submitted)
const readyAgainFor = (ctx: TransitionContext): PermitStatusId => (ctx.managedSubmission === false ? S.readyRegenerate : S.readyResubmission)
const readyFor = (ctx: TransitionContext): PermitStatusId => (ctx.managedSubmission === false ? S.readyGenerate : S.readySubmission)

/** The transition table. One row per (from, event). */
export const PERMIT_TRANSITIONS: readonly Transition[] = [
  // 001 §2/§4: opening a submitted/generated permit begins an amendment
  { from: S.submitted, event: 'BEGIN_AMENDMENT', to: S.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: S.resubmitted, event: 'BEGIN_AMENDMENT', to: S.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: S.generated, event: 'BEGIN_AMENDMENT', to: S.amendmentsInProgress, roles: OWNER_OR_ADMIN },
  { from: S.regenerated, event: 'BEGIN_AMENDMENT', to: S.amendmentsInProgress, roles: OWNER_OR_ADMIN },

  // 001 §4: submitting with a card moves the promotion forward
  { from: S.readySubmission, event: 'SUBMIT_CARD', to: submittedUnlessTermsAwait, roles: OWNER_OR_ADMIN },
  { from: S.readyResubmission, event: 'SUBMIT_CARD', to: S.resubmitted, roles: OWNER_OR_ADMIN },
  // Self submission (issue 12): paying keeps the forms ready; generatePermitApplication generates them.
  { from: S.readyGenerate, event: 'SUBMIT_CARD', to: S.readyGenerate, roles: OWNER_OR_ADMIN },
  { from: S.readyRegenerate, event: 'SUBMIT_CARD', to: S.readyRegenerate, roles: OWNER_OR_ADMIN },

  // 001 §4: with BPAY it waits in pending payment clearance
  { from: S.readySubmission, event: 'SUBMIT_BPAY', to: S.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: S.readyResubmission, event: 'SUBMIT_BPAY', to: S.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: S.readyGenerate, event: 'SUBMIT_BPAY', to: S.pendingPaymentClearance, roles: OWNER_OR_ADMIN },
  { from: S.readyRegenerate, event: 'SUBMIT_BPAY', to: S.pendingPaymentClearance, roles: OWNER_OR_ADMIN },

  // 001 §4: after that, payment can be completed by card, or staff approve the BPAY payment
  { from: S.pendingPaymentClearance, event: 'PAY_CARD_AFTER_BPAY', to: afterPayment, roles: OWNER_OR_ADMIN },
  { from: S.pendingPaymentClearance, event: 'APPROVE_BPAY_PAYMENT', to: afterPayment, roles: ADMIN },

  // 001 §4/§6: staff approve a promotion
  { from: S.submitted, event: 'APPROVE_PROMOTION', to: S.approved, roles: ADMIN },
  { from: S.resubmitted, event: 'APPROVE_PROMOTION', to: S.approved, roles: ADMIN },

  // 001 §4: an administrator can force any status other than the current one
  { from: '*', event: 'ADMIN_FORCE', to: 'ANY_OTHER', roles: ADMIN },

  // Derived by the save use case from the section validity
  { from: S.incomplete, event: 'APPLICATION_COMPLETED', to: readyFor, roles: SYSTEM },
  { from: S.readySubmission, event: 'APPLICATION_INCOMPLETE', to: S.incomplete, roles: SYSTEM },
  { from: S.readyGenerate, event: 'APPLICATION_INCOMPLETE', to: S.incomplete, roles: SYSTEM },
  // After feedback or an amendment, completing it again readies a resubmission (or regeneration).
  { from: S.actionRequired, event: 'APPLICATION_COMPLETED', to: readyAgainFor, roles: SYSTEM },
  { from: S.amendmentsInProgress, event: 'APPLICATION_COMPLETED', to: readyAgainFor, roles: SYSTEM },
  { from: S.readyResubmission, event: 'APPLICATION_INCOMPLETE', to: S.amendmentsInProgress, roles: SYSTEM },
  { from: S.readyRegenerate, event: 'APPLICATION_INCOMPLETE', to: S.amendmentsInProgress, roles: SYSTEM },

  // Issue 12: self submission, once paid, generates its forms (and regenerates them after an amendment).
  { from: S.readyGenerate, event: 'GENERATE_FORMS', to: S.generated, roles: OWNER_OR_ADMIN },
  { from: S.readyRegenerate, event: 'GENERATE_FORMS', to: S.regenerated, roles: OWNER_OR_ADMIN },
  // Issue 14: approving the T&Cs moves a paid promotion out of "Awaiting submission" (15) into
  // submission (managed); a self submission goes back to where its forms are generated.
  { from: S.awaitingSubmission, event: 'APPROVE_TERMS', to: (ctx) => (ctx.managedSubmission === false ? S.readyGenerate : S.submitted), roles: OWNER_OR_ADMIN },
]

const TABLE = new Map<string, Transition>(PERMIT_TRANSITIONS.map((t) => [`${t.from}:${t.event}`, t]))

/** The row for (from, event): the exact row, else a wildcard row. */
export function findTransition(from: number, event: PermitEvent): Transition | undefined {
  return TABLE.get(`${from}:${event}`) ?? TABLE.get(`*:${event}`)
}

export interface TransitionRequest extends TransitionContext {
  from: number
  event: PermitEvent
  role: Role
  /** Target status for ADMIN_FORCE. */
  to?: number
}

export type TransitionResult = { ok: true; to: PermitStatusId } | { ok: false; reason: 'NOT_ALLOWED' | 'FORBIDDEN' }

/** Whether the transition is legal and for whom; the target status when it is. */
export function resolveTransition(request: TransitionRequest): TransitionResult {
  const row = findTransition(request.from, request.event)
  if (!row) return { ok: false, reason: 'NOT_ALLOWED' }
  // 'system' may do anything a row allows it; customers and admins only their roles.
  if (!row.roles.includes(request.role)) return { ok: false, reason: 'FORBIDDEN' }
  getPermitStatus(request.from)
  if (row.to === 'ANY_OTHER') {
    if (request.to === undefined || request.to === request.from || !PERMIT_STATUSES.some((s) => s.id === request.to)) {
      return { ok: false, reason: 'NOT_ALLOWED' }
    }
    return { ok: true, to: request.to as PermitStatusId }
  }
  return { ok: true, to: typeof row.to === 'function' ? row.to(request) : row.to }
}

/** Like {@link resolveTransition} but throws AppError CONFLICT (illegal) or FORBIDDEN (wrong role). */
export function requireTransition(request: TransitionRequest): PermitStatusId {
  const result = resolveTransition(request)
  if (result.ok) return result.to
  if (result.reason === 'FORBIDDEN') throw new AppError('FORBIDDEN', MSG_TRANSITION_FORBIDDEN)
  throw new AppError('CONFLICT', MSG_TRANSITION_NOT_ALLOWED, {
    internalMessage: `No transition ${request.event} from status ${request.from}${request.to === undefined ? '' : ` to ${request.to}`}`,
  })
}

/** The events a role may fire from a status (for showing actions). */
export function availableEvents(from: number, role: Role): PermitEvent[] {
  return PERMIT_EVENTS.filter((event) => {
    const row = findTransition(from, event)
    return !!row && row.roles.includes(role)
  })
}

/** 001 §4: the statuses an admin may force from the current one (any other). */
export function forceableStatuses(from: number): PermitStatusId[] {
  return PERMIT_STATUSES.filter((s) => s.id !== from).map((s) => s.id as PermitStatusId)
}
