/**
 * Jurisdiction rules as data: permit thresholds, government fee tables, provider prices, tax and
 * surcharge rates and notices, versioned by effective date. A law or price change is a new
 * entry in {@link RULE_SETS} (plus a test), never a code change.
 *
 * All amounts are integer cents. The spec's figures (001 §5 "Permit requirement rules",
 * 001 §9, 000 §9 "Prices") form the set effective from 2020-01-01.
 */
import type { IsoDate } from '../dates/calendar'
import { toIsoDate } from '../dates/calendar'
import type { Rate } from '../money'
import type { StateKey } from '../states'
import type { FigureSource } from './sources'
import { SOURCES, SPEC_SOURCE } from './sources'
import { researchedStateSources } from './state-sources'
import { RESEARCHED_STATE_RULES, type StateRules } from './state-rules'

/** Fee that steps up as the prize value rises: `base`, or the fee of the last step whose `aboveCents` is exceeded. */
export interface TieredFee {
  baseCents: number
  steps: readonly { aboveCents: number; feeCents: number }[]
}

export interface Notice {
  /** Stable code for screens and e-mails. */
  code: string
  /** Our wording (the spec names the notices but does not quote them). */
  text: string
}

export interface RuleSet {
  id: string
  /** First start date (Sydney calendar date) the set applies to. */
  effectiveFrom: IsoDate
  description: string
  thresholds: {
    /** NSW permit required above this total prize value (else "included but not required"). */
    nswPermitAboveCents: number
    /** ACT permit required above this (else "included but not required"). */
    actPermitAboveCents: number
    /** SA permit required above this; at or below, the instant-win answer decides. */
    saPermitAboveCents: number
    /** NT notice above this when none of NSW/ACT/SA is required. */
    ntNoticeAboveCents: number
    /** NSW scrutineer addendum, and the scrutineer question for NSW, above this. */
    nswScrutineerAboveCents: number
    /** SA scrutineer question at or above this. */
    saScrutineerFromCents: number
  }
  fees: {
    /** Government licence fees (GST-free). */
    government: {
      nswCents: number
      nswWithAuthorityCents: number
      act: TieredFee
      sa: TieredFee
      /**
       * The SA premium licence fee: what an SA permit costs when staff force the premium
       * (forceSaPremium, the permit's isSAFeePremium), whatever the prize value; a higher tier
       * still applies when the value reaches it.
       */
      saPremiumCents: number
    }
    /** The provider's prices (GST applies). */
    provider: {
      /** Permit management by the number of NSW/SA/ACT permits required: [none, one, two, three]. */
      permitManagementByCountCents: readonly [number, number, number, number]
      randomDrawCents: number
      termsChanceCents: number
      termsSkillCents: number
      abridgedTermsCents: number
      hostedTermsCents: number
      /**
       * Winner publication (001 §1 service line): the spec gives no price, so this is the
       * provider's own (decision record 020).
       */
      winnerPublicationCents: number
    }
    /** GST on the provider's fees. Government licence fees carry none. */
    gstRate: Rate
    /** Card surcharge on (amount + GST). */
    cardSurchargeRate: Rate
  }
  notices: {
    nt: Notice
    wa: Notice
  }
  /** What each state asks beyond its fee (lead times, deadlines, records, caps, prizes). */
  states: Record<StateKey, StateRules>
  /** The source of every figure, keyed by its figure key (figures.ts), e.g. `thresholds.nswPermitAboveCents`. */
  sources: Record<string, FigureSource>
}

/** The spec's own figures: thresholds, government fees, provider prices, rates. */
function specSources(): Record<string, FigureSource> {
  const permits = SPEC_SOURCE('001 \u00a75 Permit requirement rules')
  const fees = SPEC_SOURCE('001 \u00a79 Estimated permit licence fees')
  const prices = SPEC_SOURCE('000 \u00a79 Prices')
  return {
    'thresholds.nswPermitAboveCents': permits,
    'thresholds.actPermitAboveCents': permits,
    'thresholds.saPermitAboveCents': permits,
    'thresholds.ntNoticeAboveCents': permits,
    'thresholds.nswScrutineerAboveCents': permits,
    'thresholds.saScrutineerFromCents': permits,
    'fees.government.nswCents': fees,
    'fees.government.nswWithAuthorityCents': fees,
    'fees.government.act': fees,
    'fees.government.sa': fees,
    'fees.government.saPremiumCents': fees,
    'fees.provider.permitManagementByCountCents': prices,
    'fees.provider.randomDrawCents': prices,
    'fees.provider.termsChanceCents': prices,
    'fees.provider.termsSkillCents': prices,
    'fees.provider.abridgedTermsCents': prices,
    'fees.provider.hostedTermsCents': prices,
    // 001 §1 names the service and §9 gives no price for it: ours (decision record 020).
    'fees.provider.winnerPublicationCents': {
      ...SOURCES.providerPrices,
      dateRead: '2026-11-25',
      note: 'The provider\u2019s own price: the specification names the winner publication service but gives no price for it (decision record 020).',
    },
    'fees.gstRate': fees,
    'fees.cardSurchargeRate': fees,
  }
}

