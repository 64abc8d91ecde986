/**
 * What a person types in a money field ("$20,000", "1234.5") as integer cents, through the wire
 * parser (`wireDollarsToCents`): no floating-point arithmetic, at most two decimals, never
 * negative. Null when the text is not such an amount.
 */
import { wireDollarsToCents } from '../money'

export function parseMoneyInput(text: string): number | null {
  const cleaned = text.trim().replace(/^\$/, '').replace(/[\s,]/g, '')
  if (!/^\d+(?:\.\d{1,2})?$/.test(cleaned)) return null
  return wireDollarsToCents(Number(cleaned))
}

/** Integer cents as the text a money field shows while editing: `2000050` → `'20,000.50'`, `500` → `'5'`. */
export function formatMoneyInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isSafeInteger(cents)) return ''
  const whole = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  const fraction = cents % 100
  return fraction ? `${whole}.${String(fraction).padStart(2, '0')}` : whole
}
