/**
 * What each state requires the terms of a trade promotion lottery to state (issue 28), read as
 * data through one function so the figures can move into the dated, cited rule sets (issue 30)
 * by changing {@link termsStateRules}' source, not the generator.
 *
 * The permit thresholds come from the rule set; the statement figures below are our reading of
 * the state conditions (QLD's list of what terms must state, VIC publication of winners of prizes
 * over $1,000, SA notification and publication, ACT publication of winners of $1,000 or more).
 */
import { formatCurrency } from '../format/currency'
import { CURRENT_RULE_SET, type RuleSet } from '../rules/rule-sets'
import { isStateSelected, STATE_CODES, type AusStatesInput, type StateKey } from '../states'

export interface TermsStateRules {
  /** A permit is required above these totals (rule set thresholds), so its number is stated. */
  permitAboveCents: { nsw: number; act: number; sa: number }
  /** ACT: winners of prizes valued at this or more are published. */
  actPublishFromCents: number
  /** VIC: winners of prizes valued over this are published. */
  vicPublishAboveCents: number
  /** SA: winners are notified in writing within this many days of the draw … */
  saNotifyWithinDays: number
  /** … and published within this many days of the draw. */
  saPublishWithinDays: number
  /** QLD and VIC publication: within this many days of the draw. */
  publishWithinDays: number
  /** How long the promoter keeps the promotion's records. */
  recordsKeptYears: number
  /** The clauses (by key) whose statements each state requires, for full terms of chance. */
  statements: Partial<Record<StateKey, readonly { clause: string; what: string }[]>>
}

/** The statement figures (not yet in the rule sets; see the module comment). */
export const TERMS_STATE_STATEMENTS_2020 = {
  actPublishFromCents: 100_000,
  vicPublishAboveCents: 100_000,
  saNotifyWithinDays: 7,
  saPublishWithinDays: 30,
  publishWithinDays: 30,
  recordsKeptYears: 3,
  statements: {
    act: [{ clause: 'publication-act', what: 'where and when winners of prizes of $1,000 or more are published' }],
    vic: [{ clause: 'publication-vic', what: 'the publication of winners of prizes over $1,000' }],
    sa: [{ clause: 'publication-sa', what: 'how winners are notified and where they are published' }],
    // QLD's list: promoter, who may enter, the period, how to enter, the prizes and their values,
    // the draw (when, where, how), how winners are told, where they are published, and the redraw.
    qld: [
      { clause: 'promoter', what: 'the name and address of the promoter' },
      { clause: 'eligibility', what: 'who may enter' },
      { clause: 'period', what: 'when the promotion starts and ends' },
      { clause: 'how-to-enter', what: 'how to enter' },
      { clause: 'prizes', what: 'the prizes and their values' },
      { clause: 'draw', what: 'when, where and how the winners are drawn' },
      { clause: 'notification', what: 'how and when winners are notified' },
      { clause: 'publication-qld', what: 'where and when winners are published' },
      { clause: 'unclaimed', what: 'the unclaimed prize draw' },
    ],
  },
} as const satisfies Omit<TermsStateRules, 'permitAboveCents'>

/**
 * The state rules for terms, from a rule set: its thresholds, and its publication and notification
 * figures where the set states them (issue #30: a published set changes newly generated terms;
 * approved versions keep their text). A figure the set leaves empty falls back to `statements`.
 * VIC's set figure is "from" a value in cents, the terms say "over": over $1,000 is from $1,000.01.
 */
export function termsStateRules(
  ruleSet: Pick<RuleSet, 'thresholds'> & Partial<Pick<RuleSet, 'states'>> = CURRENT_RULE_SET,
  statements: Omit<TermsStateRules, 'permitAboveCents'> = TERMS_STATE_STATEMENTS_2020,
): TermsStateRules {
  const t = ruleSet.thresholds
  const states = ruleSet.states
  const vicFrom = states?.vic.publishWinnersFromPrizeCents ?? null
  return {
    ...statements,
    actPublishFromCents: states?.act.publishWinnersFromPrizeCents ?? statements.actPublishFromCents,
    vicPublishAboveCents: vicFrom !== null ? vicFrom - 1 : statements.vicPublishAboveCents,
    saNotifyWithinDays: states?.sa.notifyWinnersWithinDays ?? statements.saNotifyWithinDays,
    saPublishWithinDays: states?.sa.publishWinnersWithinDays ?? statements.saPublishWithinDays,
    permitAboveCents: { nsw: t.nswPermitAboveCents, act: t.actPermitAboveCents, sa: t.saPermitAboveCents },
  }
}

export type RequiredStatement = { state: StateKey; clause: string; what: string }

/** The statements the chosen states require of full terms of chance. */
export function requiredStateStatements(ausStates: AusStatesInput | null | undefined, rules: TermsStateRules = termsStateRules()): RequiredStatement[] {
  const result: RequiredStatement[] = []
  for (const [state, list] of Object.entries(rules.statements) as [StateKey, readonly { clause: string; what: string }[]][]) {
    if (!isStateSelected(ausStates, state)) continue
    for (const s of list) result.push({ state, ...s })
  }
  return result
}

/** The placeholder values the state figures give (money as "$1,000"). */
export function stateRuleValues(rules: TermsStateRules) {
  return {
    'rules.actPublishFrom': formatCurrency(rules.actPublishFromCents),
    'rules.vicPublishAbove': formatCurrency(rules.vicPublishAboveCents),
    'rules.saNotifyWithinDays': String(rules.saNotifyWithinDays),
    'rules.saPublishWithinDays': String(rules.saPublishWithinDays),
    'rules.publishWithinDays': String(rules.publishWithinDays),
    'records.years': String(rules.recordsKeptYears),
  } as const
}

/** The state whose code a statement belongs to, for messages ("QLD"). */
export const stateCodeOf = (state: StateKey) => STATE_CODES[state]
