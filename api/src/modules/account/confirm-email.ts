import { sql } from 'drizzle-orm'
import { users } from '../../db/schema/index'
import type { Db } from '../../db/client'
import { eq } from 'drizzle-orm'
import { consumeAccountToken } from './account.repository'

/** The e-mail link (000 §4 Unconfirmed → Confirmed). True when the token was good. */
export async function confirmEmail(db: Db, token: string): Promise<boolean> {
  const userId = await consumeAccountToken(db, token, 'confirm')
  if (!userId) return false
  await db.update(users).set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())`, updatedAt: new Date() }).where(eq(users.id, userId))
  return true
}
