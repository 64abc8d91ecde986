/**
 * The card checks of 000 §5 (length and check digit per brand, a 3- or 4-digit security code, an
 * expiry in the future), done once here for the sandbox gateway and the payment form.
 */
import type { ModelState } from '../errors'
import { MSG_CARD_CVC_INVALID, MSG_CARD_EXPIRY_INVALID, MSG_CARD_NAME_REQUIRED, MSG_CARD_NUMBER_INVALID } from './messages'

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'unknown'

interface BrandRule {
  brand: CardBrand
  prefix: RegExp
  lengths: readonly number[]
}

const BRANDS: readonly BrandRule[] = [
  { brand: 'amex', prefix: /^3[47]/, lengths: [15] },
  { brand: 'diners', prefix: /^3(0[0-5]|[68])/, lengths: [14, 16] },
  { brand: 'jcb', prefix: /^35/, lengths: [16] },
  { brand: 'visa', prefix: /^4/, lengths: [13, 16, 19] },
  { brand: 'mastercard', prefix: /^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, lengths: [16] },
  { brand: 'discover', prefix: /^(6011|65|64[4-9])/, lengths: [16, 19] },
]

/** Digits only (spaces and dashes the user typed are dropped). */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '')
}

/** The brand by its number prefix. */
export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number)
  return BRANDS.find((b) => b.prefix.test(digits))?.brand ?? 'unknown'
}

/** The Luhn (MOD 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** The Luhn check digit to append to `digits`. */
export function luhnCheckDigit(digits: string): number {
  for (let d = 0; d <= 9; d++) if (luhnValid(`${digits}${d}`)) return d
  throw new RangeError(`Not digits: ${digits}`)
}

/** A number passes when its brand is known, its length is one of the brand's and its check digit is right. */
export function cardNumberValid(number: string): boolean {
  const digits = cardDigits(number)
  const rule = BRANDS.find((b) => b.prefix.test(digits))
  return !!rule && rule.lengths.includes(digits.length) && luhnValid(digits)
}

/** `MM/YY`, `MM/YYYY`, `MM-YY` or `MMYY` → { month, year } (four-digit year), or null. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/-]?\s*(\d{2}|\d{4})\s*$/.exec(expiry)
  if (!match) return null
  const month = Number(match[1])
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2])
  if (month < 1 || month > 12) return null
  return { month, year }
}

/** A card is valid through the last day of its expiry month (UTC reading of `now`). */
export function expiryInFuture(expiry: string, now: Date): boolean {
  const parsed = parseExpiry(expiry)
  if (!parsed) return false
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth()
  return parsed.year * 12 + (parsed.month - 1) >= current
}

/** 000 §5: a 3- or 4-digit security code. */
export function cvcValid(cvc: string): boolean {
  return /^\d{3,4}$/.test(cvc)
}

export interface CardDetails {
  name: string
  number: string
  cvc: string
  expiry: string
}

/** 000 §5: every card check, as model state keyed by the wire field names (empty when valid). */
export function checkCard(
  card: Partial<CardDetails>,
  now: Date,
  keys = { name: 'cardName', number: 'cardNumber', cvc: 'cardSecurityCode', expiry: 'cardExpiry' },
): ModelState {
  const errors: ModelState = {}
  if (!card.name || !card.name.trim()) errors[keys.name] = [MSG_CARD_NAME_REQUIRED]
  if (!card.number || !cardNumberValid(card.number)) errors[keys.number] = [MSG_CARD_NUMBER_INVALID]
  if (!card.cvc || !cvcValid(card.cvc)) errors[keys.cvc] = [MSG_CARD_CVC_INVALID]
  if (!card.expiry || !expiryInFuture(card.expiry, now)) errors[keys.expiry] = [MSG_CARD_EXPIRY_INVALID]
  return errors
}

/** The last four digits (all that is ever stored, with the brand). */
export function cardLast4(number: string): string {
  return cardDigits(number).slice(-4)
}
