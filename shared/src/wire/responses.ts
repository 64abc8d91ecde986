/**
 * The answers of the /api calls as zod schemas: the API documents them in /api/openapi.json, the
 * integration tests check real answers against them, the clients read the types. Amounts are
 * dollars (DESIGN.md §4). Large objects list the fields clients rely on and stay open
 * (`looseObject`) for the rest.
 */
import { z } from 'zod'
import { AddressDraftSchema } from '../validation/common'

const isoDateTime = z.string().describe('ISO 8601 date and time')
const dollars = z.number().describe('dollars, at most two decimals')

/** An answer that only confirms. */
export const OkResponseSchema = z.object({ ok: z.literal(true) })
/** An answer with a sentence for the user. */
export const MessageResponseSchema = z.object({ message: z.string() })
/** The id of the record a call acted on. */
export const IdResponseSchema = z.object({ id: z.number().int() })

/** The wire shape of every error answer (DESIGN.md §4). */
export const ErrorResponseSchema = z.object({
  message: z.string(),
  modelState: z.record(z.string(), z.array(z.string())).describe('Per-field messages by dotted path; the root is the key ""; empty when no field is named'),
  code: z.string(),
  requestId: z.string().optional(),
})

// --- account ------------------------------------------------------------------------------
export const UserViewSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  accountName: z.string(),
  phone: z.string().nullable(),
  optedIntoCommunication: z.boolean(),
  authorisedAgent: z.boolean(),
  agentBusinessAddress: AddressDraftSchema.nullable(),
  agent: z.boolean().describe('staff'),
  emailConfirmed: z.boolean(),
})
export type UserViewWire = z.infer<typeof UserViewSchema>

export const RegisterResponseSchema = z.object({ message: z.string(), email: z.string() })
export const LoginResponseSchema = z.object({ agent: z.boolean(), user: UserViewSchema, staffPath: z.string().optional() })
export const AuthenticatedResponseSchema = z.object({ authenticated: z.literal(true), agent: z.boolean() })
export const LogOutResponseSchema = z.object({ authenticated: z.literal(false) })
export const AccountUpdateResponseSchema = z.object({ message: z.string(), user: UserViewSchema })
export const AccountGetResponseSchema = UserViewSchema.extend({ loaded: z.literal(true) })
export const AccountCurrentResponseSchema = z.union([
  z.object({ authenticated: z.literal(true), user: UserViewSchema }),
  z.object({ authenticated: z.literal(false), user: z.null() }),
])
export const AccountDetailsResponseSchema = UserViewSchema.extend({ createdAt: isoDateTime, emailConfirmedAt: isoDateTime.nullable() })
export const SupportDetailsResponseSchema = z.object({
  name: z.string(),
  organisation: z.string(),
  phone: z.string().nullable(),
  email: z.string(),
  promotions: z.array(z.object({ id: z.number().int(), name: z.string(), statusId: z.number().int() })),
})

// --- bot check, contact, health, support items, upload ---------------------------------------
export const BotCheckConfigResponseSchema = z.object({ mode: z.enum(['altcha', 'recaptcha', 'off']), siteKey: z.string().optional() })
export const BotCheckChallengeResponseSchema = z.looseObject({ algorithm: z.string(), challenge: z.string(), salt: z.string(), signature: z.string() })
export const ContactResponseSchema = z.object({ id: z.number().int(), message: z.string() })
/** `cms`: the CMS admin's state, where the server hosts it (issue 29: built behind the rest on a first start). */
export const HealthResponseSchema = z.object({ status: z.literal('ok'), cms: z.enum(['building', 'ready', 'failed']).optional() })
export const SupportItemsResponseSchema = z.array(z.object({ id: z.number(), question: z.string(), answer: z.string(), order: z.number() }))
export const UploadResponseSchema = z.object({
  message: z.string(),
  serverFileName: z.string(),
  headerFileName: z.string(),
  fileExtension: z.string(),
  date: isoDateTime,
})

// --- promotions ---------------------------------------------------------------------------
export const PermitStatusViewSchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() })

