/**
 * Requests of /api/applicant/{getReuseList,get,getLatest} and /api/ComplianceNote/{get,create,delete}
 * (001 §7 "Applicant, compliance, contact"; compliance note entity in §3). Query values arrive as
 * strings, so ids and flags are read from text here; an empty query value counts as not given.
 */
import { z } from 'zod'
import { COMPLIANCE_NOTE_CODES } from '../compliance/compliance-notes'

/** The longest compliance note text, as for promotion notes. */
export const COMPLIANCE_NOTE_MAX_LENGTH = 4000

export const MSG_RECORD_ID_INVALID = 'Please give a valid id.'
export const MSG_MANAGED_FLAG_INVALID = 'managedSubmission must be true or false.'
export const MSG_COMPLIANCE_NOTE_CATEGORY_INVALID = 'Please choose a compliance note category: TA to TO or RA to RH.'
export const MSG_COMPLIANCE_NOTE_TEXT_REQUIRED = 'Please enter the text of the compliance note.'
export const MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG = `A compliance note can be at most ${COMPLIANCE_NOTE_MAX_LENGTH} characters.`

/** '' and whitespace-only query values are "not given" (clients send `exclude=` when there is none). */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.length <= 1000 && value.trim() === '' ? undefined : value)

/** A record id (serial): a positive integer, given as a number or as digits (query strings). */
export const RecordIdInputSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.length <= 40 && /^\s*\d{1,10}\s*$/.test(value) ? Number(value) : value),
  z
    .number({ error: MSG_RECORD_ID_INVALID })
    .int({ error: MSG_RECORD_ID_INVALID })
    .positive({ error: MSG_RECORD_ID_INVALID })
    .max(2_147_483_647, { error: MSG_RECORD_ID_INVALID }),
)

/** true/false from a query string ('true', 'false', '1', '0', any case) or a JSON boolean. */
const QueryFlagSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.length <= 40 ? value.trim().toLowerCase() : value),
  z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: MSG_MANAGED_FLAG_INVALID })
    .transform((value) => value === true || value === 'true' || value === '1'),
)

/**
 * `managedSubmission` (the spec's `{product}Managed`, DESIGN.md §4) or its short alias `managed`:
 * which kind of promotion the applicant is wanted for. When both are given, `managedSubmission` wins.
 */
const managedFields = {
  managedSubmission: z.preprocess(blankToUndefined, QueryFlagSchema.optional()),
  managed: z.preprocess(blankToUndefined, QueryFlagSchema.optional()),
}
function resolveManaged<T extends { managedSubmission?: boolean; managed?: boolean }>({ managed, ...rest }: T) {
  return { ...rest, managedSubmission: rest.managedSubmission ?? managed }
}

/** GET /api/applicant/getReuseList?search=&exclude=&managedSubmission= */
export const ApplicantReuseListQuerySchema = z
  .object({
    /** Part of the promotion name or of the applicant's organisation, any case. */
    search: z.preprocess(
      blankToUndefined,
      z
        .string()
        .max(1000, { error: 'The search can be at most 200 characters.', abort: true })
        .trim()
        .max(200, { error: 'The search can be at most 200 characters.' })
        .optional(),
    ),
    /** The promotion being edited, left out of the list. */
    exclude: z.preprocess(blankToUndefined, RecordIdInputSchema.optional()),
    ...managedFields,
  })
  .transform(resolveManaged)
export type ApplicantReuseListQuery = z.infer<typeof ApplicantReuseListQuerySchema>

/** GET /api/applicant/get?id=&managedSubmission= — `id` is the applicant's promotion id. */
export const ApplicantGetQuerySchema = z
  .object({
    id: RecordIdInputSchema,
    ...managedFields,
  })
  .transform(resolveManaged)
export type ApplicantGetQuery = z.infer<typeof ApplicantGetQuerySchema>

/** GET /api/applicant/getLatest?managedSubmission= */
export const ApplicantLatestQuerySchema = z.object({ ...managedFields }).transform(resolveManaged)
export type ApplicantLatestQuery = z.infer<typeof ApplicantLatestQuerySchema>

/** GET /api/ComplianceNote/get?promotionId= */
export const ComplianceNoteListQuerySchema = z.object({ promotionId: RecordIdInputSchema })
export type ComplianceNoteListQuery = z.infer<typeof ComplianceNoteListQuerySchema>

/** A compliance note code of 001 §3 (TA–TO, RA–RH); any case in, upper case out. */
export const ComplianceNoteCategorySchema = z
  .string({ error: MSG_COMPLIANCE_NOTE_CATEGORY_INVALID })
  .trim()
  .toUpperCase()
  .refine((code) => COMPLIANCE_NOTE_CODES.includes(code), { error: MSG_COMPLIANCE_NOTE_CATEGORY_INVALID })

/** POST /api/ComplianceNote/create (staff): a note on a promotion under one compliance category. */
export const ComplianceNoteCreateSchema = z.object({
  promotionId: RecordIdInputSchema,
  categorySlug: ComplianceNoteCategorySchema,
  text: z
    .string({ error: MSG_COMPLIANCE_NOTE_TEXT_REQUIRED })
    .trim()
    .min(1, { error: MSG_COMPLIANCE_NOTE_TEXT_REQUIRED })
    .max(COMPLIANCE_NOTE_MAX_LENGTH, { error: MSG_COMPLIANCE_NOTE_TEXT_TOO_LONG }),
})
export type ComplianceNoteCreate = z.infer<typeof ComplianceNoteCreateSchema>

/** POST /api/ComplianceNote/delete (staff). */
export const ComplianceNoteDeleteSchema = z.object({ id: RecordIdInputSchema })
export type ComplianceNoteDelete = z.infer<typeof ComplianceNoteDeleteSchema>
