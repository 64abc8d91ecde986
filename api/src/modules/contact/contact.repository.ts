import type { Db } from '../../db/client'
import { customerContacts } from '../../db/schema/customer-contacts'

export type NewCustomerContact = typeof customerContacts.$inferInsert
export type CustomerContact = typeof customerContacts.$inferSelect

export async function insertCustomerContact(db: Db, contact: NewCustomerContact): Promise<CustomerContact> {
  const [row] = await db.insert(customerContacts).values(contact).returning()
  return row!
}
