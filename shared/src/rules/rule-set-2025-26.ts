/**
 * The researched 2025-26 set (issue #30): the real NSW authority model, SA's standard and
 * premium lead times, and the states' duties, each figure with its source. Figures the research
 * did not confirm for 2025-26 are kept from the specification and marked unverified with a note.
 * It takes effect only when staff publish it with an effective date (RULE_SETS holds the default).
 */
import { RULE_SET_2020, type RuleSet } from './rule-sets'
import { SOURCES, SPEC_SOURCE, type FigureSource } from './sources'
import { researchedStateSources } from './state-sources'
import { RESEARCHED_STATE_RULES } from './state-rules'

const keptFromSpec = (section: string, what: string): FigureSource => ({
  ...SPEC_SOURCE(section),
  verified: false,
  note: `${what} not in the 2025-26 research: the specification\u2019s figure is kept until a regulator\u2019s page confirms one.`,
})

export const RULE_SET_2025_26: RuleSet = {
  ...RULE_SET_2020,
  id: 'au-2025-07',
  effectiveFrom: '2025-07-01',
  description:
    'The 2025-26 research: NSW authority (1, 3 or 5 years) plus a free notification per promotion, SA standard and premium lead times, and each state\u2019s duties.',
  fees: {
    ...RULE_SET_2020.fees,
    government: {
      ...RULE_SET_2020.fees.government,
      // A promoter without an authority buys the one-year authority (applied online).
      nswCents: 45_800,
      // The per-promotion notification is free.
      nswWithAuthorityCents: 0,
    },
  },
  states: RESEARCHED_STATE_RULES,
  sources: {
    ...researchedStateSources(),
    'thresholds.nswPermitAboveCents': SOURCES.nswNotify,
    'thresholds.actPermitAboveCents': SOURCES.actResearch,
    'thresholds.saPermitAboveCents': SOURCES.saTradePromotions,
    'thresholds.ntNoticeAboveCents': SOURCES.ntTradeLottery,
    'thresholds.nswScrutineerAboveCents': keptFromSpec('001 \u00a75', 'An NSW scrutineer threshold is'),
    'thresholds.saScrutineerFromCents': SOURCES.saResearch,
    'fees.government.nswCents': SOURCES.nswAuthorityFees,
    'fees.government.nswWithAuthorityCents': {
      ...SOURCES.nswNotify,
      verified: false,
      note: 'The research says the notification is free; the Service NSW page names no fee.',
    },
    'fees.government.act': SOURCES.actFees,
    'fees.government.sa': keptFromSpec('001 \u00a79', 'SA licence fees are'),
    'fees.government.saPremiumCents': keptFromSpec('001 \u00a79', 'The SA premium fee is'),
    'fees.provider.permitManagementByCountCents': SOURCES.providerPrices,
    'fees.provider.randomDrawCents': SOURCES.providerPrices,
    'fees.provider.termsChanceCents': SOURCES.providerPrices,
    'fees.provider.termsSkillCents': SOURCES.providerPrices,
    'fees.provider.abridgedTermsCents': SOURCES.providerPrices,
    'fees.provider.hostedTermsCents': SOURCES.providerPrices,
    'fees.provider.winnerPublicationCents': { ...SOURCES.providerPrices, dateRead: '2026-11-25', note: 'The provider\u2019s own price (decision record 020).' },
    'fees.gstRate': SPEC_SOURCE('001 \u00a79'),
    'fees.cardSurchargeRate': SPEC_SOURCE('001 \u00a79'),
  },
}
