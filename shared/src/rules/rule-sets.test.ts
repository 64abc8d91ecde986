import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { calculateFees } from '../fees/calculate-fees'
import { getPermitRequirements } from '../permits/requirements'
import { findRuleSet, previousRuleSet, RULE_SET_CATALOGUE, ruleSetInForce, toRuleSetView } from './catalogue'
import { applyFigureChanges, compareRuleSets, FIGURE_DEFS, fromWireValue, ruleSetFigures, figureDef } from './figures'
import { RULE_SET_2025_26 } from './rule-set-2025-26'
import { RULE_SET_2020, tieredFee } from './rule-sets'

const source = { title: 'Test source', url: 'https://example.gov.au/', dateRead: '2026-06-01', verified: true }

describe('every figure is cited', () => {
  for (const set of RULE_SET_CATALOGUE) {
    it(`${set.id}: each figure has a source with a title, a URL and the date it was read`, () => {
      for (const figure of ruleSetFigures(set)) {
        expect(figure.source, figure.key).not.toBeNull()
        expect(figure.source!.title, figure.key).not.toBe('')
        expect(figure.source!.url, figure.key).toMatch(/^(https:\/\/|\/)/)
        expect(figure.source!.dateRead, figure.key).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      }
    })
    it(`${set.id}: an unverified figure says why, and a missing figure is never marked verified`, () => {
      for (const figure of ruleSetFigures(set)) {
        if (!figure.source!.verified) expect(figure.source!.note, figure.key).toBeTruthy()
        if (figure.value === null) expect(figure.source!.verified, figure.key).toBe(false)
      }
    })
    it(`${set.id}: no source is kept for a figure the set does not have`, () => {
      const keys = new Set(FIGURE_DEFS.map((d) => d.key))
      for (const key of Object.keys(set.sources)) expect(keys.has(key), key).toBe(true)
    })
  }
})

describe('the 2025-26 set (issue #30 research)', () => {
  const s = RULE_SET_2025_26
  it('keeps what the research did not confirm unverified with a note', () => {
    expect(s.sources['fees.government.act']).toMatchObject({ verified: false })
    expect(s.sources['fees.government.act'].note).toMatch(/247/)
    expect(s.sources['fees.government.sa'].verified).toBe(false)
    expect(s.sources['states.qld.recordMonths'].verified).toBe(false)
    expect(s.states.tas.recordMonths).toBeNull()
    expect(s.states.nsw.recordMonths).toBeNull()
  })
  it('has the NSW authority model: 1/3/5-year authority fees and a free notification over $10,000', () => {
    expect(s.states.nsw).toMatchObject({
      permitModel: 'authority',
      authority1YearCents: 45_800,
      authority3YearCents: 70_500,
      authority5YearCents: 95_300,
      notificationAboveCents: 1_000_000,
      notifyBusinessDays: 10,
    })
    expect(s.fees.government.nswWithAuthorityCents).toBe(0)
  })
  it('has SA lead times in business days: 14 standard, premium within 5', () => {
    expect(s.states.sa).toMatchObject({
      lodgeBusinessDays: 14,
      premiumWithinBusinessDays: 5,
      notifyWinnersWithinDays: 7,
      publishWinnersWithinDays: 30,
      recordMonths: 3,
    })
    expect(RULE_SET_2020.states.sa.premiumWithinBusinessDays).toBe(10)
  })
  it('has the record periods, entry cost caps and prize restrictions of the research', () => {
    const months = Object.fromEntries(Object.entries(s.states).map(([k, v]) => [k, v.recordMonths]))
    expect(months).toEqual({ vic: 36, act: 12, sa: 3, nt: 24, qld: 60, wa: 12, nsw: null, tas: null })
    expect([
      s.states.vic.entryCostCapCents,
      s.states.act.entryCostCapCents,
      s.states.sa.entryCostCapCents,
      s.states.sa.entryCostCapMobileCents,
      s.states.wa.entryCostCapCents,
    ]).toEqual([100, 55, 55, 50, 55])
    expect(s.states.nt.restrictedPrizes).toEqual(['liquor-as-main-prize'])
    expect(s.states.qld.restrictedPrizes).toEqual(['tobacco', 'surgery', 'weapons'])
  })
})

