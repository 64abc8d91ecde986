import { describe, expect, it } from 'vitest'
import { DRAW_METHOD_FLAGS } from '../permits/options'
import fc from 'fast-check'
import { addMonths, daysBetween, sydneyDateOf, sydneyParts, today, toIsoDate } from './calendar'
import { addBusinessDays } from './holidays'
import {
  datePickerYears,
  defaultActPublicationDate,
  defaultEndMonth,
  defaultNotificationDate,
  defaultPermitDates,
  defaultRequiredDate,
  defaultStartMonth,
  defaultUnclaimedDrawDate,
  DEFAULT_PERMIT_ANSWERS,
  DEFAULT_TIMES,
  isPremiumWarning,
  isStartDateSoon,
  minUnclaimedDrawDate,
  under18Cutoff,
} from './defaults'

/** A clock at Sydney local midday on the given date (UTC+10/11 → 01:00–02:00 UTC). */
const at = (date: string) => ({ now: new Date(`${date}T01:30:00Z`) })

describe('calendar in Australia/Sydney', () => {
  it('today is the Sydney date, not the UTC date', () => {
    expect(today({ now: new Date('2026-03-04T13:30:00Z') })).toBe('2026-03-05') // 00:30 AEDT
    expect(today({ now: new Date('2026-07-04T13:30:00Z') })).toBe('2026-07-04') // 23:30 AEST
    expect(sydneyDateOf(new Date('2026-04-04T13:00:00Z'))).toBe('2026-04-05') // DST ends 5 Apr 2026, 00:00 AEDT
  })
  it('month arithmetic clamps to month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29')
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28')
  })
  it('days between across DST', () => {
    expect(daysBetween('2026-04-01', '2026-04-10')).toBe(9)
    expect(daysBetween('2026-10-01', '2026-10-10')).toBe(9)
  })
  it('business days skip weekends', () => {
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09') // Fri → Mon
    expect(addBusinessDays('2026-03-02', 10)).toBe('2026-03-16')
  })
  it('wire values to dates', () => {
    expect(toIsoDate('2026-03-05')).toBe('2026-03-05')
    expect(toIsoDate('2026-03-04T14:00:00.000Z')).toBe('2026-03-05')
    expect(toIsoDate('5/3/2026')).toBeNull()
  })
})

describe('date defaults', () => {
  it.each([
    ['2026-03-15', '2026-03', '2026-04'],
    ['2026-03-16', '2026-04', '2026-05'],
    ['2026-12-20', '2027-01', '2027-02'],
    ['2026-12-01', '2026-12', '2027-01'],
  ])('today %s → start month %s, end month %s', (date, start, end) => {
    expect(defaultStartMonth(at(date))).toBe(start)
    expect(defaultEndMonth(at(date))).toBe(end)
  })
  it.each([
    ['2026-04-20', '2026-04-13'], // 19 days away → 7 days before
    ['2026-04-09', '2026-04-02'], // 8 days away → 7 days before
    ['2026-04-08', '2026-04-02'], // 7 days away → tomorrow
    ['2026-04-02', '2026-04-02'], // 1 day away → tomorrow
  ])('start %s → required date %s (today 2026-04-01)', (start, required) => {
    expect(defaultRequiredDate(start, at('2026-04-01'))).toBe(required)
  })
  it('unclaimed draw 3 months after the final draw, limit one day earlier', () => {
    expect(defaultUnclaimedDrawDate('2026-05-05')).toBe('2026-08-05')
    expect(minUnclaimedDrawDate('2026-05-05')).toBe('2026-08-04')
    expect(defaultUnclaimedDrawDate('2026-11-30')).toBe('2027-02-28')
  })
  it('notification: the draw date for instant-win or predetermined, else 2 days after', () => {
    expect(defaultNotificationDate('2026-05-05', DRAW_METHOD_FLAGS.instantElectronic)).toBe('2026-05-05')
    expect(defaultNotificationDate('2026-05-05', DRAW_METHOD_FLAGS.predetermined)).toBe('2026-05-05')
    expect(defaultNotificationDate('2026-05-05', DRAW_METHOD_FLAGS.singleAll)).toBe('2026-05-07')
    expect(defaultNotificationDate('2026-05-05', null)).toBe('2026-05-07')
  })
  it('ACT publication 7 days after the final draw', () => {
    expect(defaultActPublicationDate('2026-05-28')).toBe('2026-06-04')
  })
  it('default times and answers', () => {
    expect(DEFAULT_TIMES).toEqual({ start: '09:00', end: '15:00', finalDraw: '15:00', unclaimedDraw: '15:00' })
    expect(DEFAULT_PERMIT_ANSWERS).toEqual({ under18s: true, inducementsOffered: false })
  })
  it.each([
    ['2026-05-01', false],
    ['2026-04-20', false],
    ['2026-04-19', true],
  ])('start warning 20 days: today 2026-03-31, start %s → %s', (start, warn) => {
    expect(isStartDateSoon(start, at('2026-03-31'))).toBe(warn)
  })
  it('premium warning 10 business days', () => {
    // Today Mon 2 Mar 2026; 10 business days later is Mon 16 Mar
    expect(isPremiumWarning('2026-03-13', at('2026-03-02'))).toBe(true)
    expect(isPremiumWarning('2026-03-16', at('2026-03-02'))).toBe(false)
  })
  it('under-18 cutoff and picker years', () => {
    expect(under18Cutoff(at('2026-03-02'))).toBe('2008-03-02')
    expect(datePickerYears(at('2026-03-02'))).toEqual([2026, 2027, 2028])
  })
  it('default permit dates', () => {
    expect(defaultPermitDates(at('2026-03-20'))).toEqual({
      startDate: '2026-04-01',
      startTime: '09:00',
      endDate: '2026-05-01',
      endTime: '15:00',
      requiredDate: '2026-03-25',
    })
  })
})

describe('sydneyParts remembered by second', () => {
  const fresh = new Intl.DateTimeFormat('en-AU', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  })
  const expected = (instant: Date) => {
    const p = Object.fromEntries(fresh.formatToParts(instant).flatMap((x) => (x.type === 'literal' ? [] : [[x.type, Number(x.value)]])))
    return { year: p.year, month: p.month, day: p.day, hour: p.hour === 24 ? 0 : p.hour, minute: p.minute, second: p.second }
  }

  it('answers what Intl answers for any instant and any millisecond of its second, across daylight-saving changes', () => {
    // 2000 to 2060, and the hours around the April and October changes of 2026 in particular.
    const anyInstant = fc.oneof(
      fc.integer({ min: 946_684_800_000, max: 2_840_140_800_000 }),
      fc.integer({ min: Date.UTC(2026, 3, 4, 14), max: Date.UTC(2026, 3, 4, 18) }),
      fc.integer({ min: Date.UTC(2026, 9, 3, 14), max: Date.UTC(2026, 9, 3, 18) }),
    )
    fc.assert(
      fc.property(anyInstant, fc.integer({ min: 0, max: 999 }), (ms, other) => {
        const instant = new Date(ms)
        const first = sydneyParts(instant)
        expect(first).toEqual(expected(instant))
        // Another millisecond of the same second, after the first answer was changed by its caller.
        first.day = 99
        const sameSecond = new Date(Math.floor(ms / 1000) * 1000 + other)
        expect(sydneyParts(sameSecond)).toEqual(expected(sameSecond))
      }),
      { numRuns: 2000 },
    )
  })
})
