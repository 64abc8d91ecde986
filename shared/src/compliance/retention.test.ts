import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addDays, addMonths, compareIsoDates } from '../dates/calendar'
import { RULE_SET_2020 } from '../rules/rule-sets'
import { getObligations, type ObligationInput } from './obligations'
import { dutiesOfReminder, openDuties, reminderStillNeeded } from './reminder-duties'
import { retentionDecision } from './retention'

const base: ObligationInput = {
  ausStates: { nsw: true, act: true, sa: true, vic: true },
  totalPrizeValue: 2_000_000,
  hasNswAuthority: false,
  startDate: '2025-01-01',
  endDate: '2025-01-31',
  finalDrawDate: '2025-02-03',
}

describe('personal-data retention', () => {
  it('keeps the data until the longest record period of the promotion\u2019s states (VIC 36 months over SA 3, ACT 12), deletes it the day after', () => {
    const obligations = getObligations(base, RULE_SET_2020, { today: '2025-01-01' })
    expect(retentionDecision(obligations, '2028-01-31', false)).toMatchObject({ action: 'wait', keepUntil: '2028-01-31' })
    expect(retentionDecision(obligations, '2028-02-01', false)).toMatchObject({
      action: 'delete',
      keepUntil: '2028-01-31',
      duty: { ruleKey: 'states.vic.recordMonths' },
    })
    expect(retentionDecision(obligations, '2028-02-01', true)).toMatchObject({ action: 'hold' })
  })

  it('NSW alone states no period: there is no date to delete on', () => {
    const obligations = getObligations({ ...base, ausStates: { nsw: true } }, RULE_SET_2020, { today: '2025-01-01' })
    expect(retentionDecision(obligations, '2040-01-01', false)).toEqual({ action: 'no-period' })
  })

  it('never deletes on or before the records date, always after it (any end date, any day)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -400, max: 400 }), fc.boolean(), (offset, delta, held) => {
        const end = addDays('2024-01-01', offset)
        const obligations = getObligations({ ...base, startDate: addDays(end, -30), endDate: end, finalDrawDate: null }, RULE_SET_2020, { today: end })
        const keepUntil = addMonths(end, 36)
        const today = addDays(keepUntil, delta)
        const decision = retentionDecision(obligations, today, held)
        const after = compareIsoDates(today, keepUntil) > 0
        expect(decision.action).toBe(after ? (held ? 'hold' : 'delete') : 'wait')
      }),
    )
  })
})

describe('reminders and the duties they remind of', () => {
  const obligations = getObligations(base, RULE_SET_2020, { today: '2024-12-01' })
  it('a reminder is about the duties of its kind', () => {
    expect(dutiesOfReminder('final-draw', obligations).map((o) => o.code)).toEqual(['draw'])
    expect(
      dutiesOfReminder('required-date', obligations)
        .map((o) => o.code)
        .sort(),
    ).toEqual(['lodge-act', 'lodge-sa', 'lodge-sa-premium', 'notify-nsw', 'nsw-authority'].sort())
    expect(dutiesOfReminder('sa-publication', obligations).map((o) => o.code)).toEqual(['publish-winners-sa'])
  })
  it('is not needed once every duty of its kind is done; a reminder of no duty always is', () => {
    const done = getObligations(base, RULE_SET_2020, {
      today: '2024-12-01',
      proofs: { draw: { kind: 'link', reference: 'https://x.example/', label: null, note: null, closedAt: '2025-02-03T01:00:00Z' } },
    })
    expect(reminderStillNeeded('final-draw', obligations)).toBe(true)
    expect(reminderStillNeeded('final-draw', done)).toBe(false)
    expect(reminderStillNeeded('start', done)).toBe(true)
    expect(openDuties(done).map((o) => o.code)).not.toContain('draw')
    expect(openDuties(done)).toHaveLength(done.length - 1)
  })
})