describe('thresholds at and around each boundary, in both sets', () => {
  for (const set of RULE_SET_CATALOGUE) {
    const req = (states: Record<string, boolean>, value: number, extra = {}) =>
      getPermitRequirements({ ausStates: states, totalPrizeValue: value, ...extra }, set)
    it(`${set.id}: NSW over $10,000`, () => {
      expect(req({ nsw: true }, 1_000_000).nsw.required).toBe(false)
      expect(req({ nsw: true }, 1_000_001).nsw.required).toBe(true)
    })
    it(`${set.id}: ACT over $3,000`, () => {
      expect(req({ act: true }, 300_000).act.required).toBe(false)
      expect(req({ act: true }, 300_001).act.required).toBe(true)
    })
    it(`${set.id}: SA over $5,000, or instant win below`, () => {
      expect(req({ sa: true }, 500_000, { hasInstantWinPrizes: false }).sa.required).toBe(false)
      expect(req({ sa: true }, 500_000, { hasInstantWinPrizes: true }).sa.required).toBe(true)
      expect(req({ sa: true }, 500_001, { hasInstantWinPrizes: false }).sa.required).toBe(true)
    })
    it(`${set.id}: NT over $5,000 only when no other state issued a permit`, () => {
      expect(req({ nt: true }, 500_000).ntNotice).toBe(false)
      expect(req({ nt: true }, 500_001).ntNotice).toBe(true)
      expect(req({ nt: true, act: true }, 500_001).ntNotice).toBe(false)
      expect(req({ nt: true, act: true }, 300_000).ntNotice).toBe(false)
      expect(req({ nt: true, nsw: true }, 900_000).ntNotice).toBe(true)
    })
    it(`${set.id}: ACT and SA fee tiers step just above each boundary`, () => {
      for (const table of [set.fees.government.act, set.fees.government.sa]) {
        let previous = table.baseCents
        for (const step of table.steps) {
          expect(tieredFee(table, step.aboveCents)).toBe(previous)
          expect(tieredFee(table, step.aboveCents + 1)).toBe(step.feeCents)
          previous = step.feeCents
        }
      }
    })
  }
  it('NSW: the spec charges $468 without an authority, the 2025-26 set the one-year online authority ($458)', () => {
    const input = { ausStates: { nsw: true }, totalPrizeValue: 1_000_001, hasNswAuthority: false, managedSubmission: true }
    expect(calculateFees(input, { ruleSet: RULE_SET_2020 }).feeDue_NSW).toBe(46_800)
    expect(calculateFees(input, { ruleSet: RULE_SET_2025_26 }).feeDue_NSW).toBe(45_800)
    expect(calculateFees({ ...input, hasNswAuthority: true }, { ruleSet: RULE_SET_2025_26 }).feeDue_NSW).toBe(0)
    expect(calculateFees(input, { ruleSet: RULE_SET_2025_26 }).ruleSetId).toBe('au-2025-07')
  })
})

describe('the NSW authority term', () => {
  const input = { ausStates: { nsw: true }, totalPrizeValue: 1_000_001, hasNswAuthority: false, managedSubmission: true }
  it('2025-26: 1, 3 or 5 years at their own fees; the specification set knows only its flat fee', () => {
    expect([1, 3, 5, null].map((years) => calculateFees({ ...input, nswAuthorityDuration: years }, { ruleSet: RULE_SET_2025_26 }).feeDue_NSW)).toEqual([
      45_800, 70_500, 95_300, 45_800,
    ])
    expect([1, 3, 5].map((years) => calculateFees({ ...input, nswAuthorityDuration: years }, { ruleSet: RULE_SET_2020 }).feeDue_NSW)).toEqual([
      46_800, 46_800, 46_800,
    ])
    expect(calculateFees({ ...input, hasNswAuthority: true, nswAuthorityDuration: 5 }, { ruleSet: RULE_SET_2025_26 }).feeDue_NSW).toBe(0)
  })
})

