/**
 * Permit application rules as zod schemas (001 §5): dates, applicant, contact, NSW authority,
 * scrutineer. Schemas whose rules depend on the promotion are factories taking that context.
 */
import { z } from 'zod'
import { isValidIsoDate, type IsoDate } from '../dates/calendar'
import { IsoDateSchema, TimeOfDaySchema } from '../dates/date-schemas'
import { CONTACT_TITLES } from '../constants'
import {
  MSG_EMAIL_INVALID,
  MSG_END_BEFORE_START,
  MSG_NON_INDEPENDENT_REASON_REQUIRED,
  MSG_NSW_AUTHORITY_DURATION_REQUIRED,
  MSG_NSW_AUTHORITY_NUMBER_REQUIRED,
  MSG_PHONE_INVALID,
  MSG_POSITION_REQUIRED,
  MSG_REQUIRED,
  MSG_SCRUTINEER_QUESTION_REQUIRED,
  MSG_SCRUTINEER_REQUIRED,
} from '../messages'
import { AbnAcnSchema, AddressSchema, EMAIL_MAX_LENGTH, EMAIL_PATTERN, TEXT_MAX_LENGTH, PHONE_PATTERN, WebsiteSchema } from './common'

/**
 * A factory's schema built once per distinct options and reused (issue 25): the wizard checks the
 * whole application on every change of the draft, and building these zod schemas cost more than
 * checking a value with them. zod schemas are immutable, so sharing one is safe. The last few
 * options only (an end date typed key by key would otherwise grow the cache).
 */
function builtOncePer<O, S>(keyOf: (options: O) => string, build: (options: O) => S): (options: O) => S {
  const built = new Map<string, S>()
  return (options) => {
    const key = keyOf(options)
    let schema = built.get(key)
    if (schema === undefined) {
      schema = build(options)
      if (built.size >= 16) built.delete(built.keys().next().value as string)
      built.set(key, schema)
    }
    return schema
  }
}
const nswAuthorityKey = (context: NswAuthorityContext) => `${context.nswRequired}|${context.hasNswAuthority}|${context.endDate ?? ''}`

const requiredText = z.string({ error: MSG_REQUIRED }).max(TEXT_MAX_LENGTH, { error: MSG_REQUIRED, abort: true }).trim().min(1, { error: MSG_REQUIRED })

// --- dates ---------------------------------------------------------------------------------

/**
 * 001 §5: start, end and final draw dates must be valid dates and the end after the start.
 * A final draw after the end is only flagged (see {@link isFinalDrawAfterEnd}), not an error.
 */
export const PromotionDatesSchema = z
  .object({
    startDate: IsoDateSchema,
    startTime: TimeOfDaySchema,
    endDate: IsoDateSchema,
    endTime: TimeOfDaySchema,
    finalDrawDate: IsoDateSchema.nullish(),
  })
  .superRefine((value, ctx) => {
    if (isValidIsoDate(value.startDate) && isValidIsoDate(value.endDate) && !(value.endDate > value.startDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: MSG_END_BEFORE_START })
    }
  })
export type PromotionDates = z.infer<typeof PromotionDatesSchema>

/** 001 §5: the final draw date is after the end date (shown as a warning). */
export function isFinalDrawAfterEnd(endDate: string | null | undefined, finalDrawDate: string | null | undefined): boolean {
  return isValidIsoDate(endDate) && isValidIsoDate(finalDrawDate) && finalDrawDate > endDate
}

// --- contact ---------------------------------------------------------------------------------

/**
 * 001 §5: the contact needs first name, last name, phone and a valid e-mail; the position is
 * required when an ACT or SA permit is required.
 */
export const createContactSchema = /* @__PURE__ */ builtOncePer(
  (options: { positionRequired: boolean }) => String(options.positionRequired),
  (options) =>
    z
      .object({
        title: z.enum(CONTACT_TITLES).nullish().or(z.literal('')),
        firstName: requiredText,
        lastName: requiredText,
        position: z.string().trim().nullish(),
        phone: z
          .string({ error: MSG_PHONE_INVALID })
          .max(100, { error: MSG_PHONE_INVALID, abort: true })
          .transform((value) => value.replace(/\s+/g, ''))
          .pipe(z.string().regex(PHONE_PATTERN, { error: MSG_PHONE_INVALID })),
        email: z
          .string({ error: MSG_EMAIL_INVALID })
          .max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true })
          .trim()
          .regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID }),
      })
      .superRefine((value, ctx) => {
        if (options.positionRequired && !value.position) {
          ctx.addIssue({ code: 'custom', path: ['position'], message: MSG_POSITION_REQUIRED })
        }
      }),
)
export const ContactSchema = createContactSchema({ positionRequired: false })
export type Contact = z.infer<typeof ContactSchema>

