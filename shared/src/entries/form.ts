/**
 * Issue 27: an entry form's fields, the checks on a submitted entry, and the permit's rules at
 * arrival. Pure: the API runs them on every channel, the hosted form shows the same messages.
 */
import { z } from 'zod'
import { isValidIsoDate, sydneyDateOf, sydneyInstant, type IsoDate } from '../dates/calendar'
import { formatDateTime } from '../format/date'
import { STATE_CODES, STATE_KEYS, STATE_NAMES, type StateKey } from '../states'
import {
  MSG_ENTRY_ANSWER_REQUIRED,
  MSG_ENTRY_CONSENT_REQUIRED,
  MSG_ENTRY_DOB_INVALID,
  MSG_ENTRY_EMAIL_REQUIRED,
  MSG_ENTRY_FORM_DOMAIN_INVALID,
  MSG_ENTRY_FORM_NEEDS_CONTACT,
  MSG_ENTRY_FORM_SKILL_QUESTION_REQUIRED,
  MSG_ENTRY_FORM_WORD_LIMIT,
  MSG_CONTACT_NAME_REQUIRED,
  MSG_ENTRY_PHONE_INVALID,
  MSG_ENTRY_PHONE_REQUIRED,
  MSG_ENTRY_POSTCODE_INVALID,
  MSG_ENTRY_RECEIPT_REQUIRED,
  MSG_ENTRY_RECEIPT_FILE_REQUIRED,
  MSG_ENTRY_STAFF_EXCLUDED,
  MSG_ENTRY_STATE_REQUIRED,
  MSG_CONTACT_TOO_LONG,
  MSG_ENTRY_UNDER_AGE,
  MSG_EMAIL_INVALID,
  msgEntryAnswerTooLong,
  msgEntryClosed,
  msgEntryNotStarted,
  msgEntryStateIneligible,
} from '../messages'
import { isReceiptFileInput } from './receipt-file'
import { entrantKey, normaliseEmail, normaliseNamePostcode, normalisePhone } from './normalise'

export const ENTRY_FIELD_MODES = ['off', 'optional', 'required'] as const
export type EntryFieldMode = (typeof ENTRY_FIELD_MODES)[number]
/** The person fields a form can ask, in the order the form shows them. */
export const ENTRY_PERSON_FIELDS = ['name', 'email', 'phone', 'postcode', 'state', 'dateOfBirth', 'receiptNumber'] as const
export type EntryPersonField = (typeof ENTRY_PERSON_FIELDS)[number]
export const ENTRY_FIELD_LABELS: Record<EntryPersonField | 'answer', string> = {
  name: 'Full name',
  email: 'Email address',
  phone: 'Phone number',
  postcode: 'Postcode',
  state: 'State or territory',
  dateOfBirth: 'Date of birth',
  receiptNumber: 'Receipt number',
  answer: 'Your answer',
}
/** The receipt file (a photo or PDF), a field of its own: its value is a file, not text. */
export const ENTRY_RECEIPT_FILE_LABEL = 'Receipt (photo or PDF)'
export const ENTRY_CHANNELS = ['form', 'embed', 'api', 'import'] as const
export type EntryChannel = (typeof ENTRY_CHANNELS)[number]

/** Refusal reasons, counted per promotion and day (`entry_refusals.reason`). */
export const ENTRY_REFUSAL_REASONS = ['not_open', 'before_start', 'after_end', 'daily_limit', 'state', 'under_age', 'staff'] as const
export type EntryRefusalReason = (typeof ENTRY_REFUSAL_REASONS)[number]
export const ENTRY_REFUSAL_LABELS: Record<EntryRefusalReason, string> = {
  not_open: 'Form not open',
  before_start: 'Before the entry period',
  after_end: 'After the close',
  daily_limit: 'Over the daily limit',
  state: 'State not eligible',
  under_age: 'Under 18',
  staff: 'Promoter\u2019s staff',
}

/** Consents are stored in an entry's fields as `consent:<id>` → true/false. */
export const ENTRY_CONSENT_PREFIX = 'consent:'

const MAX_TEXT = 200
const MAX_ANSWER_CHARS = 10_000
const DOMAIN = /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/

export const EntryConsentSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  label: z.string().trim().min(1).max(500),
  required: z.boolean(),
})
export type EntryConsent = z.infer<typeof EntryConsentSchema>