describe('selection by date', () => {
  const published = [{ ...RULE_SET_2025_26, effectiveFrom: '2026-07-01' }]
  it('without publications the specification set is in force on every date', () => {
    for (const date of ['2019-01-01', '2025-07-01', '2030-12-31']) expect(ruleSetInForce(date).id).toBe('au-2020-01')
  })
  it('a published set takes over on its effective date, not the day before', () => {
    expect(ruleSetInForce('2026-06-30', published).id).toBe('au-2020-01')
    expect(ruleSetInForce('2026-07-01', published).id).toBe('au-2025-07')
  })
  it('finds sets by id, the published copy first', () => {
    expect(findRuleSet('au-2025-07', published)?.effectiveFrom).toBe('2026-07-01')
    expect(findRuleSet('au-2025-07')?.effectiveFrom).toBe('2025-07-01')
    expect(findRuleSet('nope')).toBeUndefined()
    expect(previousRuleSet(published[0], published)?.id).toBe('au-2020-01')
  })
  it('what changed: the 2025-26 set against the specification', () => {
    const keys = compareRuleSets(RULE_SET_2020, RULE_SET_2025_26).map((d) => d.key)
    expect(keys).toContain('fees.government.nswCents')
    expect(keys).toContain('states.sa.premiumWithinBusinessDays')
    expect(keys).not.toContain('thresholds.nswPermitAboveCents')
    const view = toRuleSetView(published[0], published)
    expect(view.previous).toEqual({ id: 'au-2020-01', effectiveFrom: '2020-01-01' })
    expect(view.changes.find((c) => c.key === 'fees.government.nswCents')).toMatchObject({ before: 468, after: 458 })
  })
})

describe('editing a set', () => {
  it('changes figures in dollars with their sources and leaves the base set untouched', () => {
    const result = applyFigureChanges(RULE_SET_2025_26, { id: 'au-2026-07', effectiveFrom: '2026-07-01', description: 'Next year' }, [
      { key: 'fees.government.nswCents', value: 472.5, source },
      { key: 'states.sa.lodgeBusinessDays', value: 15, source },
      { key: 'fees.government.act', value: { base: 260, steps: [{ above: 5000, fee: 380 }] }, source },
    ])
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.ruleSet.fees.government.nswCents).toBe(47_250)
    expect(result.ruleSet.states.sa.lodgeBusinessDays).toBe(15)
    expect(result.ruleSet.fees.government.act).toEqual({ baseCents: 26_000, steps: [{ aboveCents: 500_000, feeCents: 38_000 }] })
    expect(result.ruleSet.sources['fees.government.nswCents']).toEqual(source)
    expect(result.ruleSet.id).toBe('au-2026-07')
    expect(RULE_SET_2025_26.fees.government.nswCents).toBe(45_800)
    expect(RULE_SET_2025_26.states.sa.lodgeBusinessDays).toBe(14)
  })
  it('refuses unknown keys and values that do not fit, naming them all', () => {
    const result = applyFigureChanges(RULE_SET_2025_26, { id: 'x', effectiveFrom: '2026-07-01', description: '' }, [
      { key: 'fees.government.nope', value: 1, source },
      { key: 'states.sa.lodgeBusinessDays', value: 1.5, source },
      { key: 'fees.government.nswCents', value: 1.234, source },
      { key: 'states.nt.permitModel', value: 'lottery', source },
      {
        key: 'fees.government.act',
        value: {
          base: 1,
          steps: [
            { above: 10, fee: 2 },
            { above: 5, fee: 3 },
          ],
        },
        source,
      },
    ])
    expect(result).toEqual({
      ok: false,
      badKeys: ['fees.government.nope', 'states.sa.lodgeBusinessDays', 'fees.government.nswCents', 'states.nt.permitModel', 'fees.government.act'],
    })
  })
  it('money figures survive the round trip to the wire for any amount in cents', () => {
    const def = figureDef('fees.government.nswCents')!
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => {
        const wire = ruleSetFigures({
          ...RULE_SET_2020,
          fees: { ...RULE_SET_2020.fees, government: { ...RULE_SET_2020.fees.government, nswCents: cents } },
        }).find((f) => f.key === def.key)!.value
        expect(fromWireValue(def, wire)).toEqual({ ok: true, value: cents })
      }),
    )
  })
})
