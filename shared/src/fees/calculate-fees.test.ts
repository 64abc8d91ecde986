import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dollarsToCents } from '../money'
import { RULE_SET_2020, RULE_SETS, selectRuleSet, type RuleSet } from '../rules/rule-sets'
import { ausStatesOf, STATE_KEYS, type StateKey } from '../states'
import { calculateFees, cardSurcharge, toFeeDue, type FeeInput } from './calculate-fees'

const $ = (dollars: number | string) => dollarsToCents(dollars)

describe('ACT licence tiers', () => {
  it.each([
    [3000, 0],
    ['3000.01', 255],
    [3001, 255],
    [5000, 255],
    [5001, 373],
    [10000, 373],
    [10001, 721],
    [50000, 721],
    [50001, 1030],
    [100000, 1030],
    [100001, 2059],
    [200000, 2059],
    [200001, 4130],
    [5_000_000, 4130],
  ])('value %s → $%i', (value, fee) => {
    expect(calculateFees({ ausStates: ausStatesOf('act'), totalPrizeValue: $(value) }).feeDue_ACT).toBe($(fee))
  })
})

describe('SA licence tiers', () => {
  it.each([
    [5000, false, 0],
    [5000, true, 253],
    ['5000.01', false, 253],
    [5001, false, 253],
    [10000, false, 253],
    ['10000.01', false, 928],
    [10001, false, 928],
    [50000, false, 928],
    [50001, false, 1624],
    [100000, false, 1624],
    [100001, false, 2785],
    [200000, false, 2785],
    [200001, false, 5106],
  ])('value %s (instant win %s) → $%i', (value, instantWin, fee) => {
    expect(calculateFees({ ausStates: ausStatesOf('sa'), totalPrizeValue: $(value), hasInstantWinPrizes: instantWin }).feeDue_SA).toBe($(fee))
  })
})

describe('SA premium forced by staff (forceSaPremium)', () => {
  it.each([
    [6000, false, 253, false],
    [6000, true, 928, true],
    [20000, true, 928, true],
    [60000, true, 1624, true], // a higher tier still applies
    [4000, true, 0, false], // no SA permit required: nothing to charge
  ])('value %s forced %s → $%i (isSAFeePremium %s)', (value, forced, fee, flag) => {
    const fees = calculateFees({ ausStates: ausStatesOf('sa'), totalPrizeValue: $(value), hasInstantWinPrizes: false, saPremium: forced })
    expect(fees.feeDue_SA).toBe($(fee))
    expect(fees.isSAFeePremium).toBe(flag)
  })

  it('raises the government subtotal and the totals, not the GST', () => {
    const input = { ausStates: ausStatesOf('sa'), totalPrizeValue: $(6000) }
    const plain = calculateFees(input, { paymentMethod: 'bpay' })
    const premium = calculateFees({ ...input, saPremium: true }, { paymentMethod: 'bpay' })
    expect(premium.feeDue_Total - plain.feeDue_Total).toBe($(928 - 253))
    expect(premium.feeDue_GST).toBe(plain.feeDue_GST)
  })
})

describe('NSW licence', () => {
  it.each([
    [10000, undefined, 0],
    [10001, false, 468],
    [10001, undefined, 468],
    [10001, true, 0],
    [1_000_000, false, 468],
  ])('value %i, existing authority %s → $%i', (value, authority, fee) => {
    expect(calculateFees({ ausStates: ausStatesOf('nsw'), totalPrizeValue: $(value), hasNswAuthority: authority }).feeDue_NSW).toBe($(fee))
  })
})

describe('provider fee by count of required NSW/SA/ACT permits', () => {
  it.each([
    [[] as StateKey[], 0, 225],
    [['vic'] as StateKey[], 60000, 225],
    [['nsw'] as StateKey[], 60000, 245],
    [['nsw', 'act'] as StateKey[], 60000, 270],
    [['nsw', 'act', 'sa'] as StateKey[], 60000, 295],
    [['nsw', 'act', 'sa'] as StateKey[], 4000, 245], // only ACT required (SA undecided, NSW not required)
    [[...STATE_KEYS], 60000, 295],
  ])('%j at $%i → $%i', (states, value, fee) => {
    expect(calculateFees({ ausStates: ausStatesOf(...states), totalPrizeValue: $(value) }).feeDue_Service).toBe($(fee))
  })
})

