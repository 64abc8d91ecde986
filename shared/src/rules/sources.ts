/**
 * Where each figure of a rule set comes from. A figure is "verified" when its value was read in the
 * cited source on `dateRead`; a figure taken from research notes that nobody has yet matched to
 * the regulator's page is unverified and says why in `note`. Never invent a figure: a rule the
 * sources do not give is `null` in the set, with a source explaining the gap.
 */
import type { IsoDate } from '../dates/calendar'

export interface FigureSource {
  title: string
  /** The regulator's page, or a path on this site for the specification and our own prices. */
  url: string
  dateRead: IsoDate
  verified: boolean
  note?: string
}

/** The day the regulators' pages below were read (from stored copies) for the 2025-26 set. */
const READ_2025_26: IsoDate = '2026-11-25'
/** The issue that carried the 2025-26 research (its figures are unverified until matched to a page). */
const RESEARCH_NOTE = 'From the 2025-26 research in issue #30; not yet matched to the regulator\u2019s own page.'

export const SPEC_SOURCE = (section: string): FigureSource => ({
  title: `PermitDesk product specification, ${section}`,
  // The specification is not public: the rules page explains the default set instead.
  url: '/rules/#default-set',
  dateRead: '2026-11-01',
  verified: true,
  note: 'The specification\u2019s figure (the default rule set).',
})

export const SOURCES = {
  nswNotify: {
    title: 'Service NSW: Notify NSW Fair Trading of a trade promotion gaming activity',
    url: 'https://www.service.nsw.gov.au/transaction/notify-fair-trading-trade-promotion-gaming-activity',
    dateRead: READ_2025_26,
    verified: true,
  },
  nswAuthority: {
    title: 'ABLIS: Authority to Conduct a Trade Promotion Lottery (NSW)',
    url: 'https://ablis.business.gov.au/service/nsw/authority-to-conduct-a-trade-promotion-lottery/16683',
    dateRead: READ_2025_26,
    verified: true,
  },
  nswAuthorityFees: {
    title: 'Liquor & Gaming NSW trade promotion lottery authority fees (2024-25)',
    url: 'https://ablis.business.gov.au/service/nsw/authority-to-conduct-a-trade-promotion-lottery/16683',
    dateRead: READ_2025_26,
    verified: false,
    note: `2024-25 fees (applied online); the 2025-26 indexation could not be confirmed. ${RESEARCH_NOTE}`,
  },
  nswProhibitedPrizes: {
    title: 'Permitz: trade promotion state requirements (NSW prohibited prizes)',
    url: 'https://www.permitzgroup.com/trade-promotion-guide/state-requirements',
    dateRead: READ_2025_26,
    verified: false,
    note: `A permit agent's summary, not the regulator. ${RESEARCH_NOTE}`,
  },
  saLicence: {
    title: 'SA.GOV.AU: Apply for a trade promotion licence',
    url: 'https://www.sa.gov.au/topics/business-and-trade/running-a-business/trade-promotions/apply-for-a-trade-promotion-licence',
    dateRead: READ_2025_26,
    verified: true,
  },
  saTradePromotions: {
    title: 'SA.GOV.AU: Trade promotions for businesses',
    url: 'https://www.sa.gov.au/topics/business-and-trade/running-a-business/trade-promotions',
    dateRead: READ_2025_26,
    verified: true,
  },
  saResearch: {
    title: 'Consumer and Business Services SA (research notes)',
    url: 'https://www.cbs.sa.gov.au/',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  actResearch: {
    title: 'Access Canberra trade promotion permits (research notes)',
    url: 'https://www.accesscanberra.act.gov.au/',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  actFees: {
    title: 'Access Canberra trade promotion permit fees',
    url: 'https://www.accesscanberra.act.gov.au/',
    dateRead: READ_2025_26,
    verified: false,
    note: 'The specification\u2019s table (255 \u2026 4,130) is one yearly rise above the confirmed 2024-25 fees (247 / 361 / 696 / 995 / 1,988 / 3,987), likely 2025-26; not confirmed.',
  },
  ntTradeLottery: {
    title: 'NT.GOV.AU: Apply to run a trade lottery',
    url: 'https://nt.gov.au/industry/gambling/gambling/lotteries-community-gambling/apply-to-run-a-trade-lottery',
    dateRead: READ_2025_26,
    verified: true,
  },
  ntResearch: {
    title: 'Licensing NT (research notes)',
    url: 'https://nt.gov.au/industry/gambling/gambling/lotteries-community-gambling/apply-to-run-a-trade-lottery',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  vicConducting: {
    title: 'VGCCC: Conducting trade promotion lotteries',
    url: 'https://www.vgccc.vic.gov.au/for-community/community-and-charitable-fundraising/trade-promotion-lotteries/conducting-trade-promotion-lotteries',
    dateRead: READ_2025_26,
    verified: true,
  },
  vicResearch: {
    title: 'Gambling Regulations 2015 (Vic), trade promotion conditions (research notes)',
    url: 'https://www.vgccc.vic.gov.au/for-community/community-and-charitable-fundraising/trade-promotion-lotteries/conducting-trade-promotion-lotteries',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  qldResearch: {
    title: 'Queensland Office of Liquor and Gaming Regulation (research notes)',
    url: 'https://www.business.qld.gov.au/',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  waResearch: {
    title: 'WA Department of Local Government, Industry Regulation and Safety (research notes)',
    url: 'https://www.commerce.wa.gov.au/',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  tasResearch: {
    title: 'Tasmanian Liquor and Gaming Commission (research notes)',
    url: 'https://www.treasury.tas.gov.au/liquor-and-gaming',
    dateRead: READ_2025_26,
    verified: false,
    note: RESEARCH_NOTE,
  },
  providerPrices: {
    title: 'PermitDesk price list (the provider\u2019s own prices)',
    url: '/rules/#default-set',
    dateRead: '2026-11-01',
    verified: true,
  },
} satisfies Record<string, FigureSource>

/** A source for a rule the research could not state: the figure stays null. */
export function notStated(source: FigureSource, what: string): FigureSource {
  return { ...source, verified: false, note: `${what} not stated in the research; left empty rather than guessed.` }
}

/**
 * A source's title as the customer reads it (issue 25): our working labels ("(research notes)",
 * the specification's section numbers) stay with staff; the link still opens the same page.
 */
export function customerSourceTitle(source: Pick<FigureSource, 'title'>): string {
  if (source.title.startsWith('PermitDesk product specification')) return 'PermitDesk\u2019s published trade promotion rules'
  return source.title.replace(/\s*\(research notes\)$/, '')
}
