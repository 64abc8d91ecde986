/**
 * The compliance calendar (issue #30): every duty the rule set derives for a promotion, with the
 * rule and source behind it, its due date (a Sydney calendar date) and its state. Pure: the API
 * passes the promotion, the rule set it is priced under, the duties already closed and today.
 *
 * Lead times count the business days of the state concerned (state-holidays.ts): SA's holidays
 * for SA, NSW's for the NSW notification, ACT's for the ACT.
 */
import { addDays, addMonths, compareIsoDates, daysBetween, isValidIsoDate, type IsoDate } from '../dates/calendar'
import { getPermitRequirements, type PermitRequirementInput } from '../permits/requirements'
import type { RuleSet } from '../rules/rule-sets'
import type { FigureSource } from '../rules/sources'
import { STATE_CODES, STATE_KEYS, type StateKey } from '../states'
import { stateBusinessDaysBefore } from './state-holidays'

export const OBLIGATION_STATUSES = ['upcoming', 'due', 'done', 'overdue'] as const
export type ObligationStatus = (typeof OBLIGATION_STATUSES)[number]

/** A duty is "due" from this many days before its date (then "overdue" the day after). */
export const OBLIGATION_DUE_SOON_DAYS = 7

export const OBLIGATION_STATUS_LABELS: Record<ObligationStatus, string> = {
  upcoming: 'Upcoming',
  due: 'Due soon',
  done: 'Done',
  overdue: 'Overdue',
}

export interface ObligationProof {
  kind: 'upload' | 'link'
  /** The upload's server file name, or the link. */
  reference: string
  /** The file name shown for an upload. */
  label: string | null
  note: string | null
  closedAt: string
}

export interface ObligationInput extends PermitRequirementInput {
  endDate?: IsoDate | null
  finalDrawDate?: IsoDate | null
  unclaimedDrawDate?: IsoDate | null
  nswAuthorityExpiration?: IsoDate | null
  /** The most valuable single prize in cents (null: not answered yet, the publication duties are kept). */
  maxPrizeValue?: number | null
  /** ACT: the date the application gives for publishing the winners. */
  prizePublicationDateACT?: IsoDate | null
}

export interface Obligation {
  /** Stable per promotion (`lodge-sa`, `publish-winners-vic`): the key a proof is stored under. */
  code: string
  title: string
  state: StateKey | null
  dueDate: IsoDate
  /** How the date reads: by it, on it, from it or until it. */
  dueKind: 'by' | 'on' | 'from' | 'until'
  status: ObligationStatus
  /** The rule in words, with the figure it uses. */
  rule: string
  /** The rule set figure the date comes from (figures.ts key). */
  ruleKey: string
  source: FigureSource | null
  proof: ObligationProof | null
  /** The records duty while staff hold the promotion: its data is kept past the date (LABEL_ON_LEGAL_HOLD). */
  onLegalHold: boolean
}

type Draft = Omit<Obligation, 'status' | 'proof' | 'source' | 'dueKind' | 'onLegalHold'> & { dueKind?: Obligation['dueKind'] }