describe('services, GST, surcharge and totals', () => {
  it('prices each service', () => {
    const fees = calculateFees(
      { ausStates: ausStatesOf('vic'), totalPrizeValue: $(1000), randomDraw: true, termsAndConditions: true, abridgedTC: true, hostedTC: true },
      { paymentMethod: 'bpay' },
    )
    expect(fees.feeDue_RandomDraw).toBe($(150))
    expect(fees.feeDue_TermsAndConditions).toBe($(255))
    expect(fees.feeDue_AbridgedTC).toBe($(100))
    expect(fees.feeDue_HostedTC).toBe($(100))
    expect(fees.feeDue_SkillsBasedTC).toBe(0)
    expect(fees.feeDue_CCSurcharge).toBe(0)
  })

  it('worked example: NSW + ACT at $60,000 with random draw and T&Cs, paid by card', () => {
    const fees = calculateFees({
      ausStates: ausStatesOf('nsw', 'act'),
      totalPrizeValue: $(60000),
      hasNswAuthority: false,
      randomDraw: true,
      termsAndConditions: true,
    })
    // government: 468 + 1030 = 1498 (no GST); provider: 270 + 150 + 255 = 675; GST 67.50
    expect(fees.governmentSubtotal).toBe($(1498))
    expect(fees.providerSubtotal).toBe($(675))
    expect(fees.feeDue_GST).toBe($('67.50'))
    expect(fees.feeDue_Total).toBe($(2173))
    // surcharge 1.5% of 2240.50 = 33.6075 → 33.61
    expect(fees.feeDue_CCSurcharge).toBe($('33.61'))
    expect(fees.feeDue_GrandTotal).toBe($('2274.11'))
  })

  it('skill-based purchase: skill T&Cs charged; permit management and random draw 0', () => {
    const fees = calculateFees(
      {
        ausStates: { all: true },
        totalPrizeValue: $(100000),
        skillsBasedTC: true,
        randomDraw: true,
        termsAndConditions: true,
        abridgedTC: true,
      },
      { paymentMethod: 'bpay' },
    )
    expect(fees.feeDue_SkillsBasedTC).toBe($(150))
    expect(fees.feeDue_Service).toBe(0)
    expect(fees.feeDue_RandomDraw).toBe(0)
    expect(fees.feeDue_TermsAndConditions).toBe(0)
    expect(fees.feeDue_NSW + fees.feeDue_ACT + fees.feeDue_SA).toBe(0)
    expect(fees.feeDue_AbridgedTC).toBe($(100))
    expect(fees.feeDue_GST).toBe($(25))
    expect(fees.feeDue_GrandTotal).toBe($(275))
  })

  it('self submission: no permit management or government fees charged; estimate reported apart', () => {
    const fees = calculateFees({ ausStates: ausStatesOf('nsw', 'sa'), totalPrizeValue: $(20000), managedSubmission: false, randomDraw: true })
    expect(fees.feeDue_Service).toBe(0)
    expect(fees.feeDue_NSW).toBe(0)
    expect(fees.feeDue_SA).toBe(0)
    expect(fees.governmentFeesPayableDirect).toEqual({ nsw: $(468), act: 0, sa: $(928), total: $(1396) })
    expect(fees.feeDue_RandomDraw).toBe($(150))
  })

  it('reports the included-but-not-required flags', () => {
    const fees = calculateFees({ ausStates: ausStatesOf('nsw', 'act', 'sa'), totalPrizeValue: $(3000), hasInstantWinPrizes: false })
    expect(fees.isNSWIncludedButNotRequired).toBe(true)
    expect(fees.isACTIncludedButNotRequired).toBe(true)
    expect(fees.isSAIncludedButNotRequired).toBe(true)
  })

  it('toFeeDue returns exactly the wire fields', () => {
    expect(Object.keys(toFeeDue(calculateFees({}))).sort()).toEqual(
      [
        'feeDue_ACT',
        'feeDue_NSW',
        'feeDue_SA',
        'feeDue_Service',
        'feeDue_AbridgedTC',
        'feeDue_HostedTC',
        'feeDue_RandomDraw',
        'feeDue_SkillsBasedTC',
        'feeDue_TermsAndConditions',
        'feeDue_WinnerPublication',
        'feeDue_CCSurcharge',
        'feeDue_GST',
        'feeDue_Total',
        'feeDue_GrandTotal',
      ].sort(),
    )
  })

  it.each([
    [0, 0, 0],
    [100, 0, 2], // 1.5 → 2 (half up)
    [33, 0, 0],
    [34, 0, 1],
    [$(1000), $(100), $('16.50')],
  ])('card surcharge on %i + %i → %i', (amount, gst, expected) => {
    expect(cardSurcharge(amount, gst)).toBe(expected)
  })
})