/** The spec's figures, effective from 2020-01-01. */
export const RULE_SET_2020: RuleSet = {
  id: 'au-2020-01',
  effectiveFrom: '2020-01-01',
  description: 'Thresholds and fees as given by the product specification (001 §5, §9; 000 §9).',
  thresholds: {
    nswPermitAboveCents: 1_000_000,
    actPermitAboveCents: 300_000,
    saPermitAboveCents: 500_000,
    ntNoticeAboveCents: 500_000,
    nswScrutineerAboveCents: 1_000_000,
    saScrutineerFromCents: 3_000_000,
  },
  fees: {
    government: {
      nswCents: 46_800,
      nswWithAuthorityCents: 0,
      act: {
        baseCents: 25_500,
        steps: [
          { aboveCents: 500_000, feeCents: 37_300 },
          { aboveCents: 1_000_000, feeCents: 72_100 },
          { aboveCents: 5_000_000, feeCents: 103_000 },
          { aboveCents: 10_000_000, feeCents: 205_900 },
          { aboveCents: 20_000_000, feeCents: 413_000 },
        ],
      },
      sa: {
        baseCents: 25_300,
        steps: [
          { aboveCents: 1_000_000, feeCents: 92_800 },
          { aboveCents: 5_000_000, feeCents: 162_400 },
          { aboveCents: 10_000_000, feeCents: 278_500 },
          { aboveCents: 20_000_000, feeCents: 510_600 },
        ],
      },
      // The first step above the base fee (over $10,000): the premium tier of 001 §9's SA table.
      saPremiumCents: 92_800,
    },
    provider: {
      permitManagementByCountCents: [22_500, 24_500, 27_000, 29_500],
      randomDrawCents: 15_000,
      termsChanceCents: 25_500,
      termsSkillCents: 15_000,
      abridgedTermsCents: 10_000,
      hostedTermsCents: 10_000,
      winnerPublicationCents: 10_000,
    },
    gstRate: { numerator: 1, denominator: 10 },
    cardSurchargeRate: { numerator: 15, denominator: 1000 },
  },
  notices: {
    nt: {
      code: 'NT_NOTICE',
      text: 'The Northern Territory requires a permit for trade promotion lotteries with total prizes over $5,000 when no permit is issued in NSW, ACT or SA. Download the NT application form to apply.',
    },
    wa: {
      code: 'WA_NOTICE',
      text: 'Western Australia does not issue trade promotion lottery permits, but the promotion must still comply with WA law.',
    },
  },
  // The spec is silent on the states' duties: they come from the researched rules with their
  // sources, except where the spec gives its own figure (NSW's $468, SA's premium warning).
  states: {
    ...RESEARCHED_STATE_RULES,
    nsw: { ...RESEARCHED_STATE_RULES.nsw, authority1YearCents: 46_800, authority3YearCents: null, authority5YearCents: null },
    sa: { ...RESEARCHED_STATE_RULES.sa, premiumWithinBusinessDays: 10 },
  },
  sources: {
    ...researchedStateSources(),
    ...specSources(),
    'states.nsw.authority1YearCents': {
      ...SPEC_SOURCE('001 \u00a79 Estimated permit licence fees'),
      note: 'The specification\u2019s flat NSW fee per promotion, which equals the one-year authority applied online.',
    },
    'states.nsw.authority3YearCents': { ...SPEC_SOURCE('001 \u00a79'), verified: false, note: 'The specification gives no 3-year authority fee.' },
    'states.nsw.authority5YearCents': { ...SPEC_SOURCE('001 \u00a79'), verified: false, note: 'The specification gives no 5-year authority fee.' },
    'states.sa.premiumWithinBusinessDays': SPEC_SOURCE('001 \u00a75 (premium warning 10 business days ahead)'),
  },
}

/**
 * The sets in force without any staff publication, any order: the specification's. Other known
 * sets (RULE_SET_CATALOGUE) take effect when staff publish them with an effective date.
 */
export const RULE_SETS: readonly RuleSet[] = [RULE_SET_2020]

/** The rule set currently in force for the spec's figures. */
export const CURRENT_RULE_SET = RULE_SET_2020

/**
 * The rule set for a promotion: the latest whose effective date is on or before the start date
 * (a Sydney calendar date, or an instant converted to one). Without a usable start date, or when
 * the start is before every set, the earliest set.
 */
export function selectRuleSet(startDate: string | Date | null | undefined, ruleSets: readonly RuleSet[] = RULE_SETS): RuleSet {
  if (ruleSets.length === 0) throw new RangeError('No rule sets')
  const sorted = [...ruleSets].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : a.effectiveFrom > b.effectiveFrom ? 1 : 0))
  const date = toIsoDate(startDate ?? null)
  if (!date) return sorted[0]
  let chosen = sorted[0]
  for (const set of sorted) if (set.effectiveFrom <= date) chosen = set
  return chosen
}

/** The fee of a tier table for a prize value. */
export function tieredFee(table: TieredFee, valueCents: number): number {
  let fee = table.baseCents
  for (const step of table.steps) if (valueCents > step.aboveCents) fee = step.feeCents
  return fee
}
