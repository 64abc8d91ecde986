/**
 * Compliance notes from the rule set (issue #30): the entry-cost caps and prize restrictions of
 * the promotion's states, checked against its entry methods and prize categories, each with the
 * figure's source. A restriction the application cannot show (tobacco, weapons, procedures: no
 * prize category names them) is listed for the promoter to check.
 */
import { formatCurrency } from '../format/currency'
import { ENTRY_METHOD_FLAGS, hasAnyFlag, hasFlag, PRIZE_CATEGORY_FLAGS, type EntryMethod } from '../permits/options'
import type { RuleSet } from '../rules/rule-sets'
import type { FigureSource } from '../rules/sources'
import { PRIZE_RESTRICTION_LABELS, type PrizeRestriction } from '../rules/state-rules'
import { isStateSelected, STATE_CODES, STATE_KEYS, type AusStatesInput, type StateKey } from '../states'

/** Entry channels that cost the entrant something per entry (calls, SMS, post). */
export const PAID_ENTRY_METHODS: readonly EntryMethod[] = ['sms', 'phone1900', 'phone', 'mail']

export interface RuleNote {
  code: string
  state: StateKey
  /** `check`: the application shows something the rule limits; `info`: a rule to keep in mind. */
  level: 'check' | 'info'
  text: string
  ruleKey: string
  source: FigureSource | null
}

export interface RuleNoteInput {
  ausStates?: AusStatesInput | null
  entryMethodsValue?: number | null
  prizeCategoriesValue?: number | null
  skillsBasedTC?: boolean | null
}

export function getRuleNotes(input: RuleNoteInput, ruleSet: RuleSet): RuleNote[] {
  const notes: RuleNote[] = []
  const paidEntry = hasAnyFlag(input.entryMethodsValue, ENTRY_METHOD_FLAGS, PAID_ENTRY_METHODS)
  const liquor = hasFlag(input.prizeCategoriesValue, PRIZE_CATEGORY_FLAGS, 'liquor')
  for (const state of STATE_KEYS) {
    if (!isStateSelected(input.ausStates, state)) continue
    const r = ruleSet.states[state]
    const code = STATE_CODES[state]
    const source = (key: string) => ruleSet.sources[`states.${state}.${key}`] ?? null
    if (paidEntry && r.entryCostCapCents !== null) {
      const mobile = r.entryCostCapMobileCents !== null ? ` (${formatCurrency(r.entryCostCapMobileCents)} from a mobile phone)` : ''
      notes.push({
        code: `entry-cost-${state}`,
        state,
        level: 'check',
        text: `${code}: an entry by phone, SMS or post may cost at most ${formatCurrency(r.entryCostCapCents)}${mobile}, GST included.`,
        ruleKey: `states.${state}.entryCostCapCents`,
        source: source('entryCostCapCents'),
      })
    }
    for (const restriction of r.restrictedPrizes ?? []) {
      const matches = liquor && (restriction === 'liquor-as-main-prize' || restriction === 'alcohol-as-inducement')
      notes.push({
        code: `prize-${restriction}-${state}`,
        state,
        level: matches ? 'check' : 'info',
        text: `${code}: ${PRIZE_RESTRICTION_LABELS[restriction as PrizeRestriction]} ${restriction.endsWith('main-prize') || restriction.endsWith('inducement') ? 'is not allowed' : 'may not be a prize'}.${matches ? ' This promotion has a liquor prize.' : ''}`,
        ruleKey: `states.${state}.restrictedPrizes`,
        source: source('restrictedPrizes'),
      })
    }
  }
  // What needs checking first.
  return notes.sort((a, b) => (a.level === b.level ? 0 : a.level === 'check' ? -1 : 1))
}