const mode = z.enum(ENTRY_FIELD_MODES)
export const EntryFormFieldsSchema = z
  .object({
    name: mode,
    email: mode,
    phone: mode,
    postcode: mode,
    state: mode,
    dateOfBirth: mode,
    receiptNumber: mode,
    /** A photo or PDF of the receipt (forms saved before it existed: off). */
    receiptFile: mode.default('off'),
    /** A skill question (answered in words, with a limit). */
    answer: mode,
    question: z.string().trim().max(1000).default(''),
    wordLimit: z
      .number({ error: MSG_ENTRY_FORM_WORD_LIMIT })
      .int({ error: MSG_ENTRY_FORM_WORD_LIMIT })
      .min(1, { error: MSG_ENTRY_FORM_WORD_LIMIT })
      .max(1000, { error: MSG_ENTRY_FORM_WORD_LIMIT })
      .default(25),
    consents: z.array(EntryConsentSchema).max(5).default([]),
  })
  .superRefine((f, ctx) => {
    if (f.email !== 'required' && f.phone !== 'required') ctx.addIssue({ code: 'custom', path: ['email'], message: MSG_ENTRY_FORM_NEEDS_CONTACT })
    if (f.answer !== 'off' && !f.question) ctx.addIssue({ code: 'custom', path: ['question'], message: MSG_ENTRY_FORM_SKILL_QUESTION_REQUIRED })
  })
export type EntryFormFields = z.infer<typeof EntryFormFieldsSchema>

export const DEFAULT_ENTRY_FORM_FIELDS: EntryFormFields = {
  name: 'required',
  email: 'required',
  phone: 'optional',
  postcode: 'required',
  state: 'off',
  dateOfBirth: 'off',
  receiptNumber: 'off',
  receiptFile: 'off',
  answer: 'off',
  question: '',
  wordLimit: 25,
  consents: [],
}

/** Staff e-mail domains, one per line or comma; lowercased, `@` and blanks dropped. */
export function parseStaffDomains(text: string): { domains: string[] } | { error: string } {
  const domains = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((d) => d.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
  ]
  if (domains.length > 50 || domains.some((d) => !DOMAIN.test(d))) return { error: MSG_ENTRY_FORM_DOMAIN_INVALID }
  return { domains }
}

export const countWords = (text: string): number => (text.trim() ? text.trim().split(/\s+/u).length : 0)

/** A submitted entry after its field checks: the values kept, and the keys screening and limits use. */
export type CheckedEntry = {
  fields: Record<string, string | boolean>
  emailNorm: string | null
  phoneNorm: string | null
  namePostcodeNorm: string | null
  personKey: string | null
  state: StateKey | null
  dateOfBirth: IsoDate | null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Checks a submission against the form's fields: the entry, or the field messages (modelState). */
export function checkEntryFields(form: EntryFormFields, input: Record<string, unknown>): { entry: CheckedEntry } | { modelState: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const fail = (field: string, message: string) => {
    errors[field] = [message]
  }
  const text = (field: string): string => {
    const v = input[field]
    return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
  }
  const fields: Record<string, string | boolean> = {}
  const required: Record<EntryPersonField, string> = {
    name: MSG_CONTACT_NAME_REQUIRED,
    email: MSG_ENTRY_EMAIL_REQUIRED,
    phone: MSG_ENTRY_PHONE_REQUIRED,
    postcode: MSG_ENTRY_POSTCODE_INVALID,
    state: MSG_ENTRY_STATE_REQUIRED,
    dateOfBirth: MSG_ENTRY_DOB_INVALID,
    receiptNumber: MSG_ENTRY_RECEIPT_REQUIRED,
  }
  let emailNorm: string | null = null
  let phoneNorm: string | null = null
  let state: StateKey | null = null
  let dateOfBirth: IsoDate | null = null
  for (const field of ENTRY_PERSON_FIELDS) {
    if (form[field] === 'off') continue
    const value = text(field)
    if (!value) {
      if (form[field] === 'required') fail(field, required[field])
      continue
    }
    if (value.length > MAX_TEXT) {
      fail(field, MSG_CONTACT_TOO_LONG)
      continue
    }
    if (field === 'email') {
      emailNorm = EMAIL.test(value) ? normaliseEmail(value) : null
      if (!emailNorm) fail(field, MSG_EMAIL_INVALID)
    } else if (field === 'phone') {
      phoneNorm = normalisePhone(value)
      if (!phoneNorm?.startsWith('+61')) fail(field, MSG_ENTRY_PHONE_INVALID)
    } else if (field === 'postcode') {
      if (!/^\d{4}$/.test(value)) fail(field, MSG_ENTRY_POSTCODE_INVALID)
    } else if (field === 'state') {
      const key = value.toLowerCase()
      if ((STATE_KEYS as readonly string[]).includes(key)) state = key as StateKey
      else fail(field, MSG_ENTRY_STATE_REQUIRED)
    } else if (field === 'dateOfBirth') {
      if (isValidIsoDate(value) && value >= '1900-01-01') dateOfBirth = value as IsoDate
      else fail(field, MSG_ENTRY_DOB_INVALID)
    }
    fields[field] = field === 'state' ? value.toUpperCase() : value
  }
  if (form.answer !== 'off') {
    const answer = text('answer')
    const words = countWords(answer)
    if (!answer) {
      if (form.answer === 'required') fail('answer', MSG_ENTRY_ANSWER_REQUIRED)
    } else if (words > form.wordLimit || answer.length > MAX_ANSWER_CHARS) fail('answer', msgEntryAnswerTooLong(form.wordLimit, words))
    else fields.answer = answer
  }
  if (form.receiptFile === 'required' && !isReceiptFileInput(input.receiptFile)) fail('receiptFile', MSG_ENTRY_RECEIPT_FILE_REQUIRED)
  const consents = (input.consents && typeof input.consents === 'object' ? input.consents : {}) as Record<string, unknown>
  for (const consent of form.consents) {
    const given = consents[consent.id] === true || consents[consent.id] === 'true' || consents[consent.id] === 'on'
    if (consent.required && !given) fail(`consents.${consent.id}`, MSG_ENTRY_CONSENT_REQUIRED)
    fields[`${ENTRY_CONSENT_PREFIX}${consent.id}`] = given
  }
  if (Object.keys(errors).length > 0) return { modelState: errors }
  return {
    entry: {
      fields,
      emailNorm,
      phoneNorm,
      namePostcodeNorm: normaliseNamePostcode(fields.name as string | undefined, fields.postcode as string | undefined),
      personKey: entrantKey(emailNorm, phoneNorm),
      state,
      dateOfBirth,
    },
  }
}

/** The entry period of the application: from its start (inclusive) to its end (exclusive), Sydney time. */
export type EntryPeriod = { opensAt: Date; closesAt: Date }

/**
 * The period from the application's dates and times (`HH:mm`, Sydney). Without a start time the
 * period opens at midnight; without an end time it closes at the end of the end date.
 */
export function entryPeriod(permit: {
  startDate?: string | null
  startTime?: string | null
  endDate?: string | null
  endTime?: string | null
}): EntryPeriod | null {
  const time = (t: string | null | undefined) => (t && /^([01]\d|2[0-3]):[0-5]\d$/.test(t) ? t : null)
  if (!permit.startDate || !permit.endDate || !isValidIsoDate(permit.startDate) || !isValidIsoDate(permit.endDate)) return null
  const opensAt = sydneyInstant(permit.startDate, time(permit.startTime) ?? '00:00')
  const endTime = time(permit.endTime)
  const closesAt = endTime ? sydneyInstant(permit.endDate, endTime) : new Date(sydneyInstant(permit.endDate, '23:59').getTime() + 60_000)
  return { opensAt, closesAt }
}

export type ArrivalFacts = {
  now: Date
  period: EntryPeriod | null
  /** The promotion's states (keys); empty: all. */
  states: readonly StateKey[]
  /** The application's `under18s`: false means entrants must be 18 or over. */
  under18s: boolean | null | undefined
  staffDomains: readonly string[]
}

export type ArrivalRefusal = { reason: EntryRefusalReason; message: string; field?: string }

/** Years between a birth date and a Sydney day (birthdays on 29 Feb count from 1 Mar in other years). */
export function ageOn(dateOfBirth: IsoDate, day: IsoDate): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number]
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0)
}