// --- property tests --------------------------------------------------------------

const stateSet = fc.subarray([...STATE_KEYS])
const feeInput = fc.record({
  states: stateSet,
  totalPrizeValue: fc.integer({ min: 0, max: 100_000_000_00 }),
  hasNswAuthority: fc.option(fc.boolean(), { nil: undefined }),
  hasInstantWinPrizes: fc.option(fc.boolean(), { nil: undefined }),
  managedSubmission: fc.option(fc.boolean(), { nil: undefined }),
  randomDraw: fc.boolean(),
  termsAndConditions: fc.boolean(),
  abridgedTC: fc.boolean(),
  hostedTC: fc.boolean(),
  skillsBasedTC: fc.boolean(),
  winnerPublication: fc.boolean(),
  card: fc.boolean(),
})

function toInput(r: { states: StateKey[] } & Omit<FeeInput, 'ausStates'>): FeeInput {
  const { states, ...rest } = r
  return { ...rest, ausStates: ausStatesOf(...states) }
}

const LINES = [
  'feeDue_ACT',
  'feeDue_NSW',
  'feeDue_SA',
  'feeDue_Service',
  'feeDue_AbridgedTC',
  'feeDue_HostedTC',
  'feeDue_RandomDraw',
  'feeDue_SkillsBasedTC',
  'feeDue_TermsAndConditions',
  'feeDue_WinnerPublication',
] as const

describe('fee properties', () => {
  it('totals add up and every amount is a whole, non-negative number of cents', () => {
    fc.assert(
      fc.property(feeInput, ({ card, ...r }) => {
        const fees = calculateFees(toInput(r), { paymentMethod: card ? 'card' : 'bpay' })
        const lineSum = LINES.reduce((sum, key) => sum + fees[key], 0)
        expect(fees.feeDue_Total).toBe(lineSum)
        expect(fees.feeDue_GrandTotal).toBe(fees.feeDue_Total + fees.feeDue_GST + fees.feeDue_CCSurcharge)
        expect(fees.feeDue_Total).toBe(fees.governmentSubtotal + fees.providerSubtotal)
        for (const value of Object.values(toFeeDue(fees))) {
          expect(Number.isSafeInteger(value)).toBe(true)
          expect(value).toBeGreaterThanOrEqual(0)
        }
        if (!card) expect(fees.feeDue_CCSurcharge).toBe(0)
      }),
    )
  })

  it('GST is 10% of the provider fees only (government fees are GST-free)', () => {
    fc.assert(
      fc.property(feeInput, ({ card, ...r }) => {
        const fees = calculateFees(toInput(r), { paymentMethod: card ? 'card' : 'bpay' })
        expect(Math.abs(fees.feeDue_GST * 10 - fees.providerSubtotal)).toBeLessThanOrEqual(5)
        const surchargeBase = fees.feeDue_Total + fees.feeDue_GST
        if (card) expect(Math.abs(fees.feeDue_CCSurcharge * 1000 - surchargeBase * 15)).toBeLessThanOrEqual(500)
      }),
    )
  })

  it('no fee decreases as the prize value rises (same choices and answers)', () => {
    fc.assert(
      fc.property(feeInput, fc.integer({ min: 0, max: 50_000_000 }), ({ card, ...r }, increase) => {
        const options = { paymentMethod: card ? ('card' as const) : ('bpay' as const) }
        const low = calculateFees(toInput(r), options)
        const high = calculateFees(toInput({ ...r, totalPrizeValue: r.totalPrizeValue + increase }), options)
        for (const key of [...LINES, 'feeDue_GST', 'feeDue_CCSurcharge', 'feeDue_Total', 'feeDue_GrandTotal'] as const) {
          expect(high[key]).toBeGreaterThanOrEqual(low[key])
        }
      }),
    )
  })
})

