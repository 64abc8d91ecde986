import { describe, expect, it } from 'vitest'
import { ausStatesOf } from '../states'
import { getPermitSummary } from './permit-summary'

const lines = (input: Parameters<typeof getPermitSummary>[0]) => Object.fromEntries(getPermitSummary(input).lines.map((l) => [l.code, l]))

describe('permits required and why', () => {
  it('NSW and ACT over their thresholds: each with the rule, the tier and the fee', () => {
    const summary = getPermitSummary({ ausStates: ausStatesOf('nsw', 'act', 'vic'), totalPrizeValue: 2_000_000 })
    expect(summary.headline).toBe('Permits needed: ACT and NSW.')
    const l = lines({ ausStates: ausStatesOf('nsw', 'act', 'vic'), totalPrizeValue: 2_000_000 })
    expect(l.NSW).toMatchObject({ outcome: 'required', feeCents: 46_800, reason: 'Needed: the total prize value is over $10,000. Licence fee $468.' })
    expect(l.ACT).toMatchObject({
      outcome: 'required',
      feeCents: 72_100,
      reason: 'Needed: the total prize value is over $3,000. Licence fee $721, the fee for prizes over $10,000.',
    })
    expect(l.VIC.outcome).toBe('none')
    expect(summary.governmentFeesCents).toBe(46_800 + 72_100)
  })

  it('names the fee the promotion was priced at (its stored fees under a later rule set), as its fees table and invoice do', () => {
    const input = { ausStates: ausStatesOf('nsw', 'act'), totalPrizeValue: 2_000_000 }
    const summary = getPermitSummary(input, undefined, { nsw: 47_250, act: 72_100 })
    const nsw = summary.lines.find((l) => l.code === 'NSW')!
    expect(nsw).toMatchObject({ feeCents: 47_250, reason: 'Needed: the total prize value is over $10,000. Licence fee $472.50.' })
    expect(summary.governmentFeesCents).toBe(47_250 + 72_100)
  })

  it('under the thresholds: not needed, and why', () => {
    const summary = getPermitSummary({ ausStates: ausStatesOf('nsw', 'act'), totalPrizeValue: 250_000 })
    expect(summary.headline).toBe('No state permit is needed for this promotion.')
    expect(summary.lines.map((l) => l.reason)).toEqual([
      'Not needed: the total prize value is $3,000 or less.',
      'Not needed: the total prize value is $10,000 or less.',
    ])
  })

  it('SA at or under its threshold depends on the instant-win answer', () => {
    expect(lines({ ausStates: ausStatesOf('sa'), totalPrizeValue: 400_000 }).SA.outcome).toBe('undecided')
    expect(lines({ ausStates: ausStatesOf('sa'), totalPrizeValue: 400_000, hasInstantWinPrizes: true }).SA).toMatchObject({
      outcome: 'required',
      reason: 'Needed: there are instant-win prizes. Licence fee $253, the fee for prizes up to $10,000.',
    })
  })

  it('an NSW authority means no NSW fee; no states chosen asks for them; skill needs none', () => {
    expect(lines({ ausStates: ausStatesOf('nsw'), totalPrizeValue: 2_000_000, hasNswAuthority: true }).NSW.feeCents).toBe(0)
    expect(getPermitSummary({ ausStates: {}, totalPrizeValue: 2_000_000 }).headline).toBe('Choose the states of the promotion to see which permits it needs.')
    expect(getPermitSummary({ ausStates: ausStatesOf('nsw'), totalPrizeValue: 2_000_000, skillsBasedTC: true }).headline).toBe(
      'A game of skill needs no permits.',
    )
  })
})
