/**
 * contact/ (issue 13): messages from the site's contact, agency and law-firm forms, with received
 * and resolved dates; claim (assign to oneself) and resolve, both logged.
 */
import { AppError, MSG_CONTACT_ALREADY_RESOLVED } from '@permitdesk/shared'
import type { Db } from '../../db/client'
import type { customerContacts } from '../../db/schema/customer-contacts'
import { insertChange } from '../changelog/changelog.repository'
import { findContact, findContacts, updateContact } from './customer-contacts.repository'
import type { Staff } from './staff-write'

export const CONTACTS_PAGE_SIZE = 50

type ContactRow = typeof customerContacts.$inferSelect

export function toContactView(row: ContactRow) {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    name: row.name,
    organisation: row.organisation,
    email: row.email,
    phone: row.phone,
    message: row.message,
    promotionRef: row.promotionRef,
    userId: row.userId,
    assignedTo: row.assignedTo,
    receivedAt: row.receivedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    /** A voicemail's recording: /download/voicemail/{voicemailFile} (staff only). */
    voicemailFile: row.voicemailFile,
  }
}
export type CustomerContactView = ReturnType<typeof toContactView>

export async function getCustomerContacts(db: Db, query: { resolved: 'true' | 'false' | 'all'; contactId?: number; page: number }) {
  const { rows, total } = await findContacts(db, {
    resolved: query.resolved === 'all' ? undefined : query.resolved === 'true',
    contactId: query.contactId,
    offset: (query.page - 1) * CONTACTS_PAGE_SIZE,
    limit: CONTACTS_PAGE_SIZE,
  })
  return { contacts: rows.map(toContactView), total, page: query.page, pageSize: CONTACTS_PAGE_SIZE }
}

export async function getCustomerContact(db: Db, id: number) {
  const row = await findContact(db, id)
  if (!row) throw new AppError('NOT_FOUND')
  return toContactView(row)
}

async function change(db: Db, staff: Staff & { email: string }, id: number, action: string, compute: (row: ContactRow) => Partial<ContactRow>) {
  return db.transaction(async (tx) => {
    const before = await findContact(tx, id, { forUpdate: true })
    if (!before) throw new AppError('NOT_FOUND')
    const values = compute(before)
    const after = await updateContact(tx, id, values)
    const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v)
    const changes = Object.fromEntries(
      Object.keys(values).map((k) => [k, { from: iso(before[k as keyof ContactRow]) ?? null, to: iso(after[k as keyof ContactRow]) ?? null }]),
    )
    await insertChange(tx, { promotionId: null, userId: staff.id, entity: 'customer-contact', entityId: id, action, changes })
    return toContactView(after)
  })
}

export function claimCustomerContact(db: Db, staff: Staff & { email: string }, id: number) {
  return change(db, staff, id, 'claim', (row) => {
    if (row.resolvedAt) throw new AppError('CONFLICT', MSG_CONTACT_ALREADY_RESOLVED)
    return { assignedTo: staff.email }
  })
}

export function resolveCustomerContact(db: Db, staff: Staff & { email: string }, id: number) {
  return change(db, staff, id, 'resolve', (row) => {
    if (row.resolvedAt) throw new AppError('CONFLICT', MSG_CONTACT_ALREADY_RESOLVED)
    return { resolvedAt: new Date(), assignedTo: row.assignedTo ?? staff.email }
  })
}
