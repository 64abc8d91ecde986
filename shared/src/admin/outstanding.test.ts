import { describe, expect, it } from 'vitest'
import { outstandingColour } from '../constants'
import { daysSince, percentage } from './outstanding'

describe('outstanding row colour', () => {
  it('is a warning from 2 days and danger from 5', () => {
    expect(outstandingColour(0)).toBe('default')
    expect(outstandingColour(1)).toBe('default')
    expect(outstandingColour(2)).toBe('warning')
    expect(outstandingColour(4)).toBe('warning')
    expect(outstandingColour(5)).toBe('danger')
  })
  it('is danger from 4 days when awaiting T&Cs approval', () => {
    expect(outstandingColour(3, true)).toBe('default')
    expect(outstandingColour(4, true)).toBe('danger')
  })
  it('counts whole days since submission', () => {
    const now = new Date('2026-11-23T10:00:00Z')
    expect(daysSince('2026-11-21T10:00:01Z', now)).toBe(1)
    expect(daysSince('2026-11-21T10:00:00Z', now)).toBe(2)
    expect(daysSince(null, now)).toBe(0)
  })
  it('rounds percentages to 2 decimals', () => {
    expect(percentage(1, 3)).toBe(33.33)
    expect(percentage(2, 3)).toBe(66.67)
    expect(percentage(0, 0)).toBe(0)
  })
})
