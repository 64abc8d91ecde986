import {
  AppError,
  deriveApplicationState,
  isEditableStatus,
  isSubmittedOrGenerated,
  MSG_PROMOTION_FIXED_AFTER_SUBMISSION,
  MSG_PROMOTION_NOT_MODIFIABLE,
  type PromotionModify,
  type PromotionModifySkillsBased,
  statusAfterSave,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { PromotionRow } from '../../db/schema/promotions'
import { diffFields, insertChange } from '../changelog/changelog.repository'
import { pricingRuleSet } from '../rules/pricing-rule-set'
import { applicationOf } from './application-fields'
import { computeFees, formColumns, type PromotionFormColumns } from './promotion-fields'
import { findPromotion, updatePromotion, type Owner } from './promotions.repository'
import { publishEvent } from '../../events/events'
import type { PromotionChecks } from './promotion-checks'

export type PromotionModifyInput = PromotionModify | PromotionModifySkillsBased

/** What is fixed once the application has been submitted or generated: the permits were lodged for these. */
const FIXED_AFTER_SUBMISSION = [
  'stateAct',
  'stateNsw',
  'stateSa',
  'stateVic',
  'stateNt',
  'stateWa',
  'stateQld',
  'stateTas',
  'includeNz',
  'managedSubmission',
  'skillsBasedTC',
] as const

/**
 * POST /api/promotion/modify (001 §2): services and states of an existing promotion; fees
 * recomputed. The skills-based form (no quiz, sets skillsBasedTC) is chosen by
 * `skillsBasedTC: true` in the body. Refused when the status is not editable (submitted,
 * generated, approved, …: begin an amendment first); once submitted or generated, the states,
 * New Zealand, the submission method and the kind are fixed and a changed total prize value is
 * recorded as the post-submission value.
 */
export async function modifyPromotion(db: Db, owner: Owner, body: PromotionModifyInput, checks: PromotionChecks): Promise<{ id: number }> {
  const { id, ...input } = body
  const promotionId = Number(id)
  if (!Number.isInteger(promotionId) || promotionId <= 0) throw new AppError('NOT_FOUND')

  return db.transaction(async (tx) => {
    const before = await findPromotion(tx, owner, promotionId, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    if (!isEditableStatus(before.statusId)) throw new AppError('CONFLICT', MSG_PROMOTION_NOT_MODIFIABLE, { modelState: { '': [MSG_PROMOTION_NOT_MODIFIABLE] } })
    // Issue 14: a bought skill-based promotion is amended only inside its skillsBasedTCEditWindow.
    await checks.assertAmendable(tx, owner, before, new Date())

    const columns: PromotionFormColumns & { postSubmissionTotalPrizeValue?: number | null } = formColumns(input)
    // The application's draw step answers usingRandomDrawsDotCom (issue 25); the form does not show it, so it is kept,
    // unless the form now orders our draw (we run it) or makes it a game of skill.
    const sent = 'usingRandomDrawsDotCom' in input ? input.usingRandomDrawsDotCom : undefined
    columns.usingRandomDrawsDotCom = columns.randomDraw || columns.skillsBasedTC ? null : (sent ?? before.usingRandomDrawsDotCom)
    if (isSubmittedOrGenerated(before.statusId)) {
      const changed = FIXED_AFTER_SUBMISSION.filter((key) => columns[key] !== before[key])
      if (changed.length > 0) {
        throw new AppError('CONFLICT', MSG_PROMOTION_FIXED_AFTER_SUBMISSION, {
          modelState: Object.fromEntries(changed.map((key) => [key.startsWith('state') ? 'ausStates' : key, [MSG_PROMOTION_FIXED_AFTER_SUBMISSION]])),
        })
      }
      // 001 §3: after submission the post-submission value is the one shown and charged on.
      columns.postSubmissionTotalPrizeValue = columns.totalPrizeValue
      columns.totalPrizeValue = before.totalPrizeValue
    }
    const { fees, requiresPermits } = computeFees(
      {
        ...columns,
        skillsTcPaymentOption: before.skillsTcPaymentOption,
        postSubmissionTotalPrizeValue: columns.postSubmissionTotalPrizeValue ?? before.postSubmissionTotalPrizeValue,
        details: before.details,
      },
      await pricingRuleSet(tx, before),
    )
    // Issue 22: completeness is derived again with the wizard's rules (a state or question gained and not answered yet takes a ready application back).
    const state = deriveApplicationState(applicationOf({ ...before, ...columns, fees, requiresPermits }), { now: new Date() })
    const statusId = statusAfterSave(before.statusId, state.applicationComplete, columns.managedSubmission ?? before.managedSubmission)
    const after = await updatePromotion(tx, before.id, { ...columns, fees, requiresPermits, statusId })
    // Issue 22: an unpaid invoice priced before this change is cancelled; the next payment invoices the new fees.
    await checks.cancelStaleInvoices(tx, after, owner.userId)
    // Dates or states may have moved: the reminder worker re-plans on this event.
    await publishEvent(tx, 'promotion.saved', { promotionId: after.id, statusId: after.statusId })
    const changes = diffFields(pick(before), pick(after))
    await insertChange(tx, { promotionId: before.id, userId: owner.userId, entity: 'promotion', entityId: before.id, action: 'modify', changes })
    return { id: before.id }
  })
}

function pick(row: PromotionRow): Record<string, unknown> {
  const { id: _id, userId: _u, createdAt: _c, updatedAt: _up, version: _v, permit: _p, applicant: _a, fees, ...rest } = row
  return { ...rest, feeDue_GrandTotal: fees.feeDue_GrandTotal }
}
