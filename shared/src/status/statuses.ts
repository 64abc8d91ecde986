/**
 * The 15 permit statuses (001 §4 "Permit statuses"), with display colour, whether the permit is
 * editable, and whether opening it starts an amendment.
 *
 * Not shown by the spec, decided here:
 * - slugs of 12 and 15: `locked` and `awaiting-submission`;
 * - which statuses are editable: those where the customer is still preparing the application
 *   (incomplete, ready-*, action-required, amendments-in-progress). Submitted/generated ones
 *   start an amendment instead (001 §2); approved, pending payment, locked and awaiting T&Cs
 *   approval are read-only.
 */
import { mobileStatusLabel } from '../format/labels'

export type StatusColour = 'info' | 'warning' | 'danger' | 'success' | 'default'

export interface PermitStatus {
  id: number
  name: string
  slug: string
  /** Name in the staff area, when different. */
  adminName?: string
  colour: StatusColour
  editable: boolean
  startsAmendment: boolean
}

/**
 * One status vocabulary (issue 25, STYLE.md "Screens"): the customer's words, the staff's words
 * and a one-line "what happens next" for each status. The spec's `name` stays on the wire (the
 * spec's client reads it); every screen, e-mail and PDF shows these words instead, so a promoter
 * never meets a status phrased for the back office.
 */
export interface StatusWords {
  /** What the promoter sees (dashboard, My Promotions, e-mails, PDFs). */
  customer: string
  /** What staff see in the console and in statistics. */
  staff: string
  /** One sentence for the promoter: what happens now and who acts next. */
  next: string
}

export const STATUS_WORDS: Readonly<Record<PermitStatusId, StatusWords>> = {
  1: {
    customer: 'Application in progress',
    staff: 'Incomplete',
    next: 'Finish each step of the application; then you can pay and submit it.',
  },
  2: {
    customer: 'Ready to pay and submit',
    staff: 'Ready for submission',
    next: 'Check the application, then pay and submit it: we lodge it with each regulator.',
  },
  3: {
    customer: 'Ready to pay and generate the forms',
    staff: 'Forms ready for generation',
    next: 'Pay, then generate the permit forms and lodge them with each regulator yourself.',
  },
  4: {
    customer: 'Submitted: waiting for the regulators',
    staff: 'Submitted and awaiting feedback',
    next: 'We have lodged your application. We will e-mail you when a regulator replies or issues a permit.',
  },
  5: {
    customer: 'Permit forms generated',
    staff: 'Generated',
    next: 'Download the permit forms and lodge them with each regulator.',
  },
  6: {
    customer: 'Action required',
    staff: 'Action required',
    next: 'We need more from you: open the application and answer the highlighted items, then resubmit.',
  },
  7: {
    customer: 'Ready to resubmit',
    staff: 'Ready for resubmission',
    next: 'Check your changes, then resubmit the application.',
  },
  8: {
    customer: 'Approved',
    staff: 'Approved',
    // Approved is not yet every permit issued: each state's number comes as its regulator issues it.
    next: 'Your application is approved. Each permit appears on this page with its number as its regulator issues it. Run the promotion as approved and lodge any addenda after the draw.',
  },
  9: {
    customer: 'Waiting for your BPAY payment',
    staff: 'Pending payment clearance',
    next: 'Pay the BPAY invoice; we go ahead once the payment clears. You can pay by card instead to go ahead now.',
  },
  10: {
    customer: 'Ready to regenerate the forms',
    staff: 'Forms ready for regeneration',
    next: 'Generate the permit forms again so that they include your changes.',
  },
  11: {
    customer: 'Permit forms regenerated',
    staff: 'Regenerated',
    next: 'Download the new permit forms and lodge them with each regulator.',
  },
  12: {
    customer: 'Locked while our team works on it',
    staff: 'Locked by administrator',
    next: 'Our team is working on this application. Contact us if you need to change something.',
  },
  13: {
    customer: 'Resubmitted: waiting for the regulators',
    staff: 'Resubmitted and awaiting feedback',
    next: 'We have lodged your changes. We will e-mail you when a regulator replies.',
  },
  14: {
    customer: 'Amendment in progress',
    staff: 'Amendments in progress',
    next: 'Finish your changes to the application; then resubmit it.',
  },
  15: {
    customer: 'Paid: approve your T&Cs to go ahead',
    staff: 'Awaiting T&Cs approval',
    next: 'Your payment is received. Approve your terms and conditions on this page and the application goes ahead.',
  },
}

export const PERMIT_STATUS_IDS = {
  incomplete: 1,
  readySubmission: 2,
  readyGenerate: 3,
  submitted: 4,
  generated: 5,
  actionRequired: 6,
  readyResubmission: 7,
  approved: 8,
  pendingPaymentClearance: 9,
  readyRegenerate: 10,
  regenerated: 11,
  locked: 12,
  resubmitted: 13,
  amendmentsInProgress: 14,
  awaitingSubmission: 15,
} as const

