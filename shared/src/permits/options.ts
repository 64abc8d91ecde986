/**
 * Option lists of the permit application (001 §3 "Option lists") and their bit flags.
 * The spec stores several groups as bit flags (advertisingMethodsValue, entryMethodsValue,
 * drawMethodsValue, prizeCategoriesValue) without giving the bit positions: we number them in the
 * spec's list order, bit 0 first. Keep the order stable; append new options at the end.
 */

function flagsOf<const T extends readonly string[]>(keys: T): Record<T[number], number> {
  const result = {} as Record<T[number], number>
  keys.forEach((key, index) => {
    result[key as T[number]] = 1 << index
  })
  return result
}

export const ADVERTISING_METHODS = ['tv', 'digital', 'radio', 'print', 'outdoor', 'other'] as const
export type AdvertisingMethod = (typeof ADVERTISING_METHODS)[number]
export const ADVERTISING_METHOD_FLAGS = flagsOf(ADVERTISING_METHODS)

export const ENTRY_METHODS = [
  'internet',
  'proof',
  'mail',
  'form',
  'automatic',
  'barrel',
  'sms',
  'phone1800',
  'phone1900',
  'phone',
  'charity',
  'gaming',
  'olympic',
  'other',
  'instantwin',
] as const
export type EntryMethod = (typeof ENTRY_METHODS)[number]
export const ENTRY_METHOD_FLAGS = flagsOf(ENTRY_METHODS)

export const DRAW_METHODS = [
  'singleAll',
  'singleOne',
  'instantNonElectronic',
  'minorPriorMajor',
  'instantElectronic',
  'minorOnly',
  'barrel',
  'randomTelephone',
  'spinningWheel',
  'nominatedCaller',
  'predetermined',
  'other',
] as const
export type DrawMethod = (typeof DRAW_METHODS)[number]
export const DRAW_METHOD_FLAGS = flagsOf(DRAW_METHODS)

/** Draw methods where winners are not drawn (instant wins and predetermined winners). */
export const NON_DRAWN_METHODS: readonly DrawMethod[] = ['instantNonElectronic', 'instantElectronic', 'predetermined']
/** Draw methods that are instant wins. */
export const INSTANT_DRAW_METHODS: readonly DrawMethod[] = ['instantNonElectronic', 'instantElectronic']

export const PRIZE_CATEGORIES = ['electrical', 'liquor', 'motorVehicle', 'travel', 'event', 'money', 'realEstate', 'other', 'voucher'] as const
export type PrizeCategory = (typeof PRIZE_CATEGORIES)[number]
export const PRIZE_CATEGORY_FLAGS = flagsOf(PRIZE_CATEGORIES)

export const NOTIFICATION_METHODS = ['email', 'emailAndPhone', 'socialMedia'] as const
export type NotificationMethod = (typeof NOTIFICATION_METHODS)[number]

/** Whether a flag value has the given option. */
export function hasFlag<K extends string>(value: number | null | undefined, flags: Record<K, number>, key: K): boolean {
  return !!value && (value & flags[key]) !== 0
}

/** Whether a flag value has any of the options. */
export function hasAnyFlag<K extends string>(value: number | null | undefined, flags: Record<K, number>, keys: readonly K[]): boolean {
  return keys.some((key) => hasFlag(value, flags, key))
}

/** The options set in a flag value, in list order. */
export function flagsToKeys<K extends string>(value: number | null | undefined, keys: readonly K[], flags: Record<K, number>): K[] {
  return keys.filter((key) => hasFlag(value, flags, key))
}

/** A flag value from a list of options. */
export function keysToFlags<K extends string>(selected: readonly K[], flags: Record<K, number>): number {
  let value = 0
  for (const key of selected) value |= flags[key]
  return value
}

/** A draw method in which winners are drawn (not instant win, not predetermined). */
export function hasDrawnMethod(drawMethodsValue: number | null | undefined): boolean {
  return DRAW_METHODS.some((key) => !NON_DRAWN_METHODS.includes(key) && hasFlag(drawMethodsValue, DRAW_METHOD_FLAGS, key))
}

/** Instant-win or predetermined draw (the final draw notification defaults to the draw date). */
export function isInstantOrPredetermined(drawMethodsValue: number | null | undefined): boolean {
  return hasAnyFlag(drawMethodsValue, DRAW_METHOD_FLAGS, NON_DRAWN_METHODS)
}
