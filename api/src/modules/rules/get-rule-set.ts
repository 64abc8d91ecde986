import { AppError, findRuleSet, inForceRuleSets, RULE_SET_CATALOGUE, ruleSetInForce, toRuleSetView, type RuleSetView } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import { sydneyToday } from './pricing-rule-set'
import { findPublishedRuleSets } from './rules.repository'

/** GET /api/rules/current?date=: the set in force on a Sydney date (today by default). */
export async function getCurrentRuleSet(db: Db, date?: string): Promise<RuleSetView> {
  const published = await findPublishedRuleSets(db)
  return toRuleSetView(ruleSetInForce(date ?? sydneyToday(), published), published)
}

/** GET /api/rules/{id}: any known set, in force or not. */
export async function getRuleSet(db: Db, id: string): Promise<RuleSetView> {
  const published = await findPublishedRuleSets(db)
  const set = findRuleSet(id, published)
  if (!set) throw new AppError('NOT_FOUND')
  return toRuleSetView(set, published)
}

/** The staff list: every known set, with which is in force and which is current today. */
export async function listRuleSets(db: Db) {
  const published = await findPublishedRuleSets(db)
  const current = ruleSetInForce(sydneyToday(), published)
  const inForce = new Set(inForceRuleSets(published).map((s) => s.id))
  const all = [...published, ...RULE_SET_CATALOGUE.filter((s) => !published.some((p) => p.id === s.id))]
  return all
    .map((s) => ({
      id: s.id,
      effectiveFrom: s.effectiveFrom,
      description: s.description,
      inForce: inForce.has(s.id),
      current: s.id === current.id,
      published: published.some((p) => p.id === s.id),
    }))
    .sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? 1 : a.effectiveFrom > b.effectiveFrom ? -1 : 0))
}
