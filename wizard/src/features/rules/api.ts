/** The public rule set calls (issue #30). */
import type { RuleSetView } from '@permitdesk/shared'
import { typedApi } from '../../lib/typed-api'

export const currentRulesKey = (date: string | null) => ['rules', 'current', date] as const

export function getCurrentRules(date: string | null): Promise<RuleSetView> {
  return typedApi.get('/rules/current', { query: { date: date ?? undefined } }) as Promise<RuleSetView>
}

export const ruleSetKey = (id: string) => ['rules', 'set', id] as const

export function getRuleSet(id: string): Promise<RuleSetView> {
  return typedApi.get('/rules/:id', { params: { id } }) as Promise<RuleSetView>
}
