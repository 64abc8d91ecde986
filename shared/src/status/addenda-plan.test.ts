import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { getAddendaPlan } from './addenda-plan'

const base = { relevantCodes: ['B', 'E', 'X', 'V', 'W'], finalDrawDate: '2027-03-03', unclaimedDrawDate: '2027-06-01', today: '2026-11-26' }

describe('the addenda after the draw', () => {
  it('before the draw: each needed document with the date it can be lodged, none offered yet', () => {
    const plan = getAddendaPlan(base)
    expect(plan.map((a) => a.code)).toEqual(['V', 'W', 'X'])
    expect(plan.every((a) => !a.open)).toBe(true)
    expect(plan[0]!.when).toBe('From 3 Mar 2027, after the final draw.')
    expect(plan[1]!.when).toBe('From 1 Jun 2027, after the unclaimed prize draw.')
  })

  it('the scrutineer declaration only when a scrutineer is required (U relevant)', () => {
    expect(getAddendaPlan(base).some((a) => a.code === 'U')).toBe(false)
    expect(getAddendaPlan({ ...base, relevantCodes: [...base.relevantCodes, 'U'] }).map((a) => a.code)).toEqual(['V', 'W', 'U', 'X'])
  })

  it('on the day of the final draw: winners, entries and declaration open; the unclaimed winners wait for their draw', () => {
    const plan = Object.fromEntries(getAddendaPlan({ ...base, relevantCodes: ['X', 'V', 'W', 'U'], today: '2027-03-03' }).map((a) => [a.code, a]))
    expect(plan.V!.open && plan.X!.open && plan.U!.open).toBe(true)
    expect(plan.V!.when).toBe('Needed now: the final draw was on 3 Mar 2027.')
    expect(plan.W!.open).toBe(false)
  })

  it('without a draw date nothing is offered, and it says why', () => {
    const plan = getAddendaPlan({ ...base, finalDrawDate: null, unclaimedDrawDate: null })
    expect(plan.every((a) => !a.open && a.from === null)).toBe(true)
    expect(plan[0]!.when).toBe('After the final draw; its date is not in the application yet.')
  })

  it('for any dates: open exactly when the draw it follows is on or before today', () => {
    const day = fc.integer({ min: 0, max: 2000 }).map((n) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10))
    fc.assert(
      fc.property(day, fc.option(day), fc.option(day), (today, finalDrawDate, unclaimedDrawDate) => {
        for (const a of getAddendaPlan({ relevantCodes: ['X', 'V', 'W', 'U'], finalDrawDate, unclaimedDrawDate, today })) {
          const from = a.code === 'W' ? unclaimedDrawDate : finalDrawDate
          expect(a.open).toBe(from !== null && from <= today)
          expect(a.when).toMatch(/\.$/)
          expect(a.when).not.toMatch(/\d{4}-\d{2}-\d{2}/)
        }
      }),
    )
  })
})