describe('winner publication (decision record 020)', () => {
  it("is charged at the rule set's price exactly when ordered with our draw, in ACT or SA, for a game of chance", () => {
    fc.assert(
      fc.property(feeInput, ({ card, ...r }) => {
        const fees = calculateFees(toInput(r), { paymentMethod: card ? 'card' : 'bpay' })
        const offered = r.randomDraw && !r.skillsBasedTC && (r.states.includes('act') || r.states.includes('sa'))
        expect(fees.feeDue_WinnerPublication).toBe(offered && r.winnerPublication ? RULE_SET_2020.fees.provider.winnerPublicationCents : 0)
        // A provider's service: GST applies to it like the other services.
        const without = calculateFees(toInput({ ...r, winnerPublication: false }), { paymentMethod: card ? 'card' : 'bpay' })
        expect(fees.providerSubtotal - without.providerSubtotal).toBe(fees.feeDue_WinnerPublication)
      }),
    )
  })

  it('a customer in ACT with the draw pays $100 + GST for it, on its own invoice line', () => {
    const fees = calculateFees(
      { ausStates: ausStatesOf('act'), totalPrizeValue: $(2000), randomDraw: true, winnerPublication: true },
      { paymentMethod: 'bpay' },
    )
    expect(fees.feeDue_WinnerPublication).toBe($(100))
    expect(fees.feeDue_Total).toBe($(150) + $(100) + $(225))
    expect(fees.feeDue_GST).toBe($(47.5))
  })

  it('is not charged in a promotion without ACT or SA, or without our draw', () => {
    expect(
      calculateFees({ ausStates: ausStatesOf('nsw', 'vic'), totalPrizeValue: $(50000), randomDraw: true, winnerPublication: true }).feeDue_WinnerPublication,
    ).toBe(0)
    expect(
      calculateFees({ ausStates: ausStatesOf('sa'), totalPrizeValue: $(50000), randomDraw: false, winnerPublication: true }).feeDue_WinnerPublication,
    ).toBe(0)
  })
})

// --- versioned rule sets -------------------------------------------------------------

describe('rule set selection', () => {
  /** A hypothetical law change: ACT threshold to $5,000, new ACT fees, NSW licence $500, RD $160. */
  const FUTURE: RuleSet = {
    ...RULE_SET_2020,
    id: 'au-2027-07-hypothetical',
    effectiveFrom: '2027-07-01',
    description: 'Hypothetical future rules for the test',
    thresholds: { ...RULE_SET_2020.thresholds, actPermitAboveCents: 500_000 },
    fees: {
      ...RULE_SET_2020.fees,
      government: {
        ...RULE_SET_2020.fees.government,
        nswCents: 50_000,
        act: { baseCents: 30_000, steps: [{ aboveCents: 1_000_000, feeCents: 80_000 }] },
      },
      provider: { ...RULE_SET_2020.fees.provider, randomDrawCents: 16_000 },
    },
  }
  const sets = [FUTURE, RULE_SET_2020]

  it('the spec figures are effective from 2020-01-01 and are the only set today', () => {
    expect(RULE_SETS.map((s) => s.effectiveFrom)).toEqual(['2020-01-01'])
  })

  it.each([
    ['2019-06-30', 'au-2020-01'], // before all sets → earliest
    [null, 'au-2020-01'],
    ['2020-01-01', 'au-2020-01'],
    ['2027-06-30', 'au-2020-01'],
    ['2027-07-01', 'au-2027-07-hypothetical'],
    ['2030-01-01', 'au-2027-07-hypothetical'],
    ['2027-06-30T14:00:00Z', 'au-2027-07-hypothetical'], // 1 July 00:00 in Sydney
  ])('start %s → %s', (start, id) => {
    expect(selectRuleSet(start, sets).id).toBe(id)
  })

  it('a law change is a data change: same promotion, different start date, different outcome', () => {
    const promotion = { ausStates: ausStatesOf('act', 'nsw'), totalPrizeValue: $(4000), randomDraw: true }
    const before = calculateFees({ ...promotion, startDate: '2027-06-30' }, { ruleSet: selectRuleSet('2027-06-30', sets) })
    const after = calculateFees({ ...promotion, startDate: '2027-07-01' }, { ruleSet: selectRuleSet('2027-07-01', sets) })
    expect(before.requirements.act.required).toBe(true)
    expect(before.feeDue_ACT).toBe($(255))
    expect(before.feeDue_RandomDraw).toBe($(150))
    expect(after.requirements.act.required).toBe(false)
    expect(after.isACTIncludedButNotRequired).toBe(true)
    expect(after.feeDue_ACT).toBe(0)
    expect(after.feeDue_RandomDraw).toBe($(160))
    const nswAfter = calculateFees({ ausStates: ausStatesOf('nsw'), totalPrizeValue: $(20000) }, { ruleSet: FUTURE })
    expect(nswAfter.feeDue_NSW).toBe($(500))
    expect(after.ruleSetId).toBe('au-2027-07-hypothetical')
  })

  it('the default selection uses the promotion start date', () => {
    expect(calculateFees({ startDate: '2024-03-01' }).ruleSetId).toBe('au-2020-01')
  })
})