/** The permit's rules that need no count (period, states, age, staff), in the order the entrant meets them. */
export function checkArrival(entry: CheckedEntry, facts: ArrivalFacts): ArrivalRefusal | null {
  const { period, now } = facts
  if (!period) return { reason: 'not_open', message: msgEntryNotStarted('the start of the promotion') }
  if (now.getTime() < period.opensAt.getTime()) return { reason: 'before_start', message: msgEntryNotStarted(formatDateTime(period.opensAt)) }
  if (now.getTime() >= period.closesAt.getTime()) return { reason: 'after_end', message: msgEntryClosed(formatDateTime(period.closesAt)) }
  if (entry.state && facts.states.length > 0 && !facts.states.includes(entry.state)) {
    const names = facts.states.map((s) => STATE_NAMES[s])
    const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
    return { reason: 'state', message: msgEntryStateIneligible(list ?? ''), field: 'state' }
  }
  if (facts.under18s === false && entry.dateOfBirth && ageOn(entry.dateOfBirth, sydneyDateOf(now)) < 18) {
    return { reason: 'under_age', message: MSG_ENTRY_UNDER_AGE, field: 'dateOfBirth' }
  }
  const email = typeof entry.fields.email === 'string' ? entry.fields.email.toLowerCase() : null
  const domain = email?.slice(email.lastIndexOf('@') + 1)
  if (domain && facts.staffDomains.some((d) => domain === d || domain.endsWith(`.${d}`))) {
    return { reason: 'staff', message: MSG_ENTRY_STAFF_EXCLUDED, field: 'email' }
  }
  return null
}

/** State codes for a list of keys ("NSW, VIC"), for the form's choices. */
export const stateChoices = (states: readonly StateKey[]) =>
  (states.length ? states : STATE_KEYS).map((key) => ({ key, code: STATE_CODES[key], name: STATE_NAMES[key] }))
