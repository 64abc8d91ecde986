/** The public rule set calls (issue #30). */
import type { RuleSetView } from '@permitdesk/shared'
import { api } from '../../lib/api-client'

export const currentRulesKey = (date: string | null) => ['rules', 'current', date] as const

export function getCurrentRules(date: string | null): Promise<RuleSetView> {
  return api.get<RuleSetView>('/api/rules/current', { query: { date } })
}

export const ruleSetKey = (id: string) => ['rules', 'set', id] as const

export function getRuleSet(id: string): Promise<RuleSetView> {
  return api.get<RuleSetView>(`/api/rules/${encodeURIComponent(id)}`)
}
