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
import { mobileStatusLabel } from '../format/labels';

export type StatusColour = 'info' | 'warning' | 'danger' | 'success' | 'default';

export interface PermitStatus {
  id: number;
  name: string;
  slug: string;
  /** Name in the staff area, when different. */
  adminName?: string;
  colour: StatusColour;
  editable: boolean;
  startsAmendment: boolean;
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
} as const;

export type PermitStatusId = (typeof PERMIT_STATUS_IDS)[keyof typeof PERMIT_STATUS_IDS];

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
];

const BY_ID = new Map(PERMIT_STATUSES.map((s) => [s.id, s]));
const BY_SLUG = new Map(PERMIT_STATUSES.map((s) => [s.slug, s]));

export function isPermitStatusId(id: unknown): id is PermitStatusId {
  return typeof id === 'number' && BY_ID.has(id);
}

/** The status with this id; throws for an unknown id. */
export function getPermitStatus(id: number): PermitStatus {
  const status = BY_ID.get(id);
  if (!status) throw new RangeError(`Unknown permit status id ${id}`);
  return status;
}

export function findPermitStatusBySlug(slug: string): PermitStatus | undefined {
  return BY_SLUG.get(slug);
}

/** 001 §4 display colour. */
export function statusColour(id: number): StatusColour {
  return getPermitStatus(id).colour;
}

/** 001 §2: the promotion title opens the permit editor for editable statuses. */
export function isEditableStatus(id: number): boolean {
  return getPermitStatus(id).editable;
}

/** 001 §2: for submitted, resubmitted, generated and regenerated, opening starts an amendment. */
export function startsAmendment(id: number): boolean {
  return getPermitStatus(id).startsAmendment;
}

/**
 * 001 §3 isSubmittedOrGenerated: statuses reached once the application has been submitted or
 * generated at least once (the post-submission prize value is shown from then on). Our reading:
 * submitted, generated, the feedback loop after them, approval and amendments.
 */
export const SUBMITTED_OR_GENERATED_STATUS_IDS: readonly PermitStatusId[] = [4, 5, 6, 7, 8, 10, 11, 13, 14];

export function isSubmittedOrGenerated(id: number): boolean {
  return (SUBMITTED_OR_GENERATED_STATUS_IDS as readonly number[]).includes(id);
}

/** 001 §2: the mobile status label for a status id. */
export function mobileStatusLabelFor(id: number, hasTermsAndConditions: boolean): string {
  return mobileStatusLabel(getPermitStatus(id), hasTermsAndConditions);
}

/** Status name as shown in the staff area (001 §4: status 15 reads "awaiting T&Cs approval" there). */
export function adminStatusName(id: number): string {
  const status = getPermitStatus(id);
  return status.adminName ?? status.name;
}
