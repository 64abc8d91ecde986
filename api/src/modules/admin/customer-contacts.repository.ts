/** SQL of the staff console's customer contacts (messages from the site's forms). */
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm'
import { customerContacts } from '../../db/schema/customer-contacts'
import type { DbOrTx } from '../changelog/changelog.repository'

export async function findContacts(db: DbOrTx, filter: { resolved?: boolean; contactId?: number; offset: number; limit: number }) {
  const where: SQL[] = []
  if (filter.resolved === true) where.push(isNotNull(customerContacts.resolvedAt))
  if (filter.resolved === false) where.push(isNull(customerContacts.resolvedAt))
  if (filter.contactId) where.push(eq(customerContacts.id, filter.contactId))
  const condition = where.length ? and(...where) : undefined
  const rows = await db
    .select()
    .from(customerContacts)
    .where(condition)
    .orderBy(desc(customerContacts.receivedAt), desc(customerContacts.id))
    .limit(filter.limit)
    .offset(filter.offset)
  const [total] = await db.select({ n: count() }).from(customerContacts).where(condition)
  return { rows, total: total?.n ?? 0 }
}

export async function findContact(db: DbOrTx, id: number, { forUpdate = false } = {}) {
  const query = db.select().from(customerContacts).where(eq(customerContacts.id, id))
  const [row] = forUpdate ? await query.for('update') : await query
  return row
}

export async function updateContact(db: DbOrTx, id: number, values: Partial<typeof customerContacts.$inferInsert>) {
  const [row] = await db.update(customerContacts).set(values).where(eq(customerContacts.id, id)).returning()
  return row!
}

export async function insertContact(db: DbOrTx, values: typeof customerContacts.$inferInsert) {
  const [row] = await db.insert(customerContacts).values(values).returning()
  return row!
}

/** The voicemail contact whose recording has this stored name. */
export async function findContactByVoicemail(db: DbOrTx, voicemailFile: string) {
  const [row] = await db.select().from(customerContacts).where(eq(customerContacts.voicemailFile, voicemailFile))
  return row
}
