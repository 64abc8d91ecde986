/**
 * Scrutineer rules (001 §5): the scrutineer question is required when the NSW prize value is
 * above $10,000 ("10001 or more") or the SA value is $30,000 or more, and a drawn method is
 * chosen. With money in cents, "10001 or more" is read as "more than $10,000.00".
 */
import { selectRuleSet, type RuleSet } from '../rules/rule-sets'
import { isStateSelected, type AusStatesInput } from '../states'
import { hasDrawnMethod } from './options'

export interface ScrutineerInput {
  ausStates?: AusStatesInput | null
  totalPrizeValue?: number | null
  /** Per-state prize values (cents); the total is used when a state's value is not set. */
  prizeValueNSW?: number | null
  prizeValueSA?: number | null
  drawMethodsValue?: number | null
  skillsBasedTC?: boolean | null
  startDate?: string | Date | null
}

/** Whether the value alone reaches a scrutineer threshold (before looking at the draw method). */
export function isScrutineerValueExceeded(input: ScrutineerInput, ruleSet: RuleSet = selectRuleSet(input.startDate)): boolean {
  if (input.skillsBasedTC) return false
  const t = ruleSet.thresholds
  const total = input.totalPrizeValue ?? 0
  const nsw = isStateSelected(input.ausStates, 'nsw') && (input.prizeValueNSW ?? total) > t.nswScrutineerAboveCents
  const sa = isStateSelected(input.ausStates, 'sa') && (input.prizeValueSA ?? total) >= t.saScrutineerFromCents
  return nsw || sa
}

/** 001 §5: the scrutineer question is shown and required. */
export function isScrutineerQuestionRequired(input: ScrutineerInput, ruleSet: RuleSet = selectRuleSet(input.startDate)): boolean {
  return isScrutineerValueExceeded(input, ruleSet) && hasDrawnMethod(input.drawMethodsValue)
}
