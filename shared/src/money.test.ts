import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dollarsToCents, fractionOfCents, sumCents } from './money'

describe('dollarsToCents', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['1.5', 150],
    ['1.05', 105],
    ['1.005', 101],
    ['1.004', 100],
    ['0.125', 13],
    ['$1,234.56', 123456],
    [' 10000 ', 1000000],
    ['.5', 50],
    ['5.', 500],
    ['-2.50', -250],
    ['3000.01', 300001],
  ] as const)('string %j → %i', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents)
  })

  it.each([
    [0, 0],
    [1.005, 101],
    [0.1 + 0.2, 30],
    [19.99, 1999],
    [3000.01, 300001],
    [1.15, 115],
    [8.675, 868],
    [1e-7, 0],
    [123456789.12, 12345678912],
  ] as const)('number %d → %i', (input, cents) => {
    expect(dollarsToCents(input)).toBe(cents)
  })

  it.each(['', 'abc', '1.2.3', '$', '1e5', '--1'])('rejects %j', (input) => {
    expect(() => dollarsToCents(input)).toThrow(RangeError)
  })

  it('rejects non-finite numbers', () => {
    expect(() => dollarsToCents(Number.NaN)).toThrow(RangeError)
    expect(() => dollarsToCents(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('property: whole cents round-trip through their two-decimal text', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
        expect(dollarsToCents(text)).toBe(cents)
        expect(Number.isInteger(dollarsToCents(cents / 100))).toBe(true)
        expect(dollarsToCents(cents / 100)).toBe(cents)
      }),
    )
  })
})

describe('fractionOfCents', () => {
  it.each([
    [100, 1, 10, 10],
    [5, 1, 10, 1],
    [4, 1, 10, 0],
    [33, 15, 1000, 0],
    [34, 15, 1000, 1],
    [100_000, 15, 1000, 1500],
  ] as const)('%i × %i/%i = %i', (cents, n, d, expected) => {
    expect(fractionOfCents(cents, n, d)).toBe(expected)
  })

  it('property: an integer within half a cent of the exact value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (c, n, d) => {
        const result = fractionOfCents(c, n, d)
        expect(Number.isInteger(result)).toBe(true)
        expect(Math.abs(result * d - c * n)).toBeLessThanOrEqual(d / 2)
      }),
    )
  })

  it('sums cents', () => {
    expect(sumCents(1, 2, 3)).toBe(6)
    expect(sumCents()).toBe(0)
  })
})