export const PromotionListItemSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  permitStatus: PermitStatusViewSchema,
  startDate: z.string().nullable(),
  ausStates: z.record(z.string(), z.boolean()),
  includeNz: z.boolean(),
  totalPrizeValue: dollars,
  postSubmissionTotalPrizeValue: dollars.nullable(),
  isSubmittedOrGenerated: z.boolean(),
  managedSubmission: z.boolean(),
  skillsBasedTC: z.boolean(),
  hasTermsAndConditions: z.boolean(),
  archived: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
})
export const PromotionListResponseSchema = z.object({ promotions: z.array(PromotionListItemSchema), promotionCount: z.number().int().nullable() })
export const PromotionReuseListResponseSchema = z.array(PromotionListItemSchema)

const feeDue = dollars.nullish()
/** The permit part of a promotion: the saved application plus its computed fees (dollars). */
export const PromotionPermitViewSchema = z.looseObject({
  feeDue_NSW: feeDue,
  feeDue_ACT: feeDue,
  feeDue_SA: feeDue,
  feeDue_Service: feeDue,
  feeDue_GST: feeDue,
  feeDue_GrandTotal: feeDue,
  completedSections: z.unknown(),
  applicationComplete: z.boolean(),
  permitStatus: PermitStatusViewSchema,
  feeRuleSetId: z.string(),
  /** The licence fees the promotion was priced at (also when paid to the regulators directly); absent on rows priced before issue 25. */
  licenceFee_NSW: dollars.optional(),
  licenceFee_ACT: dollars.optional(),
  licenceFee_SA: dollars.optional(),
})
/** GET /api/promotion/get and every save's answer. `versionNumber` goes back with the next save. */
export const PromotionViewSchema = PromotionListItemSchema.extend({
  permit: PromotionPermitViewSchema,
  versionNumber: z.number().int().describe('the concurrency token: send it back with the next save'),
  servicesString: z.string(),
  durationString: z.string(),
  notesCount: z.number().int(),
  attachments: z.array(z.looseObject({})),
  /** 001 §3 `unsubscribed`: the account holder stopped this promotion's reminders (GET only). */
  unsubscribed: z.boolean().optional(),
  /** 001 §3 `reminders`: the reminders set (kind, offset, recipients); plan and dates in GET /api/Reminder/get. */
  reminders: z
    .array(z.object({ kind: z.string(), daysBefore: z.number().int().nullable(), accountHolder: z.boolean(), distributionListIds: z.array(z.number().int()) }))
    .optional(),
  permitNumbers: z
    .array(
      z.object({
        state: z.string(),
        number: z.string(),
        approvalDate: z.string(),
        expiryDate: z.string().nullable(),
        documentFileName: z.string().nullable().optional().describe('the permit document, at /download/upload/{documentFileName}'),
      }),
    )
    .optional()
    .describe('permit numbers staff saved, by state'),
  /** 001 §5 `skillsBasedTCEditWindow` (GET only; read-only: a value sent back with a save is ignored). */
  skillsBasedTCEditWindow: isoDateTime
    .nullable()
    .optional()
    .describe(
      'Bought skill T&Cs: until when the customer may amend the application and regenerate the T&Cs (null: not a skill promotion, or not bought yet). Read-only; GET only',
    ),
})
export const ArchiveResponseSchema = z.object({ id: z.number().int(), archived: z.boolean() })
export const DeleteResponseSchema = z.object({ id: z.number().int(), deleted: z.boolean() })
export const LawyerContactResponseSchema = z.object({ id: z.number().int(), lawyerContactRequested: z.literal(true), message: z.string() })

// --- notes and applicants --------------------------------------------------------------
export const PromotionNoteViewSchema = z.object({
  id: z.number().int(),
  note: z.string(),
  promotion_id: z.number().int(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
})
export const ComplianceNoteViewSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  categorySlug: z.string(),
  text: z.string(),
  createdAt: isoDateTime,
})
export const ApplicantReuseItemSchema = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  promotionName: z.string(),
  organisation: z.string(),
  contactName: z.string().nullable(),
  updatedAt: isoDateTime,
})
export type ApplicantReuseItem = z.infer<typeof ApplicantReuseItemSchema>
export const ApplicantViewSchema = z.looseObject({ id: z.number().int(), promotionId: z.number().int() })
