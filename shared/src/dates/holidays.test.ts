import { describe, expect, it } from 'vitest'
import { sydneyInstant } from './calendar'
import {
  addBusinessDays,
  businessDaysBetween,
  easterSunday,
  HOLIDAY_TABLE_YEARS,
  isBusinessDay,
  isNationalPublicHoliday,
  nationalPublicHolidays,
} from './holidays'

describe('national public holidays', () => {
  it('computes Easter as published for 2024–2030', () => {
    const published: Record<number, string> = {
      2024: '2024-03-31',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2028: '2028-04-16',
      2029: '2029-04-01',
      2030: '2030-04-21',
    }
    for (let year = HOLIDAY_TABLE_YEARS.from; year <= HOLIDAY_TABLE_YEARS.to; year += 1) expect(easterSunday(year)).toBe(published[year])
  })

  it('lists the 2026 national holidays with the Boxing Day substitute', () => {
    expect(nationalPublicHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01',
      '2026-01-26',
      '2026-04-03',
      '2026-04-06',
      '2026-04-25',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ])
  })

  it('moves Christmas and Boxing Day on a weekend to Monday and Tuesday (2027)', () => {
    expect(isNationalPublicHoliday('2027-12-27')).toBe(true)
    expect(isNationalPublicHoliday('2027-12-28')).toBe(true)
    expect(isNationalPublicHoliday('2027-12-29')).toBe(false)
  })

  it('observes New Year and Australia Day on the Monday after a weekend', () => {
    expect(isNationalPublicHoliday('2028-01-03')).toBe(true) // 1 Jan 2028 is a Saturday
    expect(nationalPublicHolidays(2025).find((h) => h.name === 'Australia Day')?.date).toBe('2025-01-27')
  })
})

describe('business days', () => {
  it('skips the Easter long weekend', () => {
    expect(isBusinessDay('2026-04-03')).toBe(false)
    expect(isBusinessDay('2026-04-06')).toBe(false)
    expect(addBusinessDays('2026-04-02', 1)).toBe('2026-04-07') // Thu → Tue after Easter Monday
    expect(addBusinessDays('2026-04-07', -1)).toBe('2026-04-02')
    expect(addBusinessDays('2026-04-09', -3)).toBe('2026-04-02') // Thu, back over Wed, Tue, (Mon, Sun, Sat, Fri) → Thu
  })

  it('skips Christmas and the new year across the year end', () => {
    expect(addBusinessDays('2026-12-24', 1)).toBe('2026-12-29') // Thu 24 → 25, 26, 27, 28 off → Tue 29
    expect(addBusinessDays('2026-12-31', 1)).toBe('2027-01-04') // Thu 31 → New Year Fri 1 → Mon 4
    expect(addBusinessDays('2027-12-24', 2)).toBe('2027-12-30') // Fri 24 → Mon 27, Tue 28 additional days
    expect(addBusinessDays('2029-01-02', -2)).toBe('2028-12-28') // back over New Year's Day 2029 (Mon) and Boxing Day 2028 (Tue)
    expect(businessDaysBetween('2026-12-24', '2027-01-04')).toBe(4) // 29, 30, 31 Dec and 4 Jan
  })

  it('counts a weekend-only span as before', () => {
    expect(addBusinessDays('2026-03-06', 1)).toBe('2026-03-09')
    expect(addBusinessDays('2026-03-06', 0)).toBe('2026-03-06')
  })
})

describe('sydneyInstant', () => {
  it('gives the instant of a Sydney wall time in and out of daylight saving', () => {
    expect(sydneyInstant('2026-01-15', '08:00').toISOString()).toBe('2026-01-14T21:00:00.000Z') // AEDT +11
    expect(sydneyInstant('2026-07-15', '08:00').toISOString()).toBe('2026-07-14T22:00:00.000Z') // AEST +10
    expect(sydneyInstant('2026-04-05', '08:00').toISOString()).toBe('2026-04-04T22:00:00.000Z') // the day daylight saving ends
  })
})
