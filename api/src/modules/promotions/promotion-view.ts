/**
 * The wire shape of a promotion (001 §3): stored columns plus the derived display fields, all
 * computed with the shared rules.
 */
import {
  durationString,
  getPermitStatus,
  promotionToWire,
  isSubmittedOrGenerated,
  type PermitStatusView,
  type Promotion,
  type PromotionListItem,
} from '@permitdesk/shared'

export type { PermitStatusView, PromotionListItem }
import { deriveApplicationState } from '@permitdesk/shared'
import type { PromotionRow } from '../../db/schema/promotions'
import { applicationOf } from './application-fields'
import { ausStatesOfRow } from './promotion-fields'

function permitStatusOf(statusId: number): PermitStatusView {
  const s = getPermitStatus(statusId)
  return { id: s.id, name: s.name, slug: s.slug }
}

function flags(row: PromotionRow) {
  const hasTermsAndConditions = row.termsAndConditions || row.abridgedTC || row.hostedTC || row.skillsBasedTC
  const hasRandomDraw = row.randomDraw
  // Ordered on the services step (decision record 020); the draws publish the ACT/SA winners.
  const hasWinnerPublication = row.winnerPublication
  return { hasTermsAndConditions, hasRandomDraw, hasWinnerPublication }
}

/** 001 §3 servicesString: the services bought with the promotion, in words. */
export function servicesStringOf(row: PromotionRow): string {
  const parts: string[] = []
  if (!row.skillsBasedTC) parts.push(row.managedSubmission ? 'Managed permit submission' : 'Self submission')
  if (row.randomDraw) parts.push('Random draw')
  if (row.termsAndConditions) parts.push('Terms and conditions (game of chance)')
  if (row.skillsBasedTC) parts.push('Terms and conditions (game of skill)')
  if (row.abridgedTC) parts.push('Abridged terms and conditions')
  if (row.hostedTC) parts.push('Hosted terms and conditions')
  if (row.winnerPublication) parts.push('Winner publication')
  return parts.join(', ')
}

/** 001 §3 durationString from the permit's start and end dates (inclusive), '' before they are set. */
export function durationStringOf(row: PromotionRow): string {
  const permit = row.permit as { startDate?: string; endDate?: string }
  if (!permit.startDate || !permit.endDate) return ''
  const days = Math.round((Date.parse(`${permit.endDate}T00:00:00Z`) - Date.parse(`${permit.startDate}T00:00:00Z`)) / 86_400_000) + 1
  return days > 0 ? durationString(days) : ''
}

/** A list row as the wire has it (amounts in dollars). */
export function toListItem(row: PromotionRow): PromotionListItem {
  return promotionToWire(listItemOf(row))
}

function listItemOf(row: PromotionRow): PromotionListItem {
  return {
    id: row.id,
    name: row.name,
    permitStatus: permitStatusOf(row.statusId),
    startDate: row.startDate,
    ausStates: ausStatesOfRow(row),
    includeNz: row.includeNz,
    totalPrizeValue: row.totalPrizeValue,
    postSubmissionTotalPrizeValue: row.postSubmissionTotalPrizeValue,
    isSubmittedOrGenerated: isSubmittedOrGenerated(row.statusId),
    managedSubmission: row.managedSubmission,
    skillsBasedTC: row.skillsBasedTC,
    hasTermsAndConditions: flags(row).hasTermsAndConditions,
    archived: row.archived,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export type NotesSummary = { notesCount: number; noteLastDate: string | null; noteLastAction: string | null }

/** GET /api/promotion/get: the whole promotion with its permit (fees on the permit, 001 §3). */
export function toPromotion(row: PromotionRow, notes: NotesSummary): Promotion & { permitApplicant: PromotionRow['applicant']; serviceLineCount: number } {
  const f = flags(row)
  const permitStatus = permitStatusOf(row.statusId)
  const { ruleSetId, licenceFees, ...fees } = row.fees
  const application = applicationOf(row)
  const { completedSections, applicationComplete, ...derived } = deriveApplicationState(application, { now: new Date() })
  const { permit: _permit, ...applicationFields } = application
  // Amounts leave in dollars (DESIGN.md §4): the list fields, prize values and every feeDue_*.
  return promotionToWire({
    ...applicationFields,
    attachments: row.attachments as Promotion['attachments'],
    ...listItemOf(row),
    usingRandomDrawsDotCom: row.usingRandomDrawsDotCom,
    winnersDrawnElectronically: row.winnersDrawnElectronically,
    hasNswAuthority: row.hasNswAuthority,
    hasInstantWinPrizes: row.hasInstantWinPrizes,
    randomDrawMachineApproved: row.randomDrawMachineApproved,
    randomDraw: row.randomDraw,
    termsAndConditions: row.termsAndConditions,
    abridgedTC: row.abridgedTC,
    hostedTC: row.hostedTC,
    winnerPublication: row.winnerPublication,
    requiresPermits: row.requiresPermits,
    lawyerContactRequested: row.lawyerContactRequested,
    ...f,
    serviceLineCount: [f.hasTermsAndConditions, f.hasRandomDraw, f.hasWinnerPublication].filter(Boolean).length,
    servicesString: servicesStringOf(row),
    durationString: durationStringOf(row),
    ...notes,
    ...derived,
    permit: {
      ...row.permit,
      applicant: row.applicant,
      completedSections,
      applicationComplete,
      permitStatus,
      ...fees,
      isSAFeePremium: fees.isSAFeePremium === true,
      isSAElectronicSubmissionOnly: fees.isSAElectronicSubmissionOnly ?? (row.stateSa && !row.skillsBasedTC && !fees.isSAIncludedButNotRequired),
      feeRuleSetId: ruleSetId,
      // The licence fees it was priced at, also when the customer pays them to the regulators (issue 25).
      ...(licenceFees ? { licenceFee_NSW: licenceFees.nsw, licenceFee_ACT: licenceFees.act, licenceFee_SA: licenceFees.sa } : {}),
    },
    permitApplicant: row.applicant,
    versionNumber: row.version,
    // documentFileName: the permit document staff uploaded with the number, now the customer's upload (issue 25).
    permitNumbers: Object.entries(row.permitNumbers ?? {}).map(([state, p]) => ({
      state,
      number: p.number,
      approvalDate: p.approvalDate,
      expiryDate: p.expiryDate,
      documentFileName: p.fileName ?? null,
    })),
  })
}

export type PromotionView = ReturnType<typeof toPromotion>
