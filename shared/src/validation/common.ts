/**
 * Field-level schemas and checks used across forms (spec 001 §5).
 */
import { z } from 'zod'
import {
  MSG_ABN_ACN_LENGTH,
  MSG_ABN_CHECK_DIGITS,
  MSG_ACN_CHECK_DIGITS,
  MSG_ADDRESS_INCOMPLETE,
  MSG_CHECKBOX_GROUP_REQUIRED,
  MSG_EMAIL_INVALID,
  MSG_PHONE_INVALID,
  MSG_POSTCODE_INVALID,
  MSG_WEBSITE_INVALID,
} from '../messages'
import { STATE_CODES, STATE_KEYS } from '../states'

/**
 * 001 §5: simple e-mail pattern: local part, at sign, domain with a dot (not its first or last
 * character). Written so it cannot backtrack: the domain is one character, then non-dots up to
 * its first later dot, then the rest. (The former `[^\s@]+\.[^\s@]+` was quadratic on `a.a.a.…@`.)
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@][^\s@.]*\.[^\s@]+$/
/** RFC 5321's longest usable address; checked before any pattern runs. */
export const EMAIL_MAX_LENGTH = 254
/** A generous bound for any single-line text field, checked before patterns and transforms. */
export const TEXT_MAX_LENGTH = 10_000
/** 001 §5: website must match a domain pattern (scheme and path optional). */
export const WEBSITE_PATTERN = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/i
/** 001 §5: numbers-only phone pattern, at most 10 digits. */
export const PHONE_PATTERN = /^\d{1,10}$/
/** Australian postcode. */
export const POSTCODE_PATTERN = /^\d{4}$/

export function isValidEmail(value: string | null | undefined): boolean {
  if (typeof value !== 'string' || value.length > EMAIL_MAX_LENGTH + 100) return false
  return EMAIL_PATTERN.test(value.trim())
}

/** E-mail, trimmed, simple pattern (001 §5); the length is checked first and stops the rest. */
export const EmailSchema = z
  .string({ error: MSG_EMAIL_INVALID })
  .max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true })
  .regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID })

/** Phone number: spaces are ignored, then digits only, at most 10 (001 §5). */
export const PhoneSchema = z
  .string({ error: MSG_PHONE_INVALID })
  .max(100, { error: MSG_PHONE_INVALID, abort: true })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(PHONE_PATTERN, { error: MSG_PHONE_INVALID }))

export function isValidPhone(value: string | null | undefined): boolean {
  return typeof value === 'string' && value.length <= 100 && PHONE_PATTERN.test(value.replace(/\s+/g, ''))
}

/** Website: domain pattern (001 §5). */
export const WebsiteSchema = z
  .string({ error: MSG_WEBSITE_INVALID })
  .max(2000, { error: MSG_WEBSITE_INVALID, abort: true })
  .trim()
  .regex(WEBSITE_PATTERN, { error: MSG_WEBSITE_INVALID })

// --- ABN / ACN ----------------------------------------------------------------

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19]

/** ABN check digits (ATO algorithm): subtract 1 from the first digit, weight, sum mod 89 = 0. */
export function isValidAbnChecksum(abn: string): boolean {
  const digits = abn.replace(/\s+/g, '')
  if (!/^\d{11}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < 11; i += 1) {
    const digit = Number(digits[i]) - (i === 0 ? 1 : 0)
    sum += digit * ABN_WEIGHTS[i]
  }
  return sum % 89 === 0
}

/** ACN check digit (ASIC algorithm): weights 8..1, complement of the sum mod 10. */
export function isValidAcnChecksum(acn: string): boolean {
  const digits = acn.replace(/\s+/g, '')
  if (!/^\d{9}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < 8; i += 1) sum += Number(digits[i]) * (8 - i)
  return (10 - (sum % 10)) % 10 === Number(digits[8])
}

