/**
 * The option lists of the permit application in words (001 §3 "Option lists"), for documents and
 * screens that show a flag value to a person. The spec names the options only by key; these
 * wordings are ours. Keyed by option so a new option without a label fails the type check.
 */
import {
  ADVERTISING_METHOD_FLAGS,
  ADVERTISING_METHODS,
  DRAW_METHOD_FLAGS,
  DRAW_METHODS,
  ENTRY_METHOD_FLAGS,
  ENTRY_METHODS,
  flagsToKeys,
  PRIZE_CATEGORIES,
  PRIZE_CATEGORY_FLAGS,
  type AdvertisingMethod,
  type DrawMethod,
  type EntryMethod,
  type NotificationMethod,
  type PrizeCategory,
} from './options'

export const ADVERTISING_METHOD_LABELS: Record<AdvertisingMethod, string> = {
  tv: 'Television',
  digital: 'Digital and social media',
  radio: 'Radio',
  print: 'Print',
  outdoor: 'Outdoor',
  other: 'Other',
}

export const ENTRY_METHOD_LABELS: Record<EntryMethod, string> = {
  internet: 'Internet',
  proof: 'Proof of purchase',
  mail: 'Mail',
  form: 'Entry form',
  automatic: 'Automatic entry',
  barrel: 'Barrel',
  sms: 'SMS',
  phone1800: '1800 phone number',
  phone1900: '1900 phone number',
  phone: 'Phone',
  charity: 'Charity',
  gaming: 'Gaming',
  olympic: 'Olympic',
  other: 'Other',
  instantwin: 'Instant win',
}

export const DRAW_METHOD_LABELS: Record<DrawMethod, string> = {
  singleAll: 'Single draw for all prizes',
  singleOne: 'Single draw for one prize',
  instantNonElectronic: 'Instant win (non-electronic)',
  minorPriorMajor: 'Minor draws before the major draw',
  instantElectronic: 'Instant win (electronic)',
  minorOnly: 'Minor draws only',
  barrel: 'Barrel draw',
  randomTelephone: 'Random telephone draw',
  spinningWheel: 'Spinning wheel',
  nominatedCaller: 'Nominated caller',
  predetermined: 'Predetermined winners',
  other: 'Other',
}

export const PRIZE_CATEGORY_LABELS: Record<PrizeCategory, string> = {
  electrical: 'Electrical goods',
  liquor: 'Liquor',
  motorVehicle: 'Motor vehicle',
  travel: 'Travel',
  event: 'Event tickets',
  money: 'Money',
  realEstate: 'Real estate',
  other: 'Other',
  voucher: 'Gift vouchers',
}

export const NOTIFICATION_METHOD_LABELS: Record<NotificationMethod, string> = {
  email: 'Email',
  emailAndPhone: 'Email and phone',
  socialMedia: 'Social media',
}

/** The names of the options set in a flag value, in list order, e.g. `['Internet', 'Mail']`. */
function namesOf<K extends string>(value: number | null | undefined, keys: readonly K[], flags: Record<K, number>, labels: Record<K, string>): string[] {
  return flagsToKeys(value, keys, flags).map((key) => labels[key])
}

export const advertisingMethodNames = (value: number | null | undefined) =>
  namesOf(value, ADVERTISING_METHODS, ADVERTISING_METHOD_FLAGS, ADVERTISING_METHOD_LABELS)
export const entryMethodNames = (value: number | null | undefined) => namesOf(value, ENTRY_METHODS, ENTRY_METHOD_FLAGS, ENTRY_METHOD_LABELS)
export const drawMethodNames = (value: number | null | undefined) => namesOf(value, DRAW_METHODS, DRAW_METHOD_FLAGS, DRAW_METHOD_LABELS)
export const prizeCategoryNames = (value: number | null | undefined) => namesOf(value, PRIZE_CATEGORIES, PRIZE_CATEGORY_FLAGS, PRIZE_CATEGORY_LABELS)

/** A notification method in words, or undefined for an unknown value. */
export function notificationMethodName(method: string | null | undefined): string | undefined {
  return method && Object.hasOwn(NOTIFICATION_METHOD_LABELS, method) ? NOTIFICATION_METHOD_LABELS[method as NotificationMethod] : undefined
}
