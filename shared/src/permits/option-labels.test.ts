import { describe, expect, it } from 'vitest'
import { advertisingMethodNames, drawMethodNames, entryMethodNames, notificationMethodName, prizeCategoryNames } from './option-labels'
import { ADVERTISING_METHOD_FLAGS, DRAW_METHOD_FLAGS, ENTRY_METHOD_FLAGS, PRIZE_CATEGORY_FLAGS, keysToFlags } from './options'

describe('option names', () => {
  it('words a flag value in list order', () => {
    expect(entryMethodNames(keysToFlags(['mail', 'internet'], ENTRY_METHOD_FLAGS))).toEqual(['Internet', 'Mail'])
    expect(advertisingMethodNames(keysToFlags(['other', 'tv'], ADVERTISING_METHOD_FLAGS))).toEqual(['Television', 'Other'])
    expect(drawMethodNames(keysToFlags(['predetermined'], DRAW_METHOD_FLAGS))).toEqual(['Predetermined winners'])
    expect(prizeCategoryNames(keysToFlags(['motorVehicle', 'voucher'], PRIZE_CATEGORY_FLAGS))).toEqual(['Motor vehicle', 'Gift vouchers'])
  })
  it('has no names for no value', () => {
    expect(entryMethodNames(null)).toEqual([])
    expect(entryMethodNames(0)).toEqual([])
  })
  it('words a notification method, and nothing for an unknown one', () => {
    expect(notificationMethodName('emailAndPhone')).toBe('Email and phone')
    expect(notificationMethodName('toString')).toBeUndefined()
    expect(notificationMethodName(null)).toBeUndefined()
  })
})
