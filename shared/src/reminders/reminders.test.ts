import { describe, expect, it } from 'vitest'
import { sydneyInstant } from '../dates/calendar'
import { planReminders, promotionKeyDates, reminderDateFor, type PromotionDatesSource } from './reminders'

const source: PromotionDatesSource = {
  permit: {
    requiredDate: '2026-04-08',
    startDate: '2026-04-15',
    startTime: '09:00',
    endDate: '2026-05-15',
    endTime: '15:00',
    finalDraw: { date: '2026-05-20', time: '15:00', notification: { date: '2026-05-22' } },
    unclaimedDraw: { date: '2026-08-20', time: '15:00' },
  },
  details: {},
  applicant: { nswAuthorityExpiration: '2027-01-31' },
  states: { act: true, sa: true, nsw: true },
}

describe('promotion key dates', () => {
  it('reads every date with its meaning, in date order, state dates only for those states', () => {
    const dates = promotionKeyDates(source)
    expect(dates.map((d) => [d.kind, d.date])).toEqual([
      ['required-date', '2026-04-08'],
      ['start', '2026-04-15'],
      ['end', '2026-05-15'],
      ['final-draw', '2026-05-20'],
      ['notification', '2026-05-22'],
      ['act-publication', '2026-05-27'],
      ['sa-publication', '2026-06-19'],
      ['unclaimed-draw', '2026-08-20'],
      ['nsw-authority-expiry', '2027-01-31'],
    ])
    expect(promotionKeyDates({ ...source, states: { act: false, sa: false, nsw: false } }).map((d) => d.kind)).not.toContain('sa-publication')
    expect(promotionKeyDates({ permit: {}, states: { act: true, sa: true, nsw: true } })).toEqual([])
  })
})

describe('reminder dates', () => {
  it('counts the lodgement reminder in business days back over Easter', () => {
    // Wed 8 Apr 2026 − 3 business days: Tue 7, (Easter Monday 6, weekend, Good Friday 3) Thu 2, Wed 1.
    expect(reminderDateFor('required-date', '2026-04-08')).toBe('2026-04-01')
    expect(reminderDateFor('start', '2026-04-15')).toBe('2026-04-14')
    expect(reminderDateFor('nsw-authority-expiry', '2027-01-31')).toBe('2027-01-01')
    expect(reminderDateFor('start', '2026-04-15', 0)).toBe('2026-04-15')
  })

  it('marks a reminder whose 8:00 AM has passed as past, and one without a date as waiting', () => {
    const choices = [
      { kind: 'start' as const, accountHolder: true, distributionListIds: [] },
      { kind: 'required-date' as const, accountHolder: true, distributionListIds: [2] },
    ]
    const before = planReminders(choices, source, { now: sydneyInstant('2026-04-14', '07:59') })
    expect(before.map((r) => r.status)).toEqual(['scheduled', 'past'])
    expect(before[0]!.sendAt!.toISOString()).toBe(sydneyInstant('2026-04-14', '08:00').toISOString())
    const at = planReminders(choices, source, { now: sydneyInstant('2026-04-14', '08:00') })
    expect(at[0]!.status).toBe('past')
    const none = planReminders(
      [{ kind: 'sa-publication', accountHolder: true, distributionListIds: [] }],
      { ...source, states: { act: false, sa: false, nsw: false } },
      { now: new Date(0) },
    )
    expect(none[0]).toMatchObject({ status: 'no-date', date: null, sendAt: null })
  })
})
