/**
 * Account schemas shared by the API and the React forms (spec 000 §5/§7, 001 §5/§8).
 * One schema per form; the API parses the same schema the form uses.
 */
import { z } from 'zod'
import {
  MSG_AGENT_BUSINESS_ADDRESS_REQUIRED,
  MSG_AGENT_PHONE_REQUIRED,
  MSG_COMPLETE_ALL_FIELDS,
  MSG_EMAIL_INVALID,
  MSG_EMAIL_REQUIRED,
  MSG_MUST_AGREE_TERMS,
  MSG_PASSWORD_REQUIRED,
  MSG_PASSWORD_TOO_SHORT,
  MSG_PHONE_INVALID,
  MSG_RECAPTCHA_INVALID,
  MSG_RESET_TOKEN_REQUIRED,
} from '../messages'
import { MSG_PASSWORD_TOO_LONG } from '../security/messages'
import { AddressDraftSchema, AddressSchema, EMAIL_MAX_LENGTH, EMAIL_PATTERN, PHONE_PATTERN, TEXT_MAX_LENGTH } from './common'

/** Minimum password length for new passwords (the API also refuses common passwords). */
export const PASSWORD_MIN_LENGTH = 12
/** Upper bound so a password cannot be used to make hashing expensive. */
export const PASSWORD_MAX_LENGTH = 200

const requiredText = z
  .string({ error: MSG_COMPLETE_ALL_FIELDS })
  .max(TEXT_MAX_LENGTH, { error: MSG_COMPLETE_ALL_FIELDS, abort: true })
  .trim()
  .min(1, { error: MSG_COMPLETE_ALL_FIELDS })

const email = z
  .string({ error: MSG_COMPLETE_ALL_FIELDS })
  .max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true })
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true })
  .min(1, { error: MSG_COMPLETE_ALL_FIELDS, abort: true })
  .regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID })
  .transform((value) => value.toLowerCase())

const newPassword = z
  .string({ error: MSG_COMPLETE_ALL_FIELDS })
  .max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_TOO_LONG, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: MSG_PASSWORD_TOO_SHORT })

/** Optional phone: blank becomes undefined; otherwise digits only, at most 10 (spaces ignored). */
const optionalPhone = z
  .string({ error: MSG_PHONE_INVALID })
  .max(100, { error: MSG_PHONE_INVALID, abort: true })
  .nullish()
  .transform((value) => (value == null ? undefined : value.replace(/\s+/g, '') || undefined))
  .refine((value) => value === undefined || PHONE_PATTERN.test(value), { error: MSG_PHONE_INVALID })

const recaptchaResponse = z.string({ error: MSG_RECAPTCHA_INVALID }).max(10_000, { error: MSG_RECAPTCHA_INVALID }).optional()

interface AgentFields {
  authorisedAgent?: boolean | null
  phone?: string | undefined
  agentBusinessAddress?: unknown
}

/** 001 §5: an authorised agent needs a valid business address and a phone number. */
function checkAgentFields(value: AgentFields, ctx: z.RefinementCtx): void {
  if (!value.authorisedAgent) return
  if (!AddressSchema.safeParse(value.agentBusinessAddress).success) {
    ctx.addIssue({ code: 'custom', path: ['agentBusinessAddress'], message: MSG_AGENT_BUSINESS_ADDRESS_REQUIRED })
  }
  if (!value.phone) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: MSG_AGENT_PHONE_REQUIRED })
  }
}

/** POST /api/account/login (000 §7): email, password, recaptchaResponse. */
export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: MSG_PASSWORD_REQUIRED })
    .max(PASSWORD_MAX_LENGTH, { error: MSG_PASSWORD_REQUIRED, abort: true })
    .min(1, { error: MSG_PASSWORD_REQUIRED }),
  recaptchaResponse,
})
export type Login = z.infer<typeof LoginSchema>

/**
 * POST /api/account/register (000 §7, 001 §5). Terms must be agreed; an authorised agent needs
 * a valid business address and a phone; anything missing gives "Please complete all of the
 * above fields."
 */
export const RegisterSchema = z
  .object({
    email,
    password: newPassword,
    firstName: requiredText,
    lastName: requiredText,
    accountName: requiredText,
    phone: optionalPhone,
    optedIntoCommunication: z.boolean().default(false),
    authorisedAgent: z.boolean().default(false),
    agentBusinessAddress: AddressDraftSchema.nullish(),
    agreedTerms: z.boolean({ error: MSG_MUST_AGREE_TERMS }).refine((value) => value === true, { error: MSG_MUST_AGREE_TERMS }),
    recaptchaResponse,
  })
  .superRefine(checkAgentFields)
export type Register = z.infer<typeof RegisterSchema>

/** POST /api/account/forgotPassword (000 §7): email and recaptchaResponse. */
export const ForgotPasswordSchema = z.object({ email, recaptchaResponse })
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>

/** POST /api/account/resetPassword (000 §7): token and new password. */
export const ResetPasswordSchema = z.object({
  token: z
    .string({ error: MSG_RESET_TOKEN_REQUIRED })
    .max(200, { error: MSG_RESET_TOKEN_REQUIRED, abort: true })
    .trim()
    .min(1, { error: MSG_RESET_TOKEN_REQUIRED }),
  password: newPassword,
})
export type ResetPassword = z.infer<typeof ResetPasswordSchema>

/** POST /api/account/update (000 §7, 001 §3 User): the account edit form; same agent rules. */
export const AccountUpdateSchema = z
  .object({
    firstName: requiredText,
    lastName: requiredText,
    accountName: requiredText,
    phone: optionalPhone,
    optedIntoCommunication: z.boolean().default(false),
    authorisedAgent: z.boolean().default(false),
    agentBusinessAddress: AddressDraftSchema.nullish(),
  })
  .superRefine(checkAgentFields)
export type AccountUpdate = z.infer<typeof AccountUpdateSchema>

/** Admin `updateUserEmail` (001 §5): "Email is required." */
export const AdminUpdateUserEmailSchema = z.object({
  userId: z.union([z.string().min(1), z.number().int().positive()]),
  email: z
    .string({ error: MSG_EMAIL_REQUIRED })
    .max(EMAIL_MAX_LENGTH + 100, { error: MSG_EMAIL_INVALID, abort: true })
    .trim()
    .max(EMAIL_MAX_LENGTH, { error: MSG_EMAIL_INVALID, abort: true })
    .min(1, { error: MSG_EMAIL_REQUIRED, abort: true })
    .regex(EMAIL_PATTERN, { error: MSG_EMAIL_INVALID })
    .transform((value) => value.toLowerCase()),
})
export type AdminUpdateUserEmail = z.infer<typeof AdminUpdateUserEmailSchema>

/** The user as returned to clients (001 §3 User). */
export const UserSchema = z.object({
  userId: z.union([z.string(), z.number()]),
  email: z.string(),
  optedIntoCommunication: z.boolean(),
  authorisedAgent: z.boolean(),
  accountName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullish(),
  agentBusinessAddress: AddressDraftSchema.nullish(),
})
export type User = z.infer<typeof UserSchema>
