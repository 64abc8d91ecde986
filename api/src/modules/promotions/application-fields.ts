/**
 * The mapping between the permit application on the wire (`PermitSaveSchema`, 001 §3) and the
 * promotion row: `permit` (the permit body), `applicant` (with its contact), `details` (the
 * promotion-level answers) and `attachments`.
 */
import { AppError, type ActionEntry, type PermitSave, type PromotionForValidity } from '@permitdesk/shared'
import type { PromotionRow } from '../../db/schema/promotions'
import { ausStatesOfRow } from './promotion-fields'

/** Promotion-level answers stored in `details`. The customer writes these with every save. */
export const CUSTOMER_DETAIL_KEYS = [
  'prizeValueACT',
  'prizeValueNSW',
  'prizeValueSA',
  'prizeValueVIC',
  'prizeValueQLD',
  'prizeValueTAS',
  'prizeValueWA',
  'prizeValueNT',
  'prizeQuantityTotal',
  'prizeDescription',
  'prizeCategoriesValue',
  'prizeCategoriesOther',
  'maxPrizeValue',
  'prizePublicationACT',
  'prizePublicationDateACT',
  'letterOfAuthorityReused',
] as const satisfies readonly (keyof PermitSave)[]

/** Set by staff (the manual attachment list); a customer's save keeps what is stored. */
export const STAFF_DETAIL_KEYS = ['attachmentsManualOverride', 'attachmentsManuallyRequired'] as const satisfies readonly (keyof PermitSave)[]

export type StoredDetails = Partial<Pick<PermitSave, (typeof CUSTOMER_DETAIL_KEYS)[number] | (typeof STAFF_DETAIL_KEYS)[number] | 'actionEntry'>>

/** The application as the shared validity rules read it, from a row. */
export function applicationOf(row: PromotionRow): PromotionForValidity & { requiresPermits: boolean } {
  const details = row.details as StoredDetails
  return {
    id: row.id,
    name: row.name,
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    // 001 §3: after submission the post-submission value is the one that counts.
    totalPrizeValue: row.postSubmissionTotalPrizeValue ?? row.totalPrizeValue,
    managedSubmission: row.managedSubmission,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    winnerPublication: row.winnerPublication,
    skillsBasedTC: row.skillsBasedTC,
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    requiresPermits: row.requiresPermits,
    ...details,
    attachments: row.attachments as PermitSave['attachments'],
    permit: { ...(row.permit as PermitSave['permit']), applicant: (row.applicant ?? null) as PermitSave['permit']['applicant'] },
  }
}

/**
 * Merges a customer's action-entry answers into what staff set: the fields and questions are
 * staff's; the customer only answers the questions (matched by position and wording).
 */
export function mergeActionAnswers(stored: ActionEntry | null | undefined, sent: ActionEntry | null | undefined): ActionEntry | undefined {
  if (!stored) return undefined
  const answers = sent?.actionQuestions ?? []
  return {
    actionFields: stored.actionFields,
    actionQuestions: stored.actionQuestions.map((q, index) => {
      const answer = answers[index]
      return answer && answer.question === q.question ? { ...q, answer: answer.answer ?? null } : q
    }),
  }
}

/** A promotion id from the wire (a number or its digits); anything else is a promotion that does not exist. */
export function promotionIdOf(id: number | string | null | undefined): number {
  const value = typeof id === 'number' ? id : /^\d{1,9}$/.test(String(id ?? '').trim()) ? Number(String(id).trim()) : NaN
  if (!Number.isSafeInteger(value) || value <= 0) throw new AppError('NOT_FOUND')
  return value
}