// --- NSW authority -------------------------------------------------------------------------------

export interface NswAuthorityContext {
  /** An NSW permit is required (the authority only matters then). */
  nswRequired: boolean
  /** The promoter holds an NSW authority (quiz answer). */
  hasNswAuthority: boolean | null | undefined
  /** The promotion end date, compared with the authority expiry. */
  endDate?: IsoDate | null
}

/**
 * 001 §5: the NSW authority number is required when the promoter has an NSW authority; the
 * authority duration is required when there is none, or when the promotion ends after the
 * authority expiry.
 */
export const createNswAuthoritySchema = /* @__PURE__ */ builtOncePer(nswAuthorityKey, (context) =>
  z
    .object({
      nswAuthorityNumber: z.string().trim().nullish(),
      nswAuthorityExpiration: IsoDateSchema.nullish().or(z.literal('')),
      nswAuthorityDuration: z.number().int().positive().nullish(),
    })
    .superRefine((value, ctx) => {
      if (!context.nswRequired) return
      if (context.hasNswAuthority === true && !value.nswAuthorityNumber) {
        ctx.addIssue({ code: 'custom', path: ['nswAuthorityNumber'], message: MSG_NSW_AUTHORITY_NUMBER_REQUIRED })
      }
      if (isNswAuthorityDurationRequired(context, value.nswAuthorityExpiration) && !value.nswAuthorityDuration) {
        ctx.addIssue({ code: 'custom', path: ['nswAuthorityDuration'], message: MSG_NSW_AUTHORITY_DURATION_REQUIRED })
      }
    }),
)

/** 001 §5: duration needed when there is no authority, or the promotion ends after its expiry. */
export function isNswAuthorityDurationRequired(context: NswAuthorityContext, expiration: string | null | undefined): boolean {
  if (!context.nswRequired) return false
  if (context.hasNswAuthority !== true) return true
  return isValidIsoDate(context.endDate) && isValidIsoDate(expiration) && context.endDate > expiration
}

// --- applicant -----------------------------------------------------------------------------------

/**
 * 001 §3/§5 applicant: organisation, ABN/ACN, business and postal address (the postal address may
 * be a copy of the business address), optional website (domain pattern) and the NSW authority.
 */
export const createApplicantSchema = /* @__PURE__ */ builtOncePer(nswAuthorityKey, (context) =>
  z
    .object({
      organisation: requiredText,
      abnacn: AbnAcnSchema,
      tradingName: z.string().trim().nullish(),
      businessAddress: AddressSchema,
      postalAddress: AddressSchema,
      website: z.union([z.literal(''), z.null(), z.undefined(), WebsiteSchema]),
      hasLetterOfAuthority: z.boolean().nullish(),
    })
    .and(createNswAuthoritySchema(context)),
)

// --- scrutineer ----------------------------------------------------------------------------------

/**
 * 001 §5: the scrutineer question is required when {@link isScrutineerQuestionRequired}; a
 * scrutineer is required when the answer is yes; a reason is required for a non-independent one.
 */
export const createScrutineerSchema = /* @__PURE__ */ builtOncePer(
  (options: { questionRequired: boolean }) => String(options.questionRequired),
  (options) =>
    z
      .object({
        scrutineerRequired: z.boolean().nullish(),
        scrutineerName: z.string().trim().nullish(),
        nonIndependentScrutineer: z.boolean().nullish(),
        nonIndependentScrutineerReason: z.string().trim().nullish(),
      })
      .superRefine((value, ctx) => {
        if (!options.questionRequired) return
        if (typeof value.scrutineerRequired !== 'boolean') {
          ctx.addIssue({ code: 'custom', path: ['scrutineerRequired'], message: MSG_SCRUTINEER_QUESTION_REQUIRED })
          return
        }
        if (!value.scrutineerRequired) return
        if (!value.scrutineerName) ctx.addIssue({ code: 'custom', path: ['scrutineerName'], message: MSG_SCRUTINEER_REQUIRED })
        if (value.nonIndependentScrutineer === true && !value.nonIndependentScrutineerReason) {
          ctx.addIssue({ code: 'custom', path: ['nonIndependentScrutineerReason'], message: MSG_NON_INDEPENDENT_REASON_REQUIRED })
        }
      }),
)