export type PermitStatusId = (typeof PERMIT_STATUS_IDS)[keyof typeof PERMIT_STATUS_IDS]

export const PERMIT_STATUSES: readonly PermitStatus[] = [
  { id: 1, name: 'Incomplete', slug: 'incomplete', colour: 'default', editable: true, startsAmendment: false },
  { id: 2, name: 'Ready for submission', slug: 'ready-submission', colour: 'info', editable: true, startsAmendment: false },
  { id: 3, name: 'Forms ready for generation', slug: 'ready-generate', colour: 'info', editable: true, startsAmendment: false },
  { id: 4, name: 'Submitted and awaiting feedback', slug: 'submitted', colour: 'warning', editable: false, startsAmendment: true },
  { id: 5, name: 'Generated', slug: 'generated', colour: 'warning', editable: false, startsAmendment: true },
  { id: 6, name: 'Action required', slug: 'action-required', colour: 'danger', editable: true, startsAmendment: false },
  { id: 7, name: 'Ready for resubmission', slug: 'ready-resubmission', colour: 'info', editable: true, startsAmendment: false },
  { id: 8, name: 'Approved', slug: 'approved', colour: 'success', editable: false, startsAmendment: false },
  { id: 9, name: 'Pending payment clearance', slug: 'pending-payment-clearance', colour: 'default', editable: false, startsAmendment: false },
  { id: 10, name: 'Forms ready for regeneration', slug: 'ready-regenerate', colour: 'info', editable: true, startsAmendment: false },
  { id: 11, name: 'Regenerated', slug: 'regenerated', colour: 'warning', editable: false, startsAmendment: true },
  { id: 12, name: 'Locked by administrator', slug: 'locked', colour: 'default', editable: false, startsAmendment: false },
  { id: 13, name: 'Resubmitted and awaiting feedback', slug: 'resubmitted', colour: 'warning', editable: false, startsAmendment: true },
  { id: 14, name: 'Amendments in progress', slug: 'amendments-in-progress', colour: 'warning', editable: true, startsAmendment: false },
  {
    id: 15,
    name: 'Awaiting submission',
    adminName: 'Awaiting T&Cs approval',
    slug: 'awaiting-submission',
    colour: 'default',
    editable: false,
    startsAmendment: false,
  },
]

const BY_ID = new Map(PERMIT_STATUSES.map((s) => [s.id, s]))
const BY_SLUG = new Map(PERMIT_STATUSES.map((s) => [s.slug, s]))

export function isPermitStatusId(id: unknown): id is PermitStatusId {
  return typeof id === 'number' && BY_ID.has(id)
}

/** The status with this id; throws for an unknown id. */
export function getPermitStatus(id: number): PermitStatus {
  const status = BY_ID.get(id)
  if (!status) throw new RangeError(`Unknown permit status id ${id}`)
  return status
}

export function findPermitStatusBySlug(slug: string): PermitStatus | undefined {
  return BY_SLUG.get(slug)
}

/** 001 §4 display colour. */
export function statusColour(id: number): StatusColour {
  return getPermitStatus(id).colour
}

/** 001 §2: the promotion title opens the permit editor for editable statuses. */
export function isEditableStatus(id: number): boolean {
  return getPermitStatus(id).editable
}

/** 001 §2: for submitted, resubmitted, generated and regenerated, opening starts an amendment. */
export function startsAmendment(id: number): boolean {
  return getPermitStatus(id).startsAmendment
}

/**
 * 001 §3 isSubmittedOrGenerated: statuses reached once the application has been submitted or
 * generated at least once (the post-submission prize value is shown from then on). Our reading:
 * submitted, generated, the feedback loop after them, approval and amendments.
 */
export const SUBMITTED_OR_GENERATED_STATUS_IDS: readonly PermitStatusId[] = [4, 5, 6, 7, 8, 10, 11, 13, 14]

export function isSubmittedOrGenerated(id: number): boolean {
  return (SUBMITTED_OR_GENERATED_STATUS_IDS as readonly number[]).includes(id)
}

/** 001 §2: the mobile status label for a status id (the spec's rule applied to the customer's words). */
export function mobileStatusLabelFor(id: number, hasTermsAndConditions: boolean): string {
  const status = getPermitStatus(id)
  return mobileStatusLabel({ name: customerStatusName(id), slug: status.slug }, hasTermsAndConditions)
}

/** The words for a status; throws for an unknown id. */
export function statusWords(id: number): StatusWords {
  return STATUS_WORDS[getPermitStatus(id).id as PermitStatusId]
}

/** The status as the promoter reads it. */
export function customerStatusName(id: number): string {
  return statusWords(id).customer
}

/** What happens next, in one sentence for the promoter. */
export function statusNextStep(id: number): string {
  return statusWords(id).next
}

/** Status name as shown in the staff area (001 §4: status 15 reads "awaiting T&Cs approval" there). */
export function adminStatusName(id: number): string {
  return statusWords(id).staff
}
