/**
 * What each state asks of a trade promotion beyond its permit fee: how it licenses, lead times,
 * winners' notification and publication, delivery, records, entry-cost caps and restricted
 * prizes. Every field is a figure of the rule set with its own source; `null` means the sources
 * state no such rule (never a guess).
 */
import type { StateKey } from '../states'

/**
 * - `permit`: a permit per promotion above the threshold (ACT, SA).
 * - `authority`: a 1, 3 or 5 year authority held by the promoter, plus a notification per
 *   promotion above the threshold (NSW since 1 July 2020).
 * - `permit-if-no-other`: a permit above the threshold only when no other state issued one (NT).
 * - `none`: no permit (VIC, QLD, TAS, WA).
 */
export const PERMIT_MODELS = ['permit', 'authority', 'permit-if-no-other', 'none'] as const
export type PermitModel = (typeof PERMIT_MODELS)[number]

/** Prize restrictions, by the kind of prize and how it is restricted. */
export const PRIZE_RESTRICTIONS = ['tobacco', 'firearms', 'weapons', 'liquor-as-main-prize', 'alcohol-as-inducement', 'cosmetic-procedures', 'surgery'] as const
export type PrizeRestriction = (typeof PRIZE_RESTRICTIONS)[number]

export const PRIZE_RESTRICTION_LABELS: Record<PrizeRestriction, string> = {
  tobacco: 'Tobacco (and smoking or vaping products)',
  firearms: 'Firearms and ammunition',
  weapons: 'Weapons',
  'liquor-as-main-prize': 'Liquor as the main prize',
  'alcohol-as-inducement': 'Alcohol offered as an inducement',
  'cosmetic-procedures': 'Cosmetic procedures',
  surgery: 'Surgery',
}

export interface StateRules {
  permitModel: PermitModel
  /** Standard lodgement at least this many business days before the start (the state's holidays skipped). */
  lodgeBusinessDays: number | null
  /** Calendar days to allow for processing, where the state states days rather than business days (NT). */
  lodgeCalendarDays: number | null
  /** A premium fee applies when the permit is needed within this many business days of lodgement (SA). */
  premiumWithinBusinessDays: number | null
  /** NSW: notify each promotion with a prize pool above this, at least `notifyBusinessDays` before the start. */
  notificationAboveCents: number | null
  notifyBusinessDays: number | null
  /** NSW authority fees (applied online) for 1, 3 and 5 years. */
  authority1YearCents: number | null
  authority3YearCents: number | null
  authority5YearCents: number | null
  /** Winners notified in writing within this many days of the draw. */
  notifyWinnersWithinDays: number | null
  /** Winners of prizes of at least this value are published. */
  publishWinnersFromPrizeCents: number | null
  /** Published within this many days of the draw. */
  publishWinnersWithinDays: number | null
  /** Kept published (online) for at least this many days. */
  publishWinnersForDays: number | null
  /** Prizes delivered within this many days of the draw. */
  deliverPrizesWithinDays: number | null
  /** The draw within this many months of the start. */
  drawWithinMonths: number | null
  /** Records kept this many months after the promotion ends. */
  recordMonths: number | null
  /** Most an entry may cost (a call, SMS or postage), GST included. */
  entryCostCapCents: number | null
  /** SA: the cap for calls from a mobile phone. */
  entryCostCapMobileCents: number | null
  /** Prizes the state bans or limits. */
  restrictedPrizes: PrizeRestriction[] | null
}

export type StateRuleKey = keyof StateRules

const EMPTY: StateRules = {
  permitModel: 'none',
  lodgeBusinessDays: null,
  lodgeCalendarDays: null,
  premiumWithinBusinessDays: null,
  notificationAboveCents: null,
  notifyBusinessDays: null,
  authority1YearCents: null,
  authority3YearCents: null,
  authority5YearCents: null,
  notifyWinnersWithinDays: null,
  publishWinnersFromPrizeCents: null,
  publishWinnersWithinDays: null,
  publishWinnersForDays: null,
  deliverPrizesWithinDays: null,
  drawWithinMonths: null,
  recordMonths: null,
  entryCostCapCents: null,
  entryCostCapMobileCents: null,
  restrictedPrizes: null,
}

/** The 2025-26 research (issue #30) per state; the sources are in the rule set that uses them. */
export const RESEARCHED_STATE_RULES: Record<StateKey, StateRules> = {
  nsw: {
    ...EMPTY,
    permitModel: 'authority',
    notificationAboveCents: 1_000_000,
    notifyBusinessDays: 10,
    authority1YearCents: 45_800,
    authority3YearCents: 70_500,
    authority5YearCents: 95_300,
    restrictedPrizes: ['tobacco', 'firearms', 'weapons'],
  },
  sa: {
    ...EMPTY,
    permitModel: 'permit',
    lodgeBusinessDays: 14,
    premiumWithinBusinessDays: 5,
    notifyWinnersWithinDays: 7,
    publishWinnersFromPrizeCents: 0,
    publishWinnersWithinDays: 30,
    recordMonths: 3,
    entryCostCapCents: 55,
    entryCostCapMobileCents: 50,
    restrictedPrizes: ['tobacco', 'cosmetic-procedures', 'alcohol-as-inducement'],
  },
  act: {
    ...EMPTY,
    permitModel: 'permit',
    lodgeBusinessDays: 7,
    publishWinnersFromPrizeCents: 100_000,
    recordMonths: 12,
    entryCostCapCents: 55,
  },
  nt: {
    ...EMPTY,
    permitModel: 'permit-if-no-other',
    lodgeCalendarDays: 10,
    recordMonths: 24,
    restrictedPrizes: ['liquor-as-main-prize'],
  },
  vic: {
    ...EMPTY,
    // "Over $1,000": the first cent above it.
    publishWinnersFromPrizeCents: 100_001,
    publishWinnersForDays: 28,
    deliverPrizesWithinDays: 28,
    recordMonths: 36,
    entryCostCapCents: 100,
  },
  qld: {
    ...EMPTY,
    drawWithinMonths: 12,
    recordMonths: 60,
    restrictedPrizes: ['tobacco', 'surgery', 'weapons'],
  },
  wa: { ...EMPTY, recordMonths: 12, entryCostCapCents: 55 },
  tas: { ...EMPTY },
}
