/**
 * The source of every state figure of the 2025-26 research (RESEARCHED_STATE_RULES), keyed by the
 * figure's key (`states.sa.lodgeBusinessDays`). A null figure gets its state's source marked
 * "not stated", so every figure, present or absent, says where it stands.
 */
import { STATE_KEYS, type StateKey } from '../states'
import { notStated, SOURCES, type FigureSource } from './sources'
import { RESEARCHED_STATE_RULES, type StateRuleKey } from './state-rules'

const STATE_SOURCE: Record<StateKey, FigureSource> = {
  nsw: SOURCES.nswAuthority,
  sa: SOURCES.saResearch,
  act: SOURCES.actResearch,
  nt: SOURCES.ntResearch,
  vic: SOURCES.vicResearch,
  qld: SOURCES.qldResearch,
  wa: SOURCES.waResearch,
  tas: SOURCES.tasResearch,
}

/** Sources of the figures that are not null. */
const SPECIFIC: Partial<Record<`${StateKey}.${StateRuleKey}`, FigureSource>> = {
  'nsw.permitModel': SOURCES.nswAuthority,
  'nsw.notificationAboveCents': SOURCES.nswNotify,
  'nsw.notifyBusinessDays': SOURCES.nswNotify,
  'nsw.authority1YearCents': SOURCES.nswAuthorityFees,
  'nsw.authority3YearCents': SOURCES.nswAuthorityFees,
  'nsw.authority5YearCents': SOURCES.nswAuthorityFees,
  'nsw.restrictedPrizes': SOURCES.nswProhibitedPrizes,
  'sa.permitModel': SOURCES.saTradePromotions,
  'sa.lodgeBusinessDays': SOURCES.saLicence,
  'sa.premiumWithinBusinessDays': SOURCES.saLicence,
  'sa.notifyWinnersWithinDays': SOURCES.saResearch,
  'sa.publishWinnersFromPrizeCents': {
    ...SOURCES.saResearch,
    note: 'The research says winners are published (initials and postcode) without a prize threshold: every winner. Not yet matched to the regulator\u2019s page.',
  },
  'sa.publishWinnersWithinDays': SOURCES.saResearch,
  'sa.recordMonths': SOURCES.saResearch,
  'sa.entryCostCapCents': SOURCES.saTradePromotions,
  'sa.entryCostCapMobileCents': SOURCES.saTradePromotions,
  'sa.restrictedPrizes': SOURCES.saResearch,
  'act.permitModel': SOURCES.actResearch,
  'act.lodgeBusinessDays': { ...SOURCES.actResearch, note: 'The research says "about 7 business days". Not yet matched to the regulator\u2019s page.' },
  'act.publishWinnersFromPrizeCents': SOURCES.actResearch,
  'act.recordMonths': SOURCES.actResearch,
  'act.entryCostCapCents': SOURCES.actResearch,
  'nt.permitModel': SOURCES.ntTradeLottery,
  'nt.lodgeCalendarDays': SOURCES.ntTradeLottery,
  'nt.recordMonths': SOURCES.ntResearch,
  'nt.restrictedPrizes': SOURCES.ntTradeLottery,
  'vic.permitModel': SOURCES.vicConducting,
  'vic.publishWinnersFromPrizeCents': SOURCES.vicConducting,
  'vic.publishWinnersForDays': SOURCES.vicConducting,
  'vic.deliverPrizesWithinDays': SOURCES.vicResearch,
  'vic.recordMonths': SOURCES.vicConducting,
  'vic.entryCostCapCents': SOURCES.vicConducting,
  'qld.permitModel': SOURCES.qldResearch,
  'qld.drawWithinMonths': SOURCES.qldResearch,
  'qld.recordMonths': SOURCES.qldResearch,
  'qld.restrictedPrizes': SOURCES.qldResearch,
  'wa.permitModel': SOURCES.waResearch,
  'wa.recordMonths': SOURCES.waResearch,
  'wa.entryCostCapCents': SOURCES.waResearch,
  'tas.permitModel': SOURCES.tasResearch,
}

export function researchedStateSources(): Record<string, FigureSource> {
  const sources: Record<string, FigureSource> = {}
  for (const state of STATE_KEYS) {
    const rules = RESEARCHED_STATE_RULES[state]
    for (const key of Object.keys(rules) as StateRuleKey[]) {
      const specific = SPECIFIC[`${state}.${key}`]
      sources[`states.${state}.${key}`] = rules[key] === null || !specific ? notStated(STATE_SOURCE[state], key) : specific
    }
  }
  return sources
}
