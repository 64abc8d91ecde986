import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { promotions, type UserRow } from '../../db/schema/index'

/** GET /api/account/getSupportDetails (000 §7): name, organisation, phone, email, promotions. */
export async function getSupportDetails(db: Db, user: UserRow) {
  const list = await db
    .select({ id: promotions.id, name: promotions.name, statusId: promotions.statusId })
    .from(promotions)
    .where(and(eq(promotions.userId, user.id), eq(promotions.deleted, false)))
    .orderBy(desc(promotions.id))
    .limit(100)
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    organisation: user.accountName,
    phone: user.phone,
    email: user.email,
    promotions: list,
  }
}
