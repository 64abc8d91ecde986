/** The public rule set calls (issue #30). */
import type { RuleSetView } from '@permitdesk/shared'
import { api } from '../../lib/api-client'

export const currentRulesKey = (date: string | null) => ['rules', 'current', date] as const

export function getCurrentRules(date: string | null): Promise<RuleSetView> {
  return api.get<RuleSetView>('/api/rules/current', { query: { date } })
}
