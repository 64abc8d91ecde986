/**
 * Skill-based T&Cs as a product of their own (issue 14, decision record 014 "Skill T&C credit
 * options"). The spec gives `skillsBasedTCPaymentOption` and the credit options 150/250/1000
 * (001 §9) without saying what they buy. We read them as prices in dollars: the first equals the
 * list price of game-of-skill T&Cs (000 §9, $150). What a dearer option buys is edit credit: a
 * longer `skillsBasedTCEditWindow`, the period after purchase in which the customer may
 * regenerate or amend the T&Cs themselves.
 */
import { SKILLS_TC_EDIT_WINDOW_DAYS } from '../constants'
import type { RuleSet } from '../rules/rule-sets'
import { selectRuleSet } from '../rules/rule-sets'

export const SKILL_TC_PAYMENT_OPTIONS = ['150', '250', '1000'] as const
export type SkillTcPaymentOption = (typeof SKILL_TC_PAYMENT_OPTIONS)[number]

/** The option a promotion has when none was chosen: the list price. */
export const DEFAULT_SKILL_TC_PAYMENT_OPTION: SkillTcPaymentOption = '150'

export interface SkillTcOptionTerms {
  option: SkillTcPaymentOption
  /** The skill T&C fee line, ex GST, in cents. */
  priceCents: number
  /** skillsBasedTCEditWindow: days after purchase the customer may regenerate or amend. */
  editWindowDays: number
  label: string
}

/** Days of edit credit per option (decision record 014). */
const EDIT_WINDOW_DAYS: Record<SkillTcPaymentOption, number> = { '150': SKILLS_TC_EDIT_WINDOW_DAYS, '250': 90, '1000': 365 }
const LABELS: Record<SkillTcPaymentOption, string> = {
  '150': 'Standard: change your terms for 30 days',
  '250': 'Campaign: change your terms for 90 days',
  '1000': 'Year-round: change your terms for 365 days',
}

export function isSkillTcPaymentOption(value: unknown): value is SkillTcPaymentOption {
  return typeof value === 'string' && (SKILL_TC_PAYMENT_OPTIONS as readonly string[]).includes(value)
}

/** The option's price and edit window. The $150 option is the rule set's skill T&C price. */
export function skillTcOption(option: SkillTcPaymentOption | null | undefined, ruleSet: RuleSet = selectRuleSet(null)): SkillTcOptionTerms {
  const chosen = option ?? DEFAULT_SKILL_TC_PAYMENT_OPTION
  const priceCents = chosen === DEFAULT_SKILL_TC_PAYMENT_OPTION ? ruleSet.fees.provider.termsSkillCents : Number(chosen) * 100
  return { option: chosen, priceCents, editWindowDays: EDIT_WINDOW_DAYS[chosen], label: LABELS[chosen] }
}

/** All options, in the order shown on the payment page. */
export function skillTcOptions(ruleSet: RuleSet = selectRuleSet(null)): SkillTcOptionTerms[] {
  return SKILL_TC_PAYMENT_OPTIONS.map((option) => skillTcOption(option, ruleSet))
}

/** When the edit window closes: the purchase instant plus the option's days. */
export function skillTcEditWindowEnds(purchasedAt: Date, option: SkillTcPaymentOption | null | undefined): Date {
  return new Date(purchasedAt.getTime() + skillTcOption(option).editWindowDays * 86_400_000)
}

/**
 * The option a skill T&C fee line was charged at (the options' prices differ), for describing it
 * on the tax invoice; null when the amount is no option's price (e.g. an older rule set).
 */
export function skillTcOptionForPrice(priceCents: number, ruleSet: RuleSet = selectRuleSet(null)): SkillTcOptionTerms | null {
  return skillTcOptions(ruleSet).find((o) => o.priceCents === priceCents) ?? null
}

/** The tax invoice's description of the skill T&C line: what the option bought. */
export function skillTcInvoiceDescription(priceCents: number): string {
  const option = skillTcOptionForPrice(priceCents)
  return option ? `Terms and conditions (game of skill), ${option.editWindowDays}-day edit window` : 'Terms and conditions (game of skill)'
}
