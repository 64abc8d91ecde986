import {
  AppError,
  applyFigureChanges,
  calculateFees,
  centsToDollars,
  findRuleSet,
  MSG_RULE_SET_BASE_UNKNOWN,
  MSG_RULE_SET_EFFECTIVE_PAST,
  MSG_RULE_SET_FIGURE_INVALID,
  MSG_RULE_SET_ID_TAKEN,
  RULE_SET_CATALOGUE,
  ruleSetInForce,
  toRuleSetView,
  type RuleSet,
  type RuleSetDraft,
} from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { feeInputOf } from '../promotions/promotion-fields'
import { sydneyToday } from './pricing-rule-set'
import { findOpenPromotions, findPublishedRuleSets, insertRuleSetPublication } from './rules.repository'

/** The draft as a whole rule set, or a 400 naming each figure that does not fit. */
async function buildRuleSet(db: Db, draft: RuleSetDraft, today: string): Promise<{ ruleSet: RuleSet; published: RuleSet[] }> {
  const published = await findPublishedRuleSets(db)
  const modelState: Record<string, string[]> = {}
  const base = findRuleSet(draft.baseId, published)
  if (!base) modelState.baseId = [MSG_RULE_SET_BASE_UNKNOWN]
  if (findRuleSet(draft.id, published) || RULE_SET_CATALOGUE.some((s) => s.id === draft.id)) modelState.id = [MSG_RULE_SET_ID_TAKEN]
  if (draft.effectiveFrom < today) modelState.effectiveFrom = [MSG_RULE_SET_EFFECTIVE_PAST]
  let ruleSet: RuleSet | null = null
  if (base) {
    const result = applyFigureChanges(base, { id: draft.id, effectiveFrom: draft.effectiveFrom, description: draft.description }, draft.changes)
    if (result.ok) ruleSet = result.ruleSet
    else
      draft.changes.forEach((change, index) => {
        if (result.badKeys.includes(change.key)) modelState[`changes.${index}.value`] = [MSG_RULE_SET_FIGURE_INVALID]
      })
  }
  if (Object.keys(modelState).length > 0 || !ruleSet) throw new AppError('VALIDATION', undefined, { modelState })
  return { ruleSet, published }
}

/**
 * POST /api/admin/previewRuleSet: the draft as it would read, and the open promotions whose fees
 * it would change once in force (their fees under the set in force then, and under the draft).
 */
export async function previewRuleSet(db: Db, draft: RuleSetDraft) {
  const today = sydneyToday()
  const { ruleSet, published } = await buildRuleSet(db, draft, today)
  const before = ruleSetInForce(ruleSet.effectiveFrom, published)
  const affected = []
  for (const row of await findOpenPromotions(db)) {
    const input = feeInputOf(row)
    const was = calculateFees(input, { ruleSet: before }).feeDue_Total
    const will = calculateFees(input, { ruleSet }).feeDue_Total
    if (was !== will)
      affected.push({
        id: row.id,
        name: row.name,
        startDate: row.startDate,
        feeDue_Total_before: centsToDollars(was),
        feeDue_Total_after: centsToDollars(will),
      })
  }
  return { ruleSet: toRuleSetView(ruleSet, [...published, ruleSet]), affected }
}

/** POST /api/admin/publishRuleSet: stores the set; it is in force from its effective date. */
export async function publishRuleSet(db: Db, userId: number, draft: RuleSetDraft) {
  const { ruleSet, published } = await buildRuleSet(db, draft, sydneyToday())
  if (!(await insertRuleSetPublication(db, ruleSet, userId))) throw new AppError('VALIDATION', undefined, { modelState: { id: [MSG_RULE_SET_ID_TAKEN] } })
  return toRuleSetView(ruleSet, [...published, ruleSet])
}