const plural = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`

/** Every duty of a promotion under a rule set, in due-date order. */
export function getObligations(
  input: ObligationInput,
  ruleSet: RuleSet,
  options: { today: IsoDate; proofs?: Readonly<Record<string, ObligationProof>> },
): Obligation[] {
  const requirements = getPermitRequirements(input, ruleSet)
  const selected = new Set(requirements.states)
  const start = isValidIsoDate(input.startDate) ? (input.startDate as IsoDate) : null
  const end = isValidIsoDate(input.endDate) ? input.endDate : null
  const draw = isValidIsoDate(input.finalDrawDate) ? input.finalDrawDate : null
  const unclaimed = isValidIsoDate(input.unclaimedDrawDate) ? input.unclaimedDrawDate : null
  const rules = ruleSet.states
  const drafts: Draft[] = []
  const skill = input.skillsBasedTC === true

  if (start && !skill) {
    // NSW: the authority must be held, and each promotion over the threshold notified.
    const nsw = rules.nsw
    if (requirements.nsw.required && nsw.notifyBusinessDays !== null) {
      const notifyBy = stateBusinessDaysBefore('nsw', start, nsw.notifyBusinessDays)
      if (input.hasNswAuthority !== true) {
        drafts.push({
          code: 'nsw-authority',
          title: 'Hold an NSW trade promotion authority',
          state: 'nsw',
          dueDate: notifyBy,
          rule: 'NSW: a promoter needs a trade promotion authority (1, 3 or 5 years) before notifying a promotion.',
          ruleKey: 'states.nsw.permitModel',
        })
      }
      drafts.push({
        code: 'notify-nsw',
        title: 'Notify NSW of the promotion',
        state: 'nsw',
        dueDate: notifyBy,
        rule: `NSW: notify each promotion with a prize pool over the threshold at least ${plural(nsw.notifyBusinessDays, 'business days')} before it starts.`,
        ruleKey: 'states.nsw.notifyBusinessDays',
      })
    }
    if (
      requirements.nsw.required &&
      input.hasNswAuthority === true &&
      isValidIsoDate(input.nswAuthorityExpiration) &&
      end &&
      input.nswAuthorityExpiration < end
    ) {
      drafts.push({
        code: 'renew-nsw-authority',
        title: 'Renew the NSW authority before it expires',
        state: 'nsw',
        dueDate: input.nswAuthorityExpiration,
        rule: 'NSW: the authority must be in force for the whole promotion; it expires before the promotion ends.',
        ruleKey: 'states.nsw.permitModel',
      })
    }
    const sa = rules.sa
    if (requirements.sa.required && sa.lodgeBusinessDays !== null) {
      drafts.push({
        code: 'lodge-sa',
        title: 'Lodge the SA licence application (standard fee)',
        state: 'sa',
        dueDate: stateBusinessDaysBefore('sa', start, sa.lodgeBusinessDays),
        rule: `SA: lodge at least ${plural(sa.lodgeBusinessDays, 'business days')} before the start (SA public holidays skipped).`,
        ruleKey: 'states.sa.lodgeBusinessDays',
      })
      if (sa.premiumWithinBusinessDays !== null) {
        drafts.push({
          code: 'lodge-sa-premium',
          title: 'Last day to lodge in SA (premium fee)',
          state: 'sa',
          dueDate: stateBusinessDaysBefore('sa', start, sa.premiumWithinBusinessDays),
          rule: `SA: a licence needed within ${plural(sa.premiumWithinBusinessDays, 'business days')} of lodgement costs the premium fee.`,
          ruleKey: 'states.sa.premiumWithinBusinessDays',
        })
      }
    }
    const act = rules.act
    if (requirements.act.required && act.lodgeBusinessDays !== null) {
      drafts.push({
        code: 'lodge-act',
        title: 'Lodge the ACT permit application',
        state: 'act',
        dueDate: stateBusinessDaysBefore('act', start, act.lodgeBusinessDays),
        rule: `ACT: lodge about ${plural(act.lodgeBusinessDays, 'business days')} before the start (ACT public holidays skipped).`,
        ruleKey: 'states.act.lodgeBusinessDays',
      })
    }
    const nt = rules.nt
    if (requirements.ntNotice && nt.lodgeCalendarDays !== null) {
      drafts.push({
        code: 'lodge-nt',
        title: 'Apply for the NT permit',
        state: 'nt',
        dueDate: addDays(start, -nt.lodgeCalendarDays),
        rule: `NT: a permit is needed only when no other state issued one; allow ${plural(nt.lodgeCalendarDays, 'days')} for it.`,
        ruleKey: 'states.nt.lodgeCalendarDays',
      })
    }
    if (selected.has('qld') && rules.qld.drawWithinMonths !== null) {
      drafts.push({
        code: 'draw-within-qld',
        title: 'Draw within the QLD time limit',
        state: 'qld',
        dueDate: addMonths(start, rules.qld.drawWithinMonths),
        rule: `QLD: the draw must take place within ${plural(rules.qld.drawWithinMonths, 'months')} of the start.`,
        ruleKey: 'states.qld.drawWithinMonths',
      })
    }
  }

  if (draw) {
    drafts.push({
      code: 'draw',
      title: 'Draw the winners',
      state: null,
      dueDate: draw,
      dueKind: 'on',
      rule: 'The final draw, on the date the terms give.',
      ruleKey: 'permit.finalDraw.date',
    })
    for (const state of STATE_KEYS) {
      if (!selected.has(state)) continue
      const r = rules[state]
      const code = STATE_CODES[state]
      if (r.notifyWinnersWithinDays !== null) {
        drafts.push({
          code: `notify-winners-${state}`,
          title: 'Notify the winners in writing',
          state,
          dueDate: addDays(draw, r.notifyWinnersWithinDays),
          rule: `${code}: winners are notified in writing within ${plural(r.notifyWinnersWithinDays, 'days')} of the draw.`,
          ruleKey: `states.${state}.notifyWinnersWithinDays`,
        })
      }
      const publishes = r.publishWinnersFromPrizeCents !== null && (input.maxPrizeValue == null || input.maxPrizeValue >= r.publishWinnersFromPrizeCents)
      const actDate = state === 'act' && isValidIsoDate(input.prizePublicationDateACT) ? input.prizePublicationDateACT : null
      if (publishes && actDate && r.publishWinnersWithinDays === null) {
        drafts.push({
          code: `publish-winners-${state}`,
          title: 'Publish the winners',
          state,
          dueDate: actDate,
          rule: `${code}: winners of prizes of $1,000 or more are published, on the date the application gives.`,
          ruleKey: `states.${state}.publishWinnersFromPrizeCents`,
        })
      } else if (publishes && (r.publishWinnersWithinDays !== null || r.publishWinnersForDays !== null)) {
        const from = r.publishWinnersWithinDays !== null ? addDays(draw, r.publishWinnersWithinDays) : draw
        drafts.push({
          code: `publish-winners-${state}`,
          title: 'Publish the winners',
          state,
          dueDate: from,
          dueKind: r.publishWinnersWithinDays !== null ? 'by' : 'from',
          rule:
            r.publishWinnersWithinDays !== null
              ? `${code}: winners are published within ${plural(r.publishWinnersWithinDays, 'days')} of the draw.`
              : `${code}: winners of prizes over $1,000 are published after the draw.`,
          ruleKey: r.publishWinnersWithinDays !== null ? `states.${state}.publishWinnersWithinDays` : `states.${state}.publishWinnersFromPrizeCents`,
        })
        if (r.publishWinnersForDays !== null) {
          drafts.push({
            code: `publish-winners-until-${state}`,
            title: 'Keep the winners published',
            state,
            dueKind: 'until',
            dueDate: addDays(from, r.publishWinnersForDays),
            rule: `${code}: winners published online stay up for at least ${plural(r.publishWinnersForDays, 'days')}.`,
            ruleKey: `states.${state}.publishWinnersForDays`,
          })
        }
      }
      if (r.deliverPrizesWithinDays !== null) {
        drafts.push({
          code: `deliver-prizes-${state}`,
          title: 'Deliver the prizes',
          state,
          dueDate: addDays(draw, r.deliverPrizesWithinDays),
          rule: `${code}: prizes are delivered within ${plural(r.deliverPrizesWithinDays, 'days')} of the draw.`,
          ruleKey: `states.${state}.deliverPrizesWithinDays`,
        })
      }
    }
  }
  if (unclaimed) {
    drafts.push({
      code: 'unclaimed-draw',
      title: 'Hold the unclaimed prize draw',
      state: null,
      dueDate: unclaimed,
      dueKind: 'on',
      rule: 'The unclaimed prize draw, on the date the terms give.',
      ruleKey: 'permit.unclaimedDraw.date',
    })
  }

  // Records: the longest period of the promotion's states, from the end of the promotion.
  const recordEnd = end ?? draw
  if (recordEnd) {
    let longest: { state: StateKey; months: number } | null = null
    for (const state of STATE_KEYS) {
      const months = rules[state].recordMonths
      if (selected.has(state) && months !== null && (!longest || months > longest.months)) longest = { state, months }
    }
    if (longest) {
      drafts.push({
        code: 'keep-records',
        title: 'Keep the promotion\u2019s records',
        state: longest.state,
        dueKind: 'until',
        dueDate: addMonths(recordEnd, longest.months),
        rule: `${STATE_CODES[longest.state]}: records are kept for ${plural(longest.months, 'months')} after the promotion (the longest of its states).`,
        ruleKey: `states.${longest.state}.recordMonths`,
      })
    }
  }

  const proofs = options.proofs ?? {}
  return drafts
    .map((d) => {
      const proof = proofs[d.code] ?? null
      return {
        ...d,
        dueKind: d.dueKind ?? 'by',
        source: ruleSet.sources[d.ruleKey] ?? null,
        proof,
        status: obligationStatus(d.dueDate, options.today, proof !== null),
        onLegalHold: false,
      }
    })
    .sort((a, b) => compareIsoDates(a.dueDate, b.dueDate) || a.code.localeCompare(b.code))
}

/** Done with proof; else overdue after its date, due within a week of it, upcoming before. */
export function obligationStatus(dueDate: IsoDate, today: IsoDate, closed: boolean): ObligationStatus {
  if (closed) return 'done'
  const left = daysBetween(today, dueDate)
  if (left < 0) return 'overdue'
  return left <= OBLIGATION_DUE_SOON_DAYS ? 'due' : 'upcoming'
}
