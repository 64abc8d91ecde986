/**
 * The whole promotion with its permit, as saved by POST /api/promotion/save (001 §3, §7).
 * Drafts are saved incomplete (a silent save happens when leaving a permit screen), so this
 * schema checks shapes and formats of what is present; completeness is the section validity
 * (`wizard/section-validity`).
 */
import { z } from 'zod'
import { isValidIsoDate } from '../dates/calendar'
import { MSG_DATE_INVALID, MSG_EMAIL_INVALID, MSG_PHONE_INVALID, MSG_TIME_INVALID, MSG_WEBSITE_INVALID } from '../messages'
import { NOTIFICATION_METHODS } from '../permits/options'
import { AusStatesSchema } from '../states-schema'
import { MoneySchema } from '../money-schema'
import { abnAcnError, AddressDraftSchema, TEXT_MAX_LENGTH, EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN, WEBSITE_PATTERN } from './common'
import { IdSchema } from './promotion'
import { MSG_TEXT_TOO_LONG } from '../security/messages'

/** Optional text; when present and non-empty, `check` returns an error message or null. */
function draftText(check?: (value: string) => string | null) {
  return z
    .string()
    .nullish()
    .superRefine((value, ctx) => {
      if (!check || value == null) return
      // Length before any pattern: a field value this long is never a phone, e-mail or website.
      if (value.length > TEXT_MAX_LENGTH) return void ctx.addIssue({ code: 'custom', message: check('') ?? MSG_TEXT_TOO_LONG })
      if (value.trim() === '') return
      const message = check(value.trim())
      if (message) ctx.addIssue({ code: 'custom', message })
    })
}

const draftDate = z
  .string({ error: MSG_DATE_INVALID })
  .nullish()
  .refine((value) => value == null || value === '' || isValidIsoDate(value), { error: MSG_DATE_INVALID })
const draftTime = z
  .string({ error: MSG_TIME_INVALID })
  .nullish()
  .refine((value) => value == null || value === '' || /^([01]\d|2[0-3]):[0-5]\d$/.test(value), { error: MSG_TIME_INVALID })
/** An amount of the draft: dollars on the wire, cents after parsing. */
const draftCents = MoneySchema.nullish()
const draftFlags = z.number().int().min(0).nullish()
const draftBool = z.boolean().nullish()
const draftPhone = draftText((v) => (PHONE_PATTERN.test(v.replace(/\s+/g, '')) ? null : MSG_PHONE_INVALID))
const draftEmail = draftText((v) => (v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v) ? null : MSG_EMAIL_INVALID))

