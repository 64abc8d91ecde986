/**
 * Which rule set is in force. The built-in default (RULE_SETS: the specification's figures) is
 * in force from its date; staff publish further sets with an effective date (stored by the API
 * and passed in here as `published`). On a date, the set in force is the newest whose effective
 * date has passed; a published set wins a tie with a built-in one.
 */
import type { IsoDate } from '../dates/calendar'
import { RULE_SET_2025_26 } from './rule-set-2025-26'
import { RULE_SET_2020, RULE_SETS, selectRuleSet, type RuleSet } from './rule-sets'
import { compareRuleSets, ruleSetFigures, type Figure, type FigureDifference } from './figures'

/** Every set the product knows, in force or not: staff publish or clone from these. */
export const RULE_SET_CATALOGUE: readonly RuleSet[] = [RULE_SET_2020, RULE_SET_2025_26]

export function inForceRuleSets(published: readonly RuleSet[] = []): RuleSet[] {
  return [...RULE_SETS, ...published]
}

/** The set in force on a Sydney calendar date. */
export function ruleSetInForce(date: IsoDate, published: readonly RuleSet[] = []): RuleSet {
  return selectRuleSet(date, inForceRuleSets(published))
}

/** A set by id: a published one first (it carries its effective date), else the catalogue's. */
export function findRuleSet(id: string, published: readonly RuleSet[] = []): RuleSet | undefined {
  return published.find((s) => s.id === id) ?? RULE_SET_CATALOGUE.find((s) => s.id === id)
}

/**
 * The set before `set`: the in-force set it replaced, or for a set not in force, the one in force
 * the day before its own effective date. Null for the first.
 */
export function previousRuleSet(set: RuleSet, published: readonly RuleSet[] = []): RuleSet | null {
  const earlier = inForceRuleSets(published).filter((s) => s.id !== set.id && s.effectiveFrom < set.effectiveFrom)
  if (earlier.length === 0) {
    // A catalogue set dated before every set in force (the 2025-26 research) still compares with the default.
    const fallback = inForceRuleSets(published).find((s) => s.id !== set.id)
    return fallback ?? null
  }
  return selectRuleSet(set.effectiveFrom, earlier)
}

/** A rule set as the API answers it: its figures with sources, and what changed from the previous set. */
export interface RuleSetView {
  id: string
  effectiveFrom: IsoDate
  description: string
  inForce: boolean
  figures: Figure[]
  notices: RuleSet['notices']
  previous: { id: string; effectiveFrom: IsoDate } | null
  changes: FigureDifference[]
}

export function toRuleSetView(set: RuleSet, published: readonly RuleSet[] = []): RuleSetView {
  const previous = previousRuleSet(set, published)
  return {
    id: set.id,
    effectiveFrom: set.effectiveFrom,
    description: set.description,
    inForce: inForceRuleSets(published).some((s) => s.id === set.id),
    figures: ruleSetFigures(set),
    notices: set.notices,
    previous: previous ? { id: previous.id, effectiveFrom: previous.effectiveFrom } : null,
    changes: previous ? compareRuleSets(previous, set) : [],
  }
}
