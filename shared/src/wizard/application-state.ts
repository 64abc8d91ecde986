/**
 * What the API derives from a saved application (001 §3): completed sections, completeness, the
 * relevant attachment and compliance-note codes, prize tiers, action-required flags, and the
 * status the save moves the promotion to (001 §4, through the transition table).
 */
import { attachmentRuleInputOf, formatAttachmentCodes, getRelevantAttachmentCodes } from '../attachments/attachment-types'
import { getRelevantComplianceNotes } from '../compliance/compliance-notes'
import type { Clock } from '../dates/calendar'
import { getPrizeTierFlags } from '../permits/prize-tiers'
import { isScrutineerValueExceeded } from '../permits/scrutineer'
import { resolveTransition } from '../status/transitions'
import { getApplicationIssues, getCompletedSections, isApplicationComplete, type PromotionForValidity } from './section-validity'
import type { SectionKey } from './steps'

export interface ApplicationState {
  completedSections: SectionKey[]
  applicationComplete: boolean
  /** 001 §3 attachmentsRelevant: comma list of codes. */
  attachmentsRelevant: string
  /** 001 §3 complianceNotesRelevant: comma list of codes. */
  complianceNotesRelevant: string
  prize251OrMore: boolean
  prize501OrMore: boolean
  prize1001OrMore: boolean
  scrutineerDrawValueExceeded: boolean
  /** Staff flagged fields (checked action fields) or questions still unanswered. */
  isActionRequired: boolean
  /** The slugs of the action fields staff flagged (the wizard highlights them). */
  incompleteActionFields: string[]
  /** Every open issue of the visible sections, keyed by field path like `modelState`. */
  applicationIssues: Record<string, string[]>
}

export function deriveApplicationState(promotion: PromotionForValidity & { requiresPermits?: boolean | null }, clock: Clock): ApplicationState {
  const permit = promotion.permit ?? {}
  const tiers = getPrizeTierFlags(promotion.maxPrizeValue)
  const flagged = (promotion.actionEntry?.actionFields ?? []).filter((f) => f.checked === true).map((f) => f.actionFieldSlug)
  const unanswered = (promotion.actionEntry?.actionQuestions ?? []).some((q) => !q.answer || q.answer.trim() === '')
  const relevantAttachments = getRelevantAttachmentCodes(attachmentRuleInputOf({ ...promotion, permit }))
  return {
    completedSections: getCompletedSections(promotion, clock),
    applicationComplete: isApplicationComplete(promotion, clock),
    attachmentsRelevant: formatAttachmentCodes(relevantAttachments),
    complianceNotesRelevant: formatAttachmentCodes(
      getRelevantComplianceNotes({
        ...promotion,
        ...tiers,
        inducementsOffered: permit.inducementsOffered,
        entryMethodsValue: permit.entryMethodsValue,
        drawMethodsValue: permit.drawMethodsValue,
        scrutineerRequired: permit.scrutineerRequired,
        isComputerDraw: permit.isComputerDraw,
      }),
    ),
    ...tiers,
    scrutineerDrawValueExceeded: isScrutineerValueExceeded({ ...promotion, startDate: permit.startDate ?? promotion.startDate }),
    isActionRequired: flagged.length > 0 || unanswered,
    incompleteActionFields: flagged,
    applicationIssues: getApplicationIssues(promotion, clock),
  }
}

/**
 * The status after a save (001 §4): completing the application readies it, losing completeness
 * takes it back; statuses without such a row in the transition table stay as they are.
 */
export function statusAfterSave(statusId: number, complete: boolean, managedSubmission: boolean | null | undefined): number {
  const result = resolveTransition({
    from: statusId,
    event: complete ? 'APPLICATION_COMPLETED' : 'APPLICATION_INCOMPLETE',
    role: 'system',
    managedSubmission,
  })
  return result.ok ? result.to : statusId
}
