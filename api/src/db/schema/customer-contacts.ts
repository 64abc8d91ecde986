import { index, integer, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { app } from './instance'

/**
 * Messages from the public contact, agency and law-firm forms (001 §7 Contact calls). Staff
 * read, claim and resolve them in the staff console ("Customer contact e-mail: received and
 * resolved dates", 001 §3).
 */
export const customerContacts = app.table(
  'customer_contacts',
  {
    id: serial('id').primaryKey(),
    /** help (the contact page), agency, law-firm, or voicemail (a phone message staff recorded). */
    kind: text('kind').notNull(),
    /** The page the agency/law-firm form was sent from (the spec's `source`). */
    source: text('source'),
    name: text('name').notNull(),
    organisation: text('organisation'),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    /** The promotion the visitor asked about (?promotion on /contact/), as given. */
    promotionRef: text('promotion_ref'),
    /** The signed-in account that sent it, if any (no foreign key: accounts may be removed). */
    userId: integer('user_id'),
    assignedTo: text('assigned_to'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /**
     * A phone message (kind `voicemail`, issue 13): the recording staff uploaded, stored as
     * `voicemails/{file}` and downloaded by staff at /download/voicemail/{file}.
     */
    voicemailFile: text('voicemail_file').unique(),
    voicemailMimeType: text('voicemail_mime_type'),
  },
  (t) => [index('customer_contacts_received_at_idx').on(t.receivedAt)],
)
