import { z } from 'zod'
import {
  MSG_CONTACT_MESSAGE_REQUIRED,
  MSG_CONTACT_NAME_REQUIRED,
  MSG_CONTACT_ORGANISATION_REQUIRED,
  MSG_CONTACT_SOURCE_INVALID,
  MSG_CONTACT_TOO_LONG,
  MSG_PHONE_INVALID,
} from '@permitdesk/shared/messages'
import { EmailSchema } from '@permitdesk/shared/validation/common'

const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: MSG_CONTACT_TOO_LONG })
/** Spaces, brackets, dashes and a leading + are allowed in a phone number; 6 to 15 digits. */
const phone = z
  .string({ error: MSG_PHONE_INVALID })
  .trim()
  .max(30, { error: MSG_PHONE_INVALID })
  .refine((value) => /^\+?[\d\s()-]+$/.test(value) && value.replace(/\D/g, '').length >= 6 && value.replace(/\D/g, '').length <= 15, {
    error: MSG_PHONE_INVALID,
  })
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional())

/** POST /api/Contact/CreateHelpContact: the contact page (?promotion carried as `promotion`). */
export const HelpContactSchema = z.object({
  name: text(MSG_CONTACT_NAME_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone: optional(phone),
  message: text(MSG_CONTACT_MESSAGE_REQUIRED, 5000),
  promotion: optional(z.string().trim().max(50)),
  recaptchaResponse: z.string().optional(),
})
export type HelpContact = z.infer<typeof HelpContactSchema>

export const CONTACT_SOURCES = ['agencies', 'law-firms'] as const

/** POST /api/Contact/CreateAgencyLawFirmContact: the agency and law-firm pages, with `source`. */
export const AgencyLawFirmContactSchema = z.object({
  name: text(MSG_CONTACT_NAME_REQUIRED, 200),
  organisation: text(MSG_CONTACT_ORGANISATION_REQUIRED, 200),
  email: EmailSchema.max(254),
  phone,
  message: text(MSG_CONTACT_MESSAGE_REQUIRED, 5000),
  source: z.enum(CONTACT_SOURCES, { error: MSG_CONTACT_SOURCE_INVALID }),
  recaptchaResponse: z.string().optional(),
})
export type AgencyLawFirmContact = z.infer<typeof AgencyLawFirmContactSchema>
