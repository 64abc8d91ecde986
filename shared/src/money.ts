/**
 * Money. All domain money is integer cents (DESIGN.md §4: "Money is integer cents in storage
 * and arithmetic; dollars only at the edge"). On the wire every amount is a JSON number of
 * dollars with at most two decimals: `MoneySchema` (money-schema.ts) parses it to cents, `toDollars`
 * writes it back. No zod here: screens that only show amounts do not load it.
 */

/** Integer cents, never negative (its schema, `CentsSchema`, is in money-schema.ts). */
export type Cents = number

/**
 * The largest wire amount: $999,999,999,999.99. A JSON number carries about 15 significant digits
 * exactly, so larger amounts could not keep their cents.
 */
export const MAX_WIRE_DOLLARS = 999_999_999_999.99

/** A wire amount (dollars, at most two decimals) as integer cents, or null when it is not one. */
export function wireDollarsToCents(value: number): number | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > MAX_WIRE_DOLLARS) return null
  // The shortest decimal that round-trips is what the client wrote: 0.1 + 0.2 → "0.30000000000000004".
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(value))
  if (!match) return null
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** How an amount is documented (OpenAPI): dollars, at most two decimals. */
export const MONEY_WIRE_META = {
  description: 'An amount in dollars: a JSON number with at most two decimals (e.g. 20000 or 1234.5).',
  minimum: 0,
  maximum: MAX_WIRE_DOLLARS,
}

/**
 * An amount typed by a person ("$1,234.50", "20000") to integer cents by its decimal digits, or
 * null when it is not an amount of dollars with at most two decimals. Forms use this, never a
 * float parser.
 */
export function parseDollarsText(text: string): number | null {
  const clean = text.replace(/[$,\s]/g, '')
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(clean)
  if (!match) return null
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) && cents <= MAX_WIRE_DOLLARS * 100 ? cents : null
}

/** Integer cents as the wire's dollars number (`46800` → `468`, `2250` → `22.5`). */
export function toDollars(cents: number): number {
  return cents / 100
}

/** Whole dollars to cents (for constants written in dollars, e.g. the spec's fee tables). */
export function dollars(amount: number): number {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`dollars() takes whole dollars, got ${amount}`)
  return amount * 100
}

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/

/**
 * Dollars (string like "$1,234.565" or "1234.5", or a number) to integer cents, rounding half
 * away from zero at the third decimal using the decimal digits, never binary floating point:
 * `dollarsToCents(1.005) === 101`, `dollarsToCents('0.125') === 13`.
 * Throws RangeError for text that is not an amount, non-finite numbers and unsafe magnitudes.
 */
export function dollarsToCents(input: string | number): number {
  let text: string
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new RangeError(`Not an amount: ${input}`)
    // Shortest round-trip decimal of the number: 1.005 → "1.005" (what the user typed).
    text = numberToPlainDecimal(input)
  } else {
    text = input.trim().replace(/[\s,$]/g, '')
  }
  const match = DECIMAL.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) throw new RangeError(`Not an amount: ${String(input)}`)
  const sign = match[1] === '-' ? -1 : 1
  const whole = match[2] === '' ? 0 : Number(match[2])
  const fraction = (match[3] ?? '').padEnd(3, '0')
  let cents = whole * 100 + Number(fraction.slice(0, 2))
  if (Number(fraction[2]) >= 5) cents += 1
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount too large: ${String(input)}`)
  return sign * cents === 0 ? 0 : sign * cents
}

function numberToPlainDecimal(n: number): string {
  const s = String(n)
  if (!/e/i.test(s)) return s
  // Exponent notation: very small values are below a cent; very large ones are unsafe anyway.
  const abs = Math.abs(n)
  if (abs < 1) return n < 0 ? '-0' : '0'
  return BigInt(Math.round(n)).toString()
}

/** Cents to a dollars number (for display/analytics only; never compute with it). */
export function centsToDollars(cents: number): number {
  return cents / 100
}

/** Sum of integer cents. */
export function sumCents(...amounts: number[]): number {
  let total = 0
  for (const a of amounts) total += a
  return total
}

/**
 * `cents × numerator / denominator` rounded half up to a whole cent, in integer arithmetic
 * (e.g. GST 10% = `percentOfCents(x, 10, 100)`, card surcharge 1.5% = `(x, 15, 1000)`).
 * Inputs must be non-negative integers.
 */
export function fractionOfCents(cents: number, numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`Cents must be a non-negative integer: ${cents}`)
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError('A rate is a non-negative integer numerator over a positive integer denominator')
  }
  const product = BigInt(cents) * BigInt(numerator)
  const d = BigInt(denominator)
  const rounded = (product * 2n + d) / (2n * d) // floor(x / d + 1/2)
  return Number(rounded)
}

/** A rate as an exact fraction, e.g. 10% = `{ numerator: 1, denominator: 10 }`. */
export interface Rate {
  numerator: number
  denominator: number
}

export function applyRate(cents: number, rate: Rate): number {
  return fractionOfCents(cents, rate.numerator, rate.denominator)
}
