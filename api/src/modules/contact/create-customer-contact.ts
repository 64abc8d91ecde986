import { msgContactReceived } from '@permitdesk/shared/messages'
import type { Db } from '../../db/client'
import type { Logger } from '../../logger'
import type { Mailer } from '../../mail/create-mailer'
import { insertCustomerContact, type CustomerContact } from './contact.repository'
import { hitOrThrow, RATE_LIMITS } from '../account/rate-limit'
import type { AgencyLawFirmContact, HelpContact } from './contact.schema'

export type ContactInput = ({ kind: 'help' } & HelpContact) | ({ kind: 'agency' | 'law-firm' } & AgencyLawFirmContact)

type Deps = { db: Db; mailer: Mailer; logger: Logger; supportEmail: string; publicUrl: string }
type Meta = { userId?: number | null; clientAddress?: string; userAgent?: string }

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

const KIND_LABEL = { help: 'Contact form', agency: 'Agency enquiry', 'law-firm': 'Law firm enquiry' } as const

/**
 * Stores a form message as a customer contact for the staff console, then tells the provider by
 * e-mail. The contact is kept even when the e-mail fails (staff see it in the console anyway).
 */
export async function createCustomerContact(deps: Deps, input: ContactInput, meta: Meta = {}): Promise<{ contact: CustomerContact; message: string }> {
  // Throttled per client address and per sender address (each an atomic count in PostgreSQL).
  await hitOrThrow(deps.db, `contact:address:${meta.clientAddress ?? 'unknown'}`, RATE_LIMITS.contactPerAddress)
  await hitOrThrow(deps.db, `contact:email:${input.email.toLowerCase()}`, RATE_LIMITS.contactPerEmail)
  const contact = await insertCustomerContact(deps.db, {
    kind: input.kind,
    source: input.kind === 'help' ? 'contact' : input.source,
    name: input.name,
    organisation: input.kind === 'help' ? null : input.organisation,
    email: input.email,
    phone: input.phone ?? null,
    message: input.message,
    promotionRef: input.kind === 'help' ? (input.promotion ?? null) : null,
    userId: meta.userId ?? null,
    clientAddress: meta.clientAddress?.slice(0, 100),
    userAgent: meta.userAgent?.slice(0, 500),
  })

  const rows: Array<[string, string | null | undefined]> = [
    ['Name', contact.name],
    ['Organisation', contact.organisation],
    ['Email', contact.email],
    ['Phone', contact.phone],
    ['Promotion', contact.promotionRef],
    ['Sent from', contact.source],
  ]
  const present = rows.filter((row): row is [string, string] => Boolean(row[1]))
  const subject = `${KIND_LABEL[input.kind]} #${contact.id} from ${contact.name}`
  try {
    await deps.mailer.send({
      to: deps.supportEmail,
      subject,
      text: `${present.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${contact.message}\n\nOpen the staff console to reply: ${deps.publicUrl}/\n`,
      html: `<table>${present.map(([k, v]) => `<tr><th align="left">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table><p style="white-space:pre-wrap">${escapeHtml(contact.message)}</p>`,
    })
  } catch (error) {
    deps.logger.error('contact e-mail failed', { contactId: contact.id, error: error instanceof Error ? error.message : String(error) })
  }
  return { contact, message: msgContactReceived(contact.email) }
}
