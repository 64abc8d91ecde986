import { describe, expect, it } from 'vitest'
import { GOVERNMENT_FEES, outstandingAgeBucket, percentile, PROVIDER_SERVICE_FEES, feeServiceLabel, StatisticsQuerySchema, toCsv } from './statistics'
import { calculateFees } from '../fees/calculate-fees'
import { ausStatesOf } from '../states'

// Every fee line of the real breakdown (totals, GST and surcharge are not services).
const FeeDueSchemaKeys = Object.keys(calculateFees({ ausStates: ausStatesOf('nsw'), totalPrizeValue: 1_000_000 })).filter(
  (key) => key.startsWith('feeDue_') && !['feeDue_GST', 'feeDue_Total', 'feeDue_GrandTotal', 'feeDue_CCSurcharge'].includes(key),
)

describe('statistics labels', () => {
  it('names every fee of the fee breakdown in words, never a code name', () => {
    for (const key of FeeDueSchemaKeys) {
      const label = feeServiceLabel(key)
      expect(label, key).not.toBe(key)
      expect(label).not.toMatch(/feeDue|TermsAndConditions|AbridgedTC|HostedTC|SkillsBasedTC|RandomDraw|PermitFees/)
    }
    expect(PROVIDER_SERVICE_FEES.length + GOVERNMENT_FEES.length).toBe(FeeDueSchemaKeys.length)
  })
})

describe('statistics filters', () => {
  it('reads dates, a state, a service and the test flag; refuses a range that ends before it starts', () => {
    expect(StatisticsQuerySchema.parse({ from: '2026-10-01', to: '2026-10-31', state: 'SA', service: 'randomDraw', includeTest: 'true' })).toEqual({
      from: '2026-10-01',
      to: '2026-10-31',
      state: 'SA',
      service: 'randomDraw',
      includeTest: true,
    })
    expect(StatisticsQuerySchema.parse({})).toEqual({ includeTest: false })
    expect(StatisticsQuerySchema.safeParse({ from: '2026-11-01', to: '2026-10-01' }).success).toBe(false)
    expect(StatisticsQuerySchema.safeParse({ state: 'XX' }).success).toBe(false)
  })
})

describe('percentile', () => {
  it('interpolates between ranks like percentile_cont', () => {
    expect(percentile([], 50)).toBeNull()
    expect(percentile([4], 90)).toBe(4)
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5)
    expect(percentile([10, 1, 5, 3, 8, 2, 7, 4, 6, 9], 90)).toBe(9.1)
  })
})

describe('outstanding age buckets', () => {
  it('follow the outstanding list colours (2 days warning, 5 danger)', () => {
    expect(outstandingAgeBucket(0)).toBe('Under 2 days')
    expect(outstandingAgeBucket(2)).toBe('2 to 4 days')
    expect(outstandingAgeBucket(5)).toBe('5 to 9 days')
    expect(outstandingAgeBucket(45)).toBe('10 days or more')
  })
})

describe('formula-safe CSV', () => {
  it('neutralises cells that a spreadsheet would run, and quotes as RFC 4180', () => {
    expect(
      toCsv([
        ['Service', 'Revenue'],
        ['=HYPERLINK("http://evil.example","x")', 12.5],
        ['+61 2', -3],
        ['@SUM(A1)', null],
        ['\tx', '\rx'],
        ['a,b', 'say "hi"'],
      ]),
    ).toBe('Service,Revenue\r\n"\'=HYPERLINK(""http://evil.example"",""x"")",12.5\r\n\'+61 2,-3\r\n\'@SUM(A1),\r\n\'\tx,"\'\rx"\r\n"a,b","say ""hi"""\r\n')
  })
})
