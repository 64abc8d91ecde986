/**
 * "Permits required and why" (issue 25, the dashboard's task list): for each state of the
 * promotion, whether a permit is needed, the rule that decides it (the threshold, the instant-win
 * answer, or the fee tier that applies) and the licence fee. The rules and fees are the shared
 * ones (requirements.ts, calculate-fees.ts, the dated rule set): this only puts them in words.
 */
import { getGovernmentFees, type FeeInput } from '../fees/calculate-fees'
import { formatCurrency } from '../format/currency'
import { selectRuleSet, type RuleSet, type TieredFee } from '../rules/rule-sets'
import { STATE_CODES, type StateKey } from '../states'
import { getPermitRequirements } from './requirements'

export type PermitOutcome = 'required' | 'not-required' | 'undecided' | 'notice' | 'none'

export interface StatePermitLine {
  state: StateKey
  code: string
  outcome: PermitOutcome
  /** Why, in one sentence: the rule that decided it, with its figure. */
  reason: string
  /** The licence fee when a permit is required (cents, GST-free). */
  feeCents: number | null
}

export interface PermitSummary {
  /** One sentence for the top of the list. */
  headline: string
  lines: StatePermitLine[]
  /** The licence fees of the required permits, together (cents). */
  governmentFeesCents: number
}

const money = formatCurrency

/** The tier of a fee table that applies to a value, in words: 'over $5,000' or 'up to $5,000'. */
function tierWords(table: TieredFee, valueCents: number): string {
  let over: number | null = null
  for (const step of table.steps) if (valueCents > step.aboveCents) over = step.aboveCents
  if (over !== null) return `the fee for prizes over ${money(over)}`
  const first = table.steps[0]
  return first ? `the fee for prizes up to ${money(first.aboveCents)}` : 'the fee'
}

/**
 * `priced`: the licence fees the promotion was actually priced at (its stored fees, from the rule
 * set in force when it was priced), so the summary names the same figure as the fees table and
 * the invoice (issue 25) rather than the built-in set's.
 */
export function getPermitSummary(
  input: FeeInput,
  ruleSet: RuleSet = selectRuleSet(input.startDate),
  priced?: Partial<Record<'nsw' | 'act' | 'sa', number>>,
): PermitSummary {
  const requirements = getPermitRequirements(input, ruleSet)
  const t = ruleSet.thresholds
  const g = ruleSet.fees.government
  const value = input.totalPrizeValue ?? 0
  const fees = { ...getGovernmentFees(input, requirements, ruleSet), ...priced }
  const skill = input.skillsBasedTC === true

  const lines: StatePermitLine[] = requirements.states.map((state): StatePermitLine => {
    const code = STATE_CODES[state]
    const line = (outcome: PermitOutcome, reason: string, feeCents: number | null = null): StatePermitLine => ({ state, code, outcome, reason, feeCents })
    if (skill) return line('none', 'A game of skill needs no permit.')
    switch (state) {
      case 'nsw':
        if (!requirements.nsw.required) return line('not-required', `Not needed: the total prize value is ${money(t.nswPermitAboveCents)} or less.`)
        if (input.hasNswAuthority === true)
          return line(
            'required',
            `Needed: the total prize value is over ${money(t.nswPermitAboveCents)}. You hold an NSW authority, so there is no licence fee.`,
            fees.nsw,
          )
        return line('required', `Needed: the total prize value is over ${money(t.nswPermitAboveCents)}. Licence fee ${money(fees.nsw)}.`, fees.nsw)
      case 'act':
        if (!requirements.act.required) return line('not-required', `Not needed: the total prize value is ${money(t.actPermitAboveCents)} or less.`)
        return line(
          'required',
          `Needed: the total prize value is over ${money(t.actPermitAboveCents)}. Licence fee ${money(fees.act)}, ${tierWords(g.act, value)}.`,
          fees.act,
        )
      case 'sa': {
        if (requirements.sa.undecided)
          return line(
            'undecided',
            `Depends on your answer: at ${money(t.saPermitAboveCents)} or less, SA needs a permit only when there are instant-win prizes.`,
          )
        if (!requirements.sa.required)
          return line('not-required', `Not needed: the total prize value is ${money(t.saPermitAboveCents)} or less and there are no instant-win prizes.`)
        const why = value > t.saPermitAboveCents ? `the total prize value is over ${money(t.saPermitAboveCents)}` : 'there are instant-win prizes'
        const tier = fees.sa !== 0 && input.saPremium === true && fees.sa === g.saPremiumCents ? 'the premium fee' : tierWords(g.sa, value)
        return line('required', `Needed: ${why}. Licence fee ${money(fees.sa)}, ${tier}.`, fees.sa)
      }
      case 'nt':
        if (requirements.ntNotice) return line('notice', ruleSet.notices.nt.text)
        return line(
          'none',
          requirements.requiresPermits
            ? 'No permit: a permit from NSW, ACT or SA covers the Northern Territory.'
            : `No permit: the total prize value is ${money(t.ntNoticeAboveCents)} or less.`,
        )
      case 'wa':
        return line('notice', ruleSet.notices.wa.text)
      default:
        return line('none', 'No permit: this state does not issue trade promotion lottery permits.')
    }
  })

  const required = lines.filter((l) => l.outcome === 'required')
  const headline = skill
    ? 'A game of skill needs no permits.'
    : lines.length === 0
      ? 'Choose the states of the promotion to see which permits it needs.'
      : required.length === 0
        ? lines.some((l) => l.outcome === 'undecided')
          ? 'Whether a permit is needed depends on an answer still to give.'
          : 'No state permit is needed for this promotion.'
        : `Permits needed: ${joinWords(required.map((l) => l.code))}.`
  return { headline, lines, governmentFeesCents: fees.nsw + fees.act + fees.sa }
}

function joinWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}