/**
 * The message for an ABN/ACN value, or null when valid. 001 §5: ABN exactly 11 digits, ACN
 * exactly 9 digits (spaces ignored); beyond the spec we also check the check digits.
 */
export function abnAcnError(value: string): string | null {
  if (value.length > 100) return MSG_ABN_ACN_LENGTH
  const digits = value.replace(/\s+/g, '')
  if (/^\d{11}$/.test(digits)) return isValidAbnChecksum(digits) ? null : MSG_ABN_CHECK_DIGITS
  if (/^\d{9}$/.test(digits)) return isValidAcnChecksum(digits) ? null : MSG_ACN_CHECK_DIGITS
  return MSG_ABN_ACN_LENGTH
}

/** ABN (11 digits) or ACN (9 digits) with valid check digits; spaces removed on output. */
export const AbnAcnSchema = z
  .string({ error: MSG_ABN_ACN_LENGTH })
  .max(100, { error: MSG_ABN_ACN_LENGTH, abort: true })
  .transform((value) => value.replace(/\s+/g, ''))
  .superRefine((value, ctx) => {
    const message = abnAcnError(value)
    if (message) ctx.addIssue({ code: 'custom', message })
  })

// --- Addresses -------------------------------------------------------------------

/** State of an address: the upper-case code (NSW, ACT, …); lower case is accepted. */
export const AddressStateSchema = z
  .string({ error: MSG_ADDRESS_INCOMPLETE })
  .transform((value) => value.trim().toUpperCase())
  .pipe(z.enum(STATE_KEYS.map((k) => STATE_CODES[k]) as [string, ...string[]], { error: MSG_ADDRESS_INCOMPLETE }))

/**
 * 001 §3/§5: an address needs lineOne, suburb, postcode and state; lineTwo optional.
 * `placeId` is the places-lookup value of the business address.
 */
export const AddressSchema = z.object(
  {
    lineOne: z.string({ error: MSG_ADDRESS_INCOMPLETE }).trim().min(1, { error: MSG_ADDRESS_INCOMPLETE }),
    lineTwo: z.string().trim().nullish(),
    suburb: z.string({ error: MSG_ADDRESS_INCOMPLETE }).trim().min(1, { error: MSG_ADDRESS_INCOMPLETE }),
    state: AddressStateSchema,
    postcode: z.string({ error: MSG_POSTCODE_INVALID }).trim().regex(POSTCODE_PATTERN, { error: MSG_POSTCODE_INVALID }),
    placeId: z.string().nullish(),
  },
  { error: MSG_ADDRESS_INCOMPLETE },
)
export type Address = z.infer<typeof AddressSchema>

/** A stored/in-progress address: every field optional (drafts are saved incomplete). */
export const AddressDraftSchema = z.object({
  lineOne: z.string().nullish(),
  lineTwo: z.string().nullish(),
  suburb: z.string().nullish(),
  state: z.string().nullish(),
  postcode: z.string().nullish(),
  placeId: z.string().nullish(),
})
export type AddressDraft = z.infer<typeof AddressDraftSchema>

export function isAddressComplete(address: AddressDraft | null | undefined): boolean {
  return !!address && AddressSchema.safeParse(address).success
}

// --- Checkbox-flag groups -------------------------------------------------------

/**
 * 001 §5: a checkbox-flag group (bit flags) is invalid with nothing chosen when required.
 */
export function checkboxGroupSchema(options: { required: boolean }) {
  return z
    .number({ error: MSG_CHECKBOX_GROUP_REQUIRED })
    .int()
    .min(0)
    .nullish()
    .superRefine((value, ctx) => {
      if (options.required && !value) ctx.addIssue({ code: 'custom', message: MSG_CHECKBOX_GROUP_REQUIRED })
    })
}

/** 001 §5: "a text limit truncates input". */
export function truncateText(value: string, limit: number): string {
  return value.length > limit ? value.slice(0, limit) : value
}
