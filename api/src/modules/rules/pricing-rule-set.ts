import { findRuleSet, ruleSetInForce, sydneyDateOf, type RuleSet } from '@permitdesk/shared'
import type { DbOrTx } from '../changelog/changelog.repository'
import { findPublishedRuleSets, OPEN_STATUS_IDS } from './rules.repository'

/** Today in Sydney: rule sets change at the start of a Sydney day. */
export function sydneyToday(now: Date = new Date()): string {
  return sydneyDateOf(now)
}

/** A promotion still open to change: its fees follow the set in force; afterwards they stay with the set that priced them. */
export function isPricingOpen(statusId: number): boolean {
  return (OPEN_STATUS_IDS as readonly number[]).includes(statusId)
}

/**
 * The rule set a promotion's fees are computed with (issue #30): once submitted, the set recorded
 * in its fees when it was submitted, so a new set starting later never changes a submitted
 * application's figures; before that, the set in force today (staff publications included).
 */
export async function pricingRuleSet(
  db: DbOrTx,
  row?: { statusId: number; fees: { ruleSetId?: string } | null } | null,
  now: Date = new Date(),
): Promise<RuleSet> {
  const published = await findPublishedRuleSets(db)
  if (row && !isPricingOpen(row.statusId) && row.fees?.ruleSetId) {
    const locked = findRuleSet(row.fees.ruleSetId, published)
    if (locked) return locked
  }
  return ruleSetInForce(sydneyToday(now), published)
}
