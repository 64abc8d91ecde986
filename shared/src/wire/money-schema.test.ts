/**
 * The wire's money (issue 11, DESIGN.md §4): dollars with at most two decimals in, integer cents
 * inside, dollars out. The edges the issue names.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { getPermitRequirements } from '../permits/requirements'
import { MSG_MONEY_INVALID, MSG_TOTAL_PRIZE_VALUE_REQUIRED } from '../messages'
import { parseDollarsText, toDollars } from '../money'
import { MoneySchema } from '../money-schema'
import { PromotionCreateSchema, TotalPrizeValueSchema } from '../validation/promotion'
import { promotionFromWire, promotionToWire } from './money-fields'

const messages = (result: z.ZodSafeParseResult<unknown>) => (result.success ? [] : result.error.issues.map((issue) => issue.message))

describe('MoneySchema', () => {
  it.each([
    [0, 0],
    [1, 100],
    [0.3, 30],
    [10.5, 1050],
    [1234.56, 123456],
    [20000, 2_000_000],
    [10000.01, 1_000_001],
    [999_999_999_999.99, 99_999_999_999_999],
  ])('parses %s dollars to %s cents exactly', (dollars, cents) => {
    expect(MoneySchema.parse(dollars)).toBe(cents)
  })

  it('refuses 0.1 + 0.2 (0.30000000000000004 has more than two decimals), so float sums never sneak in', () => {
    expect(messages(MoneySchema.safeParse(0.1 + 0.2))).toEqual([MSG_MONEY_INVALID])
  })

  it.each([1234.565, 0.001, 10.555, 19.999])('refuses three decimals: %s', (value) => {
    expect(messages(MoneySchema.safeParse(value))).toEqual([MSG_MONEY_INVALID])
  })

  it.each([1e21, 1e16, 1_000_000_000_000, Number.MAX_VALUE, Infinity, -Infinity, NaN])('refuses %s (not a safe amount)', (value) => {
    expect(messages(MoneySchema.safeParse(value))).toEqual([MSG_MONEY_INVALID])
  })

  it.each([-1, -0.01, -20000])('refuses a negative amount: %s', (value) => {
    expect(messages(MoneySchema.safeParse(value))).toEqual([MSG_MONEY_INVALID])
  })

  it.each(['20000', '$20,000', '', null, true, {}, [20000]])('refuses %j (not a JSON number)', (value) => {
    expect(messages(MoneySchema.safeParse(value))).toEqual([MSG_MONEY_INVALID])
  })

  it('round-trips every cent value through toDollars', () => {
    for (const cents of [0, 1, 9, 10, 99, 101, 1005, 123456, 2_000_000, 1_000_001, 99_999_999_999_999]) {
      expect(MoneySchema.parse(toDollars(cents))).toBe(cents)
    }
  })
})

describe('the total prize value on the wire', () => {
  it('10000.01 dollars is above the NSW threshold: a permit is required', () => {
    const cents = TotalPrizeValueSchema.parse(10000.01)
    expect(cents).toBe(1_000_001)
    expect(getPermitRequirements({ ausStates: { nsw: true }, totalPrizeValue: cents }).nsw.required).toBe(true)
    expect(getPermitRequirements({ ausStates: { nsw: true }, totalPrizeValue: TotalPrizeValueSchema.parse(10000) }).nsw.required).toBe(false)
  })

  it('$20,000 is stored as 2,000,000 cents, not $200', () => {
    const parsed = PromotionCreateSchema.parse({
      name: 'Win',
      ausStates: { nsw: true, act: true },
      totalPrizeValue: 20000,
      hasNswAuthority: false,
      winnersDrawnElectronically: false,
    })
    expect(parsed.totalPrizeValue).toBe(2_000_000)
  })

  it.each([0, -5])('%s keeps the spec message "Your promotion must have a total prize value."', (value) => {
    expect(messages(TotalPrizeValueSchema.safeParse(value))).toEqual([MSG_TOTAL_PRIZE_VALUE_REQUIRED])
  })

  it('three decimals get the money message', () => {
    expect(messages(TotalPrizeValueSchema.safeParse(1234.565))).toEqual([MSG_MONEY_INVALID])
  })
})

describe('promotionToWire / promotionFromWire', () => {
  it('converts the amounts and every feeDue_* and nothing else, both ways exactly', () => {
    const cents = {
      id: 7,
      totalPrizeValue: 2_000_000,
      postSubmissionTotalPrizeValue: null,
      prizeValueNSW: 1_000_001,
      prizeCategoriesValue: 12,
      prizeQuantityTotal: 3,
      permit: { feeDue_NSW: 46_800, feeDue_ACT: 72_100, feeDue_Service: 27_000, feeDue_CCSurcharge: 2_229, nswAuthorityDuration: 2 },
    }
    const wire = promotionToWire(cents)
    expect(wire).toEqual({
      id: 7,
      totalPrizeValue: 20_000,
      postSubmissionTotalPrizeValue: null,
      prizeValueNSW: 10000.01,
      prizeCategoriesValue: 12,
      prizeQuantityTotal: 3,
      permit: { feeDue_NSW: 468, feeDue_ACT: 721, feeDue_Service: 270, feeDue_CCSurcharge: 22.29, nswAuthorityDuration: 2 },
    })
    expect(promotionFromWire(wire)).toEqual(cents)
  })
})

describe('parseDollarsText (money typed into a form)', () => {
  it.each([
    ['20000', 2_000_000],
    ['$20,000', 2_000_000],
    ['10000.01', 1_000_001],
    ['0.3', 30],
    [' 1,234.5 ', 123_450],
  ])('%j → %s cents', (text, cents) => {
    expect(parseDollarsText(text)).toBe(cents)
  })
  it.each(['1234.565', '-5', 'abc', '', '1e21', '0.1+0.2', '1000000000000'])('%j → null', (text) => {
    expect(parseDollarsText(text)).toBeNull()
  })
})
