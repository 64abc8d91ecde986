import { describe, expect, it } from 'vitest'
import { formatClock, formatDate, formatDateTime, formatDateWithWeekday, formatSydneyDateAndTime, formatSydneyTime, formatTime, sydneyZoneName } from './date'

describe('one date and time format (issue 25)', () => {
  it('shows a chosen date with its weekday in the one format: Tuesday 5 Jan 2027', () => {
    expect(formatDateWithWeekday('2027-01-05')).toBe('Tuesday 5 Jan 2027')
    expect(formatDateWithWeekday('2026-11-26')).toBe('Thursday 26 Nov 2026')
    expect(formatDateWithWeekday('2027-02-30')).toBe('')
    expect(formatDateWithWeekday(null)).toBe('')
  })

  it('shows dates as 12 Jan 2026, from a calendar date or an instant (its Sydney date)', () => {
    expect(formatDate('2026-01-12')).toBe('12 Jan 2026')
    // 14:30 UTC on 11 Jan is 1:30 am on 12 Jan in Sydney (AEDT, +11).
    expect(formatDate(new Date('2026-01-11T14:30:00Z'))).toBe('12 Jan 2026')
  })

  it('names the Sydney zone in force: AEDT in summer, AEST in winter', () => {
    expect(sydneyZoneName(new Date('2026-01-12T00:00:00Z'))).toBe('AEDT')
    expect(sydneyZoneName(new Date('2026-07-12T00:00:00Z'))).toBe('AEST')
  })

  it('shows an instant as its Sydney time with the zone', () => {
    expect(formatTime(new Date('2026-01-12T04:15:00Z'))).toBe('3:15 pm AEDT')
    expect(formatTime('2026-07-12T00:05:00Z')).toBe('10:05 am AEST')
    expect(formatDateTime('2026-01-12T04:15:00Z')).toBe('12 Jan 2026, 3:15 pm AEDT')
    expect(formatDateTime('not a date')).toBe('')
    expect(formatTime(null)).toBe('')
  })

  it('shows a stored Sydney date and time with the zone of that day', () => {
    expect(formatSydneyDateAndTime('2027-03-03', '15:00')).toBe('3 Mar 2027, 3:00 pm AEDT')
    expect(formatSydneyDateAndTime('2027-06-03', '09:05')).toBe('3 Jun 2027, 9:05 am AEST')
    expect(formatSydneyDateAndTime('2027-06-03', '00:30')).toBe('3 Jun 2027, 12:30 am AEST')
    expect(formatSydneyDateAndTime('2027-06-03', '')).toBe('3 Jun 2027')
    expect(formatSydneyDateAndTime('', '10:00')).toBe('')
  })

  it('shows a stored Sydney time with the zone of its day, or "Sydney time" without a day', () => {
    expect(formatSydneyTime('2027-03-03', '15:00')).toBe('3:00 pm AEDT')
    expect(formatSydneyTime('2027-06-03', '09:05')).toBe('9:05 am AEST')
    expect(formatSydneyTime(null, '12:00')).toBe('12:00 pm Sydney time')
    expect(formatSydneyTime('2027-06-03', null)).toBe('')
  })

  it('shows a recurring wall-clock time as "8:00 am", and nothing for what is not a time', () => {
    expect(formatClock('08:00')).toBe('8:00 am')
    expect(formatClock('18:00')).toBe('6:00 pm')
    expect(formatClock('00:15')).toBe('12:15 am')
    expect(formatClock('12:00')).toBe('12:00 pm')
    for (const bad of ['24:00', '8', '', null, undefined, '08:00:00']) expect(formatClock(bad)).toBe('')
  })
})