/** 001 §3 contact person. */
export const ContactDraftSchema = z.object({
  title: z.string().nullish(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
  position: z.string().nullish(),
  phone: draftPhone,
  email: draftEmail,
})
export type ContactDraft = z.infer<typeof ContactDraftSchema>

/** 001 §3 applicant. */
export const ApplicantDraftSchema = z.object({
  id: IdSchema.nullish(),
  organisation: z.string().nullish(),
  abnacn: draftText(abnAcnError),
  tradingName: z.string().nullish(),
  businessAddress: AddressDraftSchema.nullish(),
  postalAddress: AddressDraftSchema.nullish(),
  /** The postal address is a copy of the business address. */
  postalSameAsBusiness: draftBool,
  website: draftText((v) => (WEBSITE_PATTERN.test(v) ? null : MSG_WEBSITE_INVALID)),
  nswAuthorityNumber: z.string().nullish(),
  nswAuthorityExpiration: draftDate,
  nswAuthorityDuration: z.number().int().positive().nullish(),
  reuseFromPromotion: IdSchema.nullish(),
  hasLetterOfAuthority: draftBool,
  promotionId: IdSchema.nullish(),
  contact: ContactDraftSchema.nullish(),
})
export type ApplicantDraft = z.infer<typeof ApplicantDraftSchema>

/** 001 §3 final/unclaimed draw. */
export const DrawDraftSchema = z.object({
  multipleDates: draftBool,
  multipleDatesDetail: z.string().nullish(),
  date: draftDate,
  time: draftTime,
  locationAddress: AddressDraftSchema.nullish(),
  locationOrganisation: z.string().nullish(),
  notification: z
    .object({
      method: z.enum(NOTIFICATION_METHODS).nullish(),
      date: draftDate,
    })
    .nullish(),
})
export type DrawDraft = z.infer<typeof DrawDraftSchema>

/** 001 §3 attachment. The type is given by its code (A, B, … X, Y). */
export const AttachmentDraftSchema = z.object({
  attachmentType: z.object({
    code: z.string().min(1).max(2),
    slug: z.string().nullish(),
    name: z.string().nullish(),
    isAddendum: draftBool,
  }),
  exists: draftBool,
  uploaded: draftBool,
  isUploading: draftBool,
  reuseFromPromotion: IdSchema.nullish(),
  shouldReuse: draftBool,
  fileName: z.string().nullish(),
  userFileName: z.string().nullish(),
  fileExtension: z.string().nullish(),
  uploadDate: z.string().nullish(),
  submitDate: z.string().nullish(),
})
export type AttachmentDraft = z.infer<typeof AttachmentDraftSchema>

/** 001 §3 permit. */
export const PermitDraftSchema = z.object({
  startDate: draftDate,
  startTime: draftTime,
  endDate: draftDate,
  endTime: draftTime,
  requiredDate: draftDate,
  under18s: draftBool,
  inducementsOffered: draftBool,
  inducementsDetail: z.string().nullish(),
  advertisingMethodsValue: draftFlags,
  advertisingMethodsOther: z.string().nullish(),
  promotedProducts: z.string().nullish(),
  entryMethodsValue: draftFlags,
  entryMethodsPhoneNumbers: z.string().nullish(),
  entryMethodsOther: z.string().nullish(),
  entryMethodsWebsite: draftText((v) => (WEBSITE_PATTERN.test(v) ? null : MSG_WEBSITE_INVALID)),
  entryMechanic: z.string().nullish(),
  entriesPerDay: z.union([z.number().int().min(0), z.string()]).nullish(),
  multiplePrizesAllowed: draftBool,
  drawMethodsValue: draftFlags,
  drawMethodsOther: z.string().nullish(),
  visitedEntryDraw: draftBool,
  visitedComments: draftBool,
  isComputerDraw: draftBool,
  randomDrawMachineApproved: draftBool,
  finalDraw: DrawDraftSchema.nullish(),
  unclaimedDraw: DrawDraftSchema.nullish(),
  scrutineerRequired: draftBool,
  scrutineerName: z.string().nullish(),
  nonIndependentScrutineer: draftBool,
  nonIndependentScrutineerReason: z.string().nullish(),
  comments: z.string().nullish(),
  /** Skill promotions (issue 14): how entries are judged and who judges them, for the T&Cs. */
  judgingCriteria: z.string().max(4000).nullish(),
  judges: z.string().max(1000).nullish(),
  applicant: ApplicantDraftSchema.nullish(),
})
export type PermitDraft = z.infer<typeof PermitDraftSchema>

/** 001 §3 action entry: staff action fields and questions the customer must answer. */
export const ActionEntrySchema = z.object({
  actionFields: z.array(z.object({ actionFieldSlug: z.string(), checked: draftBool, comment: z.string().nullish() })).default([]),
  actionQuestions: z.array(z.object({ question: z.string(), answer: z.string().nullish() })).default([]),
})
export type ActionEntry = z.infer<typeof ActionEntrySchema>

/**
 * POST /api/promotion/save (001 §7): the whole promotion with permit, applicant (at
 * `permit.applicant`; the spec's promotion-level `permitApplicant` is the same record), contact,
 * addresses, final/unclaimed draw, attachments and the version number (optimistic concurrency:
 * the API rejects a stale version with CONFLICT). Fee fields are never read from the client:
 * the API recomputes them with `calculateFees`.
 */
export const PermitSaveSchema = z.object({
  id: IdSchema,
  versionNumber: z.number().int().min(0),
  name: z.string().nullish(),
  startDate: draftDate,
  ausStates: AusStatesSchema,
  includeNz: z.boolean().default(false),
  totalPrizeValue: draftCents,
  prizeValueACT: draftCents,
  prizeValueNSW: draftCents,
  prizeValueSA: draftCents,
  prizeValueVIC: draftCents,
  prizeValueQLD: draftCents,
  prizeValueTAS: draftCents,
  prizeValueWA: draftCents,
  prizeValueNT: draftCents,
  prizeQuantityTotal: z.number().int().min(0).nullish(),
  prizeDescription: z.string().nullish(),
  prizeCategoriesValue: draftFlags,
  prizeCategoriesOther: z.string().nullish(),
  /** Value of the most valuable single prize, for the prize tiers 251/501/1001. */
  maxPrizeValue: draftCents,
  prizePublicationACT: z.string().nullish(),
  prizePublicationDateACT: draftDate,
  managedSubmission: z.boolean().default(true),
  randomDraw: z.boolean().default(false),
  termsAndConditions: z.boolean().default(false),
  abridgedTC: z.boolean().default(false),
  hostedTC: z.boolean().default(false),
  skillsBasedTC: z.boolean().default(false),
  /** A service of the modify form: what a GET returns may come back; a save does not change it. */
  winnerPublication: z.boolean().default(false),
  usingRandomDrawsDotCom: draftBool,
  winnersDrawnElectronically: draftBool,
  hasNswAuthority: draftBool,
  hasInstantWinPrizes: draftBool,
  randomDrawMachineApproved: draftBool,
  letterOfAuthorityReused: draftBool,
  attachments: z.array(AttachmentDraftSchema).default([]),
  attachmentsManualOverride: draftBool,
  attachmentsManuallyRequired: z.string().nullish(),
  actionEntry: ActionEntrySchema.nullish(),
  permit: PermitDraftSchema,
})
export type PermitSave = z.infer<typeof PermitSaveSchema>
/** Input side (before defaults), e.g. for form default values. */
export type PermitSaveInput = z.input<typeof PermitSaveSchema>

/** POST /api/promotion/saveNswAuthority (001 §7): the NSW authority answers of the applicant step. */
export const SaveNswAuthoritySchema = z.object({
  id: IdSchema,
  versionNumber: z.number().int().min(0).optional(),
  hasNswAuthority: z.boolean({ error: 'Please answer whether you hold an NSW authority.' }),
  nswAuthorityNumber: z.string().trim().max(100).nullish(),
  nswAuthorityExpiration: draftDate,
  nswAuthorityDuration: z.number().int().positive().max(5).nullish(),
})
export type SaveNswAuthority = z.infer<typeof SaveNswAuthoritySchema>

/** POST /api/promotion/saveAttachments (001 §7): the attachments step on its own. */
export const SaveAttachmentsSchema = z.object({
  id: IdSchema,
  versionNumber: z.number().int().min(0).optional(),
  attachments: z.array(AttachmentDraftSchema).max(40),
})
export type SaveAttachments = z.infer<typeof SaveAttachmentsSchema>
