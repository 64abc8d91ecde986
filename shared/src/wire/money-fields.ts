/**
 * Which fields of a promotion are amounts, and their conversion at the edge (DESIGN.md §4:
 * integer cents inside, dollars on the wire). The API writes answers with `promotionToWire`;
 * a client that computes in cents (the wizard) reads them with `promotionFromWire` and sends
 * drafts with `permitDraftToWire`. Requests are parsed by the schemas' `MoneySchema`.
 */
import { dollarsToCents, toDollars } from '../money'

/** Top-level amounts of a promotion and of the permit save payload. */
export const PROMOTION_MONEY_FIELDS = [
  'totalPrizeValue',
  'postSubmissionTotalPrizeValue',
  'maxPrizeValue',
  'prizeValueACT',
  'prizeValueNSW',
  'prizeValueSA',
  'prizeValueVIC',
  'prizeValueQLD',
  'prizeValueTAS',
  'prizeValueWA',
  'prizeValueNT',
] as const

/** Every fee line (`feeDue_*`) is an amount, and so is each licence fee the promotion was priced at (`licenceFee_*`, issue 25). */
export const isFeeField = (key: string): boolean => key.startsWith('feeDue_') || key.startsWith('licenceFee_')

type Convert = (value: number) => number

function convertFields<T>(value: T, keys: readonly string[], convert: Convert, fees: boolean): T {
  if (!value || typeof value !== 'object') return value
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) }
  for (const key of Object.keys(out)) {
    const v = out[key]
    if (typeof v === 'number' && (keys.includes(key) || (fees && isFeeField(key)))) out[key] = convert(v)
  }
  return out as T
}

const centsToWire: Convert = toDollars
/** Dollars as sent by the API (at most two decimals) to cents, by the decimal digits, never by `× 100`. */
const wireToCents: Convert = (dollars) => dollarsToCents(dollars)

/** All `feeDue_*` of an object, cents → dollars. */
export function feesToWire<T>(fees: T): T {
  return convertFields(fees, [], centsToWire, true)
}

/** A promotion (list item or whole, with its permit's fees) from cents to the wire's dollars. */
export function promotionToWire<T>(promotion: T): T {
  const out = convertFields(promotion, PROMOTION_MONEY_FIELDS, centsToWire, false) as Record<string, unknown>
  if (out && typeof out.permit === 'object' && out.permit !== null) out.permit = feesToWire(out.permit)
  return out as T
}

/** A promotion as the API answers it (dollars) back to cents, for clients that compute with the shared rules. */
export function promotionFromWire<T>(promotion: T): T {
  const out = convertFields(promotion, PROMOTION_MONEY_FIELDS, wireToCents, false) as Record<string, unknown>
  if (out && typeof out.permit === 'object' && out.permit !== null) out.permit = convertFields(out.permit, [], wireToCents, true)
  return out as T
}

/** A permit draft kept in cents, as the save call takes it (dollars). Fees are read-only and left as they are (the API ignores them). */
export function permitDraftToWire<T>(draft: T): T {
  return convertFields(draft, PROMOTION_MONEY_FIELDS, centsToWire, false)
}
