/** Wire schema of POST /api/promotion/submitSkillsBasedTC (issue 14, decision record 014). */
import { z } from 'zod'
import { SKILL_TC_PAYMENT_OPTIONS } from '../fees/skill-terms'
import { SubmitPermitApplicationResponseSchema, SubmitPermitApplicationSchema } from '../payments/schemas'
import { MSG_TERMS_PAYMENT_OPTION } from './messages'

/** The payment call's fields, with the credit option required: '150', '250' or '1000' (a number is accepted too). */
export const SubmitSkillsBasedTCSchema = SubmitPermitApplicationSchema.extend({
  skillsBasedTCPaymentOption: z.preprocess(
    (value) => (typeof value === 'number' ? String(value) : value),
    z.enum(SKILL_TC_PAYMENT_OPTIONS, { error: MSG_TERMS_PAYMENT_OPTION }),
  ),
})
export type SubmitSkillsBasedTC = z.infer<typeof SubmitSkillsBasedTCSchema>

export const SubmitSkillsBasedTCResponseSchema = SubmitPermitApplicationResponseSchema.extend({
  skillsBasedTCPaymentOption: z.enum(SKILL_TC_PAYMENT_OPTIONS),
  /** Until when the customer may regenerate or amend (null until the payment has cleared). */
  skillsBasedTCEditWindow: z.string().nullable(),
})
