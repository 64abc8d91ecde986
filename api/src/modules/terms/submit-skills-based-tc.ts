/**
 * POST /api/promotion/submitSkillsBasedTC (001 §7, issue 14): the purchase of skill-based T&Cs
 * for a game of skill (no permit), by card or BPAY, with `skillsBasedTCPaymentOption` choosing
 * the credit option 150/250/1000 (decision record 014: the price and the edit window's length).
 *
 * The option is stored on the promotion and its fees recomputed by the shared fee rules (GST
 * once on the provider's subtotal); the charge itself is the payment module's use case, so the
 * purchase is one invoice (a tax invoice), one idempotent gateway charge and one status change
 * through the transition table. Repeating the call after paying answers the same payment. The
 * option cannot change once an invoice exists (paid, awaiting BPAY, or retried after a decline).
 * Choosing the option and paying share one transaction on the locked promotion row, so two
 * concurrent submits cannot invoice one option at another's price.
 */
import { AppError, MSG_SKILL_TC_NOT_SKILL, MSG_SKILL_TC_OPTION_FIXED, type SkillTcPaymentOption, type SubmitSkillsBasedTC } from '@permitdesk/shared'
import type { PromotionRow } from '../../db/schema/promotions'
import { insertChange, type DbOrTx } from '../changelog/changelog.repository'
import { findSubmissionInvoices } from '../payments/payments.repository'
import { submitPermitApplication, type PaymentDeps } from '../payments/submit-permit-application'
import { computeFees } from '../promotions/promotion-fields'
import { pricingRuleSet } from '../rules/pricing-rule-set'
import { updatePromotion, type Owner } from '../promotions/promotions.repository'
import { requirePromotion, skillEditWindow, skillOptionOf } from './terms-access'

/**
 * The step that stores the credit option and its fees on the row the payment use case has locked
 * (one transaction). `forSkillOnly` refuses a promotion that is not a game of skill (the skill
 * purchase call); without it a chance promotion passes through untouched, so
 * `submitPermitApplication` can carry the spec's `skillsBasedTCPaymentOption` for every promotion.
 */
export function chooseSkillOption(actor: Owner, option: SkillTcPaymentOption, { forSkillOnly }: { forSkillOnly: boolean }) {
  return async (tx: DbOrTx, row: PromotionRow): Promise<PromotionRow> => {
    if (row.deleted && !actor.isStaff) throw new AppError('NOT_FOUND')
    if (!row.skillsBasedTC) {
      if (forSkillOnly) throw new AppError('CONFLICT', MSG_SKILL_TC_NOT_SKILL)
      return row
    }
    if (skillOptionOf(row) === option) return row
    if ((await findSubmissionInvoices(tx, row.id)).length > 0) {
      throw new AppError('CONFLICT', MSG_SKILL_TC_OPTION_FIXED, { modelState: { skillsBasedTCPaymentOption: [MSG_SKILL_TC_OPTION_FIXED] } })
    }
    const { fees, requiresPermits } = computeFees({ ...row, skillsTcPaymentOption: option }, await pricingRuleSet(tx, row))
    const after = await updatePromotion(tx, row.id, { skillsTcPaymentOption: option, fees, requiresPermits })
    await insertChange(tx, {
      promotionId: row.id,
      userId: actor.userId,
      entity: 'promotion',
      entityId: row.id,
      action: 'submitSkillsBasedTC',
      changes: {
        skillsBasedTCPaymentOption: { from: row.skillsTcPaymentOption, to: option },
        feeDue_GrandTotal: { from: row.fees.feeDue_GrandTotal, to: fees.feeDue_GrandTotal },
      },
    })
    return after
  }
}

export async function submitSkillsBasedTC(deps: PaymentDeps, actor: Owner, input: SubmitSkillsBasedTC) {
  const option = input.skillsBasedTCPaymentOption
  const paid = await submitPermitApplication(
    deps,
    actor,
    { ...input, skillsBasedTCPaymentOption: option },
    chooseSkillOption(actor, option, { forSkillOnly: true }),
  )
  const row = await requirePromotion(deps.db, actor, input.id)
  const window = await skillEditWindow(deps.db, row, deps.now?.() ?? new Date())
  return { ...paid, skillsBasedTCPaymentOption: option, skillsBasedTCEditWindow: window?.ends ? window.ends.toISOString() : null }
}
