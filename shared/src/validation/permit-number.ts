/**
 * Permit number save (001 §3 "Permit number", §5): prefixes NSW `NTP/`, ACT `TP {yy}/`,
 * SA `T{yy}/` with the two-digit current year; approval date present and not after today (except
 * for the NSW authority); number different from the default and starting with the prefix;
 * expiry up to 5 years ahead.
 */
import { z } from 'zod'
import { PERMIT_EXPIRY_MAX_YEARS_AHEAD } from '../constants'
import { addYears, isValidIsoDate, sydneyParts, today, type Clock } from '../dates/calendar'
import {
  MSG_INVALID_APPROVAL_DATE,
  MSG_INVALID_PERMIT_NUMBER,
  MSG_NSW_AUTHORITY_EXPIRY_TOO_FAR,
  MSG_NSW_AUTHORITY_NUMBER_REQUIRED,
  MSG_DATE_INVALID,
} from '../messages'
import { IdSchema } from './promotion'

export const PERMIT_NUMBER_STATES = ['ACT', 'NSW', 'SA'] as const
export type PermitNumberState = (typeof PERMIT_NUMBER_STATES)[number]

/** The default (prefix) permit number for a state, with the two-digit current year (Sydney). */
export function defaultPermitNumber(state: PermitNumberState, clock: Clock): string {
  const yy = String(sydneyParts(clock.now).year % 100).padStart(2, '0')
  switch (state) {
    case 'NSW':
      return 'NTP/'
    case 'ACT':
      return `TP ${yy}/`
    case 'SA':
      return `T${yy}/`
  }
}

/** 001 §5: the number must differ from the default and start with the valid prefix. */
export function isValidPermitNumber(state: PermitNumberState, number: string, clock: Clock): boolean {
  const prefix = defaultPermitNumber(state, clock)
  const value = number.trim()
  return value !== prefix && value.startsWith(prefix) && value.length > prefix.length
}

/** POST /api/promotion/savePermitNumber (001 §7): promotionId, state, number, approvalDate, fileName. */
export function createPermitNumberSaveSchema(clock: Clock) {
  return z
    .object({
      promotionId: IdSchema,
      state: z.enum(PERMIT_NUMBER_STATES),
      number: z.string({ error: MSG_INVALID_PERMIT_NUMBER }).trim(),
      approvalDate: z.string({ error: MSG_INVALID_APPROVAL_DATE }).nullish(),
      fileName: z.string().nullish(),
    })
    .superRefine((value, ctx) => {
      if (!isValidPermitNumber(value.state, value.number, clock)) {
        ctx.addIssue({ code: 'custom', path: ['number'], message: MSG_INVALID_PERMIT_NUMBER })
      }
      if (!isValidIsoDate(value.approvalDate) || value.approvalDate > today(clock)) {
        ctx.addIssue({ code: 'custom', path: ['approvalDate'], message: MSG_INVALID_APPROVAL_DATE })
      }
    })
}
export type PermitNumberSave = z.infer<ReturnType<typeof createPermitNumberSaveSchema>>

/** The latest expiry date allowed: 5 years from today. */
export function maxPermitExpiryDate(clock: Clock): string {
  return addYears(today(clock), PERMIT_EXPIRY_MAX_YEARS_AHEAD)
}

/**
 * POST /api/promotion/saveNswAuthority (001 §7): the NSW authority needs no approval date; its
 * expiry may be at most 5 years ahead.
 */
export function createNswAuthoritySaveSchema(clock: Clock) {
  return z
    .object({
      promotionId: IdSchema,
      nswAuthorityNumber: z.string({ error: MSG_NSW_AUTHORITY_NUMBER_REQUIRED }).trim().min(1, { error: MSG_NSW_AUTHORITY_NUMBER_REQUIRED }),
      nswAuthorityExpiration: z.string({ error: MSG_DATE_INVALID }).refine((v) => isValidIsoDate(v), { error: MSG_DATE_INVALID }),
      fileName: z.string().nullish(),
    })
    .superRefine((value, ctx) => {
      if (isValidIsoDate(value.nswAuthorityExpiration) && value.nswAuthorityExpiration > maxPermitExpiryDate(clock)) {
        ctx.addIssue({ code: 'custom', path: ['nswAuthorityExpiration'], message: MSG_NSW_AUTHORITY_EXPIRY_TOO_FAR })
      }
    })
}
export type NswAuthoritySave = z.infer<ReturnType<typeof createNswAuthoritySaveSchema>>

/** 001 §5: expiry year options, the current year to 5 years ahead. */
export function permitExpiryYears(clock: Clock): number[] {
  const year = sydneyParts(clock.now).year
  return Array.from({ length: PERMIT_EXPIRY_MAX_YEARS_AHEAD + 1 }, (_, i) => year + i)
}
